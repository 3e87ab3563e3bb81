// What every game's board offers the match and replay pages: an element to show, an info
// panel for game-specific words and controls, and update() with the viewer's current view.
import type { GameEvent, GameName, GameView, Player } from "../net/proto";

// One action as the viewer knows it (the last one is marked on the board).
export interface LastAction {
  actor: number;
  move: string; // "" when redacted
  events: GameEvent[];
}

export interface BoardUpdate {
  view: GameView;
  last: LastAction | null;
  history: LastAction[]; // every action so far, oldest first
  interactive: boolean; // the viewer may act now (a seat, not a replay)
}

export interface BoardOptions {
  game: GameName;
  rules: string;
  seat: number; // the viewer's seat; -1 for spectators and replays (seat 0 at the bottom)
  players: Player[];
  // Sends one action; rejects with the server's reason.
  submit: (move: string) => Promise<void>;
}

export interface Board {
  el: HTMLElement;
  panel: HTMLElement;
  update(u: BoardUpdate): void;
  destroy?(): void;
}

export const SEAT_CLASS = ["seat0", "seat1"];
