// The 军棋 referee protocol, referee side. The engine hears, in its own frame:
//   INFO 1.0 -> NAME x (handshake)
//   START f tttt ss -> ARRAY <25 letters> (when the seat deploys)
//   GO 0000 0 00 or GO YXYX R FF (the opponent's step) -> BESTMOVE YXYX (each move)
//   RESULT R FF (at once, when its own step has been applied)
//   END (the match is over)
// The protocol cannot ask again: an illegal or refused move loses.
#include <optional>
#include <string>

#include "bots/bridges/bridge_base.h"
#include "bots/bridges/junqi_lines.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

namespace {

using namespace std::chrono;

class JunqiBridge final : public BridgeBase {
 public:
  explicit JunqiBridge(BridgeOptions options) : BridgeBase(std::move(options), "junqi") {}

 protected:
  Status begin_match() override {
    auto rules = junqi::Rules::parse(started().rules());
    if (!rules) return Error{"rules: " + rules.message()};
    rules_ = *rules;
    return Status::Ok();
  }

  Status on_event(const v1::MatchEvent& event) override {
    if (event.actor() == seat() && !asked_)
      // Played for the engine before it was asked anything (an opening): the protocol has no
      // words for it (check_protocol_opening refuses such openings up front).
      return cannot_tell("the junqi-ccgc protocol cannot tell the engine as seat " +
                         std::to_string(seat()) + " of an action played for it (an opening)");
    for (const auto& ge : event.events()) {
      if (!ge.has_junqi() || ge.junqi().kind() != v1::JunqiEvent::KIND_STEP) continue;
      const auto& e = ge.junqi();
      const int flag = enemy_flag(e);
      if (e.seat() == seat()) {
        // Our own step: tell the engine its outcome at once.
        if (Status s = send(junqi_lines::format_result({e.code(), flag}, seat())); !s) return s;
        continue;
      }
      auto from = junqi::parse_post(e.from());
      auto to = junqi::parse_post(e.to());
      if (!from || !to) return fail("a step event with bad posts: " + e.from() + e.to());
      junqi_lines::Go go;
      go.from = *from;
      go.to = *to;
      go.code = e.code();
      go.enemy_flag = flag;
      pending_go_ = go;
    }
    return Status::Ok();
  }

  Result<std::string> decide(const v1::GameView& view, const v1::Clocks& clocks,
                             SteadyTime deadline) override {
    if (refused_) return Error{*refused_};
    asked_ = true;
    if (!view.has_junqi()) return fail("not a 军棋 view");
    const bool deployed = view.junqi().deployed_size() > seat() && view.junqi().deployed(seat());
    if (!deployed) return deploy(clocks, deadline);
    junqi_lines::Go go;
    if (pending_go_) {
      go = *pending_go_;
    } else if (!moved_ && seat() == 0) {
      go.first_turn = true;
    } else {
      return fail("no opponent move to pass on (the protocol has no way to ask again)");
    }
    if (Status s = send(junqi_lines::format_go(go, seat())); !s) return Error{s.message()};
    pending_go_.reset();
    auto line = read_answer(deadline, "BESTMOVE");
    if (!line) return line;
    auto move = junqi_lines::parse_bestmove(*line, seat());
    if (!move) return Error{"garbage instead of a move: " + move.message()};
    const std::string text = junqi::post_name(move->from) + junqi::post_name(move->to);
    bool legal = false;
    for (const auto& m : view.legal_moves()) legal = legal || m == text;
    if (!legal)
      return fail("illegal move '" + line->substr(0, 40) + "' (" + text +
                  " in the absolute frame is not a legal step)");
    moved_ = true;
    return text;
  }

  void on_rejected(const std::string& error) override {
    refused_ = "the referee refused the engine's move (" + error +
               "); the 军棋 protocol cannot ask for another";
  }

  void on_finish(const v1::MatchEnded&) override { (void)send("END"); }

 private:
  Result<std::string> deploy(const v1::Clocks& clocks, SteadyTime deadline) {
    junqi_lines::Start start;
    start.seat = seat();
    // tttt is the seat's bank; without one, the time this answer may take.
    const std::int64_t bank = bank_left_ms(clocks);
    start.seconds = static_cast<int>((bank >= 0 ? bank : move_budget_ms(clocks)) / 1000);
    start.no_battle_limit = rules_.no_battle_limit;
    if (Status s = send(junqi_lines::format_start(start)); !s) return Error{s.message()};
    auto line = read_answer(deadline, "ARRAY");
    if (!line) return line;
    auto letters = junqi_lines::parse_array(*line);
    if (!letters) return Error{"garbage instead of a deployment: " + letters.message()};
    const junqi::State fresh(rules_);
    auto move = fresh.parse_move(seat(), *letters);
    if (!move) return Error{"invalid deployment: " + move.message()};
    if (Status s = fresh.check(seat(), *move); !s)
      return Error{"invalid deployment '" + *letters + "': " + s.message()};
    return *letters;
  }

  // The next non-empty line.
  Result<std::string> read_answer(SteadyTime deadline, std::string_view what) {
    for (;;) {
      auto line = read(deadline, what);
      if (!line || !line->empty()) return line;
    }
  }

  // The receiver's enemy flag post (absolute) if the event says it is revealed.
  int enemy_flag(const v1::JunqiEvent& e) const {
    for (const auto& f : e.revealed_flags()) {
      if (f.seat() != 1 - seat()) continue;
      if (auto post = junqi::parse_post(f.post())) return *post;
    }
    return junqi_lines::kNoPost;
  }

  junqi::Rules rules_;
  std::optional<junqi_lines::Go> pending_go_;
  bool moved_ = false;
  bool asked_ = false;  // decide() has run: the seat's own actions are the engine's
  std::optional<std::string> refused_;
};

}  // namespace

std::unique_ptr<SeatPlayer> make_junqi_bridge(const BridgeOptions& options) {
  return std::make_unique<JunqiBridge>(options);
}

}  // namespace boyi::bots
