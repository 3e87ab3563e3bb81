#include "server/tournament/game.h"

namespace boyi::tournament {

std::string_view result_name(GameResult r) {
  switch (r) {
    case GameResult::kPending:
      return "pending";
    case GameResult::kSeat0Win:
      return "1-0";
    case GameResult::kSeat1Win:
      return "0-1";
    case GameResult::kDraw:
      return "draw";
    case GameResult::kBye:
      return "bye";
    case GameResult::kVoid:
      return "void";
  }
  return "pending";
}

double Game::score_of(int entrant) const {
  if (entrant < 0 || seats[1] < 0) return -1;
  int seat = -1;
  if (seats[0] == entrant) seat = 0;
  if (seats[1] == entrant) seat = 1;
  if (seat < 0) return -1;
  switch (result) {
    case GameResult::kSeat0Win:
      return seat == 0 ? 1.0 : 0.0;
    case GameResult::kSeat1Win:
      return seat == 1 ? 1.0 : 0.0;
    case GameResult::kDraw:
      return 0.5;
    default:
      return -1;
  }
}

int Game::opponent_of(int entrant) const {
  if (seats[0] == entrant) return seats[1];
  if (seats[1] == entrant) return seats[0];
  return -1;
}

void Wdl::add(double score) {
  if (score >= 1) {
    ++wins;
  } else if (score >= 0.5) {
    ++draws;
  } else if (score >= 0) {
    ++losses;
  }
}

GameResult mirrored(GameResult r) {
  if (r == GameResult::kSeat0Win) return GameResult::kSeat1Win;
  if (r == GameResult::kSeat1Win) return GameResult::kSeat0Win;
  return r;
}

GameResult result_for_winner(int winner_seat) {
  if (winner_seat == 0) return GameResult::kSeat0Win;
  if (winner_seat == 1) return GameResult::kSeat1Win;
  return GameResult::kDraw;
}

}  // namespace boyi::tournament
