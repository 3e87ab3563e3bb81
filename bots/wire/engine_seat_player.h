// Built-in engines behind the SeatPlayer interface: make_player<G>(spec) fed by a
// SeatTracker<G>, thinking inside a TimeBudget made from the match's time control
// and the seat's clocks as the server last reported them.
//
// The move it answers is checked against what the seat may do (the view's legal
// moves, a 军棋 layout's rules); an engine that fails, answers an illegal move or
// repeats one the server refused is replaced for that move by a random move from
// the view (view_moves.h), so a seat never loses on an engine's mistake alone.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "bots/player.h"
#include "bots/search/time_budget.h"
#include "bots/wire/seat_player.h"
#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"
#include "base/result.h"

namespace boyi::bots {

struct EngineSeatOptions {
  // Kept back from every limit: the network and the server's measurement eat into it.
  Millis safety_margin_ms = 200;
  // Thinking time cap for one move (< 0: only the clocks limit it).
  Millis max_move_ms = -1;
  // Moves still to play, for dividing the bank (0: TimeControl's estimate).
  int moves_to_go = 0;
  // Told (on the thinking thread) each time the engine's answer was replaced by a move
  // from the view, and why; for logs and counters.
  std::function<void(const std::string& why)> on_fallback;
};

// The limits for one move of `seat`: its bank (when the match has a total), the per-move
// limit left (when the match has one), the increment, the options' cap and margin.
TimeControl time_control_for(const v1::TimeControl& match, const v1::Clocks& clocks, Seat seat,
                             const EngineSeatOptions& options);

// A player of `game` ("junqi", "gomoku", "dots", "surakarta") by player spec (bots/player.h:
// "greedy", "uct:playouts=20000", a game's strong engine, ...), or why not.
Result<std::unique_ptr<SeatPlayer>> make_engine_seat_player(std::string_view game,
                                                            std::string_view spec,
                                                            std::uint64_t seed,
                                                            const EngineSeatOptions& options = {});
// The same around a player already made (the tests give it one that misbehaves).
template <Game G>
std::unique_ptr<SeatPlayer> make_engine_seat_player(std::unique_ptr<Player<G>> player,
                                                    std::uint64_t seed,
                                                    const EngineSeatOptions& options = {});

}  // namespace boyi::bots
