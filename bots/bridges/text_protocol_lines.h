// Lines of the two other text protocols (docs/rules/engine-protocols.md):
//  - the competition platform protocol of 点格棋 and 苏拉卡尔塔 ("sau"): name? /
//    name x / new black|white / move ... / error / end [black|white] / quit;
//  - the Gomoku brain protocol (Gomocup / Piskvork): coordinates "x,y" with x the
//    column and y the row from the top, 0-based; INFO rule bits.
// Shared by the bridge (platform side) and boyi-engine (engine side).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/outcome.h"
#include "base/result.h"
#include "engine/gomoku/types.h"

namespace boyi::bots {

// Shared by every protocol's lines: the words of a line (split on spaces and tabs), and
// a line quoted for an error message (cut at 80 characters).
std::vector<std::string_view> line_words(std::string_view line);
std::string quoted_line(std::string_view line);

namespace sau_lines {

inline constexpr std::size_t kMaxLine = 255;  // the platform's line limit

// Our notation of one action ("AAA BAB" for a 点格棋 turn, "BBBC" for 苏拉卡尔塔)
// as a platform line ("move 2 AAA BAB", "move BBBC"), and back. `game` is
// "dots" or "surakarta"; parse checks the form only (not legality).
Result<std::string> format_move(std::string_view game, std::string_view notation);
Result<std::string> parse_move(std::string_view game, std::string_view line);

// "new black" (seat 0 moves first) or "new white".
std::string format_new(Seat seat);
// "end", "end black" or "end white" for a winner (kPublic: none).
std::string format_end(Seat winner);
// The name in "name <engine name>", or an error.
Result<std::string> parse_name(std::string_view line);

}  // namespace sau_lines

namespace piskvork_lines {

inline constexpr std::size_t kMaxLine = 4096;

// "7,7" for H8 (x = column 0..14, y = row from the top 0..14); parse accepts
// spaces around the numbers and nothing else.
std::string format_point(gomoku::Point p);
Result<gomoku::Point> parse_point(std::string_view text);

// INFO rule bitmask: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
int rule_bits(gomoku::RuleSet rule);  // freestyle 0, standard 1, renju 4
Result<gomoku::RuleSet> rule_from_bits(int bits);

// Lines a brain may print that are not answers and are ignored: MESSAGE, DEBUG,
// UNKNOWN, SUGGEST (case-insensitive keyword). ERROR is not ignored: the brain
// refuses what it was told (is_error).
bool is_comment(std::string_view line);
bool is_error(std::string_view line);
// The name in an ABOUT answer (name="pela", version="1.0", ...), "" if none.
std::string about_name(std::string_view line);

}  // namespace piskvork_lines

}  // namespace boyi::bots
