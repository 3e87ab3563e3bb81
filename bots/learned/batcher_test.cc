#include "bots/learned/batcher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>

namespace boyi::bots::learned {
namespace {

using Squares = InferenceBatcher<int, long>;

Squares::RunBatch squares(std::atomic<int>* largest = nullptr) {
  return [largest](std::span<const int> in, std::span<long> out) {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<long>(in[i]) * in[i];
    if (largest) {
      int seen = largest->load();
      while (static_cast<int>(in.size()) > seen &&
             !largest->compare_exchange_weak(seen, in.size())) {
      }
    }
  };
}

TEST(InferenceBatcher, ComputesEveryRequest) {
  Squares b(squares(), 8);
  EXPECT_EQ(b.evaluate_one(7), 49);
  const auto out = b.evaluate({1, 2, 3});
  EXPECT_EQ(out, (std::vector<long>{1, 4, 9}));
  EXPECT_TRUE(b.evaluate({}).empty());
}

TEST(InferenceBatcher, SlicesARequestLargerThanABatch) {
  std::atomic<int> largest{0};
  Squares b(squares(&largest), 4);
  std::vector<int> in(10);
  for (int i = 0; i < 10; ++i) in[i] = i;
  const auto out = b.evaluate(in);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(out[i], i * i);
  EXPECT_LE(largest.load(), 4);
  EXPECT_EQ(b.stats().batches, 3);
}

// Four searches that each wait for their evaluation: the batcher runs them
// together once all four are waiting, so there are far fewer forwards than
// positions, and each search gets its own answers.
TEST(InferenceBatcher, ConcurrentClientsShareForwards) {
  std::atomic<int> largest{0};
  Squares b(squares(&largest), 64, std::chrono::seconds(10));
  constexpr int kClients = 4, kEach = 50;
  std::atomic<int> wrong{0};
  {
    std::vector<std::unique_ptr<Squares::Client>> clients;
    for (int c = 0; c < kClients; ++c) clients.push_back(std::make_unique<Squares::Client>(b));
    std::vector<std::thread> threads;
    for (int c = 0; c < kClients; ++c)
      threads.emplace_back([&, c] {
        for (int i = 0; i < kEach; ++i) {
          const int x = c * 1000 + i;
          if (b.evaluate_one(x) != static_cast<long>(x) * x) ++wrong;
        }
        clients[c].reset();
      });
    for (auto& t : threads) t.join();
  }
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(b.stats().items, kClients * kEach);
  EXPECT_LE(b.stats().batches, kClients * kEach / 2);
  EXPECT_GE(largest.load(), 2);
}

TEST(InferenceBatcher, AFailingBatchReachesItsCallers) {
  Squares b([](std::span<const int>, std::span<long>) { throw std::runtime_error("no network"); },
            8);
  EXPECT_THROW(b.evaluate_one(3), std::runtime_error);
  // The batcher still serves later requests.
  EXPECT_THROW(b.evaluate({1, 2}), std::runtime_error);
}

}  // namespace
}  // namespace boyi::bots::learned
