// WireAdapter<G>: GameAdapter<G> extended with the wire forms of WireGame, and
// the factory create_wire_game().
#include "protocol/wire/wire_game.h"

#include <utility>

#include "engine/game_adapter.h"
#include "engine/games.h"
#include "protocol/wire/convert.h"

namespace boyi::protocol {

namespace {

constexpr Seat kViewers[] = {0, 1, kPublic};

// A game's structured wire forms are optional (convert_<game>.cc): without them its views
// carry the generic text and legal moves, and its events only their move and rendering.
template <Game G>
v1::GameEvent structured_event(const G& before, const typename G::Event& event, Seat viewer) {
  if constexpr (requires { detail::to_wire_event(before, event, viewer); })
    return detail::to_wire_event(before, event, viewer);
  else
    return {};
}

template <Game G>
bool redacted_for(const typename G::Event& event, Seat viewer) {
  if constexpr (requires { detail::is_redacted(event, viewer); })
    return detail::is_redacted(event, viewer);
  else
    return false;  // a game without its own wire forms hides nothing in an event
}

template <Game G>
class WireAdapter final : public GameAdapter<G, WireGame> {
  using Base = GameAdapter<G, WireGame>;

 public:
  explicit WireAdapter(G state) : Base(std::move(state)) {}

  Result<AppliedAction> play(Seat seat, std::string_view text) override {
    auto action = play_wire(seat, text);
    if (!action) return Error{action.message()};
    return action->applied;
  }

  Result<WireAction> play_wire(Seat seat, std::string_view text) override {
    const G before = this->state_;
    auto applied = this->apply_text(seat, text);
    if (!applied) return Error{applied.message()};
    WireAction out;
    std::string full_move;
    for (const auto& m : applied->moves) {
      out.applied.moves.push_back(this->state_.format_move(m));
      if (!full_move.empty()) full_move += ' ';
      full_move += out.applied.moves.back();
    }
    for (Seat v : kViewers) {
      const std::size_t i = viewer_index(v);
      bool redacted = false;
      for (const auto& event : applied->events) {
        auto& rendering = out.applied.renderings[i];
        if (!rendering.empty()) rendering += '\n';
        rendering += G::render_event(event, v);
        out.events[i].push_back(structured_event(before, event, v));
        redacted = redacted || redacted_for<G>(event, v);
      }
      out.redacted[i] = redacted;
      out.move[i] = redacted ? std::string() : full_move;
    }
    last_ = out;
    return out;
  }

  const WireAction& last_action() const override { return last_; }

  v1::GameView wire_view(Seat viewer) const override {
    v1::GameView out = header(viewer);
    const auto view = this->state_.view(viewer);
    out.set_text(view.to_text());
    if (viewer != kPublic)
      for (auto& m : this->legal_moves(viewer)) out.add_legal_moves(std::move(m));
    if constexpr (requires { detail::fill_view(view, out); }) detail::fill_view(view, out);
    return out;
  }

  v1::GameView full_view() const override {
    v1::GameView out = header(kPublic);
    out.set_text(this->state_.to_text());
    if constexpr (requires { detail::fill_full_view(this->state_, out); })
      detail::fill_full_view(this->state_, out);
    return out;
  }

  std::unique_ptr<AnyGame> clone() const override { return clone_wire(); }
  std::unique_ptr<WireGame> clone_wire() const override {
    auto copy = std::make_unique<WireAdapter>(this->state_);
    copy->last_ = last_;
    return copy;
  }

 private:
  v1::GameView header(Seat viewer) const {
    v1::GameView out;
    out.set_game(std::string(G::kName));
    out.set_viewer(viewer == 0 || viewer == 1 ? viewer : kPublic);
    out.set_to_move(this->state_.to_move());
    out.set_can_act(viewer != kPublic && this->state_.can_act(viewer));
    out.set_ply(this->state_.ply());
    *out.mutable_outcome() = to_wire(this->state_.outcome());
    return out;
  }

  WireAction last_;
};

template <Game G>
Result<std::unique_ptr<WireGame>> create(std::string_view rules_text) {
  auto rules = G::Rules::parse(rules_text);
  if (!rules) return Error{std::string(G::kName) + " rules: " + rules.message()};
  return std::unique_ptr<WireGame>(std::make_unique<WireAdapter<G>>(G{*rules}));
}

}  // namespace

Result<std::unique_ptr<WireGame>> create_wire_game(std::string_view name,
                                                   std::string_view rules_text) {
  Result<std::unique_ptr<WireGame>> made = Error{""};
  if (visit_game(name, [&]<Game G>() { made = create<G>(rules_text); })) return made;
  // The registry names the games (and its message lists them).
  auto any = create_game(name, rules_text);
  if (!any) return Error{any.message()};
  return Error{"game '" + std::string(name) + "' has no wire adapter"};
}

v1::Ending to_wire(Ending ending) {
  switch (ending) {
    case Ending::kNone:
      return v1::ENDING_UNSPECIFIED;
    case Ending::kNormal:
      return v1::ENDING_NORMAL;
    case Ending::kResignation:
      return v1::ENDING_RESIGNATION;
    case Ending::kTimeForfeit:
      return v1::ENDING_TIME_FORFEIT;
    case Ending::kIllegalMove:
      return v1::ENDING_ILLEGAL_MOVE;
    case Ending::kFoul:
      return v1::ENDING_FOUL;
    case Ending::kNoBattleLimit:
      return v1::ENDING_NO_BATTLE_LIMIT;
    case Ending::kDisconnectForfeit:
      return v1::ENDING_DISCONNECT_FORFEIT;
    case Ending::kAdjudication:
      return v1::ENDING_ADJUDICATION;
    case Ending::kAborted:
      return v1::ENDING_ABORTED;
    case Ending::kAgreement:
      return v1::ENDING_AGREEMENT;
  }
  return v1::ENDING_UNSPECIFIED;
}

Ending from_wire(v1::Ending ending) {
  switch (ending) {
    case v1::ENDING_NORMAL:
      return Ending::kNormal;
    case v1::ENDING_RESIGNATION:
      return Ending::kResignation;
    case v1::ENDING_TIME_FORFEIT:
      return Ending::kTimeForfeit;
    case v1::ENDING_ILLEGAL_MOVE:
      return Ending::kIllegalMove;
    case v1::ENDING_FOUL:
      return Ending::kFoul;
    case v1::ENDING_NO_BATTLE_LIMIT:
      return Ending::kNoBattleLimit;
    case v1::ENDING_DISCONNECT_FORFEIT:
      return Ending::kDisconnectForfeit;
    case v1::ENDING_ADJUDICATION:
      return Ending::kAdjudication;
    case v1::ENDING_ABORTED:
      return Ending::kAborted;
    case v1::ENDING_AGREEMENT:
      return Ending::kAgreement;
    default:
      return Ending::kNone;
  }
}

v1::Outcome to_wire(const Outcome& outcome) {
  v1::Outcome out;
  out.set_ending(to_wire(outcome.ending));
  out.set_winner(outcome.winner.value_or(kPublic));
  out.set_detail(outcome.detail);
  return out;
}

}  // namespace boyi::protocol
