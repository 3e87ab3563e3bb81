// What boyi-engine-check found: one result per scenario, each with the deviations from the
// protocol in plain words (a failure breaks the protocol or loses games; a warning is accepted
// by Boyi's bridges but worth fixing), the figures measured, and a pass/fail verdict an
// organiser can require before a tournament.
#pragma once

#include <string>
#include <vector>

namespace boyi::engine_check {

enum class Severity { kFail, kWarn };

struct Finding {
  Severity severity = Severity::kFail;
  std::string text;  // plain words: what happened, where, and what the protocol wants
  int times = 1;     // the same finding again is counted, not listed again
};

struct ScenarioResult {
  std::string name;     // "handshake", "game 2 (second)", ...
  std::string summary;  // one line: what was played or seen ("won 14-11 in 31 moves")
  std::vector<Finding> findings;

  void fail(std::string text) { add(Severity::kFail, std::move(text)); }
  void warn(std::string text) { add(Severity::kWarn, std::move(text)); }
  void add(Severity severity, std::string text);
  bool failed() const;
};

class Report {
 public:
  // What was checked, for the report's first line ("junqi-ccgc engine './x --fast'").
  explicit Report(std::string subject) : subject_(std::move(subject)) {}

  void add(ScenarioResult result) { scenarios_.push_back(std::move(result)); }
  // A measured figure for the report's end ("slowest answer 0.31 s (game 2, move 14)").
  void figure(std::string text) { figures_.push_back(std::move(text)); }

  const std::vector<ScenarioResult>& scenarios() const { return scenarios_; }
  int failures() const;
  int warnings() const;
  bool passed() const { return failures() == 0; }

  // The whole report in plain words: one line per scenario (PASS, WARN or FAIL), each
  // deviation under it, the figures, and the verdict on the last line.
  std::string text() const;

 private:
  std::string subject_;
  std::vector<ScenarioResult> scenarios_;
  std::vector<std::string> figures_;
};

}  // namespace boyi::engine_check
