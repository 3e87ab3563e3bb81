// 五子棋 to the wire: perfect information, so every viewer's view is the same
// board; conversions read gomoku::View and gomoku::Event only.
#include <string>

#include "protocol/wire/convert.h"

namespace boyi::protocol::detail {

namespace {

v1::GomokuColour colour(gomoku::Colour c) {
  return c == gomoku::Colour::kBlack ? v1::GOMOKU_BLACK : v1::GOMOKU_WHITE;
}

v1::GomokuStep step(gomoku::Step s) {
  switch (s) {
    case gomoku::Step::kStone1:
      return v1::GOMOKU_STEP_STONE1;
    case gomoku::Step::kStone2:
      return v1::GOMOKU_STEP_STONE2;
    case gomoku::Step::kStone3:
      return v1::GOMOKU_STEP_STONE3;
    case gomoku::Step::kSwap:
      return v1::GOMOKU_STEP_SWAP;
    case gomoku::Step::kStone4:
      return v1::GOMOKU_STEP_STONE4;
    case gomoku::Step::kOffer:
      return v1::GOMOKU_STEP_OFFER;
    case gomoku::Step::kChoose:
      return v1::GOMOKU_STEP_CHOOSE;
    case gomoku::Step::kPlay:
      return v1::GOMOKU_STEP_PLAY;
  }
  return v1::GOMOKU_STEP_PLAY;
}

v1::GomokuEvent::Action action(gomoku::Action a) {
  switch (a) {
    case gomoku::Action::kPlace:
      return v1::GomokuEvent::ACTION_PLACE;
    case gomoku::Action::kSwap:
      return v1::GomokuEvent::ACTION_SWAP;
    case gomoku::Action::kKeep:
      return v1::GomokuEvent::ACTION_KEEP;
    case gomoku::Action::kOffer:
      return v1::GomokuEvent::ACTION_OFFER;
    case gomoku::Action::kChoose:
      return v1::GomokuEvent::ACTION_CHOOSE;
  }
  return v1::GomokuEvent::ACTION_PLACE;
}

v1::GomokuEvent::Effect effect(gomoku::Effect e) {
  switch (e) {
    case gomoku::Effect::kNone:
      return v1::GomokuEvent::EFFECT_NONE;
    case gomoku::Effect::kFive:
      return v1::GomokuEvent::EFFECT_FIVE;
    case gomoku::Effect::kFoul:
      return v1::GomokuEvent::EFFECT_FOUL;
    case gomoku::Effect::kBoardFull:
      return v1::GomokuEvent::EFFECT_BOARD_FULL;
  }
  return v1::GomokuEvent::EFFECT_NONE;
}

v1::GomokuEvent::Foul foul(gomoku::Foul f) {
  switch (f) {
    case gomoku::Foul::kNone:
      return v1::GomokuEvent::FOUL_NONE;
    case gomoku::Foul::kOverline:
      return v1::GomokuEvent::FOUL_OVERLINE;
    case gomoku::Foul::kDoubleFour:
      return v1::GomokuEvent::FOUL_DOUBLE_FOUR;
    case gomoku::Foul::kDoubleThree:
      return v1::GomokuEvent::FOUL_DOUBLE_THREE;
  }
  return v1::GomokuEvent::FOUL_NONE;
}

// The notation of an action: "H8", "swap", "keep", "offer J10", "choose J10".
std::string action_text(const gomoku::Move& m) {
  switch (m.action) {
    case gomoku::Action::kSwap:
      return "swap";
    case gomoku::Action::kKeep:
      return "keep";
    case gomoku::Action::kOffer:
      return "offer " + gomoku::format_point(m.point);
    case gomoku::Action::kChoose:
      return "choose " + gomoku::format_point(m.point);
    case gomoku::Action::kPlace:
      break;
  }
  return gomoku::format_point(m.point);
}

void fill(const gomoku::View& view, v1::GameView& out) {
  auto* g = out.mutable_gomoku();
  for (int p = 0; p < gomoku::kPoints; ++p) {
    const auto point = static_cast<gomoku::Point>(p);
    if (view.board[p] == gomoku::Cell::kBlack) g->add_black(gomoku::format_point(point));
    if (view.board[p] == gomoku::Cell::kWhite) g->add_white(gomoku::format_point(point));
  }
  g->set_black_seat(view.black_seat);
  g->set_step(step(view.step));
  g->set_colour_to_move(colour(view.colour_to_move));
  for (int i = 0; i < view.offer_count && i < 5; ++i)
    g->add_offers(gomoku::format_point(view.offers[i]));
  if (view.has_last_move) g->set_last_move(action_text(view.last_move));
  g->set_last_colour(colour(view.last_colour));
  view.forbidden.for_each([&](gomoku::Point p) { g->add_forbidden(gomoku::format_point(p)); });
  g->set_rules(view.rules.to_string());
}

}  // namespace

void fill_view(const gomoku::View& view, v1::GameView& out) {
  fill(view, out);
}

void fill_full_view(const gomoku::State& state, v1::GameView& out) {
  fill(state.view(kPublic), out);
}

v1::GameEvent to_wire_event(const gomoku::State& /*before*/, const gomoku::Event& event,
                            Seat /*viewer*/) {
  v1::GameEvent out;
  auto* g = out.mutable_gomoku();
  g->set_seat(event.actor);
  g->set_colour(colour(event.colour));
  g->set_action(action(event.move.action));
  if (event.move.point != gomoku::kNoPoint) g->set_point(gomoku::format_point(event.move.point));
  g->set_effect(effect(event.effect));
  g->set_foul(foul(event.foul));
  g->set_winner(event.effect == gomoku::Effect::kFive || event.effect == gomoku::Effect::kFoul
                    ? event.winner
                    : kPublic);
  return out;
}

}  // namespace boyi::protocol::detail
