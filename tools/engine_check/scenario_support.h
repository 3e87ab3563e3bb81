// Small pieces every protocol's scenarios share: a line quoted for a finding, and one line
// saying how a game ended for the engine.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "base/result.h"
#include "engine/core/outcome.h"
#include "tools/engine_check/check_report.h"
#include "tools/engine_check/engine_probe.h"

namespace boyi::engine_check {

// Whether the line's first word is `word` (case matters).
bool first_word_is(std::string_view line, std::string_view word);

// 'BESTMOVE G0F0' — printable, cut at 60 characters.
std::string quote(std::string_view line);

// "won (flag captured) in 41 moves", "lost ...", "drawn ...", or "stopped after 400 moves".
std::string game_summary(const Outcome& outcome, Seat engine_seat, int moves);

// The handshake of the protocols that ask for a name (junqi-ccgc `INFO 1.0` -> `NAME x`, sau
// `name?` -> `name x`): starts the process, asks, and checks the answer's keyword, form and
// time. The name, or nothing (the findings are made).
struct NameExchange {
  std::string request;  // "INFO 1.0"
  std::string keyword;  // "NAME"
  std::function<Result<std::string>(std::string_view)> parse_name;
  // The protocol's bare-name answer that hosts take with a warning (junqi-ccgc), if any: a
  // failure here, and the check goes on with that name.
  std::function<Result<std::string>(std::string_view)> parse_bare_name = nullptr;
};
std::optional<std::string> name_handshake(EngineProbe& probe, const TextCheckOptions& options,
                                          ScenarioResult& result, AnswerStats& stats,
                                          const NameExchange& exchange);

// Answers the protocol accepts but not in its exact form (double spaces, a trailing space,
// another case): one warning per kind of answer and scenario.
class FormCheck {
 public:
  explicit FormCheck(ScenarioResult& result) : result_(result) {}
  void exact(std::string_view line, std::string_view canonical, const std::string& what);
  // A piskvork line that is no move while a move was awaited: an ERROR line or one of no
  // form (once per kind and scenario).
  void note_skipped(std::string_view line, const std::string& where);

 private:
  ScenarioResult& result_;
  std::set<std::string> told_;
};

}  // namespace boyi::engine_check
