// Small pieces every protocol's scenarios share: a line quoted for a finding, and one line
// saying how a game ended for the engine.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "engine/core/outcome.h"
#include "tools/engine_check/check_report.h"

namespace boyi::engine_check {

// 'BESTMOVE G0F0' — printable, cut at 60 characters.
std::string quote(std::string_view line);

// "won (flag captured) in 41 moves", "lost ...", "drawn ...", or "stopped after 400 moves".
std::string game_summary(const Outcome& outcome, Seat engine_seat, int moves);

// Answers the protocol accepts but not in its exact form (double spaces, a trailing space,
// another case): one warning per kind of answer and scenario.
class FormCheck {
 public:
  explicit FormCheck(ScenarioResult& result) : result_(result) {}
  void exact(std::string_view line, std::string_view canonical, const std::string& what);
  // A piskvork ERROR line while a move was awaited (once per scenario).
  void note_error(std::string_view line, const std::string& where);

 private:
  ScenarioResult& result_;
  std::set<std::string> told_;
};

}  // namespace boyi::engine_check
