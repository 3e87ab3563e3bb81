// The tournament and rating stores: creation, status changes, games added once, the
// match linked in the transaction that creates it, settling exactly once (with ratings), replays of
// aborted games, and games left 'starting' by a crash.
#include <gtest/gtest.h>

#include "server/storage/rating_store.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"
#include "server/storage/tournament_store.h"

namespace boyi::storage {
namespace {

using testing::TempDir;
using S = TournamentStatus;

// A policy of the test's own: storage records whatever it decides. Finished matches count
// (rated when the match is); an aborted one is replayed until `max_attempts`, then void.
SettlePolicy policy(int max_attempts) {
  return [max_attempts](const PlayedGame& g) {
    Settlement s;
    if (g.aborted) {
      s.kind = g.attempts < max_attempts ? Settled::kReplay : Settled::kVoid;
      s.result = "void";
      s.event_kind = "aborted";
      return s;
    }
    s.kind = Settled::kDone;
    s.result = !g.winner ? "draw" : *g.winner == 0 ? "1-0" : "0-1";
    s.event_kind = "finished";
    s.event_detail = g.where;
    s.rate = g.rated;
    return s;
  };
}

struct Fixture {
  TempDir tmp;
  std::unique_ptr<Database> db;
  std::vector<Id> users;
  Fixture() {
    auto opened = Database::open(testing::test_database_options(tmp.path()));
    EXPECT_TRUE(opened.ok()) << opened.message();
    db = std::move(opened).value();
    for (const char* name : {"alpha", "beta", "gamma"})
      users.push_back(db->create_user(new_bot(name))->id);
  }
  NewTournament sample() const {
    NewTournament t;
    t.name = "spring cup";
    t.game = "gomoku";
    t.preset = "renju-blitz";
    t.rules = "rule=renju";
    t.time = {180000, 0, 2000, 1000};
    t.format = "rr";
    t.settings = "{}";
    t.entrants = {{users[0], std::nullopt}, {users[1], 3, "td"}};
    return t;
  }
  // A match for tournament game `game` (which must be 'starting'), as the server creates it.
  Result<Match> try_create_match(Id tournament, Id game, Id seat0, Id seat1, bool rated = true) {
    NewMatch m = new_match("gomoku", "rule=renju", {1000, 0, 0, 0});
    m.seats = {seat0, seat1};
    m.tournament = tournament;
    m.tournament_game = game;
    m.rated = rated;
    return db->create_match(m);
  }
  Id create_match(Id tournament, Id game, Id seat0, Id seat1, bool rated = true) {
    auto made = try_create_match(tournament, game, seat0, seat1, rated);
    EXPECT_TRUE(made.ok()) << made.message();
    return made.ok() ? made->id : 0;
  }
};

TEST(TournamentStore, CreateListEntrantsAndStatusChanges) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(t->status, S::kCreated);
  auto entrants = store.entrants(t->id);
  ASSERT_TRUE(entrants.ok());
  ASSERT_EQ(entrants->size(), 2u);
  EXPECT_EQ((*entrants)[0].name, "alpha");
  EXPECT_EQ((*entrants)[1].house_strength, 3);
  EXPECT_EQ((*entrants)[1].house_engine, "td");
  EXPECT_EQ((*entrants)[0].house_engine, "");
  EXPECT_TRUE(store.add_entrant(t->id, {f.users[2], std::nullopt}, f.users[2]).ok());
  EXPECT_FALSE(store.add_entrant(t->id, {f.users[2], std::nullopt}, std::nullopt).ok());
  EXPECT_EQ(store.entrants(t->id)->back().index, 2);

