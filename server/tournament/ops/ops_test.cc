// Creating tournaments from specs (validation, house accounts, presets), settings JSON in
// both directions, the admin commands' rules, and the report's shape.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/storage/test_support.h"
#include "server/tournament/ops/report.h"
#include "server/tournament/ops/settings_json.h"
#include "server/tournament/ops/settle_policy.h"
#include "server/tournament/ops/tournament_ops.h"

namespace boyi::tournament {
namespace {

using Json = nlohmann::json;

struct Fixture {
  storage::testing::TempDir tmp;
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<accounts::Accounts> accounts;
  Fixture() {
    auto opened = storage::Database::open(storage::DatabaseOptions(tmp.path()));
    EXPECT_TRUE(opened.ok()) << opened.message();
    db = std::move(opened).value();
    accounts = std::make_unique<accounts::Accounts>(*db, accounts::Argon2Params::cheap_for_tests());
    for (const char* name : {"alpha", "beta", "gamma"})
      EXPECT_TRUE(accounts->create_bot(name).ok());
  }
  Result<storage::Tournament> create(const Json& j) {
    auto spec = spec_from_json(j);
    if (!spec) return Error{spec.message()};
    return create_tournament(*db, *accounts, *spec, std::nullopt);
  }
};

TEST(TournamentOps, SettingsJsonRoundTripsAndRefusesUnknownKeys) {
  Settings s;
  s.format = Format::kSprt;
  s.sprt = {-1, 4, 0.02, 0.1, 300};
  s.points = {2, 1, 0, 2};
  s.tie_breaks = {TieBreak::kWins, TieBreak::kBuchholz};
  s.concurrency = 4;
  s.open = true;
  s.openings = {{"H8", "H9", "J10"}, {"H8", "I9"}};
  auto back = settings_from_json(settings_to_json(s).dump());
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(*back, s);
  EXPECT_FALSE(settings_from_json(R"({"colour": 1})").ok());
  EXPECT_FALSE(settings_from_json(R"({"points": {"win": "lots"}})").ok());
  EXPECT_FALSE(settings_from_json(R"({"tie_breaks": ["coin"]})").ok());
  EXPECT_FALSE(settings_from_json(R"({"format": "ladder"})").ok());
  EXPECT_FALSE(settings_from_json(R"({"openings": [[]]})").ok());
  EXPECT_FALSE(settings_from_json(R"({"openings": [["H8", 7]]})").ok());
  EXPECT_FALSE(settings_from_json(R"({"openings": "H8 H9"})").ok());
  EXPECT_FALSE(settings_from_json("not json").ok());
  EXPECT_FALSE(settings_from_json("[1]").ok());
}

TEST(TournamentOps, CreatesFromAPresetWithHouseEntrants) {
  Fixture f;
  auto t = f.create({{"name", "cup"},
                     {"preset", "renju-blitz"},
                     {"settings", {{"format", "swiss"}, {"rounds", 2}}},
                     {"entrants", {"alpha", "house:3", "house", "beta"}}});
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(t->game, "gomoku");
  EXPECT_EQ(t->time.total_ms, 180000);
  EXPECT_EQ(t->time.increment_ms, 2000);
  ASSERT_EQ(t->entrants.size(), 4u);
  EXPECT_EQ(t->entrants[1].house_strength, 3);
  EXPECT_EQ(t->entrants[2].house_strength, 0);
  EXPECT_EQ(f.db->user_by_name("house-3")->kind, storage::UserKind::kBot);
  EXPECT_TRUE(f.db->user_by_name("house-random").ok());
  // A second tournament reuses the house accounts.
  EXPECT_TRUE(f.create({{"name", "again"},
                        {"game", "dots"},
                        {"time", {{"total_ms", 5000}}},
                        {"entrants", {"house:3", "gamma"}}})
                  .ok());
  storage::TournamentStore store(*f.db);
  auto loaded = load_tournament(store, t->id);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded->settings.format, Format::kSwiss);
  EXPECT_EQ(loaded->entrants[1].name, "house-3");
}

TEST(TournamentOps, HouseEntrantsMayNameAHouseEngine) {
  // 军棋's multi-piece Q-learning engine is offered with or without the learned players.
  Fixture f;
  auto t = f.create({{"name", "engines"},
                     {"game", "junqi"},
                     {"time", {{"total_ms", 60000}}},
                     {"entrants", {"house:qlearn:2", "house:qlearn", "house:2", "alpha"}}});
  ASSERT_TRUE(t.ok()) << t.message();
  ASSERT_EQ(t->entrants.size(), 4u);
  EXPECT_EQ(t->entrants[0].house_strength, 2);
  EXPECT_EQ(t->entrants[0].house_engine, "qlearn");
  EXPECT_EQ(t->entrants[1].house_strength, 0);  // the default strength
  EXPECT_EQ(t->entrants[1].house_engine, "qlearn");
  EXPECT_EQ(t->entrants[2].house_engine, "");
  EXPECT_EQ(house_account_name(2, "qlearn"), "house-qlearn-2");
  EXPECT_EQ(house_account_name(0, "qlearn"), "house-qlearn");
  EXPECT_EQ(f.db->user_by_name("house-qlearn-2")->kind, storage::UserKind::kBot);
  EXPECT_TRUE(f.db->user_by_name("house-qlearn").ok());
  storage::TournamentStore store(*f.db);
  auto loaded = load_tournament(store, t->id);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded->entrants[0].house_engine, "qlearn");
  auto house = store.house_entrants();
  ASSERT_TRUE(house.ok());
  ASSERT_EQ(house->size(), 3u);
  // An engine the game does not offer, or a bad strength with one, is refused.
  for (const auto& [entrant, says] :
       std::vector<std::pair<std::string, std::string>>{{"house:qlearn:3", "no house engine"},
                                                        {"house:alphabeta", "no house engine"},
                                                        {"house:qlearn:x", "0..10"},
                                                        {"house:qlearn:11", "0..10"}}) {
    auto bad = f.create({{"name", "bad"}, {"game", "dots"}, {"entrants", {"alpha", entrant}}});
    ASSERT_FALSE(bad.ok()) << entrant;
    EXPECT_NE(bad.message().find(says), std::string::npos) << bad.message();
  }
}

