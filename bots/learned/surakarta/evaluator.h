// The network as the search sees it: standard C++ only, so the search (neural_mcts.h) and the
// player never include torch. The torch-backed implementation (network.cc) runs every forward
// of one loaded weights file on one InferenceBatcher, shared by every search of the process.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bots/learned/surakarta/features.h"
#include "base/result.h"

namespace boyi::bots::learned::surakarta_net {

class Evaluator {
 public:
  virtual ~Evaluator() = default;

  // Evaluates the positions (together with whatever other searches submit meanwhile) and
  // blocks until done. Throws std::runtime_error when the network fails.
  virtual std::vector<NetOutput> evaluate(std::vector<Planes> inputs) = 0;

  // Held by a search while it runs: the batcher then waits for the registered searches'
  // requests to fill a batch instead of running each at once.
  class Registration {
   public:
    virtual ~Registration() = default;
  };
  virtual std::unique_ptr<Registration> register_search() = 0;

  struct Stats {
    std::int64_t positions = 0;  // evaluated so far
    std::int64_t batches = 0;    // forwards run
  };
  virtual Stats stats() const = 0;
  virtual std::string describe() const = 0;  // "resnet 32ch×3 blocks"
};

// The network `neural` plays by default: the SARSA method's network taught by the alpha-beta
// engine `loop`'s games (a warm start from a boyi-match log; README.md, "Distilled from loop").
inline constexpr const char* kWeightsFile = "surakarta-distilled.pt";
// The seed paper's network: SARSA self-play alone (docs/seeds/surakarta.md).
inline constexpr const char* kSarsaWeightsFile = "surakarta-sarsa.pt";

// The process's one evaluator for the weights file (shared_model): loaded on first use. An
// error (missing, truncated, garbage or another model's file) says why; the caller falls back.
Result<std::shared_ptr<Evaluator>> shared_evaluator(const std::filesystem::path& file,
                                                    int max_batch = 64);

}  // namespace boyi::bots::learned::surakarta_net
