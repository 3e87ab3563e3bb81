// The bot under test as a child process: started with posix_spawn from an argv (no shell)
// in a process group of its own, its stdout and stderr appended to the check's log (or
// thrown away) so nothing it prints reaches the report, watched for an early exit, and at
// the end killed with everything it started and reaped.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "base/result.h"

namespace boyi::engine_check {

class BotProcess {
 public:
  // argv[0] is searched in PATH when it has no '/'. `output_path` empty: /dev/null.
  static Result<std::unique_ptr<BotProcess>> spawn(const std::vector<std::string>& argv,
                                                   const std::string& output_path);
  ~BotProcess();  // stop()
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Whether it has exited (reaped then); exit_text() says how.
  bool exited();
  // "exit status 1", "killed by signal 11 (Segmentation fault)".
  std::string exit_text() const;
  // Kills the whole process group and reaps the child. Idempotent.
  void stop();

 private:
  BotProcess() = default;

  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = 0;
};

}  // namespace boyi::engine_check
