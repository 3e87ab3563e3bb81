// LocalWireMatch<G>: one match refereed by the one referee (protocol::WireMatch over a
// MemoryJournal, on a clock that never moves), giving each seat exactly the messages a
// server gives it (MatchStarted, MatchEvent per accepted action, MatchEnded), next to
// the engine's own truth: the full State and, for 军棋, every seat's event views from the
// engine. For tests of what is rebuilt from the wire.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/game.h"
#include "base/result.h"
#include "base/rng.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "protocol/match/wire_match.h"
#include "referee/journal.h"

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
      : truth_(rules) {
    referee::MatchConfig config;
    config.match_id = std::move(match_id);
    config.game = std::string(G::kName);
    config.rules_text = rules.to_string();
    config.time.total_ms = 600000;
    // Tests try refused actions freely: never lose a test match on them.
    config.illegal = referee::IllegalMovePolicy::retry(referee::kMaxIllegalAttempts);
    protocol::MatchHeader header;
    for (Seat s = 0; s < 2; ++s) {
      header.players[s].set_name("seat" + std::to_string(s));
      header.players[s].set_role(v1::ROLE_BOT);
    }
    auto match = protocol::WireMatch::create(config, header, journal_, kNow);
    ok_ = match.ok();
    if (!ok_) return;
    match_ = std::move(match).value();
    for (Seat s = 0; s < 2; ++s) started_[s] = match_->started(s, kNow);
  }

  bool ok() const { return ok_; }
  const G& truth() const { return truth_; }
  bool over() const { return match_->referee().finished(); }
  std::uint32_t seq() const { return protocol::WireMatch::wire_seq(match_->referee().last_seq()); }
  const v1::MatchStarted& started(Seat seat) const { return started_[seat]; }
  // 军棋: every event as the engine renders it for `seat`, in order.
  const std::vector<junqi::EventView>& event_views(Seat seat) const { return event_views_[seat]; }
  // Every event message each seat was given (without views), in seq order.
  const std::vector<v1::MatchEvent>& sent(Seat seat) const { return sent_[seat]; }
  v1::GameView view(Seat seat) const { return match_->view(seat); }
  v1::Clocks clocks() const { return match_->clocks(kNow); }

  // The seat to act next at random: the side to move, or during a simultaneous phase
  // one of the seats that may still act. kPublic when the game is over.
  Seat next_actor(Rng& rng) const {
    std::vector<Seat> can;
    for (Seat s = 0; s < 2; ++s)
      if (match_->referee().can_act(s)) can.push_back(s);
    return can.empty() ? kPublic : can[rng.below(static_cast<std::uint32_t>(can.size()))];
  }

  // A random legal action of `seat`; for 点格棋 sometimes a whole turn ("AAA BAB").
  std::string random_action(Seat seat, Rng& rng) const {
    const AnyGame& game = match_->referee().game();
    if constexpr (std::is_same_v<G, dots::State>) {
      if (rng.below(2) == 0) {
        auto copy = game.clone();
        std::string turn;
        while (!copy->is_terminal() && copy->to_move() == seat) {
          const std::string edge = copy->random_move(seat, rng);
          if (edge.empty() || !copy->play(seat, edge)) break;
          turn += (turn.empty() ? "" : " ") + edge;
        }
        if (!turn.empty()) return turn;
      }
    }
    return game.random_move(seat, rng);
  }

  // Submits `text` for `seat` to the referee and returns each seat's event (with its view
  // after the action when `with_views`), or why the action was refused.
  Result<std::array<v1::MatchEvent, 2>> play(Seat seat, const std::string& text, bool with_views) {
    const auto result = match_->submit(seat, text, kNow);
    if (!result.accepted()) return Error{result.reason};
    for (const std::string& m : match_->action_moves(match_->actions())) {
      auto move = truth_.parse_move(seat, m);
      if (!move) return Error{"truth: " + move.message()};
      auto event = truth_.apply_checked(seat, *move);
      if (!event) return Error{"truth: " + event.message()};
      if constexpr (kHidden)
        for (Seat v = 0; v < 2; ++v) event_views_[v].push_back(G::event_view(*event, v));
    }
    std::array<v1::MatchEvent, 2> out;
    for (Seat v = 0; v < 2; ++v) {
      for (const auto& e : match_->referee().events_for(v, told_[v])) {
        told_[v] = e.seq;
        if (e.kind != referee::EventKind::kAction) continue;
        auto m = match_->message(v, e, with_views);
        if (!m) return Error{"no message for seq " + std::to_string(e.seq)};
        out[v] = m->match_event();
        sent_[v].push_back(out[v]);
        sent_[v].back().clear_view();
      }
    }
    return out;
  }

  v1::MatchEnded ended() const {
    for (const auto& e : match_->referee().events_for(0, 1))
      if (e.kind == referee::EventKind::kEnd)
        if (auto m = match_->message(0, e, false)) return m->match_ended();
    return {};
  }

 private:
  static constexpr referee::TimePoint kNow{};

  G truth_;
  referee::MemoryJournal journal_;
  std::unique_ptr<protocol::WireMatch> match_;
  bool ok_ = false;
  std::array<std::uint64_t, 2> told_{1, 1};  // the referee's seq each seat was told
  std::array<v1::MatchStarted, 2> started_;
  std::array<std::vector<junqi::EventView>, 2> event_views_;
  std::array<std::vector<v1::MatchEvent>, 2> sent_;
};

}  // namespace boyi::bots::testing
