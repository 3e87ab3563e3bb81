// A greedy 五子棋 player that reads the page's board (stones and legal points) and picks the
// legal point that makes its longest line, or blocks the opponent's longest. Runs inside the
// page (page.evaluate), so it sees exactly what a person sees.
export function chooseGomokuPoint() {
  const myColour = document.querySelector("svg.gomoku")?.dataset.mine ?? "black";
  const COLS = "ABCDEFGHIJKLMNO";
  const board = new Map();
  for (const el of document.querySelectorAll("[data-stone]")) board.set(el.dataset.stone, el.dataset.colour);
  const legal = [...document.querySelectorAll(".hit.legal")].map((el) => el.dataset.point);
  if (legal.length === 0) return null;
  const at = (x, y) => (x < 0 || y < 0 || x > 14 || y > 14 ? "edge" : board.get(`${COLS[x]}${y + 1}`));
  const run = (x, y, colour) => {
    let best = 0;
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      let n = 1;
      for (const sgn of [1, -1]) for (let k = 1; at(x + sgn * k * dx, y + sgn * k * dy) === colour; k++) n++;
      best = Math.max(best, n);
    }
    return best;
  };
  const other = myColour === "black" ? "white" : "black";
  let bestPoint = legal[0];
  let bestScore = -1;
  for (const p of legal) {
    const x = COLS.indexOf(p[0]);
    const y = Number(p.slice(1)) - 1;
    const mine = run(x, y, myColour);
    const theirs = run(x, y, other);
    const centre = 14 - Math.abs(x - 7) - Math.abs(y - 7);
    const score = (mine >= 5 ? 1000 : 0) + (theirs >= 5 ? 500 : 0) + (theirs >= 4 ? 200 : 0) + mine * 20 + theirs * 12 + centre * 0.1;
    if (score > bestScore) {
      bestScore = score;
      bestPoint = p;
    }
  }
  return bestPoint;
}
