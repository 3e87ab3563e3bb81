// The last resort of a host that must answer by a deadline whatever its search does: the
// search runs on a thread of its own; at the watchdog's instant its stop signal is raised
// (every search answers at once on it), and if it has still not answered a little later, the
// host answers without it. The abandoned search ends in the background; until it has, busy()
// says so and no new search may use its player.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "bots/search/stop_signal.h"

namespace boyi::bots {

class SearchWatchdog {
 public:
  using Instant = std::chrono::steady_clock::time_point;
  // The answer of a search: a move in notation, or why there is none.
  struct Answer {
    std::string move;
    std::string error;  // the search threw this
  };

  SearchWatchdog() = default;
  SearchWatchdog(const SearchWatchdog&) = delete;
  SearchWatchdog& operator=(const SearchWatchdog&) = delete;
  // Stops a search still running and waits for it.
  ~SearchWatchdog();

  // Whether an abandoned search is still running.
  bool busy() const;

  // Runs `search` with a stop signal under `parent` on the watchdog's thread and waits for
  // its answer: until `raise_at`, then raises the stop and waits `grace` more. Nothing when
  // the search was abandoned then; with no `raise_at`, waits as long as it takes. Only one
  // search runs at a time (busy() must be false).
  std::optional<Answer> run(std::function<std::string(const StopSignal&)> search,
                            const StopSignal* parent, std::optional<Instant> raise_at,
                            std::chrono::steady_clock::duration grace);

 private:
  struct Search {
    explicit Search(const StopSignal* parent) : stop(parent) {}
    StopSignal stop;
    mutable std::mutex mu;
    std::condition_variable answered;
    std::optional<Answer> answer;
  };
  void join_finished();

  std::shared_ptr<Search> search_;
  std::thread thread_;
};

}  // namespace boyi::bots
