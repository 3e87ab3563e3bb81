// The `loop` and `loop-mcts` engines: tactical positions where the right move is known, the
// adjudication endings, the time limit (on a hand-driven clock, a passed one too), and short
// games against `random`. Diagrams: row y=0 on top, x=0 on the left, B black, W white.
#include <gtest/gtest.h>

#include <string>

#include "bots/engines/surakarta/evaluation.h"
#include "bots/engines/surakarta/loop_mcts.h"
#include "bots/engines/surakarta/tactical_positions.h"
#include "bots/player.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {
namespace {

using surakarta::Move;
using surakarta::Rules;
using surakarta::State;

State diagram(std::string_view text, Seat to_move = 0, const Rules& rules = Rules{}, int ply = 0,
              int since_capture = 0) {
  auto s = State::from_diagram(rules, text, to_move, ply, since_capture);
  EXPECT_TRUE(s.ok()) << s.message();
  return s.ok() ? s.value() : State(rules);
}

// The move `spec` chooses in `s` with `budget` (an unlimited one by default: the spec must
// bound the search itself), as text; the move must be legal.
std::string choice(std::string_view spec, const State& s, const TimeBudget& budget = TimeBudget()) {
  auto player = make_player<State>(spec, 17);
  EXPECT_TRUE(player.ok()) << player.message();
  if (!player.ok()) return "";
  const Move m = (*player)->choose(s, s.side(), budget);
  EXPECT_TRUE(s.check(s.side(), m).ok()) << spec << ": " << s.format_move(m);
  return s.format_move(m);
}

using testing::kWhichCapturer;
using testing::kWinOrTrade;

// BA takes BB over the top-left arc, but EE takes back and white wins the ending by force;
// DA's capture of CD round the outer loop keeps the balance.
constexpr std::string_view kTradeThatLoses = R"(
  .B.B.B
  .W....
  ......
  ..W...
  ....W.
  B...W.)";

// Black's only capture, BD takes CE round the bottom-left outer arc, is taken back at once.
constexpr std::string_view kOnlyCaptureIsTakenBack = R"(
  BBBBBB
  ..B...
  .B.B.B
  .B.WW.
  WWW..W
  WW.WWW)";

TEST(LoopEngineTactics, TakesTheCaptureThatWinsAPiece) {
  const State s = diagram(kWinOrTrade);
  EXPECT_EQ(choice("loop:depth=6", s), "CCCD");
  EXPECT_EQ(choice("loop-mcts:playouts=1500", s), "CCCD");
  // Two arcs round the inner loop (through EB and EE twice) to the lone white piece off the
  // corner: either black piece takes it.
  const State far = diagram(R"(
    .B....
    B.....
    ......
    ......
    .....W
    .....W)");
  for (const char* spec : {"loop:depth=4", "loop-mcts:playouts=1000"}) {
    const std::string m = choice(spec, far);
    EXPECT_TRUE(m == "ABFE" || m == "BAFE") << spec << ": " << m;
  }
}

TEST(LoopEngineTactics, AvoidsTheCaptureLostToARecapture) {
  const State pick = diagram(kWhichCapturer);
  EXPECT_EQ(choice("loop:depth=6", pick), "DBCD");
  EXPECT_EQ(choice("loop-mcts:playouts=1500", pick), "DBCD");
  EXPECT_EQ(choice("loop:depth=6", diagram(kTradeThatLoses)), "DACD");
  EXPECT_EQ(choice("loop-mcts:playouts=1500", diagram(kTradeThatLoses)), "DACD");
  const std::string quiet = choice("loop:depth=6", diagram(kOnlyCaptureIsTakenBack));
  EXPECT_NE(quiet, "BDCE");
}

