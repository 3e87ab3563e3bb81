// GameAdapter<G>: any boyi::Game behind the AnyGame interface. Included only by
// registry.cc, so the four games' headers stay out of widely included files.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/game.h"
#include "engine/registry.h"

namespace boyi {

template <Game G>
class GameAdapter final : public AnyGame {
 public:
  explicit GameAdapter(G state) : state_(std::move(state)) {}

  std::string_view name() const override { return G::kName; }
  std::string rules_text() const override { return state_.rules().to_string(); }
  Seat to_move() const override { return state_.to_move(); }
  bool can_act(Seat seat) const override { return state_.can_act(seat); }
  int ply() const override { return state_.ply(); }
  bool is_terminal() const override { return state_.is_terminal(); }
  Outcome outcome() const override { return state_.outcome(); }
  std::uint64_t hash() const override { return state_.hash(); }

  std::vector<std::string> legal_moves(Seat seat) const override {
    std::vector<std::string> out;
    if (state_.is_terminal() || !state_.can_act(seat) || state_.to_move() != seat) return out;
    typename G::MoveList list;
    state_.legal_moves(list);
    out.reserve(list.size());
    for (const auto& m : list) out.push_back(state_.format_move(m));
    return out;
  }

  Result<AppliedAction> play(Seat seat, std::string_view text) override {
    if constexpr (requires(G g, typename G::Turn t) { g.apply_turn_checked(seat, t); }) {
      if (text.find_first_of(" \t") != std::string_view::npos) return play_turn(seat, text);
    }
    auto move = state_.parse_move(seat, text);
    if (!move) return Error{move.message()};
    auto event = state_.apply_checked(seat, *move);
    if (!event) return Error{event.message()};
    AppliedAction applied;
    applied.moves.push_back(state_.format_move(*move));
    add_renderings(applied, *event);
    return applied;
  }

  std::string random_move(Seat seat, Rng& rng) const override {
    if constexpr (requires(Rng& r) { state_.random_deployment(seat, r); }) {
      if (state_.can_act(seat) && state_.to_move() == kPublic)
        return state_.format_move(state_.random_deployment(seat, rng));
    }
    typename G::MoveList list;
    state_.legal_moves(list);
    if (list.empty()) return {};
    return state_.format_move(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
  }

  std::string view_text(Seat viewer) const override { return state_.view(viewer).to_text(); }
  std::string full_text() const override { return state_.to_text(); }
  std::unique_ptr<AnyGame> clone() const override { return std::make_unique<GameAdapter>(state_); }

 private:
  static void add_renderings(AppliedAction& applied, const typename G::Event& event) {
    const Seat viewers[] = {0, 1, kPublic};
    for (Seat v : viewers) {
      auto& out = applied.renderings[viewer_index(v)];
      if (!out.empty()) out += '\n';
      out += G::render_event(event, v);
    }
  }

  Result<AppliedAction> play_turn(Seat seat, std::string_view text) {
    auto turn = state_.parse_turn(text);
    if (!turn) return Error{turn.message()};
    auto events = state_.apply_turn_checked(seat, *turn);
    if (!events) return Error{events.message()};
    AppliedAction applied;
    for (const auto& m : *turn) applied.moves.push_back(state_.format_move(m));
    for (const auto& e : *events) add_renderings(applied, e);
    return applied;
  }

  G state_;
};

template <Game G>
Result<std::unique_ptr<AnyGame>> create_adapted(std::string_view rules_text) {
  auto rules = G::Rules::parse(rules_text);
  if (!rules) return Error{std::string(G::kName) + " rules: " + rules.message()};
  return std::unique_ptr<AnyGame>(std::make_unique<GameAdapter<G>>(G{*rules}));
}

}  // namespace boyi
