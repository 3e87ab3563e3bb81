// Round robin, gauntlet and knockout schedules, and plan_next driving whole tournaments.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "base/rng.h"
#include "server/tournament/knockout.h"
#include "server/tournament/plan.h"
#include "server/tournament/round_robin.h"

namespace boyi::tournament {
namespace {

TEST(RoundRobin, EveryPairOnceWithBalancedSeatsAndNoThreeInARow) {
  for (int n = 2; n <= 21; ++n) {
    const auto games = round_robin_games(n, 1);
    EXPECT_EQ(games.size(), static_cast<std::size_t>(n * (n - 1) / 2)) << n;
    std::set<std::pair<int, int>> pairs;
    std::vector<int> balance(n), streak(n), last(n, -1);
    std::map<int, std::set<int>> playing;  // round -> entrants
    for (const auto& g : games) {
      EXPECT_NE(g.seats[0], g.seats[1]);
      EXPECT_TRUE(
          pairs.insert({std::min(g.seats[0], g.seats[1]), std::max(g.seats[0], g.seats[1])}).second)
          << n;
      for (int s = 0; s < 2; ++s) {
        const int e = g.seats[s];
        EXPECT_TRUE(playing[g.round].insert(e).second) << "entrant twice in a round";
        balance[e] += s == 0 ? 1 : -1;
        streak[e] = last[e] == s ? streak[e] + 1 : 1;
        last[e] = s;
        EXPECT_LE(streak[e], 2) << "n " << n << " entrant " << e;
      }
    }
    EXPECT_EQ(static_cast<int>(playing.size()), n % 2 ? n : n - 1);
    for (int e = 0; e < n; ++e) EXPECT_LE(std::abs(balance[e]), 1) << n;
  }
}

// Across cycles too: the last round of a cycle and the first of the next (seats swapped)
// never give an entrant the same seat a third time running.
TEST(RoundRobin, NoThreeInARowAcrossCycles) {
  for (int cycles = 2; cycles <= kMaxCycles; ++cycles)
    for (int n = 2; n <= 21; ++n) {
      std::vector<int> streak(n), last(n, -1);
      int round = 0;
      for (const auto& g : round_robin_games(n, cycles)) {
        EXPECT_GE(g.round, round) << "games in round order";
        round = g.round;
        for (int s = 0; s < 2; ++s) {
          const int e = g.seats[s];
          streak[e] = last[e] == s ? streak[e] + 1 : 1;
          last[e] = s;
          EXPECT_LE(streak[e], 2) << "n " << n << " cycles " << cycles << " entrant " << e
                                  << " round " << g.round;
        }
      }
    }
}

TEST(RoundRobin, DoubleCyclePlaysEachPairFromBothSeats) {
  const auto games = round_robin_games(6, 2);
  ASSERT_EQ(games.size(), 30u);
  std::set<std::pair<int, int>> ordered;
  for (const auto& g : games) EXPECT_TRUE(ordered.insert({g.seats[0], g.seats[1]}).second);
  EXPECT_EQ(games.back().round, 10);
}

TEST(Gauntlet, FirstEntrantMeetsEveryOtherWithAlternatingSeats) {
  const auto games = gauntlet_games(4, 2);
  ASSERT_EQ(games.size(), 6u);
  for (const auto& g : games) {
    EXPECT_TRUE(g.involves(0));
    EXPECT_EQ(g.seats[g.game_no % 2], 0);
  }
}

TEST(Knockout, BracketOrderKeepsTopSeedsApart) {
  EXPECT_EQ(bracket_order(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  EXPECT_EQ(bracket_order(2), (std::vector<int>{1, 2}));
}

// Plays a tournament to the end with results from `decide`, as the server would.
std::vector<Game> play_out(const Settings& s, int n,
                           const std::function<GameResult(const Game&)>& decide,
                           std::vector<std::string>* notes = nullptr) {
  std::vector<Game> games;
  for (int step = 0; step < 100000; ++step) {
    auto plan = plan_next(s, n, games);
    if (notes && !plan.note.empty()) notes->push_back(plan.note);
    if (plan.complete) return games;
    games.insert(games.end(), plan.new_games.begin(), plan.new_games.end());
    if (plan.void_unstarted) {  // none is under way here: each game is played in one step
      for (auto& g : games)
        if (!g.finished()) g.result = GameResult::kVoid;
      continue;
    }
    bool played = false;
    for (auto& g : games) {
      if (g.finished()) continue;
      g.result = decide(g);
      played = true;
      break;
    }
    if (!played && plan.new_games.empty()) {
      ADD_FAILURE() << "stuck: nothing to play and not complete";
      return games;
    }
  }
  ADD_FAILURE() << "did not finish";
  return games;
}

TEST(Knockout, ByesTieBreaksAndPlaces) {
  Settings s;
  s.format = Format::kKnockout;
  s.games_per_pairing = 2;
  s.tiebreak_games = 2;
  s.max_tiebreaks = 1;
  // 6 entrants: seeds 1 and 2 get byes. The lower index wins, except that every game
  // between 2 and 5 is drawn (level after the tie-break: 2 goes through by seed).
  auto games = play_out(s, 6, [](const Game& g) {
    const int a = g.seats[0], b = g.seats[1];
    if (std::min(a, b) == 2 && std::max(a, b) == 5) return GameResult::kDraw;
    return a < b ? GameResult::kSeat0Win : GameResult::kSeat1Win;
  });
  const auto ko = knockout_state(6, s, games);
  EXPECT_EQ(ko.champion, 0);
  ASSERT_EQ(ko.bracket.size(), 3u);
  // Round 1 (8-slot bracket: 1v8 4v5 2v7 3v6): seeds 1 and 2 have byes.
  EXPECT_EQ(ko.bracket[0][0].bottom, -1);
  EXPECT_EQ(ko.bracket[0][2].bottom, -1);
  EXPECT_EQ(ko.bracket[0][3].top, 2);
  EXPECT_EQ(ko.bracket[0][3].bottom, 5);
  EXPECT_TRUE(ko.bracket[0][3].by_seed);
  int games_2v5 = 0;
  for (const auto& g : games) games_2v5 += g.involves(2) && g.involves(5);
  EXPECT_EQ(games_2v5, 4);  // 2 + one tie-break of 2
  EXPECT_EQ(ko.places, (std::vector<int>{1, 2, 3, 3, 5, 5}));
}

TEST(Plan, RoundRobinIsCompleteWhenEveryGameIsPlayed) {
  Settings s;
  s.cycles = 2;
  auto games = play_out(s, 5, [](const Game&) { return GameResult::kDraw; });
  EXPECT_EQ(games.size(), 20u);
}

TEST(Plan, SprtStopsWhenTheTestDecides) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {0, 10, 0.05, 0.05, 5000};
  s.concurrency = 3;
  Rng rng(5);
  std::vector<std::string> notes;
  // The candidate (entrant 0) scores about 64%: far above elo1, so H1 is accepted quickly.
  auto games = play_out(
      s, 2,
      [&](const Game& g) {
        const auto r = rng.below(100);
        const int winner = r < 50 ? 0 : r < 72 ? -1 : 1;
        if (winner < 0) return GameResult::kDraw;
        return g.seats[0] == winner ? GameResult::kSeat0Win : GameResult::kSeat1Win;
      },
      &notes);
  const auto st = sprt_of(s, games);
  EXPECT_EQ(st.decision, SprtDecision::kAcceptH1);
  EXPECT_LT(games.size(), 1000u);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes.back().find("H1"), std::string::npos) << notes.back();
  // Decided on the last game: one game earlier it was still open, or the window's games
  // were already under way.
  EXPECT_EQ(games.size() % 2, 0u);
}

TEST(Plan, SprtStopsAtMaxGamesUndecided) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {-2, 2, 0.01, 0.01, 40};
  auto games = play_out(s, 2, [](const Game&) { return GameResult::kDraw; });
  EXPECT_EQ(games.size(), 40u);
  EXPECT_EQ(sprt_of(s, games).decision, SprtDecision::kContinue);
}

TEST(Plan, SprtWithAnOddMaxGamesStopsAtTheLastWholePair) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {-2, 2, 0.01, 0.01, 41};
  std::vector<std::string> notes;
  auto games = play_out(
      s, 2, [](const Game&) { return GameResult::kDraw; }, &notes);
  EXPECT_EQ(games.size(), 40u);
  EXPECT_EQ(sprt_of(s, games).decision, SprtDecision::kContinue);
  EXPECT_TRUE(plan_next(s, 2, games).no_more_games);
  EXPECT_FALSE(plan_next(s, 2, games).void_unstarted);  // undecided: every game counts
}

