// Battles, the revealed flag, deployment errors, the no-battle limit and a side
// without a legal move, each from a position drawn as an ASCII diagram.
// Diagram cells: '.' empty, A..L seat 0's pieces (a marshal .. l flag), a..l seat 1's.
#include <gtest/gtest.h>

#include <utility>

#include "engine/junqi/battle.h"
#include "engine/junqi/junqi.h"
#include "engine/junqi/test_util.h"

namespace boyi::junqi {
namespace {

using testing::diagram;
using testing::play;

std::string on(const State& st, std::string_view post) {
  const int p = *parse_post(post);
  if (st.empty(p)) return ".";
  const char c = piece_letter(st.piece_at(p));
  return std::string(1, st.owner_at(p) == 0 ? static_cast<char>(c - 'a' + 'A') : c);
}

bool contains(const std::string& s, std::string_view part) {
  return s.find(part) != std::string::npos;
}

// Plays `move` on a copy; checks the code and what stands on both posts after.
void expect_battle(const State& start, std::string_view move, int code, std::string_view from_after,
                   std::string_view to_after) {
  State st = start;
  const Event e = play(st, move);
  EXPECT_EQ(e.code, code) << move;
  EXPECT_EQ(on(st, move.substr(0, 2)), from_after) << move;
  EXPECT_EQ(on(st, move.substr(2, 2)), to_after) << move;
  EXPECT_EQ(st.hash(), st.compute_hash());
}

constexpr const char* kBattlesA = R"(
   0 1 2 3 4
A  j l . . .
B  I K j . .
C  . . . . .
D  . . . . .
E  . . . . .
F  a . c . g
G  K . C . H
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)";

TEST(JunqiBattle, BombsMinesAndRanks) {
  const State st = diagram(kBattlesA);
  expect_battle(st, "G0F0", kBothRemoved, ".", ".");      // bomb vs marshal
  expect_battle(st, "G2F2", kBothRemoved, ".", ".");      // equal ranks
  expect_battle(st, "G4F4", kAttackerRemoved, ".", "g");  // platoon vs company
  expect_battle(st, "B0A0", kAttackerWon, ".", "I");      // engineer clears a mine
  expect_battle(st, "B1B2", kBothRemoved, ".", ".");      // bomb vs mine
  State bomb = st;
  const Event e = play(bomb, "B1A1");  // a bomb takes the flag and wins
  EXPECT_EQ(e.code, kAttackerWon);
  EXPECT_EQ(on(bomb, "A1"), "K");
  EXPECT_TRUE(bomb.is_terminal());
  EXPECT_EQ(bomb.outcome(), (Outcome{Ending::kNormal, 0, "flag captured"}));
}

TEST(JunqiBattle, MarshalMineFlagAndHigherRank) {
  const State st = diagram(R"(
A  j l . . .
B  A H . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  k . c . .
G  . . B . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  expect_battle(st, "B0A0", kAttackerRemoved, ".", "j");  // the marshal dies on a mine
  expect_battle(st, "G2F2", kAttackerWon, ".", "B");      // general beats a division commander
  State flag = st;
  EXPECT_EQ(play(flag, "B1A1").code, kAttackerWon);  // a platoon leader takes the flag
  EXPECT_EQ(flag.outcome(), (Outcome{Ending::kNormal, 0, "flag captured"}));
  EXPECT_EQ(flag.to_move(), kPublic);

  const State blue = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  i . c . .
G  A . G . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . I
L  . L . . .
)",
                             1);
  expect_battle(blue, "F2G2", kAttackerWon, ".", "c");      // seat 1 attacks too
  expect_battle(blue, "F0G0", kAttackerRemoved, ".", "A");  // engineer vs marshal
  expect_battle(blue, "F0K4", kBothRemoved, ".", ".");      // engineer vs engineer, via rail
}

// The rule the bots weigh attacks by is the tests' own statement of it, for
// every pair of kinds that can meet (mines and the flag never attack).
TEST(JunqiBattle, BattleCodeForEveryPairOfKinds) {
  for (int a = 0; a < kPieceKinds; ++a) {
    if (a == kMine || a == kFlag) continue;
    for (int d = 0; d < kPieceKinds; ++d)
      EXPECT_EQ(battle_code(a, d), testing::expected_code(a, d)) << a << " x " << d;
  }
}

