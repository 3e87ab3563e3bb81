// The leak test: reshuffling the opponent's still-hidden pieces, consistently
// with everything the observer was told, leaves the observer's view, every
// event rendering and its legal moves byte-identical.
//
// Construction: record a seeded random game. For an observer and a cut ply,
// find the opponent's pieces (by deployment slot) that took part in no battle
// before the cut, split them into "moved" and "never moved", and permute
// identities within each group (the flag stays put once revealed). A candidate
// layout must satisfy the deployment rules and its replay of the recorded steps
// must be legal (an engineer's rail turn, for one, pins it); then every
// observer-visible text must match the original world at every ply.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/junqi/junqi.h"
#include "engine/junqi/test_util.h"

namespace boyi::junqi {
namespace {

#ifdef NDEBUG
constexpr int kGames = 60;
#else
constexpr int kGames = 25;
#endif
constexpr int kTrials = 6;

struct Record {
  std::array<Move, 2> deployment;
  std::vector<Move> steps;
};

Record random_game(Rng& rng) {
  Record r;
  State st;
  for (Seat s : {0, 1}) {
    r.deployment[s] = st.random_deployment(s, rng);
    st.apply(r.deployment[s]);
  }
  while (!st.is_terminal() && r.steps.size() < 160) {
    State::MoveList list;
    st.legal_moves(list);
    r.steps.push_back(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
    st.apply(r.steps.back());
  }
  return r;
}

// Slots of `enemy` that fought before step `cut`, and the ones that moved.
void classify(const Record& r, Seat enemy, std::size_t cut, std::array<bool, 25>& fought,
              std::array<bool, 25>& moved, bool& flag_revealed) {
  std::array<int, kPosts> slot_at;
  slot_at.fill(-1);
  for (int i = 0; i < kPiecesPerSide; ++i) slot_at[from_own_frame(kDeploySlots[i], enemy)] = i;
  State st;
  for (Seat s : {0, 1}) st.apply(r.deployment[s]);
  fought.fill(false);
  moved.fill(false);
  for (std::size_t i = 0; i < cut; ++i) {
    const Move& m = r.steps[i];
    const Seat mover = st.to_move();
    auto e = st.apply_checked(mover, m);
    ASSERT_TRUE(e.ok());
    if (mover == enemy) {
      const int slot = slot_at[m.from];
      moved[slot] = true;
      if (e->code != kPlainMove) fought[slot] = true;
      slot_at[m.from] = -1;
      if (e->code == kPlainMove || e->code == kAttackerWon) slot_at[m.to] = slot;
    } else if (e->code != kPlainMove) {
      fought[slot_at[m.to]] = true;
      if (e->code != kAttackerRemoved) slot_at[m.to] = -1;
    }
  }
  flag_revealed = st.flag_revealed(enemy);
}

TEST(JunqiLeak, ReshuffledHiddenPiecesLookIdentical) {
  Rng rng(77);
  int accepted = 0, rejected_layout = 0, rejected_replay = 0, compared_plies = 0;
  for (int game = 0; game < kGames; ++game) {
    const Record rec = random_game(rng);
    for (Seat observer : {0, 1}) {
      const Seat enemy = 1 - observer;
      for (int trial = 0; trial < kTrials; ++trial) {
        const std::size_t cut = rng.below(static_cast<std::uint32_t>(rec.steps.size() + 1));
        std::array<bool, 25> fought{}, moved{};
        bool flag_revealed = false;
        classify(rec, enemy, cut, fought, moved, flag_revealed);
        // Permute identities within {moved, unfought} and {unmoved, unfought};
        // retry until the layout keeps the deployment rules.
        Move alt = rec.deployment[enemy];
        bool found = false;
        for (int attempt = 0; attempt < 50 && !found; ++attempt) {
          alt = rec.deployment[enemy];
          for (bool group : {true, false}) {
            std::vector<int> slots;
            for (int i = 0; i < kPiecesPerSide; ++i)
              if (!fought[i] && moved[i] == group && !(flag_revealed && alt.layout[i] == kFlag))
                slots.push_back(i);
            for (std::size_t i = slots.size(); i > 1; --i)
              std::swap(alt.layout[slots[i - 1]],
                        alt.layout[slots[rng.below(static_cast<std::uint32_t>(i))]]);
          }
          found = alt != rec.deployment[enemy] && State::check_layout(alt.layout).ok();
        }
        if (!found) {
          ++rejected_layout;
          continue;
        }
        // Replay both worlds side by side.
        State real, other;
        std::vector<std::string> real_texts, other_texts;
        bool legal = true;
        auto compare = [&](const Event& a, const Event& b) {
          ASSERT_EQ(State::event_view(a, observer), State::event_view(b, observer));
          ASSERT_EQ(State::render_event(a, observer), State::render_event(b, observer));
          ASSERT_EQ(State::render_event(a, kPublic), State::render_event(b, kPublic));
          ASSERT_EQ(real.view(observer), other.view(observer));
          ASSERT_EQ(real.view(observer).to_text(), other.view(observer).to_text());
          ASSERT_EQ(real.view(kPublic).to_text(), other.view(kPublic).to_text());
          ASSERT_EQ(real.to_move(), other.to_move());
          if (real.to_move() == observer) {
            ASSERT_EQ(testing::fast_texts(real), testing::fast_texts(other));
          }
          ++compared_plies;
        };
        for (Seat s : {0, 1}) {
          auto a = real.apply_checked(s, rec.deployment[s]);
          auto b = other.apply_checked(s, s == enemy ? alt : rec.deployment[s]);
          ASSERT_TRUE(a.ok() && b.ok());
          compare(*a, *b);
        }
        for (std::size_t i = 0; i < cut && legal; ++i) {
          const Seat mover = real.to_move();
          auto a = real.apply_checked(mover, rec.steps[i]);
          ASSERT_TRUE(a.ok());
          auto b = other.apply_checked(mover, rec.steps[i]);
          if (!b.ok()) {
            legal = false;  // e.g. the alternative piece could not have made that step
            break;
          }
          compare(*a, *b);
          if (::testing::Test::HasFatalFailure()) return;
        }
        if (!legal) {
          ++rejected_replay;
          continue;
        }
        // The worlds really differ: some enemy piece has another identity now.
        int differing = 0;
        for (int p = 0; p < kPosts; ++p)
          if (real.owner_at(p) == enemy && real.piece_at(p) != other.piece_at(p)) ++differing;
        ASSERT_GT(differing, 0);
        ASSERT_NE(real.hash(), other.hash());
        ++accepted;
      }
    }
  }
  std::printf("junqi leak: %d worlds accepted, %d layouts and %d replays rejected, %d plies\n",
              accepted, rejected_layout, rejected_replay, compared_plies);
  EXPECT_GT(accepted, kGames * 2 * kTrials / 3);
  EXPECT_GT(compared_plies, accepted * 20);
}

}  // namespace
}  // namespace boyi::junqi
