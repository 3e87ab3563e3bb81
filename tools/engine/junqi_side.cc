// The engine side of the 军棋 referee protocol. The seat's knowledge is rebuilt
// from its own ARRAY, its RESULTs and the opponent's GOs only (JunqiSeatTracker);
// the bank comes from START tttt and the time each move took is taken off it.
#include <algorithm>
#include <chrono>
#include <optional>

#include "bots/bridges/junqi_lines.h"
#include "bots/bridges/junqi_seat_tracker.h"
#include "bots/player.h"
#include "tools/engine/engine_side.h"

namespace boyi::engine_tool {

namespace {

using namespace bots;
using Clock = std::chrono::steady_clock;

class JunqiSide final : public EngineSide {
 public:
  JunqiSide(EngineConfig config, std::unique_ptr<Player<junqi::State>> player)
      : config_(std::move(config)), player_(std::move(player)), rng_(config_.seed ^ 0x6a71) {}

  std::vector<std::string> handle(std::string_view line) override {
    const auto asked = Clock::now();
    const std::string_view key = junqi_lines::keyword(line);
    if (key == "INFO") return {"NAME " + config_.name};
    if (key == "START") return start(line, asked);
    if (key == "GO") return go(line, asked);
    if (key == "RESULT") {
      result(line);
      return {};
    }
    if (key == "END") {
      done_ = true;
      return {};
    }
    if (!line.empty()) note("ignored: " + std::string(line.substr(0, 80)));
    return {};
  }

  bool done() const override { return done_; }
  bool interrupts(std::string_view line) const override {
    return junqi_lines::keyword(line) == "END";
  }

 private:
  std::vector<std::string> start(std::string_view line, Clock::time_point asked) {
    auto start = junqi_lines::parse_start(line);
    if (!start) {
      note(start.message());
      return {};
    }
    junqi::Rules rules;
    rules.no_battle_limit = std::clamp(start->no_battle_limit, 10, 31);
    tracker_.start(start->seat, rules);
    bank_ms_ = std::int64_t{start->seconds} * 1000;
    last_.reset();
    const junqi::State fresh(rules);
    junqi::Move layout = player_->choose(tracker_.info(), start->seat, budget());
    if (layout.kind != junqi::Move::kDeploy || !fresh.check(start->seat, layout)) {
      note("the player's layout is not legal: a random one instead");
      layout = fresh.random_deployment(start->seat, rng_);
    }
    const std::string letters = fresh.format_move(layout);
    if (Status s = tracker_.deployed(letters); !s) note(s.message());
    charge(asked);
    return {junqi_lines::format_array(letters)};
  }

  std::vector<std::string> go(std::string_view line, Clock::time_point asked) {
    if (!tracker_.started() || !tracker_.own_deployed()) {
      note("GO before START: ignored");
      return {};
    }
    auto go = junqi_lines::parse_go(line, tracker_.seat());
    if (!go) {
      note(go.message());
      return {};
    }
    if (Status s = tracker_.opponent_go(*go); !s) {
      note("GO refused: " + s.message());
      return {};
    }
    auto step = choose();
    if (!step) {
      note("no legal step");
      return {};
    }
    last_ = *step;
    charge(asked);
    return {junqi_lines::format_bestmove(step->from, step->to, tracker_.seat())};
  }

  void result(std::string_view line) {
    if (!last_) {
      note("RESULT without a move of ours: ignored");
      return;
    }
    auto r = junqi_lines::parse_result(line, tracker_.seat());
    if (!r) {
      note(r.message());
      return;
    }
    if (Status s = tracker_.own_result(*last_, *r); !s) note("RESULT refused: " + s.message());
    last_.reset();
  }

  // The player's step, checked against a world consistent with what we know.
  std::optional<junqi::Move> choose() {
    const JunqiDeterminizer det(tracker_.info());
    auto world = det.sample(rng_);
    if (!world) return std::nullopt;
    const junqi::Move m = player_->choose(tracker_.info(), tracker_.seat(), budget());
    if (m.kind == junqi::Move::kStep && world->check(tracker_.seat(), m)) return m;
    note("the player's step is not legal: a random one instead");
    junqi::State::MoveList list;
    world->legal_moves(list);
    if (list.empty()) return std::nullopt;
    return list[rng_.below(static_cast<std::uint32_t>(list.size()))];
  }

  TimeBudget budget() const {
    TimeControl tc;
    tc.bank_ms = std::max<std::int64_t>(bank_ms_, 1);
    tc.moves_to_go = 40;
    tc.safety_margin_ms = config_.margin_ms;
    TimeBudget budget(tc);
    if (config_.stop) budget.set_stop(config_.stop);
    return budget;
  }

  void charge(Clock::time_point asked) {
    bank_ms_ -= std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
  }

  void note(const std::string& text) {
    if (config_.diagnostics) config_.diagnostics("junqi-ccgc: " + text);
  }

  EngineConfig config_;
  std::unique_ptr<Player<junqi::State>> player_;
  Rng rng_;
  JunqiSeatTracker tracker_;
  std::optional<junqi::Move> last_;
  std::int64_t bank_ms_ = 0;
  bool done_ = false;
};

}  // namespace

Result<std::unique_ptr<EngineSide>> make_junqi_side(const EngineConfig& config) {
  auto player = make_player<junqi::State>(config.spec, config.seed);
  if (!player) return Error{player.message()};
  return std::unique_ptr<EngineSide>(
      std::make_unique<JunqiSide>(config, std::move(player).value()));
}

}  // namespace boyi::engine_tool
