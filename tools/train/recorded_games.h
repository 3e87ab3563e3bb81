// Real games for a supervised warm start (boyi-train --warm-start FILE): the JSON lines that
// `boyi-admin export --format jsonl` writes (server/export/README.md), one episode per seat,
// joined by match into whole games: every action in order with its seat, and the winner; or
// a boyi-match log (match_log.h), told apart by its first line.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "base/result.h"
#include "bots/learned/training_method.h"

namespace boyi::train {

// The games of `game` in the file, either format (episodes of other games are an error: the file was made
// for another trainer). Each match needs both seats' episodes.
Result<std::vector<bots::learned::RecordedGame>> read_recorded_games(
    const std::filesystem::path& file, const std::string& game);
// The same from the lines themselves (`where` names them in errors).
Result<std::vector<bots::learned::RecordedGame>> parse_recorded_games(const std::string& lines,
                                                                      const std::string& game,
                                                                      const std::string& where);

}  // namespace boyi::train
