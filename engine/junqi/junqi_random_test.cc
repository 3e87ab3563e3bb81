// Seeded random games with invariant checks at every ply: incremental hash,
// fast generator == reference generator, checked path, notation round trip,
// views against the state, outcome codes and endings against the rules text.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/junqi/junqi.h"
#include "engine/junqi/reference.h"
#include "engine/junqi/test_util.h"

namespace boyi::junqi {
namespace {

using testing::expected_code;
using testing::fast_texts;
using testing::reference_texts;

#ifdef NDEBUG
constexpr int kGames = 300;
#else
constexpr int kGames = 100;  // sanitizer/Debug build: same checks, fewer games
#endif

// Every cell of a view against the state: own pieces known, enemy pieces only
// as "there is one", except a revealed flag.
void expect_view_agrees(const State& st, Seat viewer) {
  const View v = st.view(viewer);
  EXPECT_EQ(v.viewer, viewer);
  EXPECT_EQ(v.to_move, st.to_move());
  EXPECT_EQ(v.ply, st.ply());
  EXPECT_EQ(v.no_battle, st.no_battle_count());
  EXPECT_EQ(v.outcome, st.outcome());
  for (int p = 0; p < kPosts; ++p) {
    const Seat owner = st.owner_at(p);
    if (owner == kPublic) {
      ASSERT_EQ(v.cells[p], 0) << post_name(p);
    } else if (owner == viewer) {
      ASSERT_EQ(v.cells[p], 1 + st.piece_at(p) + 12 * owner) << post_name(p);
    } else if (st.flag_revealed(owner) && p == st.flag_post(owner)) {
      ASSERT_EQ(v.cells[p], 1 + kFlag + 12 * owner) << post_name(p);
    } else {
      ASSERT_EQ(v.cells[p], View::kHidden + owner) << post_name(p);
    }
  }
  for (int s = 0; s < 2; ++s)
    EXPECT_EQ(v.revealed_flag[s], st.flag_revealed(s) && s != viewer ? st.flag_post(s) : -1);
}

TEST(JunqiRandom, InvariantsOverSeededGames) {
  long plies = 0, battles = 0, flag_wins = 0, stuck = 0, limits = 0, reveals = 0, rejected = 0;
  for (int game = 0; game < kGames; ++game) {
    Rng rng(1000 + game);
    Rules rules;
    rules.no_battle_limit = 10 + static_cast<int>(rng.below(22));
    if (game % 3 == 2) rules.no_battle_result = NoBattleResult::kDraw;
    State st(rules);
    ASSERT_EQ(st.hash(), st.compute_hash());
    // Deployments in a random order; steps are refused until both are in.
    const Seat first = static_cast<Seat>(rng.below(2));
    for (Seat s : {first, 1 - first}) {
      ASSERT_EQ(st.to_move(), kPublic);
      ASSERT_TRUE(st.can_act(s));
      EXPECT_FALSE(st.check(s, Move::step(post_at(6, 0), post_at(5, 0))).ok());
      const Move d = st.random_deployment(s, rng);
      ASSERT_TRUE(State::check_layout(d.layout).ok());
      EXPECT_FALSE(st.check(1 - s, d).ok());  // someone else's deployment
      auto parsed = st.parse_move(s, st.format_move(d));
      ASSERT_TRUE(parsed.ok());
      ASSERT_EQ(*parsed, d);
      State::MoveList none;
      st.legal_moves(none);
      EXPECT_TRUE(none.empty());
      ASSERT_TRUE(st.apply_checked(s, d).ok());
      EXPECT_EQ(st.can_act(s), st.in_play() && s == 0);  // seat 0 moves first
      EXPECT_FALSE(st.check(s, d).ok());                 // already deployed
      ASSERT_EQ(st.hash(), st.compute_hash());
    }
    int quiet = 0;
    Seat quiet_first = kPublic;
    while (!st.is_terminal()) {
      const Seat side = st.to_move();
      ASSERT_TRUE(side == 0 || side == 1);
      ASSERT_TRUE(st.can_act(side));
      ASSERT_FALSE(st.can_act(1 - side));
      ASSERT_EQ(st.hash(), st.compute_hash());
      for (Seat v : {0, 1, kPublic}) expect_view_agrees(st, v);
      for (int s = 0; s < 2; ++s) ASSERT_EQ(st.flag_revealed(s), st.count(s, kMarshal) == 0);

      State::MoveList list;
      st.legal_moves(list);
      const auto texts = fast_texts(st);
      ASSERT_EQ(texts, reference_texts(st)) << st.to_text();
      ASSERT_EQ(std::adjacent_find(texts.begin(), texts.end()), texts.end());
      ASSERT_FALSE(list.empty());
      for (const Move& m : list) {
        ASSERT_TRUE(st.check(side, m).ok()) << st.format_move(m);
        ASSERT_FALSE(st.check(1 - side, m).ok());
        auto parsed = st.parse_move(side, st.format_move(m));
        ASSERT_TRUE(parsed.ok());
        ASSERT_EQ(*parsed, m);
        ASSERT_EQ(step_from_own_frame(step_to_own_frame(m, 1), 1), m);
      }
      // Random steps are accepted exactly when they are in the legal set.
      for (int k = 0; k < 8; ++k) {
        const Move m =
            Move::step(static_cast<int>(rng.below(kPosts)), static_cast<int>(rng.below(kPosts)));
        const bool legal = std::binary_search(texts.begin(), texts.end(), st.format_move(m));
        const Status s = st.check(side, m);
        ASSERT_EQ(s.ok(), legal) << st.format_move(m) << " " << s.message();
        if (!s.ok()) {
          ASSERT_FALSE(s.message().empty());
          ++rejected;
        }
      }
      // Round trip through the diagram reader keeps the position and the hash.
      auto copy = State::from_diagram(rules, st.to_text(), side, st.no_battle_count());
      ASSERT_TRUE(copy.ok()) << copy.message();
      ASSERT_EQ(copy->hash(), st.hash());

      const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      const int attacker = st.piece_at(m.from), defender = st.piece_at(m.to);
      const bool marshal_dies_before[2] = {st.flag_revealed(0), st.flag_revealed(1)};
      State fast = st;
      fast.apply(m);
      auto event = st.apply_checked(side, m);
      ASSERT_TRUE(event.ok()) << event.message();
      ASSERT_EQ(fast, st);  // fast path == checked path
      ++plies;
      ASSERT_EQ(event->code, expected_code(attacker, defender));
      ASSERT_EQ(event->attacker, attacker);
      ASSERT_EQ(event->defender, defender);
      for (int s = 0; s < 2; ++s) {
        ASSERT_EQ(event->revealed_flag[s], st.flag_revealed(s) ? st.flag_post(s) : -1);
        ASSERT_EQ((event->newly_revealed >> s) & 1, st.flag_revealed(s) && !marshal_dies_before[s]);
        reveals += (event->newly_revealed >> s) & 1;
      }
      // The rules' endings, judged independently.
      if (defender >= 0) {
        ++battles;
        quiet = 0;
      } else {
        if (quiet++ == 0) quiet_first = side;
      }
      ASSERT_EQ(st.no_battle_count(), quiet);
      const Outcome o = st.outcome();
      if (defender == kFlag) {
        ++flag_wins;
        ASSERT_EQ(o.ending, Ending::kNormal);
        ASSERT_EQ(o.winner, side);
        ASSERT_EQ(o.detail, "flag captured");
      } else if (quiet >= rules.no_battle_limit) {
        ++limits;
        ASSERT_EQ(o.ending, Ending::kNoBattleLimit);
        if (rules.no_battle_result == NoBattleResult::kLoss)
          ASSERT_EQ(o.winner, 1 - quiet_first);
        else
          ASSERT_TRUE(o.is_draw());
      } else if (reference::steps_of(st, 1 - side).empty()) {
        ++stuck;
        ASSERT_EQ(o.ending, Ending::kNormal);
        ASSERT_EQ(o.winner, side);
        ASSERT_EQ(o.detail, "no legal move");
      } else {
        ASSERT_FALSE(st.is_terminal());
      }
    }
    ASSERT_EQ(st.to_move(), kPublic);
    ASSERT_FALSE(st.can_act(0));
    ASSERT_FALSE(st.can_act(1));
    State::MoveList after;
    st.legal_moves(after);
    ASSERT_TRUE(after.empty());
    ASSERT_FALSE(st.check(0, Move::step(30, 25)).ok());
  }
  RecordProperty("plies", static_cast<int>(plies));
  EXPECT_GT(plies, kGames * 30);
  EXPECT_GT(battles, kGames * 5);
  EXPECT_GT(flag_wins + stuck + limits, kGames - 1);
  EXPECT_GT(limits, 0);
  EXPECT_GT(reveals, 0);
  EXPECT_GT(rejected, 1000);
  std::printf("junqi random: %ld plies, %ld battles, %ld flag, %ld stuck, %ld limit, %ld reveals\n",
              plies, battles, flag_wins, stuck, limits, reveals);
}

}  // namespace
}  // namespace boyi::junqi
