// The simple 军棋 determinizer: every sample is a legal full state that agrees
// with everything the seat knows, and never depends on the hidden truth.
#include <gtest/gtest.h>

#include "bots/games/junqi_info.h"
#include "engine/core/playout.h"

namespace boyi::bots {
namespace {

using junqi::State;

struct Played {
  State truth;
  std::array<JunqiSeatInfo, 2> info;
};

// Plays `plies` random actions from a random deployment, keeping each seat's knowledge.
Played play_random(std::uint64_t seed, int plies) {
  Rng rng(seed);
  Played p{State(junqi::Rules{}), {}};
  for (Seat s = 0; s < 2; ++s) {
    p.info[s].seat = s;
    p.info[s].rules = p.truth.rules();
  }
  auto record = [&](const junqi::Event& e) {
    for (Seat s = 0; s < 2; ++s) p.info[s].events.push_back(State::event_view(e, s));
  };
  for (Seat s = 0; s < 2; ++s) {
    auto e = p.truth.apply_checked(s, p.truth.random_deployment(s, rng));
    EXPECT_TRUE(e.ok());
    record(*e);
  }
  State::MoveList list;
  for (int i = 0; i < plies && !p.truth.is_terminal(); ++i) {
    p.truth.legal_moves(list);
    if (list.empty()) break;
    const Seat mover = p.truth.to_move();
    auto e = p.truth.apply_checked(mover, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
    EXPECT_TRUE(e.ok());
    record(*e);
  }
  for (Seat s = 0; s < 2; ++s) p.info[s].view = p.truth.view(s);
  return p;
}

TEST(JunqiDeterminizer, SamplesAgreeWithTheSeatsKnowledge) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    for (int plies : {0, 7, 25, 60, 120}) {
      const Played p = play_random(seed, plies);
      if (p.truth.is_terminal()) continue;
      const Seat seat = p.truth.to_move();
      const JunqiDeterminizer det(p.info[seat]);
      Rng rng(seed * 31 + static_cast<std::uint64_t>(plies));
      for (int k = 0; k < 5; ++k) {
        auto world = det.sample(rng);
        ASSERT_TRUE(world.has_value()) << "seed " << seed << " plies " << plies << "\n"
                                       << p.truth.to_text();
        // The seat sees exactly the same picture in the sampled world...
        junqi::View a = world->view(seat), b = p.truth.view(seat);
        EXPECT_EQ(a.cells, b.cells);
        EXPECT_EQ(world->to_move(), p.truth.to_move());
        // ... and has the same legal moves.
        State::MoveList wl, tl;
        world->legal_moves(wl);
        p.truth.legal_moves(tl);
        ASSERT_EQ(wl.size(), tl.size());
        for (std::size_t i = 0; i < wl.size(); ++i) EXPECT_EQ(wl[i], tl[i]);
        // Every enemy piece got an identity its history allows.
        const JunqiKnowledge& kn = det.knowledge();
        for (int post : kn.enemy_posts()) {
          const int piece = world->piece_at(post);
          ASSERT_GE(piece, 0);
          EXPECT_TRUE((kn.allowed(post) >> piece) & 1)
              << "post " << junqi::post_name(post) << " piece " << piece;
          // The truth is always one of the allowed identities.
          EXPECT_TRUE((kn.allowed(post) >> p.truth.piece_at(post)) & 1)
              << "truth excluded at " << junqi::post_name(post);
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(JunqiDeterminizer, DependsOnlyOnTheSeatsKnowledge) {
  // Two different truths that the seat cannot tell apart give identical samples.
  const Played p = play_random(5, 30);
  ASSERT_FALSE(p.truth.is_terminal());
  const Seat seat = p.truth.to_move();
  JunqiSeatInfo info = p.info[seat];
  const JunqiDeterminizer d1(info);
  const JunqiSeatInfo copy = info;
  const JunqiDeterminizer d2(copy);
  Rng r1(9), r2(9);
  for (int k = 0; k < 10; ++k) {
    auto a = d1.sample(r1), b = d2.sample(r2);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->to_text(), b->to_text());
  }
  // Samples differ from one another: the enemy's identities are really dealt.
  Rng r3(1);
  auto x = d1.sample(r3), y = d1.sample(r3);
  ASSERT_TRUE(x && y);
  EXPECT_NE(x->to_text(), y->to_text());
}

TEST(JunqiDeterminizer, BattleResultsNarrowTheDefender) {
  // Our engineer attacks an enemy piece and dies: the defender outranks an
  // engineer or is a mine; it is never a bomb or the flag.
  JunqiSeatInfo info;
  info.seat = 0;
  Rng rng(3);
  State truth(info.rules);
  for (Seat s = 0; s < 2; ++s) {
    auto e = truth.apply_checked(s, truth.random_deployment(s, rng));
    ASSERT_TRUE(e.ok());
    info.events.push_back(State::event_view(*e, 0));
  }
  junqi::EventView attack;
  attack.viewer = 0;
  attack.kind = junqi::Move::kStep;
  attack.seat = 0;
  attack.from = junqi::post_at(6, 0);
  attack.to = junqi::post_at(5, 0);
  attack.code = junqi::kAttackerRemoved;
  // Pretend our piece on G0 was an engineer.
  auto& deploy = info.events[0];
  ASSERT_TRUE(deploy.has_layout);
  info.view = truth.view(0);
  JunqiKnowledge before(info);
  const std::uint16_t prior = before.allowed(junqi::post_at(5, 0));
  deploy.layout[0] = junqi::kEngineer;
  info.events.push_back(attack);
  info.view.cells[junqi::post_at(6, 0)] = 0;
  JunqiKnowledge after(info);
  const std::uint16_t m = after.allowed(junqi::post_at(5, 0));
  EXPECT_NE(m, prior);
  EXPECT_FALSE((m >> junqi::kBomb) & 1);
  EXPECT_FALSE((m >> junqi::kFlag) & 1);
  EXPECT_FALSE((m >> junqi::kEngineer) & 1);
  EXPECT_TRUE((m >> junqi::kMarshal) & 1);
}

}  // namespace
}  // namespace boyi::bots
