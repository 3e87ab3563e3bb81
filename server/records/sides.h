// The sides of each game as records name them, and the checks every record
// format shares: which colour a seat plays as the game goes on (五子棋's ccgc
// swap exchanges them), replaying actions through the engine, and whether a
// claimed outcome fits the replayed game.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"
#include "engine/core/outcome.h"
#include "engine/registry.h"

namespace boyi::records {

// Colour 0 moves first: black in 五子棋, 点格棋 and 苏拉卡尔塔, red in 军棋;
// colour 1 is white (blue in 军棋).
std::array<std::string_view, 2> colour_names(std::string_view game);  // {"black", "white"}
std::array<char, 2> colour_letters(std::string_view game);            // {'B', 'W'} / {'R', 'B'}

// Which seat plays which colour, followed action by action. Seat 0 starts with
// colour 0; an action the game's notation says swaps them (五子棋's "swap", 三手交换)
// exchanges the colours.
class SeatColours {
 public:
  explicit SeatColours(std::string_view game);
  int colour_of(Seat seat) const { return seat == first_seat_ ? 0 : 1; }
  Seat seat_of(int colour) const { return colour == 0 ? first_seat_ : 1 - first_seat_; }
  // Call after each accepted action, with its text.
  void after(std::string_view action_text) {
    if (swaps_ && swaps_(action_text)) first_seat_ = 1 - first_seat_;
  }

 private:
  bool (*swaps_)(std::string_view) = nullptr;
  Seat first_seat_ = 0;
};

// A fresh game for a record, or why not ("unknown game 'x'", a bad rules text).
Result<std::unique_ptr<AnyGame>> new_game(std::string_view game, std::string_view rules_text);

// Whether `claimed` can end a match whose actions led to `game`: when the
// engine says the game is over the outcome must be the engine's; otherwise it
// must be one of the referee's endings (resignation, time, illegal move,
// disconnection, adjudication, aborted), and an aborted game has no winner.
Status check_outcome(const AnyGame& game, const Outcome& claimed);

}  // namespace boyi::records
