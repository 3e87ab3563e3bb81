// The competition platform protocol (点格棋, 苏拉卡尔塔), platform side:
//   name? -> name x (handshake)
//   new black | new white (at the seat's first move; black then sends its move)
//   move ... (the opponent's whole turn, just before the engine is to move) -> move ...
//   error (the engine's move was illegal: it sends another, up to error_retries times)
//   end [black|white], quit (the match is over)
// The bridge keeps its own copy of the game from the events and checks every
// move on it before passing it on: a 点格棋 turn must be complete (every edge but
// the last claims a box, the last none unless it takes the last box).
#include <memory>
#include <string>
#include <vector>

#include "bots/bridges/bridge_base.h"
#include "bots/bridges/text_protocol_lines.h"
#include "engine/registry.h"

namespace boyi::bots {

namespace {

class SauBridge final : public BridgeBase {
 public:
  SauBridge(BridgeOptions options, std::string game)
      : BridgeBase(std::move(options), std::move(game)) {}

 protected:
  Status begin_match() override {
    auto replica = create_game(game(), started().rules());
    if (!replica) return Error{replica.message()};
    replica_ = std::move(replica).value();
    return Status::Ok();
  }

  Status on_event(const v1::MatchEvent& event) override {
    if (event.move().empty()) return Status::Ok();
    auto applied = replica_->play(event.actor(), event.move());
    if (!applied)
      return fail("the bridge's copy of the game refused '" + event.move() +
                  "': " + applied.message());
    if (event.actor() != seat()) {
      pending_.push_back(event.move());
    } else if (!announced_) {
      // Played for the engine before it ever moved (an opening): the protocol has no words
      // for it (check_protocol_opening refuses such openings up front).
      return cannot_tell("the sau protocol cannot tell the engine as seat " +
                         std::to_string(seat()) + " of the action '" + event.move() +
                         "' played for it (an opening)");
    }
    return Status::Ok();
  }

  Result<std::string> decide(const v1::GameView&, const v1::Clocks&, SteadyTime deadline) override {
    if (!announced_) {
      if (Status s = send(sau_lines::format_new(seat())); !s) return Error{s.message()};
      announced_ = true;
    }
    int refusals = 0;
    if (!pending_.empty()) {
      std::string turn;
      for (const auto& m : pending_) turn += (turn.empty() ? "" : " ") + m;
      pending_.clear();
      auto line = sau_lines::format_move(game(), turn);
      if (!line)
        return cannot_tell("cannot pass on the opponent's move '" + turn + "': " + line.message());
      if (Status s = send(*line); !s) return Error{s.message()};
    } else if (referee_refused_) {
      if (Status s = send("error"); !s) return Error{s.message()};
      refusals = 1;
    }
    referee_refused_ = false;
    std::string last_problem;
    for (;;) {
      auto line = read_answer(deadline, "move");
      if (!line) return line;
      auto legal = check(*line);
      if (legal) return legal;  // the move, in our notation
      last_problem = legal.message();
      note("illegal: " + last_problem);
      if (refusals >= options().error_retries)
        return fail("illegal move after " + std::to_string(refusals) + " error" +
                    (refusals == 1 ? "" : "s") + ": " + last_problem);
      if (Status s = send("error"); !s) return Error{s.message()};
      ++refusals;
    }
  }

  void on_rejected(const std::string&) override { referee_refused_ = true; }

  void on_finish(const v1::MatchEnded& ended) override {
    if (send(sau_lines::format_end(ended.outcome().winner()))) (void)send("quit");
  }

 private:
  // The engine's line in our notation if it is a legal, complete turn, else why not.
  Result<std::string> check(const std::string& line) {
    auto notation = sau_lines::parse_move(game(), line);
    if (!notation) return Error{"'" + line.substr(0, 60) + "': " + notation.message()};
    auto trial = replica_->clone();
    auto applied = trial->play(seat(), *notation);
    if (!applied) return Error{"'" + line.substr(0, 60) + "': " + applied.message()};
    if (!trial->is_terminal() && trial->can_act(seat()))
      return Error{"'" + line.substr(0, 60) +
                   "': the turn is not complete (its last edge claims a box and boxes remain)"};
    return *notation;
  }

  Result<std::string> read_answer(SteadyTime deadline, std::string_view what) {
    for (;;) {
      auto line = read(deadline, what);
      if (!line || !line->empty()) return line;
    }
  }

  std::unique_ptr<AnyGame> replica_;
  std::vector<std::string> pending_;  // the opponent's actions since the engine last heard
  bool announced_ = false;
  bool referee_refused_ = false;
};

}  // namespace

std::unique_ptr<SeatPlayer> make_sau_bridge(const BridgeOptions& options, std::string_view game) {
  return std::make_unique<SauBridge>(options, std::string(game));
}

}  // namespace boyi::bots
