// 军棋's board (docs/rules/junqi.md), absolute frame: rows A–L (0–11) top to bottom,
// columns 0–4. Camps, headquarters, railway posts, road and rail links, and the path a
// piece travels along the railway (for drawing an engineer's turns).

export const ROWS = 12;
export const COLS = 5;
export const ROW_LETTERS = "ABCDEFGHIJKL";

export const idx = (r: number, c: number) => r * COLS + c;
export const postName = (i: number) => `${ROW_LETTERS[Math.floor(i / COLS)]}${i % COLS}`;
export function postIndex(name: string): number {
  const r = ROW_LETTERS.indexOf(name[0]);
  const c = Number(name[1]);
  return r < 0 || !(c >= 0 && c < COLS) || name.length !== 2 ? -1 : idx(r, c);
}

const CAMPS = new Set(["C1", "C3", "D2", "E1", "E3", "H1", "H3", "I2", "J1", "J3"].map(postIndex));
const HQS = new Set(["A1", "A3", "L1", "L3"].map(postIndex));

export const isCamp = (i: number) => CAMPS.has(i);
export const isHq = (i: number) => HQS.has(i);
export function isRail(i: number): boolean {
  const r = Math.floor(i / COLS);
  const c = i % COLS;
  if (r === 1 || r === 5 || r === 6 || r === 10) return true;
  return (c === 0 || c === 4) && r >= 1 && r <= 10;
}

// A mountain gap: no link between F1–G1 and F3–G3.
function mountain(a: number, b: number): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return (lo === idx(5, 1) && hi === idx(6, 1)) || (lo === idx(5, 3) && hi === idx(6, 3));
}

export function roadNeighbours(i: number): number[] {
  const r = Math.floor(i / COLS);
  const c = i % COLS;
  const out: number[] = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS) continue;
    if (!mountain(i, idx(rr, cc))) out.push(idx(rr, cc));
  }
  for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS) continue;
    const j = idx(rr, cc);
    if (isCamp(i) || isCamp(j)) out.push(j);
  }
  return out;
}

export function railNeighbours(i: number): number[] {
  if (!isRail(i)) return [];
  const r = Math.floor(i / COLS);
  const c = i % COLS;
  const out: number[] = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS) continue;
    const j = idx(rr, cc);
    if (!isRail(j) || mountain(i, j)) continue;
    // Rail links run along rows B, F, G, K and columns 0 and 4, plus F2–G2.
    const horizontal = dr === 0 && (r === 1 || r === 5 || r === 6 || r === 10);
    const vertical = dc === 0 && (c === 0 || c === 4 || (c === 2 && Math.min(r, rr) === 5));
    if (horizontal || vertical) out.push(j);
  }
  return out;
}

// Every link once, for drawing: [a, b, rail?].
export function allLinks(): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  for (let i = 0; i < ROWS * COLS; i++) {
    const rails = new Set(railNeighbours(i));
    for (const j of roadNeighbours(i)) if (j > i) out.push([i, j, rails.has(j)]);
  }
  return out;
}

// The shortest way along the railway from `from` to `to` through empty posts (`empty(i)`),
// with `to` itself allowed occupied (an attack); null when none. Straight for ordinary
// pieces' rail moves, with turns for an engineer's.
export function railPath(from: number, to: number, empty: (i: number) => boolean): number[] | null {
  if (!isRail(from) || !isRail(to)) return null;
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  while (queue.length) {
    const i = queue.shift()!;
    if (i === to) break;
    for (const j of railNeighbours(i)) {
      if (prev.has(j)) continue;
      if (j !== to && !empty(j)) continue;
      prev.set(j, i);
      queue.push(j);
    }
  }
  if (!prev.has(to)) return null;
  const path: number[] = [];
  for (let i = to; i !== -1; i = prev.get(i)!) path.unshift(i);
  return path;
}

// The 25 deployment slots in a seat's own frame (rows G–L), in the order of the layout text.
export const DEPLOY_SLOTS = ["G0", "G1", "G2", "G3", "G4", "H0", "H2", "H4", "I0", "I1", "I3", "I4", "J0", "J2", "J4", "K0", "K1", "K2", "K3", "K4", "L0", "L1", "L2", "L3", "L4"];

// A slot's absolute post for `seat` (seat 1's own frame is the board turned half round).
export function slotPost(slot: number, seat: number): number {
  const i = postIndex(DEPLOY_SLOTS[slot]);
  return seat === 1 ? ROWS * COLS - 1 - i : i;
}
