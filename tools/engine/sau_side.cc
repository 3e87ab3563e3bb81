// The engine side of the platform protocol (点格棋, 苏拉卡尔塔). The game is
// followed from the move lines; our own move counts as played unless `error`
// follows, which takes it back and asks for another (a different one when there
// is one). The protocol carries no time: the bank is the configured one, less
// the time each answer took.
#include <algorithm>
#include <chrono>
#include <optional>

#include "bots/bridges/text_protocol_lines.h"
#include "bots/player.h"
#include "engine/games.h"
#include "tools/engine/engine_side.h"

namespace boyi::engine_tool {

namespace {

using namespace bots;
using Clock = std::chrono::steady_clock;

template <Game G>
class SauSide final : public EngineSide {
 public:
  SauSide(EngineConfig config, std::unique_ptr<Player<G>> player)
      : config_(std::move(config)), player_(std::move(player)), rng_(config_.seed ^ 0x5a4u) {}

  std::vector<std::string> handle(std::string_view line) override {
    const auto asked = Clock::now();
    const auto text = trim(line);
    if (text == "name?") return {"name " + config_.name};
    if (text == "new black" || text == "new white") {
      state_ = G{};
      seat_ = text == "new black" ? 0 : 1;
      bank_ms_ = config_.bank_ms;
      refused_.clear();
      return seat_ == 0 ? answer(asked) : std::vector<std::string>{};
    }
    if (text.rfind("move", 0) == 0) return opponent(text, asked);
    if (text == "error") return retry(asked);
    if (text == "end" || text.rfind("end ", 0) == 0) {
      state_.reset();
      return {};
    }
    if (text == "quit") {
      done_ = true;
      return {};
    }
    if (!text.empty()) note("ignored: " + text.substr(0, 80));
    return {};
  }

  bool done() const override { return done_; }
  bool interrupts(std::string_view line) const override { return trim(line) == "quit"; }

 private:
  std::vector<std::string> opponent(const std::string& line, Clock::time_point asked) {
    if (!state_ || state_->is_terminal() || state_->to_move() != 1 - seat_) {
      note("a move while it is not the opponent's turn: ignored");
      return {};
    }
    auto notation = sau_lines::parse_move(G::kName, line);
    if (!notation) {
      note(notation.message());
      return {};
    }
    G next = *state_;
    if (Status s = apply(next, 1 - seat_, *notation); !s) {
      note("the opponent's move is not legal: " + s.message());
      return {};
    }
    state_ = next;
    refused_.clear();
    return answer(asked);
  }

  std::vector<std::string> retry(Clock::time_point asked) {
    if (!before_mine_ || last_answer_.empty()) {
      note("error without a move of ours: ignored");
      return {};
    }
    state_ = before_mine_;
    refused_.push_back(last_answer_);
    return answer(asked);
  }

  // Our action from the current state: one move, or a whole 点格棋 turn.
  std::vector<std::string> answer(Clock::time_point asked) {
    if (!state_ || state_->is_terminal() || state_->to_move() != seat_) return {};
    before_mine_ = state_;
    TimeControl tc;
    tc.bank_ms = std::max<std::int64_t>(bank_ms_, 1);
    tc.safety_margin_ms = config_.margin_ms;
    TimeBudget budget(tc);
    if (config_.stop) budget.set_stop(config_.stop);
    std::string action;
    G next = *state_;
    do {
      typename G::Move m = player_->choose(next, seat_, budget);
      if (!next.check(seat_, m)) m = random_move(next);
      action += (action.empty() ? "" : " ") + next.format_move(m);
      next.apply(m);
    } while (!next.is_terminal() && next.to_move() == seat_);
    if (std::find(refused_.begin(), refused_.end(), action) != refused_.end()) {
      // Refused before: something else, at random, so the platform sees a change.
      next = *state_;
      action.clear();
      do {
        const typename G::Move m = random_move(next);
        action += (action.empty() ? "" : " ") + next.format_move(m);
        next.apply(m);
      } while (!next.is_terminal() && next.to_move() == seat_);
    }
    state_ = next;
    last_answer_ = action;
    bank_ms_ -= std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
    auto line = sau_lines::format_move(G::kName, action);
    if (!line) {
      note("cannot write our move: " + line.message());
      return {};
    }
    return {*line};
  }

  typename G::Move random_move(const G& s) {
    typename G::MoveList list;
    s.legal_moves(list);
    return list[rng_.below(static_cast<std::uint32_t>(list.size()))];
  }

  static Status apply(G& s, Seat seat, const std::string& notation) {
    if constexpr (requires { G::parse_turn(notation); }) {  // a whole turn at once (点格棋)
      auto turn = G::parse_turn(notation);
      if (!turn) return Error{turn.message()};
      auto events = s.apply_turn_checked(seat, *turn);
      if (!events) return Error{events.message()};
    } else {
      auto move = s.parse_move(seat, notation);
      if (!move) return Error{move.message()};
      auto event = s.apply_checked(seat, *move);
      if (!event) return Error{event.message()};
    }
    return Status::Ok();
  }

  static std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
  }

  void note(const std::string& text) {
    if (config_.diagnostics) config_.diagnostics("sau: " + text);
  }

  EngineConfig config_;
  std::unique_ptr<Player<G>> player_;
  Rng rng_;
  std::optional<G> state_;
  std::optional<G> before_mine_;
  std::string last_answer_;
  std::vector<std::string> refused_;  // our actions the platform refused in this position
  Seat seat_ = 0;
  std::int64_t bank_ms_ = 0;
  bool done_ = false;
};

template <Game G>
Result<std::unique_ptr<EngineSide>> make(const EngineConfig& config) {
  auto player = make_player<G>(config.spec, config.seed);
  if (!player) return Error{player.message()};
  return std::unique_ptr<EngineSide>(
      std::make_unique<SauSide<G>>(config, std::move(player).value()));
}

}  // namespace

Result<std::unique_ptr<EngineSide>> make_sau_side(const EngineConfig& config) {
  Result<std::unique_ptr<EngineSide>> made =
      fail("the sau protocol does not play '" + config.game + "'");
  visit_game(config.game, [&]<Game G>() {
    if constexpr (engine_protocol<G>() == "sau") made = make<G>(config);
  });
  return made;
}

}  // namespace boyi::engine_tool
