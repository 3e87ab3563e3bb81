// Starting an external engine: the process spawned and greeted with the lines of its protocol
// that do not depend on the match (sau `name?`, junqi-ccgc `INFO 1.0`, piskvork `START 15` and
// `ABOUT`), now or ahead of time. Competition engines load tables and networks when they start
// (seconds, for some); a match manager starts them before the first move, so the start-up is
// nobody's thinking time. WarmEngines does that for hosts whose clocks run from the moment a
// match begins (a server match through the bot client): it keeps engines started and greeted
// before their matches and hands one to each bridge as it starts.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "base/result.h"
#include "bots/bridges/bridge_player.h"
#include "bots/bridges/engine_process.h"
#include "bots/search/stop_signal.h"

namespace boyi::bots {

struct GreetedEngine {
  std::unique_ptr<EngineProcess> process;
  std::string name;  // what it called itself ("" when it gave none)
};

// The longest line the protocol allows.
std::size_t protocol_max_line(std::string_view protocol);

// Spawns options.argv and greets it within options.startup_timeout_ms. The transcript goes
// to `log_path`, or (`hold_transcript`) is held until EngineProcess::attach_log. Errors say
// what the engine did, e.g. "the engine did not answer in time (waited 10.00 s for name)".
Result<GreetedEngine> start_engine(const BridgeOptions& options, const std::string& log_path,
                                   bool hold_transcript = false, const StopSignal* stop = nullptr);

class WarmEngines {
 public:
  // Starts `count` (at least 1) engines of `options` at once, each on its own thread.
  WarmEngines(BridgeOptions options, int count);
  ~WarmEngines();  // stops the engines not taken
  WarmEngines(const WarmEngines&) = delete;
  WarmEngines& operator=(const WarmEngines&) = delete;

  // A greeted engine for a match starting now, its transcript from here on in `log_path`:
  // the first one ready (waiting for one still starting), and another is started in its
  // place. An engine that failed to start, or exited while it waited, is that error.
  Result<GreetedEngine> take(const std::string& log_path);
  // Waits until every engine is ready or `deadline`: Ok, or the first failure (a host checks
  // the engine before it plays anyone).
  Status wait_ready(SteadyTime deadline);
  int count() const { return count_; }
  const BridgeOptions& options() const { return options_; }

 private:
  void start_one();  // with mu_ held

  BridgeOptions options_;
  int count_;
  StopSignal stop_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<Result<GreetedEngine>> ready_;  // in the order they became ready
  int starting_ = 0;
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;  // its engine is in ready_: join it
  };
  std::vector<Worker> workers_;
};

}  // namespace boyi::bots
