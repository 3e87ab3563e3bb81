// Internal to the text records: the per-game part of each format — the game
// codes, a match's actions as record items and back, and the order in which
// the colours must appear.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "server/records/text_record.h"

namespace boyi::records::detail {

// "C5" <-> "gomoku", "JQ" <-> "junqi", "DB" <-> "dots", "SK" <-> "surakarta"; "" if none.
std::string_view code_of_game(std::string_view game);
std::string_view game_of_code(std::string_view code);

// The record items of a match's actions (五子棋: stones only; 点格棋: whole turns).
Result<std::vector<TextMove>> moves_from_actions(std::string_view game,
                                                 std::span<const referee::RecordedAction> actions);

// Checks the shape of a parsed item's parts and fills its engine actions.
Status fill_actions(std::string_view game, TextMove& move);

// The colours in the order the game allows (the first item of 点格棋, 五子棋 and
// 苏拉卡尔塔 is colour 0 and they alternate; 军棋 starts with the two deployments,
// one per colour in either order, then steps alternate from red).
Status check_colour_order(std::string_view game, std::span<const TextMove> moves);

}  // namespace boyi::records::detail
