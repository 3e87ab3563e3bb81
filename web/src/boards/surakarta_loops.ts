// 苏拉卡尔塔's two loops (docs/rules/surakarta.md): the loop of lines k and 5−k (k = 1 and
// 2), joined at the corners by three-quarter arcs. A loop is its 24 points in travel order,
// split into 4 straight runs of 6; passing from one run to the next goes around an arc.
// capturePath() finds the way a capture travels, to draw it.

export type Pt = [number, number]; // x (column), y (row from the top)

export interface Loop {
  k: number;
  points: Pt[]; // 24, in travel order; run r is points[6r .. 6r+5]
}

function loop(k: number): Loop {
  const points: Pt[] = [];
  for (let y = 0; y <= 5; y++) points.push([k, y]); // down column k
  for (let x = 0; x <= 5; x++) points.push([x, 5 - k]); // right along row 5-k
  for (let y = 5; y >= 0; y--) points.push([5 - k, y]); // up column 5-k
  for (let x = 5; x >= 0; x--) points.push([x, k]); // left along row k
  return { k, points };
}

export const LOOPS: Loop[] = [loop(1), loop(2)];

export type CellAt = (x: number, y: number) => number; // -1 empty, else the owner seat

// A capture's path from `from` to `to` for the piece of `seat`: the start, each point passed,
// the target (as the server's capture_path), or null when no loop path captures there.
export function capturePath(from: Pt, to: Pt, seat: number, cell: CellAt): Pt[] | null {
  let best: Pt[] | null = null;
  for (const lp of LOOPS) {
    const n = lp.points.length;
    lp.points.forEach((start, i0) => {
      if (start[0] !== from[0] || start[1] !== from[1]) return;
      for (const dir of [1, -1]) {
        const path: Pt[] = [start];
        let arcs = 0;
        let i = i0;
        for (let steps = 0; steps < n * 2; steps++) {
          const next = (i + dir + n) % n;
          // Crossing from one run of 6 to the next goes around a corner arc.
          const runOf = (j: number) => Math.floor(j / 6);
          if (runOf(next) !== runOf(i)) arcs++;
          i = next;
          const p = lp.points[i];
          path.push(p);
          const isStart = p[0] === from[0] && p[1] === from[1];
          const occupant = isStart ? -1 : cell(p[0], p[1]);
          if (occupant < 0) continue;
          if (occupant !== seat && arcs > 0 && p[0] === to[0] && p[1] === to[1] && (!best || path.length < best.length)) best = [...path];
          break;
        }
      }
    });
  }
  return best;
}

export function ptName(p: Pt): string {
  return "ABCDEF"[p[0]] + "ABCDEF"[p[1]];
}

export function parsePt(text: string): Pt | null {
  if (!/^[A-F][A-F]$/.test(text)) return null;
  return ["ABCDEF".indexOf(text[0]), "ABCDEF".indexOf(text[1])];
}
