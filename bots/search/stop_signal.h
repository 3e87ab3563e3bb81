// A request to stop thinking, from outside the search: the match the search is for ended, or
// the program is shutting down. A TimeBudget given one reports should_stop() as soon as it is
// raised, so every search that polls its budget answers at once with the best move it holds.
// Signals chain: a signal with a parent is raised when the parent is (a house bot's own
// signal under the server's one for shutdown). Raising is thread-safe; lowering is for a
// signal that serves one search after another (boyi-engine's: raised while a line that
// interrupts thinking waits to be read).
#pragma once

#include <atomic>

namespace boyi::bots {

class StopSignal {
 public:
  explicit StopSignal(const StopSignal* parent = nullptr) : parent_(parent) {}
  StopSignal(const StopSignal&) = delete;
  StopSignal& operator=(const StopSignal&) = delete;

  void raise() { raised_.store(true, std::memory_order_relaxed); }
  void lower() { raised_.store(false, std::memory_order_relaxed); }
  bool raised() const {
    return raised_.load(std::memory_order_relaxed) || (parent_ && parent_->raised());
  }

 private:
  const StopSignal* parent_;  // must outlive this signal
  std::atomic<bool> raised_{false};
};

}  // namespace boyi::bots
