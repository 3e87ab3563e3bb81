// Batched inference shared across concurrent searches.
//
// A server plays many matches at once, each with a search that wants one
// network evaluation at a time. Evaluating them one by one wastes the
// network's throughput (one forward of 32 positions costs little more than one
// of a single position), so every search of a model sends its requests to one
// batcher, whose worker thread runs them together.
//
// A batch runs as soon as it is full, or as soon as every registered client is
// waiting (no more requests can come: waiting longer only adds latency), or
// when the oldest request has waited `max_wait`. A client registers for the
// time it searches (a Client object); while none is registered a request runs
// at once.
//
// Standard C++ only: the batch function is whatever runs the network.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

namespace boyi::bots::learned {

template <class Input, class Output>
class InferenceBatcher {
 public:
  // Computes outputs[i] for inputs[i]; called on the batcher's thread only.
  using RunBatch = std::function<void(std::span<const Input>, std::span<Output>)>;

  InferenceBatcher(RunBatch run, std::size_t max_batch,
                   std::chrono::microseconds max_wait = std::chrono::microseconds(500))
      : run_(std::move(run)), max_batch_(max_batch == 0 ? 1 : max_batch), max_wait_(max_wait) {
    worker_ = std::thread([this] { work(); });
  }
  ~InferenceBatcher() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_worker_.notify_all();
    worker_.join();
  }
  InferenceBatcher(const InferenceBatcher&) = delete;
  InferenceBatcher& operator=(const InferenceBatcher&) = delete;

  // A search that will evaluate through this batcher for a while.
  class Client {
   public:
    explicit Client(InferenceBatcher& b) : b_(&b) {
      std::lock_guard lock(b_->mutex_);
      ++b_->clients_;
    }
    ~Client() {
      {
        std::lock_guard lock(b_->mutex_);
        --b_->clients_;
      }
      b_->wake_worker_.notify_all();
    }
    Client(const Client&) = delete;
    Client& operator=(const Client&) = delete;

   private:
    InferenceBatcher* b_;
  };

  // Evaluates `inputs` (in one or more batches, shared with other callers) and
  // blocks until done. Rethrows what the batch function threw.
  std::vector<Output> evaluate(std::vector<Input> inputs) {
    Request r;
    r.inputs = std::move(inputs);
    r.outputs.resize(r.inputs.size());
    if (r.inputs.empty()) return {};
    std::unique_lock lock(mutex_);
    if (queue_.empty()) oldest_ = std::chrono::steady_clock::now();
    queue_.push_back(&r);
    queued_items_ += r.inputs.size();
    wake_worker_.notify_all();
    r.done_cv.wait(lock, [&] { return r.done; });
    if (r.error) std::rethrow_exception(r.error);
    return std::move(r.outputs);
  }
  Output evaluate_one(Input input) {
    std::vector<Input> one;
    one.push_back(std::move(input));
    return std::move(evaluate(std::move(one)).front());
  }

  struct Stats {
    std::int64_t items = 0;    // positions evaluated
    std::int64_t batches = 0;  // forwards run
  };
  Stats stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
  }

 private:
  struct Request {
    std::vector<Input> inputs;
    std::vector<Output> outputs;
    std::exception_ptr error;
    bool done = false;
    std::condition_variable done_cv;
  };

  bool ready() const {
    if (queue_.empty()) return false;
    return stopping_ || queued_items_ >= max_batch_ ||
           static_cast<int>(queue_.size()) >= clients_ ||
           std::chrono::steady_clock::now() - oldest_ >= max_wait_;
  }

  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_worker_.wait_until(
          lock, queue_.empty() ? std::chrono::steady_clock::time_point::max() : oldest_ + max_wait_,
          [&] { return ready() || (stopping_ && queue_.empty()); });
      if (queue_.empty()) {
        if (stopping_) return;
        continue;
      }
      if (!ready()) continue;
      // Take whole requests up to the batch size (a request larger than a
      // batch is run alone, in slices).
      std::vector<Request*> taken;
      std::size_t items = 0;
      while (!queue_.empty() &&
             (taken.empty() || items + queue_.front()->inputs.size() <= max_batch_)) {
        items += queue_.front()->inputs.size();
        taken.push_back(queue_.front());
        queue_.erase(queue_.begin());
      }
      queued_items_ -= items;
      if (!queue_.empty()) oldest_ = std::chrono::steady_clock::now();
      lock.unlock();
      std::exception_ptr error = run(taken, items);
      lock.lock();
      stats_.items += static_cast<std::int64_t>(items);
      for (Request* r : taken) {
        r->error = error;
        r->done = true;
        r->done_cv.notify_all();
      }
    }
  }

  // Runs the taken requests' inputs in slices of at most max_batch_.
  std::exception_ptr run(const std::vector<Request*>& taken, std::size_t items) {
    try {
      std::vector<Input> inputs;
      inputs.reserve(items);
      for (Request* r : taken) inputs.insert(inputs.end(), r->inputs.begin(), r->inputs.end());
      std::vector<Output> outputs(items);
      for (std::size_t at = 0; at < items; at += max_batch_) {
        const std::size_t n = std::min(max_batch_, items - at);
        run_(std::span<const Input>(inputs).subspan(at, n),
             std::span<Output>(outputs).subspan(at, n));
        std::lock_guard lock(mutex_);
        ++stats_.batches;
      }
      std::size_t at = 0;
      for (Request* r : taken)
        for (auto& o : r->outputs) o = std::move(outputs[at++]);
      return nullptr;
    } catch (...) {
      return std::current_exception();
    }
  }

  RunBatch run_;
  const std::size_t max_batch_;
  const std::chrono::microseconds max_wait_;
  mutable std::mutex mutex_;
  std::condition_variable wake_worker_;
  std::vector<Request*> queue_;
  std::size_t queued_items_ = 0;
  std::chrono::steady_clock::time_point oldest_{};
  int clients_ = 0;
  bool stopping_ = false;
  Stats stats_;
  std::thread worker_;
};

}  // namespace boyi::bots::learned
