#include "bots/learned/junqi/dmc_features.h"

#include <algorithm>

#include "bots/games/heuristics.h"
#include "engine/junqi/battle.h"

namespace boyi::bots::learned {

using namespace junqi;

namespace {

// Row and column one-hot of an absolute post, in `seat`'s own frame.
void put_post(float* out, int post, Seat seat) {
  const int own = to_own_frame(post, seat);
  out[row_of(own)] = 1;
  out[kRows + col_of(own)] = 1;
}

// Railway, camp (and headquarters) flags of a post; the frame does not matter.
bool on_rail(int post) {
  return (board::kRail >> post) & 1;
}
bool in_camp(int post) {
  return (board::kCamps >> post) & 1;
}
bool in_headquarters(int post) {
  return (board::kHeadquarters >> post) & 1;
}

int first_of_kind(int kind) {
  int at = 0;
  for (int k = 0; k < kind; ++k) at += kPieceCount[k];
  return at;
}

void own_pieces(const JunqiSeatInfo& info, float* out) {
  std::array<int, kPieceKinds> seen{};
  // Own-frame post order, so the grouping does not depend on the seat.
  for (int own = 0; own < kPosts; ++own) {
    const int post = from_own_frame(own, info.seat);
    const int cell = info.view.cells[post];
    if (cell == 0 || cell == View::kHidden || cell == View::kHidden + 1) continue;
    const int owner = (cell - 1) / kPieceKinds, kind = (cell - 1) % kPieceKinds;
    if (owner != info.seat || seen[kind] >= kPieceCount[kind]) continue;
    float* f = out + (first_of_kind(kind) + seen[kind]++) * kDmcPieceFeatures;
    put_post(f, post, info.seat);
    f[kDmcPostFeatures + kind] = 1;
    f[kDmcPostFeatures + kPieceKinds] = 1;
    f[kDmcPostFeatures + kPieceKinds + 1] = on_rail(post);
    f[kDmcPostFeatures + kPieceKinds + 2] = in_camp(post);
  }
}

void enemy_pieces(const JunqiSeatInfo& info, const JunqiBelief& belief, float* out) {
  for (int i = 0; i < kPiecesPerSide; ++i) {
    float* f = out + i * kDmcPieceFeatures;
    for (int k = 0; k < kPieceKinds; ++k)
      f[kDmcPostFeatures + k] = static_cast<float>(belief.probability(i, k));
    const int post = belief.pieces()[i].post;
    if (post < 0) continue;
    put_post(f, post, info.seat);
    f[kDmcPostFeatures + kPieceKinds] = 1;
    f[kDmcPostFeatures + kPieceKinds + 1] = on_rail(post);
    f[kDmcPostFeatures + kPieceKinds + 2] = in_camp(post);
  }
}

void history(const JunqiSeatInfo& info, float* out) {
  std::vector<const EventView*> steps;
  for (auto it = info.events.rbegin();
       it != info.events.rend() && static_cast<int>(steps.size()) < kDmcHistory; ++it)
    if (it->kind == Move::kStep && it->from >= 0 && it->to >= 0) steps.push_back(&*it);
  // Oldest first, right-aligned so the newest step is always the last input.
  const int pad = kDmcHistory - static_cast<int>(steps.size());
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    const EventView& e = *steps[steps.size() - 1 - i];
    float* f = out + (pad + i) * kDmcMoveFeatures;
    put_post(f, e.from, info.seat);
    put_post(f + kDmcPostFeatures, e.to, info.seat);
    f[2 * kDmcPostFeatures] = e.seat == info.seat;
    if (e.code >= 0 && e.code < 4) f[2 * kDmcPostFeatures + 1 + e.code] = 1;
    f[2 * kDmcPostFeatures + 5] = 1;  // a step is here
  }
}

// P(win), P(trade), P(lose), P(flag) and the expected material of our
// `attacker` striking the enemy piece on `post`.
void battle_outlook(int attacker, const JunqiBelief& belief, int post, float* f) {
  double material = 0;
  for (int d = 0; d < kPieceKinds; ++d) {
    const double p = belief.probability_at(post, d);
    if (p <= 0) continue;
    switch (battle_code(attacker, d)) {
      case kAttackerWon: f[0] += static_cast<float>(p); break;
      case kBothRemoved: f[1] += static_cast<float>(p); break;
      default: f[2] += static_cast<float>(p);
    }
    if (d == kFlag)
      f[3] = static_cast<float>(p);
    else
      material += p * junqi_battle_value(attacker, d);
  }
  f[4] = static_cast<float>(material / 100);
}

void action(const JunqiSeatInfo& info, const JunqiBelief& belief, const Move& m, float* f) {
  put_post(f, m.from, info.seat);
  put_post(f + kDmcPostFeatures, m.to, info.seat);
  float* g = f + 2 * kDmcPostFeatures;
  const int cell = info.view.cells[m.from];
  if (cell > 0 && cell < View::kHidden) g[(cell - 1) % kPieceKinds] = 1;
  g += kPieceKinds;
  const bool enemy = info.view.cells[m.to] != 0;
  g[enemy ? 1 : 0] = 1;
  g += 2;
  if (enemy)
    for (int k = 0; k < kPieceKinds; ++k) g[k] = static_cast<float>(belief.probability_at(m.to, k));
  g += kPieceKinds;
  g[0] = on_rail(m.to);
  g[1] = in_camp(m.to);
  g[2] = in_headquarters(m.to);
  if (enemy && cell > 0 && cell < View::kHidden) battle_outlook((cell - 1) % kPieceKinds, belief, m.to, g + 3);
}

}  // namespace

JunqiBeliefOptions dmc_belief_options() {
  JunqiBeliefOptions o;
  o.fitting_rounds = 40;
  return o;
}

DmcPosition dmc_features(const JunqiSeatInfo& info, const JunqiBelief& belief,
                         std::span<const Move> moves) {
  DmcPosition p;
  p.state.assign(kDmcStateFeatures, 0.0f);
  p.history.assign(kDmcHistory * kDmcMoveFeatures, 0.0f);
  p.actions.assign(moves.size() * kDmcActionFeatures, 0.0f);
  p.moves.assign(moves.begin(), moves.end());
  own_pieces(info, p.state.data());
  enemy_pieces(info, belief, p.state.data() + kPiecesPerSide * kDmcPieceFeatures);
  float* extra = p.state.data() + 2 * kPiecesPerSide * kDmcPieceFeatures;
  const int limit = std::max(1, info.view.no_battle_limit);
  extra[0] = static_cast<float>(std::min(info.view.no_battle, limit)) / static_cast<float>(limit);
  extra[1] = info.view.no_battle >= limit - 6;
  extra[2] = info.view.revealed_flag[1 - info.seat] >= 0;
  extra[3] = info.view.revealed_flag[info.seat] >= 0;
  history(info, p.history.data());
  for (std::size_t i = 0; i < moves.size(); ++i)
    action(info, belief, moves[i], p.actions.data() + i * kDmcActionFeatures);
  return p;
}

std::vector<Move> dmc_legal_moves(const JunqiSeatInfo& info, Rng& rng) {
  const JunqiDeterminizer det(info);
  const auto world = det.sample(rng);
  if (!world || world->is_terminal() || world->side() != info.seat) return {};
  State::MoveList list;
  world->legal_moves(list);
  return {list.begin(), list.end()};
}

}  // namespace boyi::bots::learned