// A decision on the first game of a pair leaves its second game scheduled but not started:
// it is not needed any more, so the plan says to void it, and the tournament is then over.
TEST(Plan, AnSprtThatHasDecidedVoidsTheGamesNotStarted) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {0, 200, 0.1, 0.1, 100};
  s.concurrency = 1;
  std::vector<Game> games;
  int played = 0;
  while (sprt_of(s, games).decision == SprtDecision::kContinue) {
    const auto plan = plan_next(s, 2, games);
    EXPECT_FALSE(plan.void_unstarted);
    games.insert(games.end(), plan.new_games.begin(), plan.new_games.end());
    for (auto& g : games) {
      if (g.finished()) continue;
      g.result = g.seats[0] == 0 ? GameResult::kSeat0Win : GameResult::kSeat1Win;
      ++played;
      break;
    }
    ASSERT_LT(played, 100);
  }
  // Entrant 0 wins every game: the LLR crosses log(0.9 / 0.1) after the third game.
  ASSERT_EQ(played, 3);
  ASSERT_EQ(games.size(), 4u);
  auto plan = plan_next(s, 2, games);
  EXPECT_TRUE(plan.void_unstarted);
  EXPECT_TRUE(plan.no_more_games);
  EXPECT_TRUE(plan.new_games.empty());
  EXPECT_FALSE(plan.complete);
  games[3].result = GameResult::kVoid;
  plan = plan_next(s, 2, games);
  EXPECT_TRUE(plan.complete);
  const auto st = sprt_of(s, games);
  EXPECT_EQ(st.decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(st.wins, 3);
  EXPECT_EQ(st.wins + st.draws + st.losses, 3);
}

