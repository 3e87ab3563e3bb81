// Episodes (observations.h) as fixed-size NumPy arrays, one row per decision of a seat:
//   obs          int8  [N, K]  the seat's view before deciding, one number per cell (below)
//   seat         int8  [N]
//   ply          int32 [N]     the game's ply at the decision
//   action       int32 [N]     the action's index among the view's legal moves (-1: not
//                              listed, a 军棋 deployment)
//   legal_count  int32 [N]
//   result       int8  [N]     the final result from the deciding seat's side: 1, 0, -1
//   match        int64 [N]     the match id
// Cells, always from the deciding seat's side: 五子棋 225 points (index (row-1)*15 + column,
// A = 0): 0 empty, 1 own stone, 2 the other's; 苏拉卡尔塔 36 points (y*6 + x): the same;
// 点格棋 60 edges (the engine's index order) 0/1, then 25 boxes: 0 open, 1 own, 2 the other's;
// 军棋 60 posts (row*5 + column, absolute frame): 0 empty, 1..12 an own piece (a..l),
// 13 an enemy piece (hidden), 14 the enemy's revealed flag.
#pragma once

#include <filesystem>
#include <vector>

#include "base/result.h"
#include "server/export/observations.h"

namespace boyi::data_export {

// The number of cells of `game`'s observation; 0 for a game without one.
int observation_cells(const std::string& game);
// One view as cells (see above).
std::vector<std::int8_t> observation(const v1::GameView& view, Seat seat);

// Every decision of the episodes (all of `game`) into an .npz file.
Status write_npz(const std::vector<Episode>& episodes, const std::string& game,
                 const std::filesystem::path& file);

}  // namespace boyi::data_export
