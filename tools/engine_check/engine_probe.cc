#include "tools/engine_check/engine_probe.h"

#include "tools/engine_check/scenario_support.h"

#include <algorithm>
#include <fstream>

namespace boyi::engine_check {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::int64_t ms_between(bots::SteadyTime from, bots::SteadyTime to) {
  return std::chrono::duration_cast<milliseconds>(to - from).count();
}

// The peak resident memory of a running process (VmHWM), in KiB; -1 if unknown.
std::int64_t peak_rss_kb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      std::int64_t kb = -1;
      status >> kb;
      return kb;
    }
    status.ignore(1 << 20, '\n');
  }
  return -1;
}

}  // namespace

EngineProbe::EngineProbe(const TextCheckOptions& options, std::size_t max_line,
                         ScenarioResult& result, AnswerStats& stats)
    : options_(options), max_line_(max_line), result_(result), stats_(stats) {}

EngineProbe::~EngineProbe() {
  if (process_) process_->stop(milliseconds(0));
}

bool EngineProbe::start() {
  // One transcript per check: each scenario's process appends its part.
  auto p = bots::EngineProcess::spawn(options_.argv, max_line_, options_.log_path,
                                      /*append=*/true);
  if (!p) {
    result_.fail("the engine could not be started: " + p.message());
    dead_ = true;
    return false;
  }
  process_ = std::move(p).value();
  process_->note("scenario: " + result_.name);
  started_ = asked_ = Clock::now();
  return true;
}

std::int64_t EngineProbe::ms_since_start() const {
  return ms_between(started_, Clock::now());
}

bool EngineProbe::send(std::string_view line) {
  if (!alive()) return false;
  asked_ = Clock::now();
  if (Status s = process_->send(line, asked_ + milliseconds(2000)); !s) {
    result_.fail("the engine could not be told " + quote(line) + here() + ": " + s.message());
    dead_ = true;
    return false;
  }
  return true;
}

void EngineProbe::sample_memory() {
  const std::int64_t kb = peak_rss_kb(process_->pid());
  if (kb < 0) return;
  stats_.peak_rss_kb = std::max(stats_.peak_rss_kb, kb);
  if (!told_memory_ && kb > options_.memory_mb * 1024) {
    told_memory_ = true;
    result_.fail("uses " + std::to_string(kb / 1024) + " MiB of memory" + here() + ", over the " +
                 std::to_string(options_.memory_mb) + " MiB allowed");
  }
}

void EngineProbe::check_line_end(const std::string& line) {
  if (process_->last_line_had_cr() && !told_cr_) {
    told_cr_ = true;
    result_.warn("ends its lines with \\r\\n" + here() +
                 ": Boyi accepts it, but the protocol's lines end with \\n alone");
  }
  if (line.empty() && !told_empty_) {
    told_empty_ = true;
    result_.warn("sends empty lines" + here() + ": a referee may take one for a garbled answer");
  }
}

std::optional<EngineProbe::Answer> EngineProbe::await(
    std::string_view what, std::int64_t limit_ms,
    const std::function<bool(std::string_view)>& is_answer,
    const std::function<bool(std::string_view)>& is_comment) {
  if (!alive()) return std::nullopt;
  // Past the limit it has lost on time, but a late answer still tells the author more
  // than a silence: wait a while longer to tell the two apart.
  const std::int64_t patience = std::clamp<std::int64_t>(limit_ms / 2, 1000, 5000);
  const auto deadline = asked_ + milliseconds(std::max<std::int64_t>(0, limit_ms) + patience);
  for (;;) {
    auto line = process_->read_line(deadline);
    const std::int64_t ms = ms_between(asked_, Clock::now());
    if (!line) {
      no_answer(what, limit_ms, ms, line.message());
      return std::nullopt;
    }
    ++lines_read_;
    sample_memory();
    check_line_end(*line);
    if (line->empty() || (is_comment && is_comment(*line))) continue;
    if (!is_answer(*line)) {
      if (++unexpected_ <= 3)
        result_.fail("sent " + quote(*line) + " while " + std::string(what) + " was awaited" +
                     here() + ": a referee takes the first line for the answer");
      continue;
    }
    if (ms > limit_ms)
      result_.fail("answered " + std::string(what) + " after " + bots::describe_ms(ms) + here() +
                   ", past the " + bots::describe_ms(limit_ms) + " it had: a loss on time");
    ++stats_.answers;
    stats_.total_ms += ms;
    if (ms > stats_.slowest_ms) {
      stats_.slowest_ms = ms;
      stats_.slowest_where =
          result_.name + (where_.empty() || where_ == result_.name ? "" : ", " + where_);
    }
    return Answer{*line, ms};
  }
}

