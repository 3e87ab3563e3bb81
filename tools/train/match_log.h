// Games from boyi-match's --log (tools/match/local_match.h, game_log) for a warm start: the
// PGN-like records of engine-against-engine matches, so a method can learn from a stronger
// engine's play (boyi-train --warm-start LOG). One game per record:
//   [Game "surakarta"] [Rules "..."] ... [Result "1-0"|"0-1"|"1/2-1/2"] (one tag a line)
//   1. SEAT ACTION {optional note}
//   ...
//   RESULT
// Actions an opening suite imposed carry the note kOpeningNote; they are counted in the
// game's `opening_actions` (no player chose them, so they teach no move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "bots/learned/training_method.h"

namespace boyi::train {

// The note the arena gives an action played from an opening suite (bots/arena/arena.cc).
inline constexpr std::string_view kOpeningNote = "from the opening suite";

// Whether `text` looks like a boyi-match log (its first non-blank line is a [Game] tag).
bool is_match_log(std::string_view text);

// The games of `game` in the log (a record of another game is an error).
Result<std::vector<bots::learned::RecordedGame>> parse_match_log(std::string_view text,
                                                                 const std::string& game,
                                                                 const std::string& where);

}  // namespace boyi::train
