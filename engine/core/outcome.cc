#include "engine/core/outcome.h"

#include <array>

namespace boyi {
namespace {
constexpr std::array<std::string_view, 11> kNames = {
    "none",    "normal",          "resignation",        "time_forfeit", "illegal_move", "foul",
    "no_battle_limit", "disconnect_forfeit", "adjudication", "aborted",      "agreement",
};
}  // namespace

std::string_view ending_name(Ending e) {
  return kNames[static_cast<std::size_t>(e)];
}

std::optional<Ending> parse_ending(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<Ending>(i);
  return std::nullopt;
}

std::string describe(const Outcome& o) {
  if (!o.finished()) return "in progress";
  std::string s = o.winner ? "seat " + std::to_string(*o.winner) + " wins" : std::string("draw");
  s += " (";
  s += ending_name(o.ending);
  if (!o.detail.empty()) s += ": " + o.detail;
  s += ")";
  return s;
}

}  // namespace boyi
