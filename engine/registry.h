// One explicit registry of the games, each behind the same type-erased
// interface. Code that must handle any game chosen at run time (the terminal
// program, later the referee) uses this; search code uses the concrete game
// types directly for speed.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "base/rng.h"
#include "engine/core/outcome.h"

namespace boyi {

// The three renderings of one accepted action: for seat 0, seat 1 and spectators.
struct AppliedAction {
  std::vector<std::string>
      moves;  // canonical notation of each move applied (several for a 点格棋 turn)
  std::array<std::string, 3> renderings;  // [0] seat 0, [1] seat 1, [2] public
};

inline std::size_t viewer_index(Seat viewer) {
  return viewer == kPublic ? 2 : std::size_t(viewer);
}

class AnyGame {
 public:
  virtual ~AnyGame() = default;

  virtual std::string_view name() const = 0;  // "junqi", ...
  virtual std::string rules_text() const = 0;
  virtual Seat to_move() const = 0;  // kPublic while both act (军棋 deployment) or when over
  virtual bool can_act(Seat seat) const = 0;
  virtual int ply() const = 0;
  virtual bool is_terminal() const = 0;
  virtual Outcome outcome() const = 0;
  virtual std::uint64_t hash() const = 0;

  // The legal moves of `seat` in notation; empty when it may not act, or when its
  // choices are not listed (军棋 deployment: any legal layout of 25 letters).
  virtual std::vector<std::string> legal_moves(Seat seat) const = 0;
  // The referee's checked path: parses and applies one action (for 点格棋 also a whole
  // turn "AAA BAB ..."), or says why not and changes nothing.
  virtual Result<AppliedAction> play(Seat seat, std::string_view text) = 0;
  // A uniformly random legal action of `seat` (a random legal layout when deploying).
  virtual std::string random_move(Seat seat, Rng& rng) const = 0;

  virtual std::string view_text(Seat viewer) const = 0;  // what seat 0, 1 or kPublic may see
  virtual std::string full_text() const = 0;             // everything (after the game)
  virtual std::unique_ptr<AnyGame> clone() const = 0;
};

struct GameInfo {
  std::string_view name;   // "gomoku"
  std::string_view title;  // "五子棋"
  std::string_view english;
  std::string default_rules;  // canonical text of the default rules value
  Result<std::unique_ptr<AnyGame>> (*create)(std::string_view rules_text);
  bool listed = true;  // offered to players (false: a game for the tests)
  bool can_be_drawn = true;         // its rules can end it in a draw (not 点格棋)
  bool hidden_information = false;  // a seat does not see the whole position (军棋)
};

std::span<const GameInfo> games();
const GameInfo* find_game(std::string_view name);

// Convenience: the named game with the given rules text, or why not.
Result<std::unique_ptr<AnyGame>> create_game(std::string_view name, std::string_view rules_text);

}  // namespace boyi
