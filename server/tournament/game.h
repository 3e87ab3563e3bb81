// One game of a tournament as the pairing logic sees it: where it stands in the schedule
// (round, board, game number within its pairing), which entrants sit in which seat, and how
// it ended. Entrants are indices 0..n-1 in seed order (0 = the top seed).
#pragma once

#include <array>
#include <string_view>
#include <vector>

namespace boyi::tournament {

enum class GameResult {
  kPending,   // not played yet (or being played)
  kSeat0Win,  // the entrant in seat 0 won
  kSeat1Win,
  kDraw,
  kBye,   // seats[0] sits out this round and scores Points::bye (no opponent, no game)
  kVoid,  // could not be played (aborted too often): no points for anyone
};

std::string_view result_name(GameResult r);  // "pending", "1-0", "0-1", "draw", "bye", "void"

struct Game {
  int round = 1;    // 1-based
  int board = 0;    // 0-based within the round: one pairing per board
  int game_no = 0;  // 0-based within the pairing (knockout tie-breaks continue the count)
  std::array<int, 2> seats{-1, -1};  // entrant in seat 0 and seat 1; seats[1] = -1 for a bye
  GameResult result = GameResult::kPending;

  bool finished() const { return result != GameResult::kPending; }
  bool is_bye() const { return result == GameResult::kBye; }
  // Whether this entrant plays (or has the bye in) this game.
  bool involves(int entrant) const { return seats[0] == entrant || seats[1] == entrant; }
  // The entrant's score in [0, 1] (1 win, 0.5 draw, 0 loss); -1 when not scored (pending,
  // void, a bye, or not its game).
  double score_of(int entrant) const;
  // The other entrant, or -1.
  int opponent_of(int entrant) const;
  bool operator==(const Game&) const = default;
};

// Win, draw, loss counts (byes and void games excluded).
struct Wdl {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int games() const { return wins + draws + losses; }
  void add(double score);  // 1, 0.5 or 0
};

// The result with the seats swapped (the same outcome seen from the other side).
GameResult mirrored(GameResult r);
// The finished result for a winner seat (0, 1) or a draw (-1).
GameResult result_for_winner(int winner_seat);

}  // namespace boyi::tournament