void EngineProbe::no_answer(std::string_view what, std::int64_t limit_ms,
                            std::int64_t waited_ms, const std::string& error) {
  dead_ = true;
  const std::string asked = std::string(what) + here();
  if (!process_->running() || error.find("exited") != std::string::npos ||
      error.find("signal") != std::string::npos) {
    const std::string how = process_->stop(milliseconds(0));
    result_.fail("crashed while " + asked + " was awaited: " + how);
    return;
  }
  if (error.find("closed its output") != std::string::npos) {
    result_.fail("closed its output while " + asked + " was awaited");
    return;
  }
  if (error.find("longer than") != std::string::npos) {
    result_.fail("while " + asked + " was awaited: " + error);
    return;
  }
  if (!process_->unterminated().empty()) {
    result_.fail("sent " + quote(process_->unterminated()) + " as " + asked +
                 " but never ended the line: a referee reads whole lines ending in \\n");
    return;
  }
  const std::string hangs = "nothing within " + bots::describe_ms(waited_ms) + " while " +
                            asked + " was awaited: it hangs (or thinks far past its time)";
  if (lines_read_ > 0) {
    // It has printed whole lines before, so it flushes: whatever comes now is late, not held
    // back. Wait for it a while longer (the limit again, 1-5 s), to tell it from a hang.
    auto late = process_->read_line(
        Clock::now() + milliseconds(std::clamp<std::int64_t>(limit_ms, 1000, 5000)));
    if (!late) {
      result_.fail(hangs);
      return;
    }
    result_.fail("answered " + std::string(what) + " after " +
                 bots::describe_ms(ms_between(asked_, Clock::now())) + here() + ", past the " +
                 bots::describe_ms(limit_ms) + " it had: a loss on time");
    return;
  }
  std::string late = process_->collect_after_close(milliseconds(1000));
  late = late.substr(0, late.find_first_of("\r\n"));  // its first line is the point
  if (!late.empty()) {
    result_.fail("nothing within " + bots::describe_ms(waited_ms) + " while " + asked +
                 " was awaited; when its input was closed it printed " + quote(late) +
                 ": it does not flush its output after each line");
    return;
  }
  result_.fail(hangs);
}

std::optional<std::string> EngineProbe::maybe_line(std::int64_t wait_ms) {
  if (!alive()) return std::nullopt;
  auto line = process_->read_line(Clock::now() + milliseconds(wait_ms));
  if (!line) {
    if (!process_->running()) {
      result_.fail("crashed" + here() + ": " + process_->stop(milliseconds(0)));
      dead_ = true;
    }
    return std::nullopt;
  }
  ++lines_read_;
  sample_memory();
  check_line_end(*line);
  return *line;
}

void EngineProbe::goodbye(const std::vector<std::string>& lines) {
  if (!alive()) return;
  sample_memory();
  for (const auto& l : lines)
    if (!send(l)) return;
  if (!process_->exited_within(milliseconds(options_.exit_ms))) {
    result_.fail("still running " + bots::describe_ms(options_.exit_ms) + " after " +
                 quote(lines.back()) + ": the protocol wants it to exit (a referee kills it)");
  } else {
    const std::string how = process_->stop(milliseconds(0));
    if (how.find("status 0") == std::string::npos)
      result_.warn("after " + quote(lines.back()) + ": " + how + " (a clean exit has status 0)");
  }
  process_->stop(milliseconds(0));
  dead_ = true;
}

}  // namespace boyi::engine_check
