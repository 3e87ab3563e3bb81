// The rules' edge cases as ASCII diagrams: rail turns, blocking, mountain gaps,
// camps, headquarters, every battle outcome, the revealed flag, deployment
// errors, the no-battle limit and a side without a legal move.
// Diagram cells: '.' empty, A..L seat 0's pieces (a marshal .. l flag), a..l seat 1's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "engine/junqi/junqi.h"
#include "engine/junqi/reference.h"
#include "engine/junqi/test_util.h"

namespace boyi::junqi {
namespace {

using testing::diagram;
using testing::play;
using Texts = std::vector<std::string>;

// The sorted legal steps starting on `from` (fast generator; the reference must agree).
Texts moves_from(const State& st, std::string_view from) {
  EXPECT_EQ(testing::fast_texts(st), testing::reference_texts(st));
  Texts out;
  for (const std::string& t : testing::fast_texts(st))
    if (t.substr(0, 2) == from) out.push_back(t);
  return out;
}

Texts sorted(Texts t) {
  std::sort(t.begin(), t.end());
  return t;
}

bool has(const Texts& t, const std::string& m) {
  return std::find(t.begin(), t.end(), m) != t.end();
}

Status check_text(const State& st, std::string_view text) {
  auto m = st.parse_move(st.side(), text);
  EXPECT_TRUE(m.ok());
  return st.check(st.side(), *m);
}

// Only flags: the rail network is empty.
constexpr const char* kEngineerB0 = R"(
   0 1 2 3 4
A  . l . . .
B  I . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)";

TEST(JunqiEdge, EngineerTurnsRailCorners) {
  State st = diagram(kEngineerB0);
  const Texts m = moves_from(st, "B0");
  // All 31 other rail posts, plus A0 by road and the camp C1 diagonally.
  EXPECT_EQ(m.size(), 33u);
  for (const char* t : {"B0B4", "B0K4", "B0F2", "B0G2", "B0K0", "B0G3", "B0A0", "B0C1"})
    EXPECT_TRUE(has(m, t)) << t;
  EXPECT_FALSE(has(m, "B0C2"));  // C2 is off the railway and not a road neighbour

  State k4 = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . I
L  . L . . .
)");
  const Texts e = moves_from(k4, "K4");
  EXPECT_EQ(e.size(), 33u);
  for (const char* t : {"K4F4", "K4F0", "K4F2", "K4G2", "K4B0", "K4L4", "K4J3"})
    EXPECT_TRUE(has(e, t)) << t;
}

TEST(JunqiEdge, NonEngineerGoesStraightWithoutTurning) {
  State st = diagram(R"(
A  . l . . .
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
)");
  EXPECT_EQ(moves_from(st, "K4"),
            sorted({"K4J4", "K4I4", "K4H4", "K4G4", "K4F4", "K4E4", "K4D4", "K4C4", "K4B4", "K4K3",
                    "K4K2", "K4K1", "K4K0", "K4L4", "K4J3"}));
  EXPECT_NE(check_text(st, "K4F0").message().find("cannot reach"), std::string::npos);

  // Blocked by an own piece on G0 (stops at H0) and by an enemy on K3 (attack, not beyond).
  State blocked = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  B . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  G . . g .
L  . L . . .
)");
  EXPECT_EQ(moves_from(blocked, "K0"),
            sorted({"K0J0", "K0I0", "K0H0", "K0K1", "K0K2", "K0K3", "K0L0", "K0J1"}));
}

TEST(JunqiEdge, EngineerBlockedByOwnPieceAndFirstEnemy) {
  // J0 (own) closes column 0; g on K2 is attacked but K3, K4 lie beyond it.
  State st = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  D . . . .
K  I . g . .
L  . L . . .
)");
  EXPECT_EQ(moves_from(st, "K0"), sorted({"K0K1", "K0K2", "K0L0", "K0J1"}));
  EXPECT_NE(check_text(st, "K0K3").message().find("cannot reach"), std::string::npos);
  // Without the blocker the engineer goes round by column 0, row F/G/B and column 4.
  State open = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  I . g . .
L  . L . . .
)");
  const Texts m = moves_from(open, "K0");
  EXPECT_TRUE(has(m, "K0K3"));
  EXPECT_TRUE(has(m, "K0K4"));
  EXPECT_TRUE(has(m, "K0K2"));
}

TEST(JunqiEdge, MountainGaps) {
  State st = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . G . . .
G  . . . G .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_EQ(moves_from(st, "F1"), sorted({"F1E1", "F1F0", "F1F2", "F1F3", "F1F4"}));
  EXPECT_EQ(moves_from(st, "G3"), sorted({"G3H3", "G3G4", "G3G2", "G3G1", "G3G0"}));
  EXPECT_FALSE(check_text(st, "F1G1").ok());
  EXPECT_FALSE(check_text(st, "G3F3").ok());

  // Seat 1 crossing the other way: G1 -> F1 and F3 -> G3 impossible.
  State blue = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . g .
G  . g . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)",
                       1);
  EXPECT_FALSE(has(moves_from(blue, "G1"), "G1F1"));
  EXPECT_FALSE(has(moves_from(blue, "F3"), "F3G3"));

  // Columns 0, 2 and 4 do cross: F0-G0 (and on down column 0), F2-G2 (one link only), F4-G4.
  State cross = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  G . G . G
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_TRUE(has(moves_from(cross, "F0"), "F0G0"));
  EXPECT_TRUE(has(moves_from(cross, "F0"), "F0K0"));
  EXPECT_TRUE(has(moves_from(cross, "F4"), "F4G4"));
  EXPECT_EQ(moves_from(cross, "F2"), sorted({"F2G2", "F2E2", "F2E1", "F2E3", "F2F1", "F2F3"}));
  // An engineer on F1 reaches G1 only the long way, over F0-G0.
  State eng = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . I . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_TRUE(has(moves_from(eng, "F1"), "F1G1"));
  // Seat 1 going down F2-G2 stops there: no rail on from G2 to H2.
  State down = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . g . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)",
                       1);
  EXPECT_EQ(moves_from(down, "F2"),
            sorted({"F2G2", "F2E2", "F2E1", "F2E3", "F2F1", "F2F0", "F2F3", "F2F4"}));
}

