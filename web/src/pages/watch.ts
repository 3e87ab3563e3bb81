// Live games with their spectator counts, and recently finished games to replay.
import { h, replaceChildren } from "../dom";
import { gameTitle, outcomeText, playerName } from "../format";
import { t } from "../i18n";
import type { MatchSummary, Player } from "../net/proto";

interface LiveMatch {
  match_id: string;
  game: string;
  preset: string;
  ply: number;
  spectators: number;
  players: Player[];
}

const REFRESH_MS = 4000;

export function renderWatch(root: HTMLElement): () => void {
  root.className = "page-watch";
  const filter = h(
    "select",
    { id: "watch-game" },
    h("option", { value: "" }, t("watch.all_games")),
    ["junqi", "gomoku", "dots", "surakarta"].map((g) => h("option", { value: g }, gameTitle(g))),
  );
  const live = h("section", { class: "card", id: "live" });
  const finished = h("section", { class: "card", id: "finished" });
  root.append(h("div", { class: "row-between" }, h("h1", null, t("nav.watch")), filter), live, finished);

  const vs = (players: Player[]) => h("span", { class: "vs" }, h("b", { class: "seat0" }, playerName(players[0])), " vs ", h("b", { class: "seat1" }, playerName(players[1])));

  const refresh = async () => {
    const game = filter.value;
    try {
      const [l, f] = await Promise.all([
        fetch("api/live").then((r) => r.json() as Promise<{ matches: LiveMatch[] }>),
        fetch(`api/matches${game ? `?game=${game}` : ""}`).then((r) => r.json() as Promise<{ matches?: MatchSummary[] }>),
      ]);
      const running = l.matches.filter((m) => !game || m.game === game);
      replaceChildren(
        live,
        h("h2", null, t("watch.live")),
        running.length === 0
          ? h("p", { class: "muted" }, t("watch.none_live"))
          : h(
              "ul",
              { class: "plain rows" },
              running.map((m) =>
                h(
                  "li",
                  { class: "live-match", dataset: { match: m.match_id } },
                  h("span", null, h("span", { class: "tag" }, gameTitle(m.game)), " ", vs(m.players), h("small", { class: "muted" }, ` · ${t("watch.ply", { n: m.ply })} · ${t("match.spectators", { n: m.spectators })}`)),
                  h("a", { class: "button primary", href: `#/match/${m.match_id}` }, t("watch.watch")),
                ),
              ),
            ),
      );
      const done = (f.matches ?? []).filter((m) => m.status === "MATCH_STATUS_FINISHED");
      replaceChildren(
        finished,
        h("h2", null, t("watch.finished")),
        done.length === 0
          ? h("p", { class: "muted" }, t("watch.none_finished"))
          : h(
              "ul",
              { class: "plain rows" },
              done.map((m) =>
                h(
                  "li",
                  { class: "finished-match", dataset: { match: m.match_id } },
                  h("span", null, h("span", { class: "tag" }, gameTitle(m.game)), " ", vs(m.players), h("small", { class: "muted" }, ` · ${m.outcome ? outcomeText(m.outcome, m.players, m.game) : ""}`)),
                  h("a", { class: "button", href: `#/replay/${m.match_id}` }, t("watch.replay")),
                ),
              ),
            ),
      );
    } catch (e) {
      replaceChildren(live, h("p", { class: "error" }, t("common.error", { msg: String(e) })));
    }
  };
  filter.addEventListener("change", () => void refresh());
  void refresh();
  const timer = window.setInterval(() => void refresh(), REFRESH_MS);
  return () => window.clearInterval(timer);
}
