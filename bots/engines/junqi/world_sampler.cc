#include "bots/engines/junqi/world_sampler.h"

#include <algorithm>
#include <bit>
#include <string>

#include "bots/engines/junqi/identity_matching.h"

namespace boyi::bots {

using namespace junqi;

namespace {
constexpr int kPieces = kPiecesPerSide;
}  // namespace

JunqiWorldSampler::JunqiWorldSampler(const JunqiSeatInfo& info, const JunqiBelief& belief)
    : belief_(belief), rules_(info.rules), view_(info.view) {
  if (!belief.ok()) return;
  for (int i = 0; i < kPieces; ++i) masks_[i] = belief.pieces()[i].mask;
  auto m = junqi_perfect_matching(masks_);
  if (!m) return;
  base_ = *m;
  ok_ = true;
}

std::optional<JunqiLayout> JunqiWorldSampler::sample_layout(Rng& rng) const {
  if (!ok_) return std::nullopt;
  const auto& pieces = belief_.pieces();
  JunqiAssignment m = base_;
  std::array<bool, kPieces> fixed{};
  std::array<int, kPieces> order;
  for (int i = 0; i < kPieces; ++i) order[i] = i;
  for (int i = kPieces; i > 1; --i)
    std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  for (int i : order) {
    const JunqiExchangeGraph graph(masks_, m, fixed, i);
    const int target = m[i];
    const JunqiMask reach = graph.reaching(target);
    const JunqiMask options = pieces[i].mask & reach;
    double total = 0;
    for (JunqiMask b = options; b; b &= b - 1) total += belief_.probability(i, std::countr_zero(b));
    int pick = target;
    if (total > 0) {
      double r = static_cast<double>(rng() >> 11) * 0x1.0p-53 * total;
      for (JunqiMask b = options; b; b &= b - 1) {
        pick = std::countr_zero(b);
        r -= belief_.probability(i, pick);
        if (r < 0) break;
      }
    }
    graph.exchange(m, i, pick);
    fixed[i] = true;
  }
  JunqiLayout layout{};
  for (int i = 0; i < kPieces; ++i) layout[i] = static_cast<std::uint8_t>(m[i]);
  return layout;
}

std::optional<State> JunqiWorldSampler::world(const JunqiLayout& enemy) const {
  if (!ok_) return std::nullopt;
  const Seat me = belief_.seat();
  std::string diagram;
  diagram.reserve(kRows * 8);
  for (int r = 0; r < kRows; ++r) {
    diagram += static_cast<char>('A' + r);
    for (int c = 0; c < kCols; ++c) {
      const int p = post_at(r, c);
      diagram += ' ';
      const int cell = view_.cells[p];
      const int i = belief_.index_at(p);
      if (i >= 0)
        diagram += static_cast<char>((me == 0 ? 'a' : 'A') + enemy[i]);
      else if (cell >= 1 && cell < View::kHidden && (cell - 1) / kPieceKinds == me)
        diagram += static_cast<char>((me == 0 ? 'A' : 'a') + (cell - 1) % kPieceKinds);
      else
        diagram += '.';
    }
    diagram += '\n';
  }
  if (view_.to_move != 0 && view_.to_move != 1) return std::nullopt;
  const int no_battle = std::clamp(view_.no_battle, 0, rules_.no_battle_limit - 1);
  auto st = State::from_diagram(rules_, diagram, view_.to_move, no_battle);
  if (!st) return std::nullopt;
  return std::move(st).value();
}

std::optional<State> JunqiWorldSampler::sample(Rng& rng) const {
  auto layout = sample_layout(rng);
  if (!layout) return std::nullopt;
  return world(*layout);
}

Result<State> replay_history(const JunqiSeatInfo& info, const JunqiLayout& enemy) {
  const Seat me = info.seat;
  const auto own = own_layout(info);
  if (!own) return fail("the seat's own deployment is not in its history");
  State s(info.rules);
  int index = 0;
  for (const EventView& e : info.events) {
    ++index;
    const std::string where = "event " + std::to_string(index);
    if (e.kind == Move::kDeploy) {
      const Move m = Move::deploy(e.seat, e.seat == me ? *own : enemy);
      auto ev = s.apply_checked(e.seat, m);
      if (!ev) return fail(where + ": deployment refused: " + ev.message());
      continue;
    }
    auto ev = s.apply_checked(e.seat, Move::step(e.from, e.to));
    if (!ev) return fail(where + ": step refused: " + ev.message());
    const EventView seen = State::event_view(*ev, me);
    if (!(seen == e))
      return fail(where + ": " + post_name(e.from) + post_name(e.to) + " comes out " +
                  std::to_string(seen.code) + " instead of " + std::to_string(e.code));
  }
  const View v = s.view(me);
  if (v.cells != info.view.cells) return fail("the final board differs from the seat's view");
  if (v.to_move != info.view.to_move || v.no_battle != info.view.no_battle ||
      v.revealed_flag != info.view.revealed_flag)
    return fail("the final status differs from the seat's view");
  return s;
}

}  // namespace boyi::bots
