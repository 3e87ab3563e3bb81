// The move list shared by the match and replay pages: one row per action with the seat's
// colour, the action in words and the time it took; a row may be clickable (replays).
import { h, replaceChildren } from "../dom";
import { currentLang, t } from "../i18n";
import type { LastAction } from "../boards/board";

export interface ListedAction extends LastAction {
  moveTimeMs?: number;
}

export function describeAction(game: string, a: LastAction): string {
  const zh = currentLang() === "zh";
  if (game === "junqi") {
    const ev = a.events.find((e) => e.junqi)?.junqi;
    if (!ev || ev.kind === "KIND_DEPLOY") return a.move ? t("junqi.deploy_title") : t("match.hidden_deploy");
    const battle = ev.code >= 0 && ev.code <= 2 ? ` · ${t(`junqi.battle.${ev.code}` as "junqi.battle.0")}` : "";
    return `${ev.from}→${ev.to}${battle}`;
  }
  if (!a.move) return "…";
  if (game === "gomoku") {
    if (a.move === "swap") return t("gomoku.swap");
    if (a.move === "keep") return t("gomoku.keep");
    if (a.move.startsWith("offer ")) return `${zh ? "打点" : "offer"} ${a.move.slice(6)}`;
    if (a.move.startsWith("choose ")) return `${zh ? "选定" : "choose"} ${a.move.slice(7)}`;
    return a.move;
  }
  if (game === "surakarta") {
    const ev = a.events.find((e) => e.surakarta)?.surakarta;
    const text = a.move.length === 4 ? `${a.move.slice(0, 2)}→${a.move.slice(2)}` : a.move;
    return ev?.capture ? `${text} ×` : text;
  }
  return a.move;
}

export function renderMoveList(
  host: HTMLElement,
  game: string,
  actions: ListedAction[],
  current?: number, // the highlighted row (replays), 1-based
  onPick?: (index: number) => void,
): void {
  const rows = actions.map((a, i) =>
    h(
      "li",
      {
        class: `seat${a.actor} ${current === i + 1 ? "current" : ""} ${onPick ? "pick" : ""}`,
        dataset: { seq: String(i + 1) },
        onclick: onPick ? () => onPick(i + 1) : undefined,
      },
      h("span", { class: "num" }, String(i + 1)),
      h("span", { class: `dot seat${a.actor}` }),
      h("span", { class: "mv" }, describeAction(game, a)),
      a.moveTimeMs !== undefined ? h("span", { class: "tm" }, `${(a.moveTimeMs / 1000).toFixed(1)}s`) : null,
    ),
  );
  replaceChildren(host, rows);
  const active = host.querySelector("li.current") ?? host.lastElementChild;
  // Scroll the list itself (never the page) so the current row shows.
  if (active) host.scrollTop = Math.max(0, (active as HTMLElement).offsetTop - host.clientHeight + 40);
}