TEST(LoopEngineTactics, QuiescenceChangesTheChoice) {
  // One ply and the bare evaluation grabs a piece that is taken back; one ply with the capture
  // quiescence sees the answer.
  EXPECT_EQ(choice("loop:depth=1,q=0", diagram(kWinOrTrade)), "ABBD");
  EXPECT_EQ(choice("loop:depth=1", diagram(kWinOrTrade)), "CCCD");
  EXPECT_EQ(choice("loop:depth=1,q=0", diagram(kWhichCapturer)), "DACD");
  EXPECT_EQ(choice("loop:depth=1", diagram(kWhichCapturer)), "DBCD");
}

TEST(LoopEngineTactics, AdjudicationByCountDrivesTheChoice) {
  // One ply before the move cap, equal material: the capture wins the count.
  const Rules cap{.no_capture_limit = 80, .max_plies = 101};
  const State capped = diagram(kOnlyCaptureIsTakenBack, 0, cap, 100, 10);
  EXPECT_EQ(choice("loop:depth=4", capped), "BDCE");
  EXPECT_EQ(choice("loop-mcts:playouts=1000", capped), "BDCE");
  // A piece down (no FA) one quiet move before the no-capture limit: only a capture goes on.
  constexpr std::string_view kBehind = R"(
    BBBBB.
    ..B...
    .B.B.B
    .B.WW.
    WWW..W
    WW.WWW)";
  const State last_chance = diagram(kBehind, 0, Rules{}, 100, 79);
  EXPECT_EQ(choice("loop:depth=4", last_chance), "BDCE");
  EXPECT_EQ(choice("loop:depth=4,limit=0", last_chance), "BDCE");
  EXPECT_EQ(choice("loop-mcts:playouts=1000", last_chance), "BDCE");
  EXPECT_NE(choice("loop:depth=4", diagram(kBehind, 0, Rules{}, 100, 10)), "BDCE");
}

// Mirrors the board top to bottom and swaps the colours: the loops map onto themselves.
State mirrored(const State& s) {
  std::string text;
  for (int y = surakarta::kSize - 1; y >= 0; --y) {
    for (int x = 0; x < surakarta::kSize; ++x) {
      const auto c = s.cell(x, y);
      text += c == surakarta::Cell::kBlack ? 'W' : c == surakarta::Cell::kWhite ? 'B' : '.';
    }
    text += '\n';
  }
  return diagram(text, s.side() ^ 1, s.rules(), s.ply(), s.plies_since_capture());
}

TEST(LoopEvaluation, SymmetricUnderMirrorAndColourSwap) {
  for (std::string_view d : {kWinOrTrade, kWhichCapturer, kTradeThatLoses, kOnlyCaptureIsTakenBack})
    for (Seat side : {0, 1}) {
      const State s = diagram(d, side);
      const EvalWeights w;
      EXPECT_EQ(evaluate(s, 0, w), -evaluate(s, 1, w));
      EXPECT_EQ(evaluate(s, 0, w), evaluate(mirrored(s), 1, w)) << s.to_text();
    }
  // The start is symmetric: only the move is worth something. A piece less costs most of a piece.
  const EvalWeights w;
  EXPECT_EQ(evaluate(State(), 0, w), w.tempo);
  const State one_less = diagram("BBBBB.\n..B...\n.B.B.B\n.B.WW.\nWWW..W\nWW.WWW");
  EXPECT_GT(evaluate(diagram(kOnlyCaptureIsTakenBack), 0, w),
            evaluate(one_less, 0, w) + w.piece / 2);
}

// A middle-game position: the initial one after a few plies.
State middle_game() {
  State s;
  for (const char* m : {"BBBC", "BEBD", "EBEC", "EEED", "CBCC", "DEDD"})
    s.apply(s.parse_move(s.side(), m).value());
  return s;
}

TEST(LoopEngineTime, StopsAtTheDeadlineOfAPerMoveLimit) {
  for (const char* spec : {"loop", "loop-mcts"}) {
    for (const State& s : {State(), middle_game()}) {
      const FakeClock clock(1'000'000);  // every reading of the clock takes 1 ms
      const TimeBudget budget(TimeControl::per_move(100, 0), clock);
      const std::int64_t hard = budget.hard_deadline_ns();
      choice(spec, s, budget);
      EXPECT_LE(clock.peek_ns(), hard + 5'000'000) << spec;
      EXPECT_GT(clock.reads(), 10) << spec;  // it did search
    }
  }
}

