// House bots through the real server: the strength table (every level of every game makes
// its player; GET /api/house-bots), a full legal game of every game at a low and a strong
// level against a test client, the level shown as the seat's name, the house engines (the
// learned players among them) listed and each played to the end, a slow-thinking bot that
// does not hold up another match, a resigned match's search that stops at once in every game,
// the level and engine surviving a restart, and a bad level or engine refused.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "base/rng.h"
#include "engine/registry.h"
#include "server/app/app_test_fixture.h"
#include "server/house/house_levels.h"
#include "server/matches/house_bot.h"

namespace boyi::app::test {
namespace {

// What the test client's seat has learnt of its match.
struct Seat {
  std::string match, game, rules;
  int seat = -1;
  v1::GameView view;
  std::vector<std::uint32_t> seqs;
  std::vector<std::string> names;
  bool ended = false;
  v1::Outcome outcome;
  int house_moves = 0;

  void absorb(const SM& m) {
    if (m.has_match_started() && (match.empty() || m.match_started().match_id() == match)) {
      const auto& st = m.match_started();
      match = st.match_id();
      seat = st.seat();
      game = st.game();
      rules = st.rules();
      names.clear();
      for (const auto& p : st.players()) names.push_back(p.name());
      if (seqs.empty()) view = st.view();
    } else if (m.has_match_event() && m.match_event().match_id() == match) {
      if (!seqs.empty() && m.match_event().seq() <= seqs.back()) return;  // a replay
      seqs.push_back(m.match_event().seq());
      if (m.match_event().actor() != seat) ++house_moves;
      if (m.match_event().has_view()) view = m.match_event().view();
    } else if (m.has_match_ended() && m.match_ended().match_id() == match) {
      seqs.push_back(m.match_ended().seq());
      ended = true;
      outcome = m.match_ended().outcome();
    }
  }
  bool gapless() const {
    for (std::size_t i = 0; i < seqs.size(); ++i)
      if (seqs[i] != i + 1) return false;
    return true;
  }
};

// A random legal action from the seat's own view (a fresh game's layout for a 军棋 deployment).
std::string random_action(const Seat& s, Rng& rng) {
  if (s.view.legal_moves_size() > 0)
    return s.view.legal_moves(
        static_cast<int>(rng.below(static_cast<std::uint32_t>(s.view.legal_moves_size()))));
  auto fresh = create_game(s.game, s.rules);
  return fresh ? fresh.value()->random_move(s.seat, rng) : std::string();
}

v1::ClientMessage house_request(v1::MatchSetup setup, std::uint32_t strength,
                                const std::string& engine = "") {
  v1::ClientMessage m;
  *m.mutable_play_house_bot()->mutable_setup() = std::move(setup);
  m.mutable_play_house_bot()->set_strength(strength);
  m.mutable_play_house_bot()->set_engine(engine);
  return m;
}

std::vector<std::string> engine_names(const std::string& game) {
  std::vector<std::string> names;
  for (const auto& e : house_engines(game)) names.push_back(e.name);
  return names;
}

v1::MatchSetup preset_setup(const std::string& preset, int seat, std::uint32_t total_ms,
                            std::uint32_t per_move_ms) {
  v1::MatchSetup s;
  s.set_preset(preset);
  s.set_seat(seat);
  s.mutable_time_control()->set_total_ms(total_ms);
  s.mutable_time_control()->set_per_move_ms(per_move_ms);
  return s;
}

class HouseBotTest : public AppTest {
 protected:
  // Asks for a house bot; the MatchStarted absorbed into `s`.
  void start_house_match(Client& c, v1::MatchSetup setup, std::uint32_t strength, Seat& s,
                         const std::string& engine = "") {
    auto ack = c.call(house_request(std::move(setup), strength, engine));
    ASSERT_TRUE(ack && ack->has_ack()) << (ack ? ack->DebugString() : "no reply");
    auto started = c.wait_for([](const SM& m) { return m.has_match_started(); });
    ASSERT_TRUE(started);
    s.absorb(*started);
    ASSERT_EQ(started->match_started().players_size(), 2);
    const auto& house = started->match_started().players(1 - s.seat);
    EXPECT_EQ(house.role(), v1::ROLE_HOUSE_BOT);
    EXPECT_EQ(house.house_strength(), strength == 0 ? kDefaultHouseStrength : strength);
    EXPECT_EQ(house.house_engine(), engine);
    EXPECT_FALSE(started->match_started().players(s.seat).has_house_strength());
    EXPECT_TRUE(house.has_house_engine());
  }