TEST(TournamentOps, RefusesBadSpecs) {
  Fixture f;
  const auto bad = [&](Json j, const std::string& says) {
    auto t = f.create(j);
    EXPECT_FALSE(t.ok()) << j.dump();
    if (!t.ok()) {
      EXPECT_NE(t.message().find(says), std::string::npos) << t.message();
    }
  };
  bad({{"name", "x"}, {"preset", "nope"}, {"entrants", {"alpha", "beta"}}}, "preset");
  bad({{"name", "x"}, {"game", "chess"}, {"entrants", {"alpha", "beta"}}}, "game");
  bad({{"name", "x"},
       {"game", "gomoku"},
       {"rules", "rule=nonsense"},
       {"entrants", {"alpha", "beta"}}},
      "rules");
  bad({{"name", "x"}, {"game", "dots"}, {"entrants", {"alpha", "nobody"}}}, "no such account");
  bad({{"name", "x"}, {"game", "dots"}, {"entrants", {"alpha", "alpha"}}}, "twice");
  bad({{"name", "x"}, {"game", "dots"}, {"entrants", {"alpha", "house:11"}}}, "0..10");
  bad({{"name", "x"},
       {"game", "dots"},
       {"settings", {{"format", "sprt"}}},
       {"entrants", {"alpha", "beta", "gamma"}}},
      "exactly 2");
  bad({{"name", ""}, {"game", "dots"}, {"entrants", {"alpha", "beta"}}}, "name");
  bad({{"name", "x"}, {"game", "dots"}, {"colour", "red"}}, "unknown");
  bad({{"name", "x"}, {"game", "dots"}, {"time", {{"total_ms", -5}}}}, "milliseconds");
}