// Past the deadline already (a move's time spent elsewhere): an answer at once, legal, with
// no playout and no quiescence after the first child.
TEST(LoopEngineTime, APassedDeadlineAnswersAtOnce) {
  FakeClock clock;
  const TimeBudget budget(TimeControl::per_move(10, 0), clock);
  clock.advance_ms(20);
  const State s = middle_game();
  LoopMcts search(LoopMctsOptions{}, 5);
  const auto r = search.search(s, budget);
  ASSERT_TRUE(r.has_move);
  EXPECT_TRUE(s.check(s.side(), r.move).ok());
  EXPECT_EQ(r.playouts, 0);
}

TEST(LoopEngineTime, SpendsAShareOfTheBankNotAllOfIt) {
  for (const char* spec : {"loop", "loop-mcts"}) {
    const FakeClock clock(1'000'000);
    TimeControl tc;
    tc.bank_ms = 3000;
    const TimeBudget budget(tc, clock);
    const std::int64_t soft_span = budget.soft_deadline_ns();
    ASSERT_LT(soft_span, budget.hard_deadline_ns());
    choice(spec, middle_game(), budget);
    // An iteration may run past the soft deadline, to twice the soft span at most.
    EXPECT_LE(clock.peek_ns(), 2 * soft_span + 5'000'000) << spec;
  }
}

TEST(LoopEngineTime, UnlimitedBudgetSearchesAFiniteAmount) {
  EXPECT_FALSE(choice("loop", middle_game()).empty());
  EXPECT_FALSE(choice("loop-mcts", middle_game()).empty());
}

TEST(LoopEngineOptions, RejectsUnknownOrOutOfRangeOptions) {
  EXPECT_FALSE(make_player<State>("loop:width=3", 1).ok());
  EXPECT_FALSE(make_player<State>("loop:depth=0", 1).ok());
  EXPECT_FALSE(make_player<State>("loop-mcts:policy=2", 1).ok());
  EXPECT_FALSE(make_player<State>("loop-mcts:eval=neural", 1).ok());
  EXPECT_TRUE(make_player<State>("loop:pvs=0,lmr=0,order=0,eval=material,limit=0", 1).ok());
  EXPECT_TRUE(make_player<State>("loop-mcts:c=0.5,w=0,rollout=0,q=0,policy=0", 1).ok());
  EXPECT_FALSE(make_player<State>("loop-mcts:w=2", 1).ok());
  const std::string help = player_help();
  EXPECT_NE(help.find("苏拉卡尔塔 loop:"), std::string::npos);
  EXPECT_NE(help.find("苏拉卡尔塔 loop-mcts:"), std::string::npos);
}

// Plays `games` games of `spec` against random, colours alternating; every move legal.
void expect_beats_random(std::string_view spec, int games) {
  for (int g = 0; g < games; ++g) {
    const Seat engine_seat = g % 2;
    auto engine = make_player<State>(spec, 100 + g).value();
    auto random = make_player<State>("random", 200 + g).value();
    State s;
    while (!s.is_terminal()) {
      auto& p = s.side() == engine_seat ? engine : random;
      const Move m = p->choose(s, s.side(), TimeBudget());
      ASSERT_TRUE(s.apply_checked(s.side(), m).ok()) << spec << ": " << s.format_move(m);
    }
    const Outcome o = s.outcome();
    ASSERT_TRUE(o.winner.has_value()) << spec << " drew: " << o.detail;
    EXPECT_EQ(*o.winner, engine_seat) << spec << " lost game " << g << ": " << o.detail;
  }
}

TEST(LoopEngineGames, BothEnginesBeatRandom) {
  expect_beats_random("loop:depth=3", 4);
  expect_beats_random("loop-mcts:playouts=300", 4);
}

}  // namespace
}  // namespace boyi::bots::surakarta_engine
