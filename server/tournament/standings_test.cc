// Standings: points, the tie-breaks worked out by hand, shared ranks, the crosstable and
// the Elo intervals.
#include <gtest/gtest.h>

#include "server/tournament/standings.h"

namespace boyi::tournament {
namespace {

Game game(int a, int b, GameResult r, int round = 1) {
  Game g;
  g.round = round;
  g.seats = {a, b};
  g.result = r;
  return g;
}

// 0 beats 1, draws 2, loses to 3; 1 beats 2 and 3; 2 beats 3. Points 1.5, 2, 1.5, 1.
std::vector<Game> four() {
  using R = GameResult;
  return {game(0, 1, R::kSeat0Win), game(2, 0, R::kDraw),     game(3, 0, R::kSeat0Win),
          game(1, 2, R::kSeat0Win), game(3, 1, R::kSeat1Win), game(2, 3, R::kSeat0Win)};
}

const StandingRow& row_of(const Standings& s, int entrant) {
  for (const auto& r : s.rows)
    if (r.entrant == entrant) return r;
  static StandingRow none;
  ADD_FAILURE() << "no row for " << entrant;
  return none;
}

TEST(Standings, PointsAndTieBreaksByHand) {
  Settings settings;  // round robin: direct encounter, Sonneborn-Berger, wins
  const auto s = compute_standings(settings, 4, four());
  ASSERT_EQ(s.rows.size(), 4u);
  EXPECT_DOUBLE_EQ(row_of(s, 0).points, 1.5);
  EXPECT_DOUBLE_EQ(row_of(s, 1).points, 2);
  EXPECT_DOUBLE_EQ(row_of(s, 2).points, 1.5);
  EXPECT_DOUBLE_EQ(row_of(s, 3).points, 1);
  // Buchholz: the opponents' points.
  EXPECT_DOUBLE_EQ(row_of(s, 0).buchholz, 2 + 1.5 + 1);
  EXPECT_DOUBLE_EQ(row_of(s, 2).buchholz, 1.5 + 2 + 1);
  EXPECT_DOUBLE_EQ(row_of(s, 3).buchholz, 1.5 + 2 + 1.5);
  // Sonneborn-Berger: beaten opponents' points plus half of drawn opponents'.
  EXPECT_DOUBLE_EQ(row_of(s, 0).sonneborn_berger, 2 + 0.75);
  EXPECT_DOUBLE_EQ(row_of(s, 1).sonneborn_berger, 1.5 + 1);
  EXPECT_DOUBLE_EQ(row_of(s, 2).sonneborn_berger, 0.75 + 1);
  EXPECT_DOUBLE_EQ(row_of(s, 3).sonneborn_berger, 1.5);
  // Direct encounter between the two on 1.5: their game was drawn.
  EXPECT_DOUBLE_EQ(row_of(s, 0).direct_encounter, 0.5);
  EXPECT_DOUBLE_EQ(row_of(s, 2).direct_encounter, 0.5);
  EXPECT_DOUBLE_EQ(row_of(s, 1).direct_encounter, 0);
  // Order: 1; then 0 and 2 level on direct encounter, 0 ahead on Sonneborn-Berger; then 3.
  std::vector<int> order;
  for (const auto& r : s.rows) order.push_back(r.entrant);
  EXPECT_EQ(order, (std::vector<int>{1, 0, 2, 3}));
  EXPECT_EQ(s.rows[1].rank, 2);
  EXPECT_EQ(s.rows[2].rank, 3);
  EXPECT_EQ(s.games_finished, 6);
  EXPECT_EQ(s.games_total, 6);
}

TEST(Standings, TieBreaksApplyInTheirOrder) {
  using R = GameResult;
  // 0 and 1 finish on 2 points: 1 beat 0 (direct encounter), 0 has more wins (2 against 1).
  const std::vector<Game> games = {game(0, 1, R::kSeat1Win), game(0, 2, R::kSeat0Win),
                                   game(3, 0, R::kSeat1Win), game(1, 2, R::kDraw),
                                   game(3, 1, R::kDraw),     game(2, 3, R::kSeat0Win)};
  Settings settings;
  settings.tie_breaks = {TieBreak::kDirectEncounter, TieBreak::kWins};
  auto s = compute_standings(settings, 4, games);
  EXPECT_DOUBLE_EQ(row_of(s, 0).points, 2);
  EXPECT_DOUBLE_EQ(row_of(s, 1).points, 2);
  EXPECT_EQ(s.rows[0].entrant, 1);
  EXPECT_EQ(s.rows[1].entrant, 0);
  settings.tie_breaks = {TieBreak::kWins, TieBreak::kDirectEncounter};
  s = compute_standings(settings, 4, games);
  EXPECT_EQ(s.rows[0].entrant, 0);
  EXPECT_EQ(s.rows[1].entrant, 1);
  EXPECT_EQ(s.rows[1].rank, 2);
}

TEST(Standings, EntrantsEqualOnEverythingShareARank) {
  using R = GameResult;
  // A cycle: 1 beats 0, 0 beats 2, 2 beats 1: one point each, every tie-break equal.
  const std::vector<Game> games = {game(0, 1, R::kSeat1Win), game(0, 2, R::kSeat0Win),
                                   game(1, 2, R::kSeat1Win)};
  const auto s = compute_standings(Settings{}, 3, games);
  std::vector<int> order;
  for (const auto& r : s.rows) {
    EXPECT_EQ(r.rank, 1);
    order.push_back(r.entrant);
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));  // listed by seed
}

TEST(Standings, CrosstableCellsAndEloIntervals) {
  Settings settings;
  settings.cycles = 2;
  using R = GameResult;
  std::vector<Game> games = {game(0, 1, R::kSeat0Win), game(1, 0, R::kDraw),
                             game(0, 1, R::kSeat1Win, 2), game(1, 0, R::kSeat1Win, 2)};
  games.push_back(game(0, 1, R::kPending, 3));
  const auto s = compute_standings(settings, 2, games);
  EXPECT_EQ(s.crosstable[0][1].results, "1=01");
  EXPECT_EQ(s.crosstable[1][0].results, "0=10");
  EXPECT_EQ(s.crosstable[0][0].results, "");
  EXPECT_DOUBLE_EQ(s.crosstable[0][1].points, 2.5);
  EXPECT_EQ(s.games_finished, 4);
  EXPECT_EQ(s.games_total, 5);
  const auto& e = row_of(s, 0).elo;
  EXPECT_NEAR(e.score, 0.625, 1e-12);
  EXPECT_GT(e.elo, 0);
  EXPECT_LT(e.lower, e.elo);
  EXPECT_GT(e.upper, e.elo);
  EXPECT_NEAR(row_of(s, 1).elo.elo, -e.elo, 1e-9);
  EXPECT_NEAR(s.crosstable[0][1].elo.elo, e.elo, 1e-9);
}

TEST(Standings, SwissByesScoreAndVoidGamesDoNot) {
  Settings settings;
  settings.format = Format::kSwiss;
  settings.points = {2, 1, 0, 2};
  Game bye;
  bye.seats = {2, -1};
  bye.result = GameResult::kBye;
  std::vector<Game> games = {game(0, 1, GameResult::kVoid), bye};
  auto s = compute_standings(settings, 3, games);
  EXPECT_DOUBLE_EQ(row_of(s, 2).points, 2);
  EXPECT_EQ(row_of(s, 2).byes, 1);
  EXPECT_EQ(row_of(s, 0).voids, 1);
  EXPECT_DOUBLE_EQ(row_of(s, 0).points, 0);
  EXPECT_EQ(s.rows[0].entrant, 2);
  settings.format = Format::kRoundRobin;  // elsewhere a bye (sitting out) scores nothing
  s = compute_standings(settings, 3, games);
  EXPECT_DOUBLE_EQ(row_of(s, 2).points, 0);
}

}  // namespace
}  // namespace boyi::tournament
