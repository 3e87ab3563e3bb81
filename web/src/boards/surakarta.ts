// 苏拉卡尔塔: the 6×6 board with both loops drawn (corner arcs), pieces, a selected piece's
// plain moves and captures, each capture's path along the loops, the last move and its path.
// The viewer's own side is at the bottom (seat 0's view is turned half round).
import { h, replaceChildren, s } from "../dom";
import { playerName } from "../format";
import { t } from "../i18n";
import type { Board, BoardOptions, BoardUpdate } from "./board";
import { capturePath, parsePt, ptName, type Pt } from "./surakarta_loops";

const CELL = 64;
const MARGIN = 150; // room for the corner arcs
const SIZE = MARGIN * 2 + CELL * 5;

export function createSurakartaBoard(opts: BoardOptions): Board {
  // Black (seat 0) starts on the top rows: its player sees the board turned so it sits below.
  const flip = opts.seat === 0;
  const X = (x: number) => MARGIN + (flip ? 5 - x : x) * CELL;
  const Y = (y: number) => MARGIN + (flip ? 5 - y : y) * CELL;

  // An SVG path through the points of a loop path: straight steps, and the corner arc
  // between two consecutive points that are an arc's ends.
  const pathD = (pts: Pt[]): string => {
    let d = `M ${X(pts[0][0])} ${Y(pts[0][1])}`;
    for (let i = 1; i < pts.length; i++) {
      const [a, b] = [pts[i - 1], pts[i]];
      const adjacent = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
      if (adjacent) {
        d += ` L ${X(b[0])} ${Y(b[1])}`;
        continue;
      }
      const cx = a[0] === 0 || a[0] === 5 ? a[0] : b[0];
      const cy = a[1] === 0 || a[1] === 5 ? a[1] : b[1];
      const r = Math.max(Math.abs(a[0] - cx), Math.abs(a[1] - cy)) * CELL;
      const ta = Math.atan2(Y(a[1]) - Y(cy), X(a[0]) - X(cx));
      const tb = Math.atan2(Y(b[1]) - Y(cy), X(b[0]) - X(cx));
      const positive = (((tb - ta) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      const sweep = Math.abs(positive - 1.5 * Math.PI) < 0.01 ? 1 : 0;
      d += ` A ${r} ${r} 0 1 ${sweep} ${X(b[0])} ${Y(b[1])}`;
    }
    return d;
  };

  const svg = s("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "board surakarta" });
  const lines = s("g", { class: "lines" });
  for (let i = 0; i < 6; i++)
    lines.append(
      s("line", { x1: X(0), y1: Y(i), x2: X(5), y2: Y(i), class: "grid" }),
      s("line", { x1: X(i), y1: Y(0), x2: X(i), y2: Y(5), class: "grid" }),
      s("text", { x: X(i), y: flip ? Y(0) + 44 : Y(0) - 34, class: "coord" }, "ABCDEF"[i]),
      s("text", { x: flip ? X(0) + 40 : X(0) - 40, y: Y(i) + 5, class: "coord" }, "ABCDEF"[i]),
    );
  // Each loop: its four lines in its colour, and its four corner arcs.
  for (const k of [1, 2]) {
    const cls = `loop loop${k}`;
    for (const v of [k, 5 - k])
      lines.append(
        s("line", { x1: X(v), y1: Y(0), x2: X(v), y2: Y(5), class: cls }),
        s("line", { x1: X(0), y1: Y(v), x2: X(5), y2: Y(v), class: cls }),
      );
    const arcs: [Pt, Pt][] = [
      [[k, 0], [0, k]],
      [[5 - k, 0], [5, k]],
      [[5, 5 - k], [5 - k, 5]],
      [[0, 5 - k], [k, 5]],
    ];
    for (const [a, b] of arcs) lines.append(s("path", { d: pathD([a, b]), class: cls, fill: "none" }));
  }
  const marks = s("g");
  const pieces = s("g");
  const targets = s("g");
  svg.append(s("rect", { x: 0, y: 0, width: SIZE, height: SIZE, class: "paper" }), lines, marks, pieces, targets);
  const el = h("div", { class: "board-wrap" }, svg);
  const panel = h("div", { class: "board-panel" });

  let current: BoardUpdate | null = null;
  let selected: string | null = null;
  let busy = false;

  const cellOwner = (x: number, y: number): number => {
    const c = current?.view.surakarta?.cells[y * 6 + x];
    return c === "SURAKARTA_BLACK" ? 0 : c === "SURAKARTA_WHITE" ? 1 : -1;
  };

  const render = () => {
    const u = current;
    const v = u?.view.surakarta;
    if (!u || !v) return;
    replaceChildren(marks);
    replaceChildren(pieces);
    replaceChildren(targets);
    // The last move: from, to, and a capture's path.
    const lastEv = u.last?.events.find((e) => e.surakarta)?.surakarta;
    if (lastEv) {
      for (const p of [lastEv.from, lastEv.to]) {
        const pt = parsePt(p);
        if (pt) marks.append(s("rect", { x: X(pt[0]) - 26, y: Y(pt[1]) - 26, width: 52, height: 52, class: "last-square", dataset: { last: p } }));
      }
      const path = lastEv.capture_path.map(parsePt).filter(Boolean) as Pt[];
      if (lastEv.capture && path.length > 1) marks.append(s("path", { d: pathD(path), class: "capture-path last", fill: "none" }));
    }
    for (let y = 0; y < 6; y++)
      for (let x = 0; x < 6; x++) {
        const owner = cellOwner(x, y);
        const name = ptName([x, y]);
        const mine = u.interactive && owner === opts.seat && u.view.legal_moves.some((m) => m.startsWith(name));
        const g = s(
          "g",
          { class: `cell ${mine ? "movable" : ""} ${selected === name ? "selected" : ""}`, dataset: { point: name, owner: String(owner) } },
          s("rect", { x: X(x) - CELL / 2, y: Y(y) - CELL / 2, width: CELL, height: CELL, class: "hit" }),
          owner >= 0 ? s("circle", { cx: X(x), cy: Y(y), r: 22, class: `piece seat${owner}` }) : null,
        );
        g.addEventListener("click", () => click(name, owner));
        pieces.append(g);
      }
    if (selected) {
      const from = parsePt(selected)!;
      for (const m of u.view.legal_moves) {
        if (!m.startsWith(selected)) continue;
        const to = parsePt(m.slice(2))!;
        const capture = cellOwner(to[0], to[1]) >= 0;
        if (capture) {
          const path = capturePath(from, to, opts.seat, cellOwner);
          if (path) targets.append(s("path", { d: pathD(path), class: "capture-path", fill: "none" }));
        }
        const tg = s("circle", { cx: X(to[0]), cy: Y(to[1]), r: capture ? 28 : 10, class: capture ? "target capture" : "target", dataset: { target: m.slice(2) } });
        tg.addEventListener("click", () => play(m));
        targets.append(tg);
      }
    }
    replaceChildren(
      panel,
      h(
        "div",
        { class: "score" },
        h("span", null, t("sura.pieces"), ": "),
        [0, 1].map((seat) => h("span", { class: `chip seat${seat}` }, `${playerName(opts.players[seat])} ${v.pieces[seat] ?? 0}`)),
      ),
      u.interactive ? h("p", { class: "hint" }, t("sura.hint")) : null,
    );
  };

  const play = (move: string) => {
    if (busy) return;
    busy = true;
    selected = null;
    opts.submit(move).finally(() => {
      busy = false;
      render();
    });
  };

  const click = (name: string, owner: number) => {
    if (!current?.interactive) return;
    if (owner === opts.seat) {
      selected = selected === name ? null : name;
      render();
      return;
    }
    if (selected) {
      const m = selected + name;
      if (current.view.legal_moves.includes(m)) play(m);
    }
  };

  return {
    el,
    panel,
    update(u) {
      current = u;
      if (!u.interactive) selected = null;
      render();
    },
  };
}