  EXPECT_FALSE(store.transition(t->id, {S::kRunning}, S::kPaused, "paused", std::nullopt).ok());
  ASSERT_TRUE(
      store.transition(t->id, {S::kCreated, S::kPaused}, S::kRunning, "started", std::nullopt)
          .ok());
  auto running = store.get(t->id);
  EXPECT_EQ(running->status, S::kRunning);
  ASSERT_TRUE(running->started_ms.has_value());
  EXPECT_FALSE(store.add_entrant(t->id, {f.users[2], std::nullopt}, std::nullopt).ok());
  ASSERT_TRUE(store
                  .transition(t->id, {S::kRunning}, S::kFinished, "finished", std::nullopt, {},
                              std::string("alpha wins"))
                  .ok());
  auto done = store.get(t->id);
  EXPECT_EQ(done->result, "alpha wins");
  EXPECT_TRUE(done->ended_ms.has_value());
  EXPECT_EQ(store.list(false, 10)->size(), 0u);
  EXPECT_EQ(store.list(true, 10)->size(), 1u);
  auto events = store.events(t->id, 100);
  ASSERT_TRUE(events.ok());
  std::vector<std::string> kinds;
  for (const auto& e : *events) kinds.push_back(e.kind);
  EXPECT_EQ(kinds, (std::vector<std::string>{"created", "joined", "started", "finished"}));
  auto house = store.house_entrants();
  ASSERT_TRUE(house.ok());
  ASSERT_EQ(house->size(), 1u);
  EXPECT_EQ((*house)[0].user, f.users[1]);
  EXPECT_EQ((*house)[0].strength, 3);
  EXPECT_EQ((*house)[0].engine, "td");
}

TEST(TournamentStore, GamesAreAddedOnceAndLinkedToTheirMatchWhenItIsCreated) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  ASSERT_TRUE(t.ok());
  const std::vector<NewGame> round = {
      {1, 0, 0, 0, 1, "pending"}, {1, 0, 1, 1, 0, "pending"}, {1, 1, 0, 0, std::nullopt, "bye"}};
  ASSERT_TRUE(store.add_games(t->id, round, "round 1").ok());
  ASSERT_TRUE(store.add_games(t->id, round, "round 1 again").ok());  // no duplicates
  auto games = store.games(t->id);
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[2].state, "done");
  EXPECT_EQ((*games)[2].result, "bye");
  const Id g0 = (*games)[0].id;

  // A match for a game that is not starting is not created at all.
  auto early = f.try_create_match(t->id, g0, f.users[0], f.users[1]);
  ASSERT_FALSE(early.ok());
  EXPECT_NE(early.message().find("no game " + std::to_string(g0) + " waiting to start"),
            std::string::npos)
      << early.message();
  EXPECT_TRUE(f.db->recent_finished(10)->empty());
  ASSERT_TRUE(store.mark_starting(g0).ok());
  EXPECT_FALSE(store.mark_starting(g0).ok());
  // Nor for another tournament's game, nor for a game without its tournament.
  EXPECT_FALSE(f.try_create_match(t->id + 1, g0, f.users[0], f.users[1]).ok());
  NewMatch orphan = new_match("gomoku", "rule=renju", {1000, 0, 0, 0});
  orphan.tournament_game = g0;
  EXPECT_FALSE(f.db->create_match(orphan).ok());
  const Id m = f.create_match(t->id, g0, f.users[0], f.users[1]);
  auto linked = store.games(t->id);
  EXPECT_EQ((*linked)[0].state, "playing");
  EXPECT_EQ((*linked)[0].match, m);
  EXPECT_EQ((*linked)[0].attempts, 1);
  EXPECT_EQ(store.game_of_match(m)->value(), std::make_pair(t->id, g0));

  // A game left 'starting' with no match (a crash before the match was made) goes back.
  const Id g1 = (*linked)[1].id;
  ASSERT_TRUE(store.mark_starting(g1).ok());
  EXPECT_EQ(*store.reset_starting(t->id), 1);
  EXPECT_EQ(store.games(t->id)->at(1).state, "pending");
  ASSERT_TRUE(store.mark_starting(g1).ok());
  ASSERT_TRUE(store.start_failed(g1, "no such user").ok());
  EXPECT_EQ(store.games(t->id)->at(1).state, "pending");
}

TEST(TournamentStore, SettlingRecordsTheResultOnceAndRatesIt) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  ASSERT_TRUE(store.add_games(t->id, {{1, 0, 0, 0, 1, "pending"}}, "round 1").ok());
  const Id g = store.games(t->id)->at(0).id;
  ASSERT_TRUE(store.mark_starting(g).ok());
  const Id m = f.create_match(t->id, g, f.users[0], f.users[1]);
  int rated = 0;
  const RateGame rate = [&](const std::optional<RatingRow>& a, const std::optional<RatingRow>& b,
                            double score0, std::int64_t) {
    ++rated;
    EXPECT_FALSE(a.has_value());
    EXPECT_FALSE(b.has_value());
    EXPECT_EQ(score0, 1.0);
    return std::make_pair(RatingValue{1600, 300, 0.06}, RatingValue{1400, 300, 0.06});
  };
  EXPECT_EQ(*store.settle(g, policy(3), rate), Settled::kNothing);  // still waiting
  ASSERT_TRUE(f.db->finish_match(m, {Ending::kResignation, 0, "resigned"}, 5).ok());
  auto settled = store.settle(g, policy(3), rate);
  ASSERT_TRUE(settled.ok()) << settled.message();
  EXPECT_EQ(*settled, Settled::kDone);
  EXPECT_EQ(*store.settle(g, policy(3), rate), Settled::kNothing);  // exactly once
  EXPECT_EQ(rated, 1);
  auto events = store.events(t->id, 10);
  ASSERT_TRUE(events.ok());
  bool told = false;
  for (const auto& e : *events)
    told = told || (e.kind == "finished" &&
                    e.detail == "game " + std::to_string(g) + " (round 1, board 0, game 0)");
  EXPECT_TRUE(told) << "the policy's event is recorded with the result";
  auto game = store.games(t->id)->at(0);
  EXPECT_EQ(game.state, "done");
  EXPECT_EQ(game.result, "1-0");
  EXPECT_EQ(game.ending, "resignation");
  RatingStore ratings(*f.db);
  auto a = ratings.rating(f.users[0], "gomoku");
  ASSERT_TRUE(a.ok() && a->has_value());
  EXPECT_EQ((*a)->value.rating, 1600);
  EXPECT_EQ((*a)->games, 1);
  auto history = ratings.history(f.users[1], "gomoku", 10);
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ((*history)[0].score, 0);
  EXPECT_EQ((*history)[0].before.rating, 1500);
  EXPECT_EQ((*history)[0].after.rating, 1400);
  EXPECT_EQ(ratings.ratings("gomoku", 10)->front().name, "alpha");
}