TEST(JunqiBattle, FlagRevealedAfterTheMarshalDies) {
  State st = diagram(R"(
A  . l . . a
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  k . . . g
G  A . . . H
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)",
                     1);
  const int l1 = *parse_post("L1");
  const Event quiet = play(st, "F4E4");
  for (Seat v : {0, 1, kPublic}) EXPECT_FALSE(contains(State::render_event(quiet, v), "flag of"));
  EXPECT_EQ(st.view(1).cells[l1], View::kHidden + 0);
  EXPECT_EQ(st.view(kPublic).cells[l1], View::kHidden + 0);
  EXPECT_FALSE(contains(st.view(kPublic).to_text(), "seat 0 at L1"));

  const Event death = play(st, "G0F0");  // marshal vs bomb: both removed
  EXPECT_EQ(death.code, kBothRemoved);
  EXPECT_EQ(death.newly_revealed, 1);
  EXPECT_TRUE(st.flag_revealed(0));
  EXPECT_FALSE(st.flag_revealed(1));
  EXPECT_EQ(State::render_event(death, 1),
            "ply 4: seat 0 G0F0 2 (both removed) | flag of seat 0 at L1");
  EXPECT_EQ(State::render_event(death, kPublic), State::render_event(death, 1));
  EXPECT_EQ(State::render_event(death, 0), "ply 4: seat 0 G0F0 2 (both removed)");
  for (Seat v : {1, kPublic}) {
    EXPECT_EQ(st.view(v).cells[l1], 1 + kFlag) << v;  // seat 0's flag, now known
    EXPECT_TRUE(contains(st.view(v).to_text(), "flags revealed: seat 0 at L1"));
  }
  // And in every later event, for the opponent and for spectators.
  const Event later = play(st, "E4F4");
  EXPECT_EQ(State::render_event(later, 1),
            "ply 5: seat 1 E4F4 3 (plain move) | flag of seat 0 at L1");
  EXPECT_TRUE(contains(State::render_event(later, kPublic), "flag of seat 0 at L1"));
  const Event battle = play(st, "G4F4");
  EXPECT_EQ(battle.code, kAttackerRemoved);
  EXPECT_TRUE(contains(State::render_event(battle, 1), "flag of seat 0 at L1"));
  EXPECT_EQ(battle.newly_revealed, 0);
  EXPECT_EQ(st.view(1).revealed_flag, (std::array<int, 2>{l1, -1}));
}

TEST(JunqiBattle, DeploymentErrors) {
  const std::string good = "abccddeeffggghhhiiijjkklj";
  State st;
  auto reason = [&](Seat seat, std::string text) {
    auto m = st.parse_move(seat, text);
    if (!m.ok()) return m.message();
    return st.check(seat, *m).message();
  };
  EXPECT_EQ(reason(0, good), "");
  EXPECT_TRUE(contains(reason(0, good + "j"), "25 letters, got 26"));
  EXPECT_TRUE(contains(reason(0, good.substr(0, 24)), "25 letters, got 24"));
  EXPECT_TRUE(contains(reason(0, "abccddeeffggghhhiiijjkkmj"), "unknown piece letter 'm'"));
  EXPECT_EQ(reason(0, "abccddeeffggghhhiiijjklaj"), "wrong count of marshal (a): 2 instead of 1");
  EXPECT_EQ(reason(1, "abccddeeffggghhhiiijjkkli"), "wrong count of engineer (i): 4 instead of 3");
  std::string flag = good;
  std::swap(flag[22], flag[23]);  // flag on L2
  EXPECT_EQ(reason(0, flag), "flag must be in a headquarters (L1 or L3), not L2");
  std::string mine = good;
  std::swap(mine[14], mine[19]);  // a mine on J4
  EXPECT_EQ(reason(1, mine), "mine at J4 must be in rows K-L");
  std::string bomb = good;
  std::swap(bomb[0], bomb[21]);  // a bomb on G0
  EXPECT_EQ(reason(0, bomb), "bomb at G0 must not be in row G");
  auto other = st.parse_move(1, good);
  EXPECT_EQ(st.check(0, *other).message(), "a deployment for seat 1 sent by seat 0");
  EXPECT_EQ(st.check(0, *st.parse_move(0, "G0F0")).message(),
            "no step before both sides have deployed");
  ASSERT_TRUE(st.apply_checked(0, *st.parse_move(0, good)).ok());
  EXPECT_EQ(reason(0, good), "seat 0 has already deployed");
  EXPECT_EQ(st.check(0, *st.parse_move(0, "G0F0")).message(),
            "no step before both sides have deployed");
  EXPECT_TRUE(st.can_act(1));
  EXPECT_FALSE(st.can_act(0));
  EXPECT_EQ(st.to_move(), kPublic);
  // Seat 1's layout is in its own frame: its flag (slot L3) lands on A1.
  ASSERT_TRUE(st.apply_checked(1, *st.parse_move(1, good)).ok());
  EXPECT_EQ(on(st, "A1"), "l");
  EXPECT_EQ(on(st, "L3"), "L");
  EXPECT_EQ(on(st, "G0"), "A");
  EXPECT_EQ(on(st, "F4"), "a");
  EXPECT_EQ(st.to_move(), 0);
  EXPECT_EQ(st.check(1, *st.parse_move(1, "F0E0")).message(), "not seat 1's turn");
}

