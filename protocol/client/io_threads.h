// An io_context run by a few threads, for clients of the server (the test client, the load
// generator). Stopping it lets the work in flight end first: an io_context stopped with
// coroutines still suspended on it leaks their frames, which is what the address sanitizer saw
// at the exit of the tests.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

namespace boyi::protocol {

class IoThreads {
 public:
  explicit IoThreads(int threads) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { ioc_.run(); });
  }
  ~IoThreads() { stop(); }
  IoThreads(const IoThreads&) = delete;
  IoThreads& operator=(const IoThreads&) = delete;

  boost::asio::io_context& context() { return ioc_; }

  // Waits up to `drain` for the work in flight (connections closing, timers) to end, then
  // stops the context and joins the threads. Idempotent.
  void stop(std::chrono::milliseconds drain = std::chrono::seconds(5)) {
    if (threads_.empty()) return;
    guard_.reset();
    const auto until = std::chrono::steady_clock::now() + drain;
    while (!ioc_.stopped() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ioc_.stop();
    for (auto& t : threads_) t.join();
    threads_.clear();
  }

 private:
  boost::asio::io_context ioc_;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> guard_{
      ioc_.get_executor()};
  std::vector<std::thread> threads_;
};

}  // namespace boyi::protocol