  // Sends a move; absorbs what arrives up to its reply, which it returns.
  static std::optional<SM> play(Client& c, Seat& s, const std::string& move) {
    const auto rid = c.send(move_message(s.match, move));
    for (int i = 0; i < 100000; ++i) {
      auto m = c.next();
      if (!m) return std::nullopt;
      s.absorb(*m);
      if (m->request_id() == rid) return m;
    }
    return std::nullopt;
  }

  // Resigns the match and reads until its MatchEnded.
  static void resign_and_see_the_end(Client& c, Seat& s) {
    v1::ClientMessage resign;
    resign.mutable_resign()->set_match_id(s.match);
    auto ack = c.call(resign);
    ASSERT_TRUE(ack && ack->has_ack());
    while (!s.ended) {
      auto m = c.next();
      ASSERT_TRUE(m) << "no MatchEnded";
      s.absorb(*m);
    }
  }

  // The match ended by the rules, every event seen once, the bot having played.
  static void expect_a_proper_end(const Seat& s) {
    ASSERT_TRUE(s.ended);
    EXPECT_TRUE(s.gapless());
    EXPECT_GT(s.house_moves, 0);
    EXPECT_NE(s.outcome.ending(), v1::ENDING_ILLEGAL_MOVE) << s.outcome.DebugString();
    EXPECT_NE(s.outcome.ending(), v1::ENDING_TIME_FORFEIT) << s.outcome.DebugString();
    EXPECT_NE(s.outcome.ending(), v1::ENDING_ABORTED) << s.outcome.DebugString();
  }

  // Random legal moves until the match ends.
  // Plays random actions until the house bot has been thinking for half a second.
  static void play_until_the_house_thinks(Client& c, Seat& s, Rng& rng) {
    for (int step = 0; step < 400 && !s.ended; ++step) {
      if (s.view.can_act()) {
        auto r = play(c, s, random_action(s, rng));
        ASSERT_TRUE(r && !r->has_error()) << (r ? r->DebugString() : "no reply");
        continue;
      }
      auto m = c.next(500ms);
      if (!m) return;  // the house is thinking
      s.absorb(*m);
    }
    FAIL() << "the house bot never thought for long (" << s.seqs.size() << " events, "
           << (s.ended ? "ended" : "running") << ")";
  }