constexpr const char* kQuiet = R"(
A  . l . . .
B  . . . . g
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . h
K  . . . . G
L  . L . . .
)";

// Shuffles both pieces back and forth without a battle for `plies` plies.
void shuffle(State& st, int plies) {
  for (int i = 0; i < plies; ++i) {
    ASSERT_FALSE(st.is_terminal()) << i;
    const bool red = st.to_move() == 0;
    const bool out = red ? !st.empty(*parse_post("K4")) : !st.empty(*parse_post("B4"));
    play(st, red ? (out ? "K4K3" : "K3K4") : (out ? "B4B3" : "B3B4"));
  }
}

TEST(JunqiBattle, NoBattleLimit) {
  const Rules ten = *Rules::parse("no_battle_limit=10");
  State st = diagram(kQuiet, 0, ten);
  shuffle(st, 9);
  EXPECT_FALSE(st.is_terminal());
  EXPECT_EQ(st.no_battle_count(), 9);
  shuffle(st, 1);  // seat 0 made the first of the ten quiet plies: it loses
  EXPECT_EQ(st.outcome(), (Outcome{Ending::kNoBattleLimit, 1, "10 plies without a battle"}));

  State blue_first = diagram(kQuiet, 1, ten);
  shuffle(blue_first, 10);
  EXPECT_EQ(blue_first.outcome().winner, 0);

  const Rules draw = *Rules::parse("no_battle_limit=10 no_battle_result=draw");
  State drawn = diagram(kQuiet, 0, draw);
  shuffle(drawn, 10);
  EXPECT_TRUE(drawn.outcome().is_draw());
  EXPECT_EQ(drawn.outcome().ending, Ending::kNoBattleLimit);

  // Nine quiet plies begun by seat 1 so far: seat 0's quiet move ends it, seat 1 loses.
  State counted = diagram(kQuiet, 0, ten, 9);
  shuffle(counted, 1);
  EXPECT_EQ(counted.outcome().winner, 0);

  // A battle resets the count; the next run is begun by seat 1.
  State reset = diagram(kQuiet, 0, ten, 8);
  EXPECT_EQ(play(reset, "K4J4").code, kAttackerWon);
  EXPECT_EQ(reset.no_battle_count(), 0);
  for (int i = 0; i < 9; ++i)
    play(reset,
         reset.to_move() == 1 ? (i % 4 == 0 ? "B4B3" : "B3B4") : (i % 4 == 1 ? "J4K4" : "K4J4"));
  EXPECT_FALSE(reset.is_terminal());
  play(reset, "J4K4");
  EXPECT_EQ(reset.outcome().winner, 0);
  EXPECT_EQ(reset.outcome().ending, Ending::kNoBattleLimit);
}

TEST(JunqiBattle, SideWithoutLegalMoveLoses) {
  // Seat 1 to move has only its flag and a mine: lost at once.
  const State stuck = diagram(R"(
A  j l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . G
L  . L . . .
)",
                              1);
  EXPECT_EQ(stuck.outcome(), (Outcome{Ending::kNormal, 0, "no legal move"}));
  EXPECT_EQ(stuck.to_move(), kPublic);
  // Seat 1's last mobile piece is taken; its general in a headquarters cannot move.
  State st = diagram(R"(
A  . l . b .
B  . . . . g
C  . . . . A
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_FALSE(st.is_terminal());
  play(st, "C4B4");
  EXPECT_EQ(st.outcome(), (Outcome{Ending::kNormal, 0, "no legal move"}));
}

}  // namespace
}  // namespace boyi::junqi
