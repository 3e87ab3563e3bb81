// The board for each game.
import type { Board, BoardOptions } from "./board";
import { createDotsBoard } from "./dots";
import { createGomokuBoard } from "./gomoku";
import { createJunqiBoard } from "./junqi";
import { createSurakartaBoard } from "./surakarta";

export function createBoard(opts: BoardOptions): Board {
  switch (opts.game) {
    case "junqi":
      return createJunqiBoard(opts);
    case "gomoku":
      return createGomokuBoard(opts);
    case "dots":
      return createDotsBoard(opts);
    case "surakarta":
      return createSurakartaBoard(opts);
  }
}
