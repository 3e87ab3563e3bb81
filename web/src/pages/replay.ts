// A finished game step by step, from either seat's view, a spectator's, or with every piece
// shown (the server rebuilds the views from the public record: /api/replay/ID?viewer=V).
import { createBoard } from "../boards";
import type { Board, LastAction } from "../boards/board";
import { h, replaceChildren } from "../dom";
import { clockText, errorText, gameTitle, outcomeText, playerName, seatName, timeControlText } from "../format";
import { t } from "../i18n";
import { renderMoveList } from "../match/movelist";
import type { Analysis, GameEvent, GameView, MatchRecord } from "../net/proto";
import { session } from "../session";
import { ServerError } from "../net/client";
import { navigate } from "../nav";

interface Replay {
  viewer: string;
  record: MatchRecord;
  steps: { view: GameView; events: GameEvent[] }[];
}

export function renderReplay(root: HTMLElement, id: string, query: URLSearchParams): () => void {
  root.className = "page-replay";
  const viewer = ["0", "1", "public", "full"].includes(query.get("viewer") ?? "") ? query.get("viewer")! : "full";
  const startAt = Number(query.get("step") ?? "-1");
  const status = h("p", { class: "muted" }, t("common.loading"));
  root.append(status);
  let disposed = false;
  let onKey: ((e: KeyboardEvent) => void) | null = null;

  fetch(`api/replay/${encodeURIComponent(id)}?viewer=${viewer}`)
    .then(async (r) => {
      if (!r.ok) throw new Error(r.status === 404 ? t("match.not_found") : `HTTP ${r.status}`);
      return (await r.json()) as Replay;
    })
    .then((rep) => {
      if (disposed) return;
      const rec = rep.record;
      const seatView = viewer === "0" || viewer === "1" ? Number(viewer) : -1;
      const board: Board = createBoard({ game: rec.game, rules: rec.rules, seat: seatView, players: rec.players, submit: async () => undefined });
      // What the viewer knew of each action: the other seat's secret deployment stays secret.
      const actions: LastAction[] = rec.moves.map((m, i) => {
        const events = rep.steps[i + 1]?.events ?? [];
        const secret = seatView >= 0 && m.actor !== seatView && events.some((e) => e.junqi?.kind === "KIND_DEPLOY");
        return { actor: m.actor, move: secret ? "" : m.move, events };
      });
      const total = rec.moves.length;
      let step = startAt >= 0 && startAt <= total ? startAt : total;

      const viewButtons = h(
        "div",
        { class: "buttons wrap", id: "replay-viewers" },
        h("span", null, t("replay.view"), ": "),
        (
          [
            ["full", t("replay.view_full")],
            ["public", t("replay.view_public")],
            ["0", t("replay.view_seat", { name: playerName(rec.players[0]) })],
            ["1", t("replay.view_seat", { name: playerName(rec.players[1]) })],
          ] as const
        ).map(([v, label]) =>
          h("button", { class: v === viewer ? "primary" : "", dataset: { viewer: v }, onclick: () => navigate(`/replay/${id}?viewer=${v}&step=${step}`) }, label),
        ),
      );
      const counter = h("span", { class: "counter", id: "replay-step" });
      const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "replay-slider" });
      const moves = h("ol", { class: "moves", id: "moves" });
      const info = h("div", { class: "replay-info" });
      const go = (k: number) => {
        step = Math.max(0, Math.min(total, k));
        show();
      };
      const controls = h(
        "div",
        { class: "replay-controls" },
        h("button", { id: "replay-first", onclick: () => go(0) }, t("replay.first")),
        h("button", { id: "replay-prev", onclick: () => go(step - 1) }, t("replay.prev")),
        counter,
        h("button", { id: "replay-next", onclick: () => go(step + 1) }, t("replay.next")),
        h("button", { id: "replay-last", onclick: () => go(total) }, t("replay.last")),
      );
      slider.addEventListener("input", () => go(Number(slider.value)));

      // The analysis board: a house engine's view of the position shown (finished games only;
      // not 军棋, whose pieces stay the players' secrets). Signed-in viewers only.
      const analysis = h("div", { class: "analysis", id: "analysis", role: "status" });
      const analyzeButton = h(
        "button",
        {
          id: "analyze",
          hidden: rec.game === "junqi" || !session.me,
          onclick: () => {
            const at = step;
            analyzeButton.setAttribute("disabled", "");
            replaceChildren(analysis, h("p", { class: "muted" }, t("analysis.thinking")));
            session.client
              .request({ analyze: { match_id: id, ply: at } }, (m) => !!m.analysis)
              .then(
                (m) => m.analysis && at === step && showAnalysis(m.analysis),
                (e) =>
                  replaceChildren(
                    analysis,
                    h("p", { class: "muted" }, e instanceof ServerError && e.code === "ERROR_CODE_RATE_LIMITED" ? t("analysis.busy") : t("common.error", { msg: errorText(e) })),
                  ),
              )
              .finally(() => analyzeButton.removeAttribute("disabled"));
          },
        },
        t("analysis.ask"),
      );
      const verdict = (a: Analysis): string => {
        if (a.proven_win !== undefined)
          return a.proven_win
            ? t("analysis.wins", { method: t(`analysis.method.${a.method}` as "analysis.method.vcf") })
            : a.score !== undefined
              ? t("analysis.loses_by", { n: -a.score })
              : t("analysis.loses");
        if (a.win_rate !== undefined) return t("analysis.win_rate", { p: Math.round(a.win_rate * 100) });
        if (a.score !== undefined)
          return a.unit === "centipiece"
            ? t("analysis.score_pieces", { n: (a.score / 100).toFixed(2) })
            : t("analysis.score_points", { n: a.score });
        return a.method === "forced" ? t("analysis.forced") : "";
      };
      const showAnalysis = (a: Analysis) => {
        const side = seatName(rec.game, a.to_move);
        replaceChildren(
          analysis,
          h("p", null, t("analysis.best", { side }), " ", h("b", { id: "analysis-best" }, a.line[0] ?? "—")),
          h("p", { id: "analysis-verdict" }, verdict(a)),
          h(
            "p",
            { class: "muted", id: "analysis-line" },
            t("analysis.line"),
            " ",
            a.line.map((mv, i) => h("span", { class: `seat${a.line_seats[i]}` }, `${mv} `)),
          ),
          h("p", { class: "muted small" }, a.depth > 0 ? t("analysis.by_depth", { engine: a.engine, depth: a.depth }) : t("analysis.by", { engine: a.engine })),
        );
      };

      const show = () => {
        const s = rep.steps[step];
        board.update({ view: s.view, last: step > 0 ? actions[step - 1] : null, history: actions.slice(0, step), interactive: false });
        counter.textContent = step === 0 ? t("replay.start") : t("replay.step", { n: step, total });
        slider.value = String(step);
        renderMoveList(
          moves,
          rec.game,
          actions.map((a, i) => ({ ...a, moveTimeMs: rec.moves[i].move_time_ms })),
          step,
          (k) => go(k),
        );
        if (analysis.childElementCount) replaceChildren(analysis);
        const m = step > 0 ? rec.moves[step - 1] : null;
        replaceChildren(
          info,
          m ? h("p", { class: "muted" }, `${t("common.time")}: ${clockText(m.clocks?.remaining_ms?.[0] ?? 0)} / ${clockText(m.clocks?.remaining_ms?.[1] ?? 0)}`) : null,
          m?.comment ? h("p", { class: "muted", id: "replay-comment" }, `${t("replay.comment")}: ${m.comment}`) : null,
        );
      };

      replaceChildren(
        root,
        h(
          "div",
          { class: "match-head" },
          h("h1", null, `${gameTitle(rec.game)} · ${t("replay.title", { id })}`),
          h("span", { class: "muted" }, `${rec.preset} ${timeControlText(rec.time_control)}`),
        ),
        h(
          "p",
          { class: "result-line", id: "replay-result" },
          h("b", { class: "seat0" }, playerName(rec.players[0])),
          " vs ",
          h("b", { class: "seat1" }, playerName(rec.players[1])),
          " — ",
          outcomeText(rec.outcome, rec.players, rec.game),
        ),
        viewButtons,
        h(
          "div",
          { class: "match-layout" },
          h("div", { class: "board-col" }, board.el, controls, slider),
          h(
            "aside",
            { class: "side" },
            board.panel,
            info,
            h("div", { class: "buttons" }, analyzeButton),
            analysis,
            h("h3", null, t("match.moves")),
            moves,
            h(
              "p",
              { class: "buttons wrap" },
              h("a", { class: "button", href: `api/records/${id}.txt`, download: `${id}.txt`, id: "replay-download" }, t("replay.download")),
              h("a", { class: "button", href: `api/records/${id}`, download: `${id}.json`, id: "replay-download-json" }, t("replay.download_json")),
            ),
          ),
        ),
      );
      onKey = (e: KeyboardEvent) => {
        if (e.target instanceof HTMLInputElement) return;
        if (e.key === "ArrowLeft") go(step - 1);
        else if (e.key === "ArrowRight") go(step + 1);
        else if (e.key === "Home") go(0);
        else if (e.key === "End") go(total);
      };
      document.addEventListener("keydown", onKey);
      show();
    })
    .catch((e) => {
      if (!disposed) status.textContent = t("common.error", { msg: errorText(e) });
    });

  return () => {
    disposed = true;
    if (onKey) document.removeEventListener("keydown", onKey);
  };
}
