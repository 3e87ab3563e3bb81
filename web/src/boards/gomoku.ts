// 五子棋: a 15×15 board with coordinates (A–O left to right, 1–15 bottom to top), the last
// stone marked, renju's forbidden points for black marked ×, and the ccgc opening's steps:
// a dialog for swap / keep, offers of fifth stones placed on the board, the offered
// points (◎) to choose from.
import { dialog, h, replaceChildren, s } from "../dom";
import { t, tx } from "../i18n";
import type { GomokuView } from "../net/proto";
import type { Board, BoardOptions, BoardUpdate } from "./board";

const N = 15;
const CELL = 40;
const MARGIN = 36;
const SIZE = MARGIN * 2 + CELL * (N - 1);
const COLS = "ABCDEFGHIJKLMNO";

export function pointName(x: number, y: number): string {
  return `${COLS[x]}${y + 1}`;
}

function parsePoint(p: string): [number, number] | null {
  const m = /^([A-O])(\d{1,2})$/.exec(p.trim());
  if (!m) return null;
  return [COLS.indexOf(m[1]), Number(m[2]) - 1];
}

// Screen position of a point: row 15 at the top.
const px = (x: number) => MARGIN + x * CELL;
const py = (y: number) => MARGIN + (N - 1 - y) * CELL;

// How many offers the rules ask for ("fifth_n=2").
function fifthN(rules: string): number {
  const m = /fifth_n=(\d+)/.exec(rules);
  return m ? Number(m[1]) : 2;
}