TEST(JunqiEdge, CampsCannotBeAttackedButEmptyOnesCanBeEntered) {
  State st = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  A . C . .
H  . g . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  // g sits in camp H1: neither G0 (diagonal) nor G2 (diagonal) may attack it.
  EXPECT_FALSE(has(moves_from(st, "G0"), "G0H1"));
  EXPECT_FALSE(has(moves_from(st, "G2"), "G2H1"));
  EXPECT_NE(check_text(st, "G0H1").message().find("camp"), std::string::npos);
  // G2 enters the empty camp I2? No: not adjacent. It enters H3 diagonally.
  EXPECT_TRUE(has(moves_from(st, "G2"), "G2H3"));
  EXPECT_TRUE(has(moves_from(st, "G0"), "G0H0"));
  // The same piece outside the camp can be attacked.
  State out = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  A g . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_TRUE(has(moves_from(out, "G0"), "G0G1"));
  EXPECT_TRUE(has(moves_from(out, "G0"), "G0H1"));  // empty camp, diagonal
  // Own piece in a camp blocks entry too, and a piece in a camp moves out normally.
  State own = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . C . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  EXPECT_EQ(moves_from(own, "H1"),
            sorted({"H1G0", "H1G1", "H1G2", "H1H0", "H1H2", "H1I0", "H1I1", "H1I2"}));
}

TEST(JunqiEdge, HeadquartersMinesAndFlagNeverMove) {
  State st = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . J . .
L  . L . B G
)");
  EXPECT_TRUE(moves_from(st, "L3").empty());  // general in a headquarters
  EXPECT_TRUE(moves_from(st, "K2").empty());  // mine
  EXPECT_TRUE(moves_from(st, "L1").empty());  // flag
  EXPECT_EQ(moves_from(st, "L4"), sorted({"L4K4"}));
  EXPECT_NE(check_text(st, "L3K3").message().find("headquarters"), std::string::npos);
  EXPECT_NE(check_text(st, "K2K1").message().find("mine"), std::string::npos);
  EXPECT_NE(check_text(st, "L1L0").message().find("flag"), std::string::npos);
  // A piece may walk into the empty enemy headquarters; then it is stuck there.
  State hq = diagram(R"(
A  . l . . .
B  . . . G .
C  . . . . .
D  . . . . .
E  g . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . E
)");
  EXPECT_EQ(moves_from(hq, "B3"), sorted({"B3A3", "B3B4", "B3B2", "B3B1", "B3B0", "B3C3"}));
  play(hq, "B3A3");
  play(hq, "E0E1");
  EXPECT_TRUE(moves_from(hq, "A3").empty());
}

// Camps are not railway posts: a run along the railway never ends in one, even
// for an engineer; an empty camp is reached only by one road step (incl. diagonal).
TEST(JunqiEdge, RailRunsNeverEndInACamp) {
  State st = diagram(R"(
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  I . . . G
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . .
L  . L . . .
)");
  const std::vector<std::string> camps = {"C1", "C3", "D2", "E1", "E3",
                                          "H1", "H3", "I2", "J1", "J3"};
  for (const std::string& from : {std::string("G0"), std::string("G4")}) {
    for (const std::string& m : moves_from(st, from)) {
      const std::string to = m.substr(2, 2);
      if (std::find(camps.begin(), camps.end(), to) == camps.end()) continue;
      const int a = *parse_post(from), b = *parse_post(to);
      EXPECT_EQ(std::abs(row_of(a) - row_of(b)) + std::abs(col_of(a) - col_of(b)), 2) << m;
    }
  }
  EXPECT_TRUE(has(moves_from(st, "G0"), "G0H1"));  // diagonal road step into an empty camp
  EXPECT_FALSE(has(moves_from(st, "G0"), "G0J1"));
  EXPECT_FALSE(has(moves_from(st, "G4"), "G4I2"));
}

// The no-battle count decides how the game can end, so the hash covers it.
TEST(JunqiEdge, HashCoversTheNoBattleCount) {
  const State a = diagram(kEngineerB0, 0, Rules{}, 0);
  const State b = diagram(kEngineerB0, 0, Rules{}, 5);
  EXPECT_NE(a.hash(), b.hash());
  EXPECT_EQ(b.hash(), b.compute_hash());
  EXPECT_NE(a.hash(), diagram(kEngineerB0, 1).hash());  // and the side to move
}

}  // namespace
}  // namespace boyi::junqi
