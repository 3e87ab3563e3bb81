#include "bots/search/search_watchdog.h"

#include <exception>

namespace boyi::bots {

SearchWatchdog::~SearchWatchdog() {
  if (search_) search_->stop.raise();
  if (thread_.joinable()) thread_.join();
}

bool SearchWatchdog::busy() const {
  if (!search_) return false;
  std::lock_guard lock(search_->mu);
  return !search_->answer;
}

void SearchWatchdog::join_finished() {
  if (thread_.joinable()) thread_.join();
  search_.reset();
}

std::optional<SearchWatchdog::Answer> SearchWatchdog::run(
    std::function<std::string(const StopSignal&)> search, const StopSignal* parent,
    std::optional<Instant> raise_at, std::chrono::steady_clock::duration grace) {
  join_finished();
  auto s = std::make_shared<Search>(parent);
  search_ = s;
  thread_ = std::thread([s, search = std::move(search)] {
    Answer a;
    try {
      a.move = search(s->stop);
    } catch (const std::exception& e) {
      a.error = e.what();
    } catch (...) {
      a.error = "an unknown exception";
    }
    std::lock_guard lock(s->mu);
    s->answer = std::move(a);
    s->answered.notify_all();
  });
  std::unique_lock lock(s->mu);
  const auto done = [&] { return s->answer.has_value(); };
  if (!raise_at) {
    s->answered.wait(lock, done);
  } else if (!s->answered.wait_until(lock, *raise_at, done)) {
    s->stop.raise();
    if (!s->answered.wait_for(lock, grace, done)) return std::nullopt;
  }
  Answer a = std::move(*s->answer);
  lock.unlock();
  join_finished();
  return a;
}

}  // namespace boyi::bots