TEST(TournamentOps, CommandsFollowTheStatusRules) {
  Fixture f;
  auto t = f.create({{"name", "cmd"}, {"game", "dots"}, {"entrants", {"alpha", "beta"}}});
  ASSERT_TRUE(t.ok()) << t.message();
  storage::TournamentStore store(*f.db);
  EXPECT_FALSE(tournament_command(store, t->id, "pause", std::nullopt).ok());
  EXPECT_FALSE(tournament_command(store, t->id, "resume", std::nullopt).ok());
  EXPECT_TRUE(tournament_command(store, t->id, "start", std::nullopt).ok());
  EXPECT_FALSE(tournament_command(store, t->id, "start", std::nullopt).ok());
  EXPECT_TRUE(tournament_command(store, t->id, "pause", std::nullopt).ok());
  EXPECT_TRUE(tournament_command(store, t->id, "resume", std::nullopt).ok());
  EXPECT_TRUE(tournament_command(store, t->id, "cancel", std::nullopt).ok());
  EXPECT_FALSE(tournament_command(store, t->id, "resume", std::nullopt).ok());
  EXPECT_FALSE(tournament_command(store, t->id, "explode", std::nullopt).ok());
  EXPECT_EQ(store.get(t->id)->status, storage::TournamentStatus::kCancelled);
  // A tournament below its format's minimum cannot start.
  auto lone = f.create({{"name", "lone"}, {"game", "dots"}, {"entrants", Json::array()}});
  ASSERT_TRUE(lone.ok()) << lone.message();
  EXPECT_FALSE(tournament_command(store, lone->id, "start", std::nullopt).ok());
}

TEST(TournamentOps, ReportHasEveryPart) {
  Fixture f;
  auto t = f.create({{"name", "rep"},
                     {"game", "dots"},
                     {"settings", {{"format", "ko"}}},
                     {"entrants", {"alpha", "beta", "gamma"}}});
  ASSERT_TRUE(t.ok());
  auto r = load_report(*f.db, t->id);
  ASSERT_TRUE(r.ok()) << r.message();
  for (const char* key : {"tournament", "settings", "tie_breaks", "entrants", "standings",
                          "crosstable", "games", "knockout", "events"})
    EXPECT_TRUE(r->contains(key)) << key;
  EXPECT_EQ((*r)["standings"].size(), 3u);
  EXPECT_EQ((*r)["events"][0]["kind"], "created");
  EXPECT_FALSE(load_report(*f.db, 999).ok());
}

TEST(TournamentOps, SettlingCountsResultsAndReplaysAbortedGamesUpToTheLimit) {
  storage::PlayedGame g;
  g.match = 7;
  g.attempts = 1;
  g.where = "game 3 (round 1, board 0, game 0)";
  g.ending = "five_in_row";
  g.winner = 1;
  g.rated = true;
  auto done = settle_game(g, 3);
  EXPECT_EQ(done.kind, storage::Settled::kDone);
  EXPECT_EQ(done.result, "0-1");
  EXPECT_TRUE(done.rate);
  EXPECT_EQ(done.event_kind, "game_finished");
  EXPECT_EQ(done.event_detail, "game 3 (round 1, board 0, game 0): 0-1 (five_in_row), match 7");
  g.winner.reset();
  g.rated = false;
  EXPECT_EQ(settle_game(g, 3).result, "draw");
  EXPECT_FALSE(settle_game(g, 3).rate);

  g.aborted = true;
  g.ending = "aborted";
  g.detail = "crash";
  auto replay = settle_game(g, 2);
  EXPECT_EQ(replay.kind, storage::Settled::kReplay);
  EXPECT_EQ(replay.event_detail,
            "game 3 (round 1, board 0, game 0): match 7 aborted (crash); it is played again");
  g.attempts = 2;
  auto void_game = settle_game(g, 2);
  EXPECT_EQ(void_game.kind, storage::Settled::kVoid);
  EXPECT_EQ(void_game.result, "void");
  EXPECT_FALSE(void_game.rate);
  EXPECT_EQ(settle_policy(3)(g).kind, storage::Settled::kReplay);
}

}  // namespace
}  // namespace boyi::tournament
