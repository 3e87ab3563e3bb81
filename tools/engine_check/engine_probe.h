// One engine process as a strict referee sees it: every line it sends is timed and checked
// for its ending (a CR before the LF), for lines nobody asked for, and, when no answer comes,
// for why (a crash with its status or signal, an answer without its newline, output that
// only appears when the engine's input is closed: it never flushed, or a hang). Its peak
// memory is sampled as it runs. What deviates becomes a finding of the scenario.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bridges/engine_process.h"
#include "tools/engine_check/check_report.h"
#include "tools/engine_check/text_check.h"

namespace boyi::engine_check {

// Figures over the whole check, for the report's end.
struct AnswerStats {
  int answers = 0;
  std::int64_t total_ms = 0;
  std::int64_t slowest_ms = -1;
  std::string slowest_where;
  std::int64_t slowest_start_ms = -1;  // the handshake's answer
  std::int64_t peak_rss_kb = 0;
};

class EngineProbe {
 public:
  EngineProbe(const TextCheckOptions& options, std::size_t max_line, ScenarioResult& result,
              AnswerStats& stats);
  ~EngineProbe();  // kills what is left of the process (the goodbye is the caller's)
  EngineProbe(const EngineProbe&) = delete;
  EngineProbe& operator=(const EngineProbe&) = delete;

  // Starts the process; false (with a finding) when it cannot be started.
  bool start();
  // False once the engine is gone or can no longer be talked to (its findings are made).
  bool alive() const { return process_ != nullptr && !dead_; }
  // Where in the scenario the next findings happen ("move 12"), for their text.
  void at(std::string where) { where_ = std::move(where); }

  bool send(std::string_view line);

  struct Answer {
    std::string line;     // without its line end
    std::int64_t ms = 0;  // from the request (the last send) to the answer's arrival
  };
  // The engine's answer to a request: the first line `is_answer` accepts. Lines
  // `is_comment` accepts (piskvork's MESSAGE ...) are skipped; any other line is a
  // failure (the referee would take it for the answer) and skipped too. An answer after
  // `limit_ms` is a failure (it would lose on time) but returned; none at all within the
  // limit and some patience is a failure saying why, and the probe is dead.
  std::optional<Answer> await(std::string_view what, std::int64_t limit_ms,
                              const std::function<bool(std::string_view)>& is_answer,
                              const std::function<bool(std::string_view)>& is_comment = {});
  // Whether the engine printed anything within `wait_ms` (for requests that want no
  // answer, or a polite answer like UNKNOWN); the line if so.
  std::optional<std::string> maybe_line(std::int64_t wait_ms);

  // Sends the goodbye lines; the process must then exit by itself within exit_ms.
  void goodbye(const std::vector<std::string>& lines);

  std::int64_t ms_since_start() const;

 private:
  void sample_memory();
  void check_line_end(const std::string& line);
  // No answer within the wait: say why (crash, no newline, a late answer, unflushed, hang) and
  // stop.
  void no_answer(std::string_view what, std::int64_t limit_ms, std::int64_t waited_ms,
                 const std::string& error);
  std::string here() const { return where_.empty() ? "" : " (" + where_ + ")"; }

  const TextCheckOptions& options_;
  std::size_t max_line_;
  ScenarioResult& result_;
  AnswerStats& stats_;
  std::unique_ptr<bots::EngineProcess> process_;
  bots::SteadyTime started_{};
  bots::SteadyTime asked_{};
  bool dead_ = false;
  std::string where_;
  bool told_cr_ = false, told_empty_ = false, told_memory_ = false;
  int unexpected_ = 0;
  int lines_read_ = 0;  // whole lines it printed: once any came, it flushes its output
};

}  // namespace boyi::engine_check
