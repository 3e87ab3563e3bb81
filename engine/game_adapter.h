// GameAdapter<G>: any boyi::Game behind the AnyGame interface. Included only
// where adapters are made (the registry, the protocol's wire adapters), so the
// four games' headers stay out of widely included files.
//
// Base lets a layer above extend the interface (e.g. the protocol adds wire
// views) while reusing this adapter: class WireAdapter : GameAdapter<G, WireGame>.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/registry.h"

namespace boyi {

// Games whose actions may be whole turns of several moves (点格棋). A named concept, not an
// inline requires-expression: clang 14 treats a missing G::Turn there as a hard error.
template <class G>
concept HasTurns = requires(G g, Seat seat, typename G::Turn t) {
  g.apply_turn_checked(seat, t);
};

template <Game G, class Base = AnyGame>
class GameAdapter : public Base {
 public:
  explicit GameAdapter(G state) : state_(std::move(state)) {}
  // The typed state (for code that holds an adapter it made: searches, analysis).
  const G& state() const { return state_; }

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
    auto applied = apply_text(seat, text);
    if (!applied) return Error{applied.message()};
    AppliedAction out;
    for (const auto& m : applied->moves) out.moves.push_back(state_.format_move(m));
    const Seat viewers[] = {0, 1, kPublic};
    for (const auto& event : applied->events)
      for (Seat v : viewers) {
        auto& rendering = out.renderings[viewer_index(v)];
        if (!rendering.empty()) rendering += '\n';
        rendering += G::render_event(event, v);
      }
    return out;
  }

  std::string random_move(Seat seat, Rng& rng) const override {
    if constexpr (requires(Rng & r) { state_.random_deployment(seat, r); }) {
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
  // An adapter extended with pure virtuals of a layer above (abstract here)
  // cannot copy itself at this level: its concrete subclass overrides clone().
  std::unique_ptr<AnyGame> clone() const override {
    if constexpr (std::is_abstract_v<GameAdapter>) {
      return nullptr;  // unreachable: the concrete subclass's override is called
    } else {
      return std::make_unique<GameAdapter>(state_);
    }
  }

 protected:
  struct Applied {
    std::vector<typename G::Move> moves;
    std::vector<typename G::Event> events;
  };

  // The checked path from text: one move, or for games with whole turns (点格棋)
  // a whitespace-separated turn, applied atomically. Nothing changes on error.
  Result<Applied> apply_text(Seat seat, std::string_view text) {
    Applied applied;
    if constexpr (HasTurns<G>) {
      if (text.find_first_of(" \t") != std::string_view::npos) {
        auto turn = state_.parse_turn(text);
        if (!turn) return Error{turn.message()};
        auto events = state_.apply_turn_checked(seat, *turn);
        if (!events) return Error{events.message()};
        applied.moves.assign(turn->begin(), turn->end());
        applied.events = std::move(events).value();
        return applied;
      }
    }
    auto move = state_.parse_move(seat, text);
    if (!move) return Error{move.message()};
    auto event = state_.apply_checked(seat, *move);
    if (!event) return Error{event.message()};
    applied.moves.push_back(*move);
    applied.events.push_back(std::move(event).value());
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