  static void play_to_the_end(Client& c, Seat& s, Rng& rng) {
    for (int step = 0; step < 20000 && !s.ended; ++step) {
      if (s.view.can_act()) {
        auto r = play(c, s, random_action(s, rng));
        ASSERT_TRUE(r) << "no reply";
        ASSERT_FALSE(r->has_error()) << r->DebugString();
      } else {
        auto m = c.next(20s);
        ASSERT_TRUE(m) << "the match stalled";
        s.absorb(*m);
      }
    }
  }
};

TEST_F(HouseBotTest, EveryLevelOfEveryGameMakesItsPlayer) {
  for (const auto& game : house_bot_games()) {
    SCOPED_TRACE(game);
    std::int64_t last_cap = 0;
    for (int s = kMinHouseStrength; s <= kMaxHouseStrength; ++s) {
      auto level = house_level(game, s);
      ASSERT_TRUE(level) << level.message();
      auto p = make_house_player({static_cast<std::uint32_t>(s), ""}, game, "", 0, 7);
      ASSERT_TRUE(p);
      EXPECT_EQ(p->strength, s);
      EXPECT_EQ(p->level.spec, level->spec) << "level " << s << " fell back to random";
      if (s >= 5 && s < kMaxHouseStrength) {
        EXPECT_GT(level->max_move_ms, last_cap) << "the strong levels think longer and longer";
        last_cap = level->max_move_ms;
      }
    }
    EXPECT_EQ(house_level(game, 1)->spec, "random");
    EXPECT_EQ(house_level(game, 2)->spec, "greedy");
    EXPECT_EQ(house_level(game, 10)->max_move_ms, -1);  // the clocks only
    EXPECT_EQ(house_level(game, 5)->spec, house_level(game, 10)->spec);
    EXPECT_FALSE(house_level(game, 0));
    EXPECT_FALSE(house_level(game, 11));
    EXPECT_EQ(make_house_player({}, game, "", 1, 7)->strength, kDefaultHouseStrength);
  }
  EXPECT_FALSE(house_level("chess", 3));
  EXPECT_EQ(make_house_player({3, ""}, "chess", "", 0, 7), nullptr);
  EXPECT_EQ(*resolve_house_strength(0), kDefaultHouseStrength);
  EXPECT_EQ(*resolve_house_strength(10), 10);
  EXPECT_FALSE(resolve_house_strength(11));

  auto [status, body] = http_get(app_->port(), "/api/house-bots");
  ASSERT_EQ(status, 200);
  const auto doc = nlohmann::json::parse(body);
  EXPECT_TRUE(doc["enabled"].get<bool>());
  EXPECT_EQ(doc["default_strength"], kDefaultHouseStrength);
  ASSERT_EQ(doc["games"].size(), house_bot_games().size());
  for (const auto& g : doc["games"]) {
    ASSERT_EQ(g["levels"].size(), 10u);
    EXPECT_EQ(g["levels"][0]["player"], "random");
    EXPECT_EQ(g["levels"][9]["strength"], 10);
    EXPECT_EQ(g["levels"][6]["player"], house_level(g["game"].get<std::string>(), 7)->spec);
    EXPECT_FALSE(g["levels"][6]["description"].get<std::string>().empty());
  }
}

TEST_F(HouseBotTest, EveryGameToTheEndAtALowAndAStrongLevel) {
  Rng rng(2025);
  int n = 0;
  for (const char* preset : {"renju-ccgc", "dots-ccgc", "surakarta-ccgc", "junqi-ccgc"}) {
    for (std::uint32_t strength : {2u, 5u}) {
      SCOPED_TRACE(std::string(preset) + " at " + std::to_string(strength));
      auto c = Client::connect(app_->port(), Client::Mode::json);
      ASSERT_TRUE(c && c->hello());
      ASSERT_TRUE(c->guest("visitor-" + std::to_string(++n)));
      // A short per-move limit keeps the strong level quick: it thinks 50 ms a move.
      Seat s;
      start_house_match(*c, preset_setup(preset, -1, 600'000, 250), strength, s);
      ASSERT_EQ(s.names.size(), 2u);
      EXPECT_EQ(s.names[static_cast<std::size_t>(1 - s.seat)], house_display_name(strength));
      play_to_the_end(*c, s, rng);
      expect_a_proper_end(s);
    }
  }
}

TEST_F(HouseBotTest, TheHouseEnginesAreListedAndMakeTheirPlayers) {
  // The multi-piece Q-learning seed needs no learned library; the networks do.
  EXPECT_EQ(engine_names("dots"), std::vector<std::string>{});
#if BOYI_WITH_LEARNED
  EXPECT_EQ(engine_names("gomoku"), std::vector<std::string>{"td"});
  EXPECT_EQ(engine_names("surakarta"), std::vector<std::string>{"neural"});
  EXPECT_EQ(engine_names("junqi"), (std::vector<std::string>{"dmc", "qlearn"}));
#else
  EXPECT_EQ(engine_names("gomoku"), std::vector<std::string>{});
  EXPECT_EQ(engine_names("junqi"), std::vector<std::string>{"qlearn"});
#endif
  auto [status, body] = http_get(app_->port(), "/api/house-bots");
  ASSERT_EQ(status, 200);
  const auto doc = nlohmann::json::parse(body);  // the loop reads into it: keep it alive
  for (const auto& g : doc["games"]) {
    const auto game = g["game"].get<std::string>();
    SCOPED_TRACE(game);
    const auto& offered = house_engines(game);
    ASSERT_EQ(g["engines"].size(), offered.size());
    for (std::size_t i = 0; i < offered.size(); ++i) {
      EXPECT_EQ(g["engines"][i]["engine"], offered[i].name);
      EXPECT_EQ(g["engines"][i]["learned"], offered[i].learned);
      // Played under the level's cap, in place of the level's own player.
      auto level = house_level(game, 7, offered[i].name);
      ASSERT_TRUE(level) << level.message();
      EXPECT_EQ(level->spec, offered[i].name);
      EXPECT_EQ(level->max_move_ms, house_level(game, 7)->max_move_ms);
      auto p = make_house_player({7, offered[i].name}, game, "", 1, 7);
      ASSERT_TRUE(p);
      EXPECT_EQ(p->level.spec, offered[i].name) << "fell back to random";
    }
  }
  EXPECT_FALSE(house_level("gomoku", 7, "alphabeta"));  // a player, but no house engine
  EXPECT_FALSE(house_level("dots", 7, "qlearn"));       // another game's engine
}

TEST_F(HouseBotTest, EveryHouseEngineToTheEnd) {
  Rng rng(2026);
  int n = 0, played = 0;
  for (const char* preset : {"renju-ccgc", "dots-ccgc", "surakarta-ccgc", "junqi-ccgc"}) {
    const std::string game = std::string(preset).substr(0, std::string(preset).find('-'));
    for (const auto& engine : engine_names(game == "renju" ? "gomoku" : game)) {
      SCOPED_TRACE(std::string(preset) + " against " + engine);
      auto c = Client::connect(app_->port(), Client::Mode::json);
      ASSERT_TRUE(c && c->hello());
      ASSERT_TRUE(c->guest("engine-visitor-" + std::to_string(++n)));
      // Strength 1: the engine thinks at most 100 ms a move.
      Seat s;
      start_house_match(*c, preset_setup(preset, -1, 600'000, 1'000), 1, s, engine);
      EXPECT_EQ(s.names.at(static_cast<std::size_t>(1 - s.seat)), house_display_name(1, engine));
      play_to_the_end(*c, s, rng);
      expect_a_proper_end(s);
      ++played;
    }
  }
  EXPECT_EQ(played, BOYI_WITH_LEARNED ? 4 : 1);
}

TEST_F(HouseBotTest, ASlowThinkerDoesNotHoldUpAnotherMatch) {
  // One match thread: a bot thinking on it would stop every match until it answered.
  auto config = test_config(dir_.path());
  config.match_threads = 1;
  config.house_bot_threads = 1;
  restart(config);

  auto a = player("thinker-watcher");
  Seat sa;
  v1::MatchSetup dots;
  dots.set_game("dots");
  dots.set_seat(0);
  dots.mutable_time_control()->set_total_ms(600'000);
  start_house_match(*a, dots, 9, sa);  // level 9: the chain engine, up to 5 s a move

  auto b = player("bea");
  auto c = player("cai");
  auto [sb, sc] = seek_and_accept(*b, *c, freestyle_setup(0));
  ASSERT_FALSE(sb.match_id().empty());

  // The house bot starts thinking once this move is in ...
  Rng rng(5);
  auto r = play(*a, sa, random_action(sa, rng));
  ASSERT_TRUE(r && r->has_match_event()) << (r ? r->DebugString() : "no reply");
  // ... and while it does, the other match goes on ...
  for (const auto& [who, mv] : {std::make_pair(b.get(), "H8"), std::make_pair(c.get(), "H9")}) {
    auto moved = move(*who, sb.match_id(), mv);
    ASSERT_TRUE(moved && moved->has_match_event())
        << mv << ": " << (moved ? moved->DebugString() : "no reply");
  }
  // ... and so does this one: it ends before the bot answers, and its answer is dropped. (Had
  // the bot held the match thread, the other match's moves would have waited for its answer,
  // which would then have been played before this resignation.)
  ASSERT_NO_FATAL_FAILURE(resign_and_see_the_end(*a, sa));
  EXPECT_EQ(sa.outcome.ending(), v1::ENDING_RESIGNATION);
  EXPECT_EQ(sa.house_moves, 0) << "the house bot moved before the resignation";
  EXPECT_EQ(sa.seqs, (std::vector<std::uint32_t>{1, 2}));  // the one move, then the end
}

#ifdef NDEBUG
constexpr auto kNormalAnswer = 2s;
#else
constexpr auto kNormalAnswer = 10s;
#endif

// Each game with a position where its strongest house bot thinks long: 五子棋 without the
// ccgc opening (the bot's book answers there, and random stones lose before it has to think).
constexpr std::pair<const char*, const char*> kLongThinks[] = {
    {"dots-ccgc", ""},
    {"surakarta-ccgc", ""},
    {"renju-ccgc", "rule=renju opening=free"},
    {"junqi-ccgc", ""}};

class LongThinkTest : public HouseBotTest {
 protected:
  // A level-10 house match of the preset, the bot seconds deep into a search: level 10 has no
  // cap, so with an hour on the clock it would think about two minutes.
  std::unique_ptr<Client> start_long_think(const char* preset, const char* rules, Seat& s) {
    auto c = player("long-thinker-watcher-" + std::to_string(++players_));
    auto setup = preset_setup(preset, 0, 3'600'000, 0);
    setup.set_rules(rules);
    start_house_match(*c, setup, 10, s);
    play_until_the_house_thinks(*c, s, rng_);
    std::this_thread::sleep_for(3s);  // deep, where one iteration takes seconds
    return c;
  }

  Rng rng_{6};
  int players_ = 0;
};

// A house bot's search ends with its match, in every game: after a resignation, the one
// house-bot thread is free for another match at once, not when the first bot's long budget
// (or its current iteration) runs out.
TEST_F(LongThinkTest, AResignationStopsTheBotsSearchInEveryGame) {
  auto config = test_config(dir_.path());
  config.house_bot_threads = 1;
  restart(config);
  for (const auto& [preset, rules] : kLongThinks) {
    SCOPED_TRACE(preset);
    Seat sa;
    auto a = start_long_think(preset, rules, sa);
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_NO_FATAL_FAILURE(resign_and_see_the_end(*a, sa));

    // Another match's bot (seat 0 is the house's: it moves first) answers on the same thread.
    auto b = player("next-in-line-" + std::to_string(players_));
    Seat sb;
    const auto asked = std::chrono::steady_clock::now();
    start_house_match(*b, preset_setup(preset, 1, 600'000, 0), 1, sb);
    while (sb.house_moves == 0 && !sb.ended) {
      if (sb.view.can_act()) {  // 军棋's seats deploy together
        auto r = play(*b, sb, random_action(sb, rng_));
        ASSERT_TRUE(r && !r->has_error()) << (r ? r->DebugString() : "no reply");
        continue;
      }
      auto m = b->next(std::chrono::seconds(60));
      ASSERT_TRUE(m) << "the second house bot never moved";
      sb.absorb(*m);
    }
    // A level-1 answer takes 100 ms; the bound leaves room for a loaded machine and the
    // sanitizer builds, and none for the first bot to finish its search or iteration.
    const auto waited = std::chrono::steady_clock::now() - asked;
    std::printf("%s: the second bot answered after %lld ms\n", preset,
                static_cast<long long>(
                    std::chrono::duration_cast<std::chrono::milliseconds>(waited).count()));
    EXPECT_LT(waited, kNormalAnswer) << "the resigned match's search held the house-bot thread";
    ASSERT_NO_FATAL_FAILURE(resign_and_see_the_end(*b, sb));
  }
}

// A server shutting down while the house bots of every game think deep stops them all at once
// (SIGTERM runs the same shutdown).
TEST_F(LongThinkTest, AShutdownStopsEveryGamesThinkingBot) {
  auto config = test_config(dir_.path());
  config.house_bot_threads = 4;
  restart(config);
  std::vector<std::unique_ptr<Client>> clients;
  for (const auto& [preset, rules] : kLongThinks) {
    SCOPED_TRACE(preset);
    Seat s;
    clients.push_back(start_long_think(preset, rules, s));
    ASSERT_FALSE(HasFatalFailure());
  }
  const auto asked = std::chrono::steady_clock::now();
  app_->shutdown();
  app_.reset();
  const auto took = std::chrono::steady_clock::now() - asked;
  std::printf("shut down in %lld ms\n",
              static_cast<long long>(
                  std::chrono::duration_cast<std::chrono::milliseconds>(took).count()));
  // Far inside the shutdown deadline (5 s), which a search that went on would have used up.
  EXPECT_LT(took, kNormalAnswer) << "a search held the shutdown";
}

TEST_F(HouseBotTest, HouseMatchesAreBoundedPerUserAndOnTheServer) {
  auto config = test_config(dir_.path());
  config.max_house_matches_per_user = 2;
  config.max_house_matches = 3;
  restart(config);
  v1::MatchSetup slow;  // nobody moves: the matches stay running
  slow.set_game("gomoku");
  slow.set_rules("rule=freestyle opening=free");
  slow.set_seat(0);
  slow.mutable_time_control()->set_total_ms(600'000);
  auto a = player("many-games");
  auto b = player("one-game");
  Seat a1, a2, b1;
  start_house_match(*a, slow, 1, a1);
  start_house_match(*a, slow, 1, a2);
  auto refused = a->call(house_request(slow, 1));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_CONFLICT) << refused->DebugString();
  start_house_match(*b, slow, 1, b1);
  refused = b->call(house_request(slow, 1));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_RATE_LIMITED) << refused->DebugString();
  // A match that ends gives its slot back.
  ASSERT_NO_FATAL_FAILURE(resign_and_see_the_end(*a, a1));
  Seat b2;
  start_house_match(*b, slow, 1, b2);
}

TEST(HouseBotsShared, ASearchThinksItsShareWhileMoreWaitThanThreads) {
  HouseBotsShared shared(2);
  shared.searches = 2;
  EXPECT_EQ(shared.share_ms(1000), 1000);
  EXPECT_EQ(shared.share_ms(-1), -1);
  shared.searches = 8;
  EXPECT_EQ(shared.share_ms(1000), 250);
  EXPECT_EQ(shared.share_ms(-1), HouseBotsShared::kUncappedShareMs / 4);
  shared.searches = 100;
  EXPECT_EQ(shared.share_ms(1000), 100);  // never under a tenth
}

TEST_F(HouseBotTest, TheLevelAndEngineSurviveARestart) {
  // The learned 五子棋 engine where it is built, else the level's own player.
  const auto engines = engine_names("gomoku");
  const std::string engine = engines.empty() ? "" : engines.front();
  const std::string name = engine.empty() ? "House bot · 3" : "House bot · " + engine + " · 3";
  auto a = player("returning");
  Seat s;
  start_house_match(*a, freestyle_setup(0), 3, s, engine);
  EXPECT_EQ(s.names.at(1), name);
  auto r = play(*a, s, "H8");
  ASSERT_TRUE(r && r->has_match_event());
  auto answer =
      a->wait_for([](const SM& m) { return m.has_match_event() && m.match_event().actor() == 1; });
  ASSERT_TRUE(answer);
  s.absorb(*answer);
  const std::string match = s.match;

  app_->shutdown();
  a.reset();
  restart(test_config(dir_.path()));
  EXPECT_EQ(app_->resumed_matches(), 1u);

  auto back = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(back && back->hello());
  auto in = back->password("returning", "password-returning");
  ASSERT_TRUE(in);
  ASSERT_EQ(in->active_matches_size(), 1);
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(match);
  sync.mutable_sync()->set_from_seq(1);
  auto done = back->call(sync);
  ASSERT_TRUE(done && done->has_sync_done()) << (done ? done->DebugString() : "no reply");
  Seat again;
  auto started = back->wait_for([](const SM& m) { return m.has_match_started(); }, 1s);
  ASSERT_TRUE(started);
  again.absorb(*started);
  EXPECT_EQ(again.names.at(1), name);
  EXPECT_EQ(started->match_started().players(1).house_engine(), engine);
  EXPECT_EQ(started->match_started().players(1).house_strength(), 3u);
  auto [status, body] = http_get(app_->port(), "/api/matches/" + match);
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find(name), std::string::npos) << body;

  // The resumed bot plays on.
  again.view = done->sync_done().view().view();
  again.seqs = {1, 2};
  Rng rng(9);
  r = play(*back, again, random_action(again, rng));
  ASSERT_TRUE(r && r->has_match_event()) << (r ? r->DebugString() : "no reply");
  auto next = back->wait_for(
      [](const SM& m) { return m.has_match_event() && m.match_event().actor() == 1; });
  ASSERT_TRUE(next) << "the resumed house bot did not move";
  EXPECT_EQ(next->match_event().seq(), 4u);
}

TEST_F(HouseBotTest, ABadLevelIsRefusedWithAClearError) {
  auto a = player("picky");
  auto r = a->call(house_request(freestyle_setup(0), 11));
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  EXPECT_NE(r->error().message().find("1 (weakest) .. 10 (strongest)"), std::string::npos)
      << r->error().message();
  EXPECT_FALSE(a->wait_for([](const SM& m) { return m.has_match_started(); }, 200ms));
  // An engine the game does not offer: refused with the reason, no match.
  r = a->call(house_request(freestyle_setup(0), 3, "nonesuch"));
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  EXPECT_NE(r->error().message().find("no house engine 'nonesuch'"), std::string::npos)
      << r->error().message();
  EXPECT_FALSE(a->wait_for([](const SM& m) { return m.has_match_started(); }, 200ms));
  // The default (0) is fine: the server plays its default level.
  Seat s;
  start_house_match(*a, freestyle_setup(0), 0, s);
  EXPECT_EQ(s.names.at(1), house_display_name(kDefaultHouseStrength));
}

}  // namespace
}  // namespace boyi::app::test