TEST(Plan, AnSprtDecisionStandsWhenLaterResultsPullTheLlrBack) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {0, 200, 0.05, 0.05, 1000};
  // The candidate wins the first pairs until H1 is accepted, then the games still under way
  // when it decided are lost: the LLR falls back inside the bounds, the decision stays.
  std::vector<Game> games;
  int round = 0;
  SprtStatus st;
  while ((st = sprt_of(s, games)).decision == SprtDecision::kContinue) {
    for (const Game& g : pairing_games(++round, 0, 0, 1, 0, 2)) {
      games.push_back(g);
      games.back().result = g.seats[0] == 0 ? GameResult::kSeat0Win : GameResult::kSeat1Win;
    }
  }
  ASSERT_EQ(st.decision, SprtDecision::kAcceptH1);
  for (int i = 0; i < 4; ++i) {
    for (const Game& g : pairing_games(++round, 0, 0, 1, 0, 2)) {
      games.push_back(g);
      games.back().result = g.seats[0] == 0 ? GameResult::kSeat1Win : GameResult::kSeat0Win;
    }
  }
  const auto after = sprt_of(s, games);
  EXPECT_LT(after.llr, after.upper);  // the later losses alone would reopen the test
  EXPECT_EQ(after.decision, SprtDecision::kAcceptH1);
  EXPECT_TRUE(plan_next(s, 2, games).no_more_games);
  EXPECT_TRUE(plan_next(s, 2, games).new_games.empty());
}

}  // namespace
}  // namespace boyi::tournament
