// One external engine program run as a child process and spoken to in lines:
// started with posix_spawn from an argv (no shell), stdin and stdout on pipes,
// every read bounded by a deadline and a line length, the child killed (its
// whole process group) and reaped at the end. Nothing the child prints or does
// (crash, hang, garbage, closed pipes) can block the caller past its deadline,
// crash the caller (SIGPIPE is kept from the process) or leave a zombie.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::bots {

class StopSignal;

using SteadyTime = std::chrono::steady_clock::time_point;

class EngineProcess {
 public:
  // Starts argv[0] (searched in PATH when it has no '/') with the arguments. Lines
  // longer than `max_line` bytes are refused. `log_path` (optional) receives a
  // transcript of every line both ways ("> " to the engine, "< " from it), started
  // afresh or (`append`) added to. With `hold_transcript` and no path the transcript is kept
  // in memory until attach_log() (an engine started before its match is known).
  static Result<std::unique_ptr<EngineProcess>> spawn(const std::vector<std::string>& argv,
                                                      std::size_t max_line,
                                                      const std::string& log_path = "",
                                                      bool append = false,
                                                      bool hold_transcript = false);
  ~EngineProcess();  // stop(0)
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes one line (a '\n' is added) before `deadline`.
  Status send(std::string_view line, SteadyTime deadline);
  // The next line from the engine without its "\n" or "\r\n", before `deadline`.
  // Errors say what happened: no answer in time, the engine exited (with its
  // status) or closed its output, a line over the limit, `stop` raised while it waited.
  Result<std::string> read_line(SteadyTime deadline, const StopSignal* stop = nullptr);

  // Closes the engine's stdin, waits up to `grace` for it to exit, then kills
  // its process group and reaps it. Idempotent. Returns how it ended.
  std::string stop(std::chrono::milliseconds grace);

  pid_t pid() const { return pid_; }
  bool running();  // not exited yet (reaps it if it has)
  // Waits up to `wait` for the child to exit on its own (it is not reaped).
  bool exited_within(std::chrono::milliseconds wait);

  // For a strict reader (the conformance kit): whether the last line read ended with
  // "\r\n", and the bytes received after the last complete line (an answer the engine
  // has not ended with a newline).
  bool last_line_had_cr() const { return last_cr_; }
  const std::string& unterminated() const { return buffer_; }
  // Closes the engine's input and collects, for up to `wait`, what it prints until its
  // output closes: what a program that never flushed leaves in its buffers at exit.
  std::string collect_after_close(std::chrono::milliseconds wait);
  // Writes a note into the transcript ("# ..."), if there is one.
  void note(std::string_view text);
  // Starts writing the transcript to `path` ("": drops it), the lines held so far first.
  Status attach_log(const std::string& path);

 private:
  EngineProcess() = default;
  void log(char direction, std::string_view line);
  // Kills what is left of the process group and reaps the child.
  void kill_and_reap();
  std::string exit_text() const;

  pid_t pid_ = -1;
  int in_fd_ = -1;   // the engine's stdin (we write)
  int out_fd_ = -1;  // the engine's stdout (we read)
  bool reaped_ = false;
  int status_ = 0;
  bool eof_ = false;
  bool last_cr_ = false;
  bool stopped_noted_ = false;
  std::size_t max_line_ = 4096;
  std::string buffer_;  // bytes read but not yet returned as a line
  std::ofstream log_;
  bool hold_log_ = false;  // no file yet: lines go to held_log_ (attach_log)
  std::string held_log_;
  SteadyTime started_{};
};

// "did not answer within 1.25 s" style text for a span of milliseconds.
std::string describe_ms(std::int64_t ms);

}  // namespace boyi::bots