export function createGomokuBoard(opts: BoardOptions): Board {
  const svg = s("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "board gomoku", role: "grid", "aria-label": t("game.gomoku") });
  const grid = s("g");
  for (let i = 0; i < N; i++) {
    grid.append(
      s("line", { x1: px(0), y1: py(i), x2: px(N - 1), y2: py(i), class: "grid" }),
      s("line", { x1: px(i), y1: py(0), x2: px(i), y2: py(N - 1), class: "grid" }),
      s("text", { x: px(i), y: SIZE - 10, class: "coord" }, COLS[i]),
      s("text", { x: 14, y: py(i) + 5, class: "coord" }, String(i + 1)),
    );
  }
  for (const [x, y] of [[3, 3], [11, 3], [7, 7], [3, 11], [11, 11]]) grid.append(s("circle", { cx: px(x), cy: py(y), r: 4, class: "star" }));
  const stones = s("g");
  const marks = s("g");
  const hits = s("g");
  svg.append(s("rect", { x: 0, y: 0, width: SIZE, height: SIZE, class: "wood" }), grid, stones, marks, hits);
  const el = h("div", { class: "board-wrap" }, svg);
  const panel = h("div", { class: "board-panel" });

  let current: BoardUpdate | null = null;
  let askedSwapAt = -1;
  let busy = false;

  const legalFor = (point: string): string | null => {
    if (!current?.interactive) return null;
    for (const m of [point, `offer ${point}`, `choose ${point}`]) if (current.view.legal_moves.includes(m)) return m;
    return null;
  };

  const play = (move: string) => {
    if (busy) return;
    busy = true;
    opts.submit(move).finally(() => (busy = false));
  };

  for (let x = 0; x < N; x++)
    for (let y = 0; y < N; y++) {
      const name = pointName(x, y);
      const hit = s("rect", {
        x: px(x) - CELL / 2,
        y: py(y) - CELL / 2,
        width: CELL,
        height: CELL,
        class: "hit",
        dataset: { point: name },
      });
      hit.addEventListener("click", () => {
        const move = legalFor(name);
        if (move) play(move);
      });
      hits.append(hit);
    }

  const askSwap = async (g: GomokuView) => {
    askedSwapAt = current!.view.ply;
    const choice = await dialog(t("gomoku.swap_title"), h("p", null, t("gomoku.swap_text")), [
      { label: t("gomoku.keep"), value: "keep" },
      { label: t("gomoku.swap"), value: "swap", primary: true },
    ]);
    if (choice && current?.interactive && current.view.gomoku?.step === g.step) play(choice);
  };

  const render = (u: BoardUpdate) => {
    const g = u.view.gomoku;
    if (!g) return;
    const colourOf = new Map<string, "black" | "white">();
    g.black.forEach((p) => colourOf.set(p, "black"));
    g.white.forEach((p) => colourOf.set(p, "white"));
    replaceChildren(stones);
    // Stone numbers follow the order the stones were placed (from the history, when known).
    const order = new Map<string, number>();
    let n = 0;
    for (const a of u.history)
      for (const e of a.events) if (e.gomoku && e.gomoku.point && (e.gomoku.action === "ACTION_PLACE" || e.gomoku.action === "ACTION_CHOOSE")) order.set(e.gomoku.point, ++n);
    for (const [p, colour] of colourOf) {
      const xy = parsePoint(p);
      if (!xy) continue;
      stones.append(s("circle", { cx: px(xy[0]), cy: py(xy[1]), r: CELL * 0.44, class: `stone ${colour}`, dataset: { stone: p, colour } }));
      const k = order.get(p);
      if (k) stones.append(s("text", { x: px(xy[0]), y: py(xy[1]) + 5, class: `stone-num ${colour}` }, String(k)));
    }
    replaceChildren(marks);
    const last = g.last_move.replace(/^(offer|choose) /, "");
    const lxy = parsePoint(last);
    if (lxy && colourOf.has(last)) marks.append(s("circle", { cx: px(lxy[0]), cy: py(lxy[1]), r: CELL * 0.44 + 3, class: "last-mark", dataset: { last: last } }));
    for (const p of g.offers) {
      const xy = parsePoint(p);
      if (xy) marks.append(s("circle", { cx: px(xy[0]), cy: py(xy[1]), r: CELL * 0.3, class: "offer", dataset: { offer: p } }));
    }
    const blackToMove = g.colour_to_move === "GOMOKU_BLACK" && u.view.to_move >= 0;
    if (blackToMove)
      for (const p of g.forbidden) {
        const xy = parsePoint(p);
        if (!xy) continue;
        const d = 8;
        marks.append(
          s(
            "g",
            { class: "forbidden", dataset: { forbidden: p } },
            s("line", { x1: px(xy[0]) - d, y1: py(xy[1]) - d, x2: px(xy[0]) + d, y2: py(xy[1]) + d }),
            s("line", { x1: px(xy[0]) - d, y1: py(xy[1]) + d, x2: px(xy[0]) + d, y2: py(xy[1]) - d }),
          ),
        );
      }
    for (const hit of hits.children) {
      const p = (hit as SVGElement).dataset.point!;
      hit.classList.toggle("legal", legalFor(p) !== null);
    }
    svg.classList.toggle("interactive", u.interactive);
    if (opts.seat >= 0) svg.dataset.mine = opts.seat === g.black_seat ? "black" : "white";
    svg.classList.toggle("black-to-move", g.colour_to_move === "GOMOKU_BLACK");

    const mine = opts.seat >= 0 ? (opts.seat === g.black_seat ? t("gomoku.black") : t("gomoku.white")) : "";
    const lines: (HTMLElement | null)[] = [
      h("p", { class: "step", id: "gomoku-step" }, tx("gomoku.step", g.step)),
      mine ? h("p", null, `${t("lobby.seat")}: `, h("b", null, mine)) : null,
    ];
    if (u.interactive && g.step === "GOMOKU_STEP_OFFER")
      lines.push(h("p", { class: "hint" }, t("gomoku.offer_hint", { n: fifthN(g.rules), k: g.offers.length })));
    if (u.interactive && g.step === "GOMOKU_STEP_CHOOSE") lines.push(h("p", { class: "hint" }, t("gomoku.choose_hint")));
    if (blackToMove && g.forbidden.length) lines.push(h("p", { class: "hint" }, t("gomoku.forbidden_hint")));
    if (u.interactive && g.step === "GOMOKU_STEP_SWAP")
      lines.push(
        h(
          "p",
          { class: "buttons" },
          h("button", { id: "gomoku-keep", onclick: () => play("keep") }, t("gomoku.keep")),
          h("button", { id: "gomoku-swap", class: "primary", onclick: () => play("swap") }, t("gomoku.swap")),
        ),
      );
    replaceChildren(panel, lines);
    if (u.interactive && g.step === "GOMOKU_STEP_SWAP" && askedSwapAt !== u.view.ply) void askSwap(g);
  };

  return {
    el,
    panel,
    update(u) {
      current = u;
      render(u);
    },
  };
}
