// LocalWireMatch<G>: one match played locally through protocol::WireGame, giving each
// seat the messages a server gives it (MatchStarted, MatchEvent per accepted action,
// MatchEnded) built the way the server builds them (server/app/match_messages.cc),
// next to the engine's own truth: the full State and, for 军棋, every seat's event
// views from the engine. For tests of what is rebuilt from the wire.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/game.h"
#include "engine/core/result.h"
#include "engine/core/rng.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "protocol/wire/wire_game.h"

namespace boyi::bots::testing {

// Rules worth covering for each game: the defaults, and for 五子棋 the ccgc opening too
// (swap/keep, "offer J10", "choose J10").
template <Game G>
std::vector<typename G::Rules> rule_variants() {
  std::vector<typename G::Rules> out = {typename G::Rules{}};
  if constexpr (std::is_same_v<G, gomoku::State>) {
    for (const char* text : {"rule=renju opening=ccgc fifth_n=2", "rule=gomoku opening=ccgc"}) {
      auto r = G::Rules::parse(text);
      if (r) out.push_back(*r);
    }
  }
  return out;
}

template <Game G>
class LocalWireMatch {
 public:
  static constexpr bool kHidden = std::is_same_v<G, junqi::State>;

  explicit LocalWireMatch(const typename G::Rules& rules = {}, std::string match_id = "m1")
      : truth_(rules), match_id_(std::move(match_id)) {
    auto wire = protocol::create_wire_game(G::kName, rules.to_string());
    ok_ = wire.ok();
    if (ok_) wire_ = std::move(wire).value();
    time_control_.set_total_ms(600000);
    for (Seat s = 0; s < 2; ++s) started_[s] = make_started(s);
  }

  bool ok() const { return ok_; }
  const G& truth() const { return truth_; }
  const protocol::WireGame& wire() const { return *wire_; }
  bool over() const { return wire_->is_terminal(); }
  std::uint32_t seq() const { return seq_; }
  const v1::MatchStarted& started(Seat seat) const { return started_[seat]; }
  // 军棋: every event as the engine renders it for `seat`, in order.
  const std::vector<junqi::EventView>& event_views(Seat seat) const { return event_views_[seat]; }
  // Every event message each seat was given (without views), in seq order.
  const std::vector<v1::MatchEvent>& sent(Seat seat) const { return sent_[seat]; }

  v1::Clocks clocks() const {
    v1::Clocks c;
    c.add_remaining_ms(time_control_.total_ms());
    c.add_remaining_ms(time_control_.total_ms());
    c.set_running(wire_->is_terminal() ? -1 : wire_->to_move());
    c.set_running_both(!wire_->is_terminal() && wire_->to_move() == kPublic);
    return c;
  }

  // The seat to act next at random: the side to move, or during a simultaneous phase
  // one of the seats that may still act. kPublic when the game is over.
  Seat next_actor(Rng& rng) const {
    if (wire_->is_terminal()) return kPublic;
    if (wire_->to_move() != kPublic) return wire_->to_move();
    std::vector<Seat> can;
    for (Seat s = 0; s < 2; ++s)
      if (wire_->can_act(s)) can.push_back(s);
    return can.empty() ? kPublic : can[rng.below(static_cast<std::uint32_t>(can.size()))];
  }

  // A random legal action of `seat`; for 点格棋 sometimes a whole turn ("AAA BAB").
  std::string random_action(Seat seat, Rng& rng) const {
    if constexpr (std::is_same_v<G, dots::State>) {
      if (rng.below(2) == 0) {
        auto copy = wire_->clone();
        std::string turn;
        while (!copy->is_terminal() && copy->to_move() == seat) {
          const std::string edge = copy->random_move(seat, rng);
          if (edge.empty() || !copy->play(seat, edge)) break;
          turn += (turn.empty() ? "" : " ") + edge;
        }
        if (!turn.empty()) return turn;
      }
    }
    return wire_->random_move(seat, rng);
  }

  // Applies `text` for `seat` (the referee's checked path) and returns each seat's event
  // (with its view after the action when `with_views`), or why the action was refused.
  Result<std::array<v1::MatchEvent, 2>> play(Seat seat, const std::string& text, bool with_views) {
    auto action = wire_->play_wire(seat, text);
    if (!action) return Error{action.message()};
    for (const std::string& m : action->applied.moves) {
      auto move = truth_.parse_move(seat, m);
      if (!move) return Error{"truth: " + move.message()};
      auto event = truth_.apply_checked(seat, *move);
      if (!event) return Error{"truth: " + event.message()};
      if constexpr (kHidden)
        for (Seat v = 0; v < 2; ++v) event_views_[v].push_back(G::event_view(*event, v));
    }
    ++seq_;
    std::array<v1::MatchEvent, 2> out;
    for (Seat v = 0; v < 2; ++v) {
      const std::size_t vi = viewer_index(v);
      v1::MatchEvent& e = out[v];
      e.set_match_id(match_id_);
      e.set_seq(seq_);
      e.set_ply(wire_->ply());
      e.set_actor(seat);
      e.set_move(action->move[vi]);
      e.set_redacted(action->redacted[vi]);
      e.set_rendering(action->applied.renderings[vi]);
      for (const auto& ge : action->events[vi]) *e.add_events() = ge;
      *e.mutable_clocks() = clocks();
      e.set_to_move(wire_->is_terminal() ? -1 : wire_->to_move());
      sent_[v].push_back(e);
      if (with_views) *e.mutable_view() = wire_->wire_view(v);
    }
    return out;
  }

  v1::MatchEnded ended() const {
    v1::MatchEnded e;
    e.set_match_id(match_id_);
    e.set_seq(seq_ + 1);
    *e.mutable_outcome() = protocol::to_wire(wire_->outcome());
    *e.mutable_final_view() = wire_->full_view();
    return e;
  }

 private:
  v1::MatchStarted make_started(Seat seat) const {
    v1::MatchStarted m;
    if (!ok_) return m;
    m.set_match_id(match_id_);
    m.set_game(std::string(G::kName));
    m.set_rules(wire_->rules_text());
    *m.mutable_time_control() = time_control_;
    m.set_seat(seat);
    *m.mutable_clocks() = clocks();
    *m.mutable_view() = wire_->wire_view(seat);
    m.set_illegal_move_attempts(3);
    return m;
  }

  G truth_;
  std::unique_ptr<protocol::WireGame> wire_;
  bool ok_ = false;
  std::string match_id_;
  v1::TimeControl time_control_;
  std::uint32_t seq_ = 0;
  std::array<v1::MatchStarted, 2> started_;
  std::array<std::vector<junqi::EventView>, 2> event_views_;
  std::array<std::vector<v1::MatchEvent>, 2> sent_;
};

}  // namespace boyi::bots::testing
