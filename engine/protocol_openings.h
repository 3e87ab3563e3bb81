// Which openings each engine text protocol (docs/rules/engine-protocols.md) can tell an
// engine. An opening (a suite's line, a random opening) is actions played for the seats
// before the players take over; a bridged engine (bots/bridges/) must learn every one of them
// from its protocol, or it would play on in another game than the referee's:
//  - piskvork: any position, with BOARD;
//  - sau: only the opponent's moves after `new black|white`, so an engine as seat 1 (white)
//    can be told an opening of black's first turn (or part of it), and as seat 0 none;
//  - junqi-ccgc: none (the engine deploys and moves from START and GO).
// Hosts (boyi-match, boyi-tourney, a tournament a bot enters with its engine's protocol)
// check before any game starts and refuse with the line this returns; a bridge that still
// meets such an opening cannot play the game (SeatPlayer::cannot_play): it is void.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"

namespace boyi {

// Ok when an engine speaking `protocol` as `seat` of `game` under `rules` can be told
// `opening`; else one line naming the protocol, the seat and what would work. The opening
// itself is taken as checked (engine/opening.h: check_opening).
Status check_protocol_opening(std::string_view protocol, std::string_view game,
                              std::string_view rules, const std::vector<std::string>& opening,
                              Seat seat);

// A suite whose openings are each played from both seats (a tournament's): Ok when every
// opening can be told to an engine of `protocol` in either seat; else the first refusal.
Status check_protocol_suite(std::string_view protocol, std::string_view game,
                            std::string_view rules,
                            const std::vector<std::vector<std::string>>& suite);

}  // namespace boyi
