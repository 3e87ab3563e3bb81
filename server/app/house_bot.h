// The server's own players ("play a house bot"). A house bot sees exactly what a person in
// its seat sees: it chooses from its seat's wire view (the legal moves listed there) and,
// for a 军棋 deployment, from a fresh game of the same rules (a random legal layout knows
// nothing of the opponent). Today's only strength is `random`; stronger engines (issue 4)
// implement the same interface.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/rng.h"

namespace boyi::app {

class HousePlayer {
 public:
  virtual ~HousePlayer() = default;
  // The action to send in this view, or nullopt when the seat may not act.
  virtual std::optional<std::string> choose(const v1::GameView& view) = 0;
  virtual std::string name() const = 0;
};

// A uniformly random legal action from the seat's own view.
class RandomHousePlayer final : public HousePlayer {
 public:
  RandomHousePlayer(std::string game, std::string rules, int seat, std::uint64_t seed);
  std::optional<std::string> choose(const v1::GameView& view) override;
  std::string name() const override { return "random"; }

 private:
  std::string game_, rules_;
  int seat_;
  Rng rng_;
};

// The player for a strength (1..10, 0 = default); every strength is `random` for now.
std::unique_ptr<HousePlayer> make_house_player(std::uint32_t strength, const std::string& game,
                                               const std::string& rules, int seat,
                                               std::uint64_t seed);

}  // namespace boyi::app
