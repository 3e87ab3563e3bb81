// The simplest SeatPlayer: a function from the match and the seat's view to a move.
#include "bots/client/bot.h"

namespace boyi::bots {

namespace {

class CallbackPlayer final : public SeatPlayer {
 public:
  explicit CallbackPlayer(std::shared_ptr<const MoveFunction> choose)
      : choose_(std::move(choose)) {}

  std::string name() const override { return "callback"; }
  Status start(const v1::MatchStarted& started) override {
    started_ = started;
    return Status::Ok();
  }
  Status observe(const v1::MatchEvent& /*event*/) override { return Status::Ok(); }
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& /*clocks*/) override {
    return (*choose_)(started_, view);
  }

 private:
  std::shared_ptr<const MoveFunction> choose_;
  v1::MatchStarted started_;
};

}  // namespace

SeatPlayerFactory callback_players(MoveFunction choose) {
  auto shared = std::make_shared<const MoveFunction>(std::move(choose));
  return [shared](const v1::MatchStarted&) -> Result<std::unique_ptr<SeatPlayer>> {
    return std::unique_ptr<SeatPlayer>(std::make_unique<CallbackPlayer>(shared));
  };
}

}  // namespace boyi::bots
