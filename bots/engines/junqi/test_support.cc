#include "bots/engines/junqi/test_support.h"

namespace boyi::bots::testing {

using namespace junqi;

namespace {
std::array<std::uint8_t, kPiecesPerSide> parse_layout(std::string_view text) {
  std::array<std::uint8_t, kPiecesPerSide> l{};
  for (int i = 0; i < kPiecesPerSide && i < static_cast<int>(text.size()); ++i)
    l[i] = static_cast<std::uint8_t>(text[i] - 'a');
  return l;
}
}  // namespace

JunqiGame::JunqiGame(std::string_view layout0, std::string_view layout1, Rules rules)
    : truth(rules) {
  for (Seat s = 0; s < 2; ++s) {
    info[s].seat = s;
    info[s].rules = rules;
  }
  if (!layout0.empty()) act(0, Move::deploy(0, parse_layout(layout0)));
  if (!layout1.empty()) act(1, Move::deploy(1, parse_layout(layout1)));
}

JunqiGame JunqiGame::random(std::uint64_t seed, int plies) {
  JunqiGame g("", "");
  Rng rng(seed);
  for (Seat s = 0; s < 2; ++s) g.act(s, g.truth.random_deployment(s, rng));
  State::MoveList list;
  for (int i = 0; i < plies && !g.truth.is_terminal(); ++i) {
    g.truth.legal_moves(list);
    if (list.empty()) break;
    g.act(g.truth.to_move(), list[rng.below(static_cast<std::uint32_t>(list.size()))]);
  }
  return g;
}

bool JunqiGame::act(Seat seat, const Move& move) {
  auto e = truth.apply_checked(seat, move);
  if (!e) {
    error = e.message();
    return false;
  }
  for (Seat s = 0; s < 2; ++s) {
    info[s].events.push_back(State::event_view(*e, s));
    info[s].view = truth.view(s);
  }
  return true;
}

bool JunqiGame::step(std::string_view text) {
  const Seat seat = truth.to_move();
  if (seat == kPublic) {
    error = "nobody is to move";
    return false;
  }
  auto m = truth.parse_move(seat, text);
  if (!m) {
    error = m.message();
    return false;
  }
  return act(seat, *m);
}

}  // namespace boyi::bots::testing
