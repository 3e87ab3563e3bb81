// 点格棋: 6×6 dots, clickable edges, drawn edges in the colour of the seat that drew them
// (when the history says), boxes filled with their owner's colour, the score.
// Edge notation KIJ: K A horizontal / B vertical, I the line (A–F), J the segment (A–E).
import { h, replaceChildren, s } from "../dom";
import { playerName } from "../format";
import { t } from "../i18n";
import type { Board, BoardOptions, BoardUpdate } from "./board";

const DOTS = 6;
const CELL = 80;
const MARGIN = 30;
const SIZE = MARGIN * 2 + CELL * (DOTS - 1);
const L = "ABCDEF";

interface Edge {
  name: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

function allEdges(): Edge[] {
  const out: Edge[] = [];
  for (let line = 0; line < DOTS; line++)
    for (let seg = 0; seg < DOTS - 1; seg++) {
      // Horizontal line `line` (row of dots from the top), segment `seg` from the left.
      out.push({ name: `A${L[line]}${L[seg]}`, x1: seg, y1: line, x2: seg + 1, y2: line });
      // Vertical line `line` (column of dots from the left), segment `seg` from the top.
      out.push({ name: `B${L[line]}${L[seg]}`, x1: line, y1: seg, x2: line, y2: seg + 1 });
    }
  return out;
}

const p = (i: number) => MARGIN + i * CELL;

export function createDotsBoard(opts: BoardOptions): Board {
  const svg = s("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "board dots" });
  const boxes = s("g");
  const edgesG = s("g");
  const dotsG = s("g");
  svg.append(boxes, edgesG, dotsG);
  for (let x = 0; x < DOTS; x++) for (let y = 0; y < DOTS; y++) dotsG.append(s("circle", { cx: p(x), cy: p(y), r: 7, class: "dot" }));
  const edges = allEdges();
  const edgeEls = new Map<string, SVGGElement>();
  let current: BoardUpdate | null = null;
  let busy = false;
  for (const e of edges) {
    const g = s(
      "g",
      { class: "edge", dataset: { edge: e.name } },
      // A generous rectangle to click or tap (a line's own box has no height).
      e.y1 === e.y2
        ? s("rect", { x: p(e.x1) + 10, y: p(e.y1) - 14, width: CELL - 20, height: 28, class: "hitline" })
        : s("rect", { x: p(e.x1) - 14, y: p(e.y1) + 10, width: 28, height: CELL - 20, class: "hitline" }),
      s("line", { x1: p(e.x1), y1: p(e.y1), x2: p(e.x2), y2: p(e.y2), class: "stroke" }),
    );
    g.addEventListener("click", () => {
      if (busy || !current?.interactive || !current.view.legal_moves.includes(e.name)) return;
      busy = true;
      opts.submit(e.name).finally(() => (busy = false));
    });
    edgesG.append(g);
    edgeEls.set(e.name, g);
  }
  const el = h("div", { class: "board-wrap" }, svg);
  const panel = h("div", { class: "board-panel" });

  const render = (u: BoardUpdate) => {
    const d = u.view.dots;
    if (!d) return;
    const drawnBy = new Map<string, number>();
    for (const a of u.history) for (const ev of a.events) if (ev.dots) drawnBy.set(ev.dots.edge, ev.dots.seat);
    const lastEdges = new Set((u.last?.events ?? []).map((e) => e.dots?.edge).filter(Boolean) as string[]);
    const drawn = new Set(d.edges);
    const legal = new Set(u.interactive ? u.view.legal_moves : []);
    for (const [name, g] of edgeEls) {
      const seat = drawnBy.get(name);
      g.setAttribute("class", "edge");
      if (drawn.has(name)) g.classList.add("drawn", seat === undefined ? "seatless" : `seat${seat}`);
      if (lastEdges.has(name)) g.classList.add("last");
      if (legal.has(name)) g.classList.add("legal");
    }
    replaceChildren(boxes);
    d.box_owner.forEach((owner, i) => {
      if (owner < 0) return;
      const row = Math.floor(i / 5);
      const col = i % 5;
      boxes.append(
        s("rect", { x: p(col) + 4, y: p(row) + 4, width: CELL - 8, height: CELL - 8, rx: 6, class: `box seat${owner}`, dataset: { box: `${L[row]}${L[col]}`, owner: String(owner) } }),
        s("text", { x: p(col) + CELL / 2, y: p(row) + CELL / 2 + 9, class: "box-label" }, owner === 0 ? "1" : "2"),
      );
    });
    replaceChildren(
      panel,
      h(
        "div",
        { class: "score", id: "dots-score" },
        h("span", null, t("dots.score"), ": "),
        [0, 1].map((seat) => h("span", { class: `chip seat${seat}` }, `${playerName(opts.players[seat])} ${d.score[seat] ?? 0}`)),
      ),
      u.interactive ? h("p", { class: "hint" }, t("dots.hint")) : null,
    );
    svg.classList.toggle("interactive", u.interactive);
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
