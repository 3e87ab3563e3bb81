// 军棋: the board with railways, roads, camps and headquarters; own pieces by name, enemy
// pieces face down, a revealed flag shown; the last move with its battle outcome; a
// selected piece's legal destinations with the railway path to each (an engineer's turns
// included). Before the seat has deployed, the deployment editor takes the board's place.
import { h, replaceChildren, s } from "../dom";
import { t } from "../i18n";
import type { JunqiPost } from "../net/proto";
import type { Board, BoardOptions, BoardUpdate } from "./board";
import { createDeployEditor } from "./junqi_deploy";
import { allLinks, COLS, isCamp, isHq, postIndex, postName, railPath, roadNeighbours, ROWS } from "./junqi_geometry";
import { pieceLabel } from "./junqi_layout";

const W = 84;
const H = 50;
const M = 24;
const GAP = 40; // the space between the two halves (the front line)

export function createJunqiBoard(opts: BoardOptions): Board {
  const flip = opts.seat === 1; // the viewer's own half at the bottom
  const disp = (i: number): [number, number] => {
    let r = Math.floor(i / COLS);
    let c = i % COLS;
    if (flip) [r, c] = [ROWS - 1 - r, COLS - 1 - c];
    return [M + c * W + W / 2, M + r * H + H / 2 + (r >= 6 ? GAP : 0)];
  };
  const width = M * 2 + W * COLS;
  const height = M * 2 + H * ROWS + GAP;

  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board junqi" });
  const base = s("g");
  for (const [a, b, rail] of allLinks()) {
    const [x1, y1] = disp(a);
    const [x2, y2] = disp(b);
    base.append(s("line", { x1, y1, x2, y2, class: rail ? "rail" : "road" }));
  }
  for (let i = 0; i < ROWS * COLS; i++) {
    const [x, y] = disp(i);
    if (isCamp(i)) base.append(s("circle", { cx: x, cy: y, r: 22, class: "camp" }));
    else if (isHq(i)) base.append(s("rect", { x: x - 34, y: y - 20, width: 68, height: 40, rx: 16, class: "hq" }));
    else base.append(s("rect", { x: x - 30, y: y - 15, width: 60, height: 30, rx: 3, class: "post" }));
  }
  const frontY = M + H * 6 + GAP / 2;
  // The mountains stand where the halves do not meet (columns 1 and 3).
  base.append(
    s("text", { x: M + W * 1.5, y: frontY + 7, class: "front" }, "山"),
    s("text", { x: M + W * 3.5, y: frontY + 7, class: "front" }, "界"),
  );
  const marks = s("g");
  const pieces = s("g");
  const overlay = s("g");
  svg.append(s("rect", { x: 0, y: 0, width, height, class: "paper" }), base, marks, pieces, overlay);
  const boardEl = h("div", { class: "board-wrap" }, svg);
  const el = h("div", { class: "junqi-host" }, boardEl);
  const panel = h("div", { class: "board-panel" });

  let current: BoardUpdate | null = null;
  let selected = -1;
  let hovered = -1;
  let busy = false;
  let deployEditor: ReturnType<typeof createDeployEditor> | null = null;

  const post = (i: number): JunqiPost | undefined => current?.view.junqi?.posts[i];
  const empty = (i: number) => (post(i)?.kind ?? "JUNQI_POST_EMPTY") === "JUNQI_POST_EMPTY";

  const movesFrom = (i: number): string[] => {
    if (!current?.interactive) return [];
    const from = postName(i);
    return current.view.legal_moves.filter((m) => m.length === 4 && m.startsWith(from));
  };

  // The way a piece travels from `from` to `to`: one road step, or along the railway.
  const pathOf = (from: number, to: number): number[] => {
    if (roadNeighbours(from).includes(to)) return [from, to];
    return railPath(from, to, empty) ?? [from, to];
  };

  const pathD = (path: number[]) => path.map((i, k) => `${k ? "L" : "M"} ${disp(i)[0]} ${disp(i)[1]}`).join(" ");

  const play = (move: string) => {
    if (busy) return;
    busy = true;
    selected = -1;
    opts.submit(move).finally(() => {
      busy = false;
      render();
    });
  };

  const renderBoard = () => {
    const u = current!;
    const v = u.view.junqi!;
    replaceChildren(marks);
    replaceChildren(pieces);
    replaceChildren(overlay);
    // The last step: where from, where to, and how the battle went.
    const last = u.last?.events.find((e) => e.junqi?.kind === "KIND_STEP")?.junqi;
    if (last) {
      const a = postIndex(last.from);
      const b = postIndex(last.to);
      if (a >= 0 && b >= 0) {
        marks.append(s("path", { d: pathD(pathOf(a, b)), class: "last-path" }));
        const [x, y] = disp(a);
        marks.append(s("rect", { x: x - 32, y: y - 17, width: 64, height: 34, rx: 4, class: "last-from", dataset: { lastFrom: last.from } }));
        const [tx2, ty2] = disp(b);
        overlay.append(s("rect", { x: tx2 - 33, y: ty2 - 18, width: 66, height: 36, rx: 6, class: "last-to", dataset: { lastTo: last.to } }));
      }
    }
    for (let i = 0; i < ROWS * COLS; i++) {
      const p = v.posts[i];
      if (!p || p.kind === "JUNQI_POST_EMPTY") continue;
      const [x, y] = disp(i);
      const moves = movesFrom(i);
      const face = p.kind === "JUNQI_POST_HIDDEN" ? "hidden" : p.kind === "JUNQI_POST_REVEALED_FLAG" ? "flag-revealed" : "face-up";
      const label = p.kind === "JUNQI_POST_HIDDEN" ? "" : pieceLabel(p.piece);
      const g = s(
        "g",
        {
          class: `piece seat${p.owner} ${face} ${moves.length ? "movable" : ""} ${selected === i ? "selected" : ""}`,
          dataset: { post: postName(i), owner: String(p.owner), piece: p.piece || "" },
        },
        s("rect", { x: x - 30, y: y - 16, width: 60, height: 32, rx: 5 }),
        label ? s("text", { x, y: y + 6 }, label) : s("text", { x, y: y + 6, class: "back" }, "◆"),
        p.kind === "JUNQI_POST_REVEALED_FLAG" ? s("text", { x: x + 26, y: y - 10, class: "flag-badge" }, "⚑") : null,
      );
      g.addEventListener("click", () => clickPost(i));
      pieces.append(g);
    }
    // Battles of the last two steps (the viewer's own attack stays marked after the reply).
    const steps = u.history.map((a) => a.events.find((e) => e.junqi?.kind === "KIND_STEP")?.junqi).filter((e) => e !== undefined);
    for (const ev of steps.slice(-2)) {
      const b = postIndex(ev.to);
      if (ev.code < 0 || ev.code > 2 || b < 0) continue;
      const [x, y] = disp(b);
      overlay.append(
        s(
          "g",
          { class: `battle code${ev.code}`, dataset: { battle: String(ev.code) } },
          s("rect", { x: x - 40, y: y - 38, width: 80, height: 20, rx: 10 }),
          s("text", { x, y: y - 23 }, t(`junqi.battle.${ev.code}` as "junqi.battle.0")),
        ),
      );
    }
    if (selected >= 0) {
      for (const m of movesFrom(selected)) {
        const to = postIndex(m.slice(2));
        const path = pathOf(selected, to);
        if (path.length > 2 || !roadNeighbours(selected).includes(to))
          overlay.append(s("path", { d: pathD(path), class: `rail-path ${hovered === to ? "hover" : ""}` }));
        const [x, y] = disp(to);
        const target = s("circle", {
          cx: x,
          cy: y,
          r: post(to)?.kind === "JUNQI_POST_EMPTY" ? 12 : 26,
          class: `target ${post(to)?.kind === "JUNQI_POST_EMPTY" ? "" : "attack"}`,
          dataset: { target: m.slice(2) },
        });
        target.addEventListener("click", () => play(m));
        target.addEventListener("pointerenter", () => {
          if (hovered === to) return;
          hovered = to;
          renderBoard();
        });
        overlay.append(target);
      }
    }
    svg.classList.toggle("interactive", u.interactive);
  };

  const clickPost = (i: number) => {
    if (!current?.interactive) return;
    if (movesFrom(i).length) {
      selected = selected === i ? -1 : i;
      hovered = -1;
      render();
      return;
    }
    if (selected >= 0) {
      const m = postName(selected) + postName(i);
      if (current.view.legal_moves.includes(m)) play(m);
    }
  };

  const renderPanel = () => {
    const u = current!;
    const v = u.view.junqi!;
    const lines: (HTMLElement | null)[] = [];
    lines.push(
      h(
        "p",
        { class: "deploy-status" },
        [0, 1].map((seat) => h("span", { class: `chip seat${seat}` }, `${opts.players[seat]?.name ?? "?"}: ${v.deployed[seat] ? t("match.deployed") : t("match.deploying")}`)),
      ),
    );
    if (v.deployed[0] && v.deployed[1]) lines.push(h("p", { id: "junqi-no-battle" }, t("junqi.no_battle", { n: v.no_battle, limit: v.no_battle_limit })));
    for (const f of v.revealed_flags) lines.push(h("p", { class: "flag-note" }, `⚑ ${opts.players[f.seat]?.name ?? ""}: ${t("junqi.flag_revealed")} (${f.post})`));
    if (opts.seat >= 0 && v.deployed[opts.seat] && !v.deployed[1 - opts.seat] && u.view.outcome.ending === "ENDING_UNSPECIFIED")
      lines.push(h("p", { class: "hint", id: "deploy-waiting" }, t("junqi.waiting_opponent")));
    if (u.interactive && v.deployed[0] && v.deployed[1]) lines.push(h("p", { class: "hint" }, t("junqi.hint")));
    replaceChildren(panel, lines);
  };

  const render = () => {
    const u = current;
    if (!u?.view.junqi) return;
    const v = u.view.junqi;
    const deploying = opts.seat >= 0 && !v.deployed[opts.seat] && u.view.outcome.ending === "ENDING_UNSPECIFIED" && u.interactive;
    if (deploying) {
      if (!deployEditor) {
        deployEditor = createDeployEditor(opts.seat, (layout) => opts.submit(layout));
        replaceChildren(el, deployEditor.el);
      }
      replaceChildren(panel, deployEditor.panel);
      return;
    }
    if (deployEditor) {
      deployEditor = null;
      replaceChildren(el, boardEl);
    }
    renderBoard();
    renderPanel();
  };

  return {
    el,
    panel,
    update(u) {
      current = u;
      if (!u.interactive) selected = -1;
      render();
    },
  };
}
