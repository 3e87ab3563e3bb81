#include "server/export/npz_export.h"

#include <map>

#include "engine/dots/dots.h"
#include "engine/dots/geometry.h"
#include "engine/gomoku/types.h"
#include "server/export/npz.h"

namespace boyi::data_export {
namespace {

std::int8_t side_of(int owner, Seat seat) { return owner < 0 ? 0 : owner == seat ? 1 : 2; }

const std::map<std::string, int>& dots_edges() {
  static const std::map<std::string, int> m = [] {
    std::map<std::string, int> out;
    for (int e = 0; e < dots::kEdges; ++e) out[dots::edge_name(e)] = e;
    return out;
  }();
  return m;
}

}  // namespace

int observation_cells(const std::string& game) {
  if (game == "gomoku") return gomoku::kSize * gomoku::kSize;
  if (game == "surakarta") return 36;
  if (game == "dots") return dots::kEdges + dots::kBoxes;
  if (game == "junqi") return 60;
  return 0;
}

std::vector<std::int8_t> observation(const v1::GameView& view, Seat seat) {
  std::vector<std::int8_t> cells(static_cast<std::size_t>(observation_cells(view.game())), 0);
  if (view.has_gomoku()) {
    const Seat black = view.gomoku().black_seat();
    const auto put = [&](const std::string& point, Seat owner) {
      auto p = gomoku::parse_point(point);
      if (p) cells[static_cast<std::size_t>(*p)] = side_of(owner, seat);
    };
    for (const auto& p : view.gomoku().black()) put(p, black);
    for (const auto& p : view.gomoku().white()) put(p, 1 - black);
  } else if (view.has_surakarta()) {
    for (int i = 0; i < view.surakarta().cells_size() && i < 36; ++i) {
      const int c = view.surakarta().cells(i);
      cells[static_cast<std::size_t>(i)] = c == 0 ? 0 : side_of(c - 1, seat);
    }
  } else if (view.has_dots()) {
    for (const auto& edge : view.dots().edges())
      if (auto it = dots_edges().find(edge); it != dots_edges().end())
        cells[static_cast<std::size_t>(it->second)] = 1;
    for (int b = 0; b < view.dots().box_owner_size() && b < dots::kBoxes; ++b)
      cells[static_cast<std::size_t>(dots::kEdges + b)] = side_of(view.dots().box_owner(b), seat);
  } else if (view.has_junqi()) {
    for (int p = 0; p < view.junqi().posts_size() && p < 60; ++p) {
      const auto& post = view.junqi().posts(p);
      std::int8_t v = 0;
      switch (post.kind()) {
        case v1::JUNQI_POST_OWN:
          v = post.piece().size() == 1 ? static_cast<std::int8_t>(1 + post.piece()[0] - 'a') : 0;
          break;
        case v1::JUNQI_POST_HIDDEN:
          v = 13;
          break;
        case v1::JUNQI_POST_REVEALED_FLAG:
          v = 14;
          break;
        default:
          v = 0;  // empty; full views (after the end) are never an observation
      }
      cells[static_cast<std::size_t>(p)] = v;
    }
  }
  return cells;
}

Status write_npz(const std::vector<Episode>& episodes, const std::string& game,
                 const std::filesystem::path& file) {
  const int k = observation_cells(game);
  if (k == 0) return fail("no observation encoding for game '" + game + "'");
  std::vector<std::int8_t> obs, seat, result;
  std::vector<std::int32_t> ply, action, legal;
  std::vector<std::int64_t> match;
  for (const auto& e : episodes) {
    if (e.game != game) return fail("episode of match " + e.match_id + " is not " + game);
    for (const auto& s : e.steps) {
      if (!s.view_before) continue;
      const auto cells = observation(*s.view_before, e.seat);
      obs.insert(obs.end(), cells.begin(), cells.end());
      seat.push_back(static_cast<std::int8_t>(e.seat));
      result.push_back(static_cast<std::int8_t>(e.result));
      ply.push_back(s.view_before->ply());
      action.push_back(s.action_index);
      legal.push_back(s.view_before->legal_moves_size());
      match.push_back(std::atoll(e.match_id.c_str()));
    }
  }
  const auto n = static_cast<std::int64_t>(seat.size());
  NpzWriter w;
  w.add("obs", "|i1", {n, k}, le_bytes(obs));
  w.add("seat", "|i1", {n}, le_bytes(seat));
  w.add("ply", "<i4", {n}, le_bytes(ply));
  w.add("action", "<i4", {n}, le_bytes(action));
  w.add("legal_count", "<i4", {n}, le_bytes(legal));
  w.add("result", "|i1", {n}, le_bytes(result));
  w.add("match", "<i8", {n}, le_bytes(match));
  return w.write(file);
}

}  // namespace boyi::data_export
