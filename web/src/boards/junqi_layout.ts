// 军棋 deployments: 25 piece letters for the slots of junqi_geometry's DEPLOY_SLOTS.
// Validation in plain words (the rules' constraints), ready-made layouts, a random legal one.
import { currentLang, t, type Key } from "../i18n";

export const PIECE_COUNTS: Record<string, number> = { a: 1, b: 1, c: 2, d: 2, e: 2, f: 2, g: 3, h: 3, i: 3, j: 3, k: 2, l: 1 };
const SHORT_EN: Record<string, string> = {
  a: "Mar 9",
  b: "Gen 8",
  c: "Div 7",
  d: "Bri 6",
  e: "Reg 5",
  f: "Bat 4",
  g: "Com 3",
  h: "Pla 2",
  i: "Eng 1",
  j: "Mine",
  k: "Bomb",
  l: "Flag",
};

export function pieceName(letter: string): string {
  return t(`piece.${letter}` as Key);
}

// The text on a piece: the Chinese name, or a short English one.
export function pieceLabel(letter: string): string {
  return currentLang() === "zh" ? pieceName(letter) : SHORT_EN[letter] ?? letter;
}

const FLAG_SLOTS = [21, 23]; // L1, L3
const BACK_ROWS_FROM = 15; // K0: mines only from here on
const FRONT_ROW_END = 5; // G0..G4: no bombs

// The first problem with a layout, in words, or null when the rules accept it.
export function layoutProblem(layout: string): string | null {
  const have: Record<string, number> = {};
  for (const ch of layout) have[ch] = (have[ch] ?? 0) + 1;
  for (const [p, want] of Object.entries(PIECE_COUNTS))
    if ((have[p] ?? 0) !== want) return t("junqi.err_count", { piece: pieceName(p), want, have: have[p] ?? 0 });
  if (layout.length !== 25) return t("junqi.err_count", { piece: "", want: 25, have: layout.length });
  const flag = layout.indexOf("l");
  if (!FLAG_SLOTS.includes(flag)) return t("junqi.err_flag");
  for (let i = 0; i < 25; i++) {
    if (layout[i] === "j" && i < BACK_ROWS_FROM) return t("junqi.err_mine");
    if (layout[i] === "k" && i < FRONT_ROW_END) return t("junqi.err_bomb");
  }
  return null;
}

// Ready-made legal layouts (slot order G0 G1 G2 G3 G4 | H0 H2 H4 | I0 I1 I3 I4 | J0 J2 J4 |
// K0..K4 | L0..L4).
export const PRESET_LAYOUTS: { key: Key; layout: string }[] = [
  { key: "junqi.preset_balanced", layout: "abccddeeffggghhhiiijjkklj" },
  { key: "junqi.preset_defensive", layout: "ghghfeiecddcakbgfikhjljij" },
  { key: "junqi.preset_attack", layout: "acbdcekdfgfeikighhigjhjlj" },
];

// A uniformly shuffled legal layout: the flag in a headquarters, mines in the back rows,
// bombs behind the front row, everything else anywhere left.
export function randomLayout(rand: () => number = Math.random): string {
  const slots: (string | null)[] = Array(25).fill(null);
  const pick = (allowed: number[]) => {
    const free = allowed.filter((i) => slots[i] === null);
    return free[Math.floor(rand() * free.length)];
  };
  const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
  slots[pick(FLAG_SLOTS)] = "l";
  for (let n = 0; n < 3; n++) slots[pick(range(BACK_ROWS_FROM, 25))] = "j";
  for (let n = 0; n < 2; n++) slots[pick(range(FRONT_ROW_END, 25))] = "k";
  const rest: string[] = [];
  for (const [p, count] of Object.entries(PIECE_COUNTS)) if (!"jkl".includes(p)) for (let n = 0; n < count; n++) rest.push(p);
  for (const p of rest) slots[pick(range(0, 25))] = p;
  return slots.join("");
}