// A tournament cancelled while games are being started and played is found (the runner's
// sweep) until they are settled or put back; running tournaments and ended ones with
// nothing in play are not.
TEST(TournamentStore, ACancelledTournamentIsFoundWhileItsGamesAreInPlay) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  auto quiet = store.create(f.sample());
  ASSERT_TRUE(t.ok() && quiet.ok());
  for (Id id : {t->id, quiet->id})
    ASSERT_TRUE(store.transition(id, {S::kCreated}, S::kRunning, "started", std::nullopt).ok());
  ASSERT_TRUE(
      store.add_games(t->id, {{1, 0, 0, 0, 1, "pending"}, {1, 0, 1, 1, 0, "pending"}}, "round 1")
          .ok());
  const Id played = store.games(t->id)->at(0).id, starting = store.games(t->id)->at(1).id;
  ASSERT_TRUE(store.mark_starting(played).ok());
  const Id m = f.create_match(t->id, played, f.users[0], f.users[1]);
  ASSERT_TRUE(store.mark_starting(starting).ok());
  EXPECT_TRUE(store.ended_with_games_in_play(10)->empty()) << "running: not ended";

  for (Id id : {t->id, quiet->id})
    ASSERT_TRUE(
        store.transition(id, {S::kRunning}, S::kCancelled, "cancelled", std::nullopt).ok());
  EXPECT_EQ(*store.ended_with_games_in_play(10), std::vector<Id>{t->id});
  ASSERT_TRUE(f.db->finish_match(m, {Ending::kResignation, 0, "resigned"}, 5).ok());
  ASSERT_EQ(*store.settle(played, policy(3), {}), Settled::kDone);
  EXPECT_EQ(*store.ended_with_games_in_play(10), std::vector<Id>{t->id}) << "one still starting";
  EXPECT_EQ(*store.reset_starting(t->id), 1);
  EXPECT_TRUE(store.ended_with_games_in_play(10)->empty());
}

// Games the tournament no longer needs (an SPRT that has decided): those not started are void,
// with the reason and one event; a game starting or in play is left to finish.
TEST(TournamentStore, GamesNotStartedAreVoidedWhenNoLongerNeeded) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(store
                  .add_games(t->id,
                             {{1, 0, 0, 0, 1, "pending"},
                              {1, 0, 1, 1, 0, "pending"},
                              {2, 0, 0, 0, 1, "pending"},
                              {2, 0, 1, 1, 0, "pending"}},
                             "2 pairs")
                  .ok());
  const auto added = *store.games(t->id);
  ASSERT_TRUE(store.mark_starting(added[0].id).ok());
  f.create_match(t->id, added[0].id, f.users[0], f.users[1]);
  ASSERT_TRUE(store.mark_starting(added[1].id).ok());

  EXPECT_EQ(*store.void_unstarted(t->id, "not needed: SPRT H1"), 2);
  const auto games = *store.games(t->id);
  EXPECT_EQ(games[0].state, "playing");
  EXPECT_EQ(games[1].state, "starting");
  for (int i : {2, 3}) {
    EXPECT_EQ(games[i].state, "done");
    EXPECT_EQ(games[i].result, "void");
    EXPECT_EQ(games[i].detail, "not needed: SPRT H1");
    EXPECT_TRUE(games[i].finished_ms.has_value());
  }
  EXPECT_EQ(*store.void_unstarted(t->id, "again"), 0);
  auto events = store.events(t->id, 50);
  ASSERT_TRUE(events.ok()) << events.message();
  int voided_events = 0;
  for (const auto& e : *events) {
    if (e.kind != "games_voided") continue;
    ++voided_events;
    EXPECT_EQ(e.detail, "not needed: SPRT H1 (2 games)");
  }
  EXPECT_EQ(voided_events, 1);
}

TEST(TournamentStore, AbortedGamesAreReplayedThenVoid) {
  Fixture f;
  TournamentStore store(*f.db);
  auto t = store.create(f.sample());
  ASSERT_TRUE(store.add_games(t->id, {{1, 0, 0, 1, 0, "pending"}}, "round 1").ok());
  const Id g = store.games(t->id)->at(0).id;
  for (int attempt = 1; attempt <= 2; ++attempt) {
    ASSERT_TRUE(store.mark_starting(g).ok());
    const Id m = f.create_match(t->id, g, f.users[1], f.users[0], false);
    ASSERT_TRUE(f.db->finish_match(m, {Ending::kAborted, std::nullopt, "crash"}, 5).ok());
    EXPECT_EQ(*store.settle(g, policy(2), {}), attempt == 1 ? Settled::kReplay : Settled::kVoid);
  }
  auto game = store.games(t->id)->at(0);
  EXPECT_EQ(game.state, "done");
  EXPECT_EQ(game.result, "void");
  EXPECT_EQ(game.attempts, 2);
}

}  // namespace
}  // namespace boyi::storage
