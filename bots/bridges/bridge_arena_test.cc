// Each bridge plays full games in the arena against a random player, with the
// scripted test engines of testengines/ behind it, from both seats; then every
// way an engine can misbehave (crash, hang, garbage, illegal moves, slowness, a
// silent handshake) must lose the game cleanly with an error that says what
// happened, and leave no process behind.
#include <signal.h>
#include <sys/types.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "base/rng.h"
#include "bots/arena/arena.h"
#include "bots/arena/random_seat_player.h"
#include "bots/bridges/bridge_player.h"
#include "bots/bridges/engine_start.h"
#include "engine/opening.h"

namespace boyi::bots {
namespace {

namespace fs = std::filesystem;

struct GameSetup {
  std::string game, rules, protocol, engine;
};

const GameSetup kJunqi{"junqi", "", "junqi-ccgc", BOYI_TEST_ENGINE_JUNQI};
const GameSetup kDots{"dots", "", "sau", BOYI_TEST_ENGINE_SAU};
const GameSetup kSurakarta{"surakarta", "", "sau", BOYI_TEST_ENGINE_SAU};
const GameSetup kRenju{"gomoku", "rule=renju opening=free", "piskvork", BOYI_TEST_ENGINE_PISKVORK};
const GameSetup kRenjuCcgc{"gomoku", "rule=renju opening=ccgc fifth_n=2", "piskvork",
                           BOYI_TEST_ENGINE_PISKVORK};

class BridgeArena : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("boyi-bridge-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  BridgeOptions options(const GameSetup& s, const std::string& behave, std::uint64_t seed,
                        int at = 3) {
    BridgeOptions o;
    o.argv = {s.engine,
              "--behave",
              behave,
              "--at",
              std::to_string(at),
              "--seed",
              std::to_string(seed),
              "--pidfile",
              (dir_ / "pid").string()};
    if (s.protocol == "sau") {
      o.argv.push_back("--game");
      o.argv.push_back(s.game);
    }
    o.protocol = s.protocol;
    o.log_path = (dir_ / "transcript.txt").string();
    o.opening_decider = "engine:random";
    return o;
  }

  // Plays one arena game: the bridge in `seat`, a random player in the other.
  ArenaResult play(const GameSetup& s, const BridgeOptions& o, Seat seat, const v1::TimeControl& tc,
                   std::uint64_t seed, const ArenaOptions& arena = {}) {
    auto made = make_bridge_player(o, s.game);
    EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.message());
    if (!made.ok()) return {};
    std::unique_ptr<SeatPlayer> bridge = std::move(made).value();
    RandomSeatPlayer random(seed * 7 + 1);
    SeatPlayer& first = seat == 0 ? *bridge : static_cast<SeatPlayer&>(random);
    SeatPlayer& second = seat == 0 ? static_cast<SeatPlayer&>(random) : *bridge;
    auto r = play_arena_match(s.game, s.rules, tc, first, second, arena);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
    bridge.reset();  // the bridge is gone: its engine must be too
    return r.ok() ? std::move(r).value() : ArenaResult{};
  }

  // The engine process (from its pid file) has been reaped: no zombie, no orphan.
  void expect_engine_gone() {
    std::ifstream f(dir_ / "pid");
    pid_t pid = -1;
    f >> pid;
    ASSERT_GT(pid, 0) << "the engine wrote no pid file";
    errno = 0;
    EXPECT_EQ(kill(pid, 0), -1) << "engine " << pid << " is still there";
    EXPECT_EQ(errno, ESRCH);
  }

  std::string transcript() const {
    std::ifstream f(dir_ / "transcript.txt");
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }

  static v1::TimeControl bank(int seconds) {
    v1::TimeControl tc;
    tc.set_total_ms(static_cast<std::uint32_t>(seconds) * 1000);
    return tc;
  }
  static v1::TimeControl per_move(int ms) {
    v1::TimeControl tc;
    tc.set_total_ms(60'000);
    tc.set_per_move_ms(static_cast<std::uint32_t>(ms));
    return tc;
  }

  fs::path dir_;
};

bool decided_by_play(const Outcome& o) {
  return o.ending == Ending::kNormal || o.ending == Ending::kAdjudication ||
         o.ending == Ending::kFoul || o.ending == Ending::kNoBattleLimit;
}

TEST_F(BridgeArena, EveryBridgePlaysFullGamesFromBothSeats) {
  for (const GameSetup* s : {&kJunqi, &kDots, &kSurakarta, &kRenju, &kRenjuCcgc}) {
    for (Seat seat = 0; seat < 2; ++seat) {
      const std::uint64_t seed = 11 + seat;
      const ArenaResult r = play(*s, options(*s, "good", seed), seat, bank(300), seed);
      SCOPED_TRACE(s->game + " " + s->rules + " bridge in seat " + std::to_string(seat));
      EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
      EXPECT_EQ(r.failure[seat], "");
      EXPECT_GE(r.moves.size(), 5u);
      expect_engine_gone();
      const std::string log = transcript();
      EXPECT_NE(log.find("# the engine exited with status 0"), std::string::npos) << log;
    }
  }
}

// A 军棋 engine that answers INFO with its bare team name, as some championship engines do, is
// taken as the competition's platform took it: it plays, and its log says what it did.
TEST_F(BridgeArena, AJunqiEngineThatAnswersInfoWithItsBareNamePlays) {
  const ArenaResult r = play(kJunqi, options(kJunqi, "bare-name", 5), 0, bank(300), 5);
  EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
  EXPECT_EQ(r.failure[0], "");
  const std::string log = transcript();
  EXPECT_NE(log.find("< test-junqi"), std::string::npos) << log;
  EXPECT_NE(log.find("warning: answered INFO with its bare name"), std::string::npos) << log;
}

TEST_F(BridgeArena, TheProtocolsCarryTheClocks) {
  // 军棋: START f tttt ss with the seat's bank in seconds and the no-battle limit.
  play(kJunqi, options(kJunqi, "good", 3), 1, bank(1800), 3);
  const std::string junqi = transcript();
  EXPECT_NE(junqi.find("> START 1 17"), std::string::npos) << junqi;  // 1800 s less the margin
  EXPECT_NE(junqi.find(" 31\n"), std::string::npos);
  EXPECT_NE(junqi.find("> END"), std::string::npos);
  // piskvork: INFO time_left before every move the brain is asked for.
  play(kRenju, options(kRenju, "good", 4), 0, bank(900), 4);
  const std::string gomoku = transcript();
  EXPECT_NE(gomoku.find("> INFO timeout_match 900000"), std::string::npos) << gomoku;
  EXPECT_NE(gomoku.find("> INFO rule 4"), std::string::npos);
  std::size_t asks = 0, time_lefts = 0;
  std::istringstream lines(gomoku);
  for (std::string line; std::getline(lines, line);) {
    const auto body = line.substr(line.find(']') + 2);
    if (body == "> BEGIN" || body.rfind("> TURN ", 0) == 0 || body == "> BOARD") ++asks;
    if (body.rfind("> INFO time_left ", 0) == 0) ++time_lefts;
  }
  EXPECT_GT(asks, 3u);
  EXPECT_EQ(asks, time_lefts);
  EXPECT_NE(gomoku.find("< MESSAGE thinking"), std::string::npos);  // read and ignored
}

TEST_F(BridgeArena, SauRetriesAnIllegalMoveWithError) {
  const ArenaResult r = play(kDots, options(kDots, "illegal-once", 5), 0, bank(300), 5);
  EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome);
  EXPECT_NE(transcript().find("> error"), std::string::npos);
  const ArenaResult s = play(kSurakarta, options(kSurakarta, "illegal-once", 6), 1, bank(300), 6);
  EXPECT_TRUE(decided_by_play(s.outcome)) << describe(s.outcome);
  expect_engine_gone();
}

TEST_F(BridgeArena, PiskvorkLinesThatAreNotMovesAreLoggedAndTheMoveAwaited) {
  // A brain printing ERROR, SUGGEST and the halves of a split MESSAGE before its moves (as
  // Rapfi and PentaZen do) plays on: the lines are logged, counted and skipped.
  const ArenaResult r = play(kRenju, options(kRenju, "noisy", 9), 0, bank(300), 9);
  EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
  EXPECT_EQ(r.failure[0], "");
  const std::string log = transcript();
  EXPECT_NE(log.find("not a move, ignored: '12 ev 35'"), std::string::npos) << log;
  EXPECT_NE(log.find("not a move, ignored: 'ERROR unknown INFO key'"), std::string::npos);
  EXPECT_NE(log.find("were not moves and were ignored"), std::string::npos);
  expect_engine_gone();
}

// The comment of the first move of `seat` that has one, "" if none.
std::string first_comment(const ArenaResult& r, Seat seat, std::string_view containing) {
  for (const auto& m : r.moves)
    if (m.actor == seat && m.comment.find(containing) != std::string::npos) return m.comment;
  return "";
}

TEST_F(BridgeArena, UnderTheCcgcOpeningEachMoveTheBrainDidNotChooseSaysWhoDid) {
  // White's seat (1 at the start) decides the swap; whoever is black then offers stone 5.
  BridgeOptions o = options(kRenjuCcgc, "good", 21);
  const ArenaResult r = play(kRenjuCcgc, o, 1, bank(300), 21);
  ASSERT_GE(r.moves.size(), 8u);
  EXPECT_EQ(r.moves[3].actor, 1);
  EXPECT_TRUE(r.moves[3].move == "swap" || r.moves[3].move == "keep") << r.moves[3].move;
  EXPECT_EQ(r.moves[3].comment, "decided by the built-in random");
  for (const auto& m : r.moves) {
    if (m.actor == 1 && (m.move.rfind("offer", 0) == 0 || m.move.rfind("choose", 0) == 0)) {
      EXPECT_EQ(m.comment, "decided by the built-in random") << m.move;
    }
  }
  // The brain's own stones carry no comment.
  EXPECT_EQ(r.moves.back().actor == 1 ? r.moves.back().comment : "", "");

  // "brain": the swap by SWAP2BOARD, which this brain does not know (it answers UNKNOWN):
  // the built-in default decides, and says why.
  o.opening_decider = "brain";
  const ArenaResult b = play(kRenjuCcgc, o, 1, bank(300), 22);
  ASSERT_GE(b.moves.size(), 4u);
  EXPECT_NE(b.moves[3].comment.find("(the brain made no SWAP2BOARD decision)"), std::string::npos)
      << b.moves[3].comment;
  EXPECT_NE(transcript().find("> SWAP2BOARD"), std::string::npos);
  EXPECT_NE(transcript().find("the brain does not know SWAP2BOARD"), std::string::npos);
  // A brain that reads SWAP2BOARD's stones only as x,y,f (Rapfi) answers Gomocup's form with
  // an opening of three stones: the stones go again in its form, and it decides.
  BridgeOptions rapfi_like = options(kRenjuCcgc, "noisy", 24);
  rapfi_like.opening_decider = "brain";
  const ArenaResult n = play(kRenjuCcgc, rapfi_like, 1, bank(300), 24);
  ASSERT_GE(n.moves.size(), 4u);
  EXPECT_EQ(n.moves[3].move, "swap");
  EXPECT_EQ(n.moves[3].comment, "swap decided by the brain (SWAP2BOARD)");
  EXPECT_NE(transcript().find("the stones again as x,y,f"), std::string::npos) << transcript();
  EXPECT_NE(transcript().find("> 7,7,2"), std::string::npos);
  // Stone 1 of the bridge's black seat is the only legal move, played without asking.
  const ArenaResult w = play(kRenjuCcgc, options(kRenjuCcgc, "good", 23), 0, bank(300), 23);
  ASSERT_FALSE(w.moves.empty());
  EXPECT_EQ(w.moves[0].comment, "the only legal move");
  EXPECT_EQ(first_comment(w, 1, "decided"), "");  // the random player says nothing
}

TEST_F(BridgeArena, AnOpeningDeciderIsCheckedUpFront) {
  EXPECT_TRUE(check_opening_decider("").ok());
  EXPECT_TRUE(check_opening_decider("brain").ok());
  EXPECT_TRUE(check_opening_decider("engine:greedy").ok());
  EXPECT_FALSE(check_opening_decider("engine:no-such-player").ok());
  EXPECT_FALSE(check_opening_decider("book").ok());
}

struct Misbehaviour {
  std::string behave;
  std::string junqi, sau, piskvork;  // the words each bridge's error must contain
};

TEST_F(BridgeArena, MisbehavingEnginesLoseCleanly) {
  const Misbehaviour cases[] = {
      {"crash", "killed by signal 6", "killed by signal 6", "killed by signal 6"},
      // A brain's garbage is not a move: logged, and the move awaited until the time runs out.
      {"garbage", "garbage instead of a move", "illegal move after 3 errors",
       "were not a move were ignored (last: 'banana')"},
      {"illegal", "illegal move", "illegal move after 3 errors", "illegal move"},
      {"silent-handshake", "handshake", "handshake", "handshake"},
  };
  for (const auto& c : cases) {
    for (const GameSetup* s : {&kJunqi, &kSurakarta, &kRenju}) {
      const std::string& words =
          s->protocol == "junqi-ccgc" ? c.junqi : (s->protocol == "sau" ? c.sau : c.piskvork);
      const Seat seat = s->game == "surakarta" ? 1 : 0;
      BridgeOptions o = options(*s, c.behave, 7, 2);
      o.startup_timeout_ms = 300;
      const ArenaResult r = play(*s, o, seat, per_move(600), 7);
      SCOPED_TRACE(c.behave + " under " + s->protocol);
      // A brain's garbage is skipped and its move awaited: it loses on the referee's clock.
      const bool awaited = c.behave == "garbage" && s->protocol == "piskvork";
      EXPECT_EQ(r.outcome.ending, awaited ? Ending::kTimeForfeit : Ending::kDisconnectForfeit)
          << describe(r.outcome);
      EXPECT_EQ(r.outcome.winner, 1 - seat);
      EXPECT_NE(r.failure[seat].find(words), std::string::npos) << r.failure[seat];
      expect_engine_gone();
    }
  }
}

// Wraps a player as a reconnecting client and a meddling referee would: every
// start() and observe() twice (a reconnect replays what the seat has seen), and
// optionally its third answer replaced by garbage, which the arena refuses.
class Meddler final : public SeatPlayer {
 public:
  Meddler(SeatPlayer& inner, bool spoil) : inner_(inner), spoil_(spoil) {}
  std::string name() const override { return inner_.name(); }
  Status start(const v1::MatchStarted& m) override {
    if (Status s = inner_.start(m); !s) return s;
    return inner_.start(m);
  }
  Status observe(const v1::MatchEvent& e) override {
    if (Status s = inner_.observe(e); !s) return s;
    return inner_.observe(e);
  }
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) override {
    auto move = inner_.choose(view, clocks);
    if (spoil_ && move.ok() && ++answers_ == 3) return std::string("ZZZZ");
    return move;
  }
  void rejected(const std::string& error) override {
    ++rejections;
    inner_.rejected(error);
  }
  void finish(const v1::MatchEnded& ended) override { inner_.finish(ended); }
  int rejections = 0;

 private:
  SeatPlayer& inner_;
  bool spoil_;
  int answers_ = 0;
};

TEST_F(BridgeArena, ReplayedEventsAreIgnoredAndARefusedMoveIsAskedAgainOnlyBySau) {
  for (const GameSetup* s : {&kJunqi, &kDots, &kRenju}) {
    SCOPED_TRACE(s->protocol);
    auto bridge = std::move(make_bridge_player(options(*s, "good", 9), s->game)).value();
    Meddler twice(*bridge, false);
    RandomSeatPlayer random(9);
    auto r = play_arena_match(s->game, s->rules, bank(300), twice, random);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(decided_by_play(r->outcome)) << describe(r->outcome);
  }
  // sau: the refusal becomes `error` to the engine, which answers again.
  auto dots = std::move(make_bridge_player(options(kDots, "good", 10), "dots")).value();
  Meddler spoiled(*dots, true);
  RandomSeatPlayer random(10);
  auto r = play_arena_match("dots", "", bank(300), spoiled, random);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(decided_by_play(r->outcome)) << describe(r->outcome);
  EXPECT_EQ(spoiled.rejections, 1);
  EXPECT_EQ(r->illegal_attempts[0], 1);
  EXPECT_NE(transcript().find("> error"), std::string::npos);
  // junqi-ccgc and piskvork have no way to ask again: the seat loses, saying so.
  for (const GameSetup* s : {&kJunqi, &kRenju}) {
    auto bridge = std::move(make_bridge_player(options(*s, "good", 11), s->game)).value();
    Meddler meddled(*bridge, true);
    RandomSeatPlayer other(11);
    auto lost = play_arena_match(s->game, s->rules, bank(300), meddled, other);
    ASSERT_TRUE(lost.ok());
    EXPECT_EQ(lost->outcome.ending, Ending::kDisconnectForfeit);
    EXPECT_NE(lost->failure[0].find("cannot ask for another"), std::string::npos)
        << lost->failure[0];
    bridge.reset();
    expect_engine_gone();
  }
}

TEST_F(BridgeArena, BadOptionsAndAMissingProgram) {
  BridgeOptions o = options(kDots, "good", 1);
  o.protocol = "uci";
  EXPECT_FALSE(make_bridge_player(o, "dots").ok());
  o.protocol = "sau";
  EXPECT_FALSE(make_bridge_player(o, "gomoku").ok());
  EXPECT_FALSE(make_bridge_player(o, "chess").ok());
  o.argv.clear();
  EXPECT_FALSE(make_bridge_player(o, "dots").ok());
  o.argv = {(dir_ / "no-such-engine").string()};
  auto bridge = make_bridge_player(o, "dots");
  ASSERT_TRUE(bridge.ok());
  RandomSeatPlayer random(1);
  auto r = play_arena_match("dots", "", bank(10), random, **bridge);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome.ending, Ending::kDisconnectForfeit);
  EXPECT_EQ(r->outcome.winner, 0);
  EXPECT_NE(r->failure[1].find("cannot start engine"), std::string::npos) << r->failure[1];
}

// An engine that hangs or answers too late loses on time, as the referee's clock says: the
// bridge waits past the limit and is told to stop when the flag falls (no resignation of its
// own, no failure blamed on a deadline of its own).
TEST_F(BridgeArena, AHangingOrSlowEngineLosesOnTheRefereesClock) {
  for (const std::string behave : {"hang", "slow"}) {
    for (const GameSetup* s : {&kJunqi, &kSurakarta, &kRenju}) {
      SCOPED_TRACE(behave + " under " + s->protocol);
      const Seat seat = s->game == "surakarta" ? 1 : 0;
      const ArenaResult r = play(*s, options(*s, behave, 7, 2), seat, per_move(600), 7);
      EXPECT_EQ(r.outcome.ending, Ending::kTimeForfeit) << describe(r.outcome);
      EXPECT_EQ(r.outcome.winner, 1 - seat);
      EXPECT_NE(r.failure[seat].find("stopped while the engine thought"), std::string::npos)
          << r.failure[seat];
      expect_engine_gone();
    }
  }
}

// Told its limit less the margin, an engine that answers after that but inside the limit
// (and the referee's grace) has its move passed on, and the game goes on.
TEST_F(BridgeArena, ALateAnswerInsideTheRefereesLimitStands) {
  const GameSetup short_game{"surakarta", "max_plies=12", "sau", BOYI_TEST_ENGINE_SAU};
  for (const GameSetup* s : {&short_game, &kJunqi}) {
    SCOPED_TRACE(s->protocol);
    BridgeOptions o = options(*s, "good", 8);
    o.argv.insert(o.argv.end(), {"--think-ms", "450", "--think-moves", "4"});
    o.move_margin_ms = 300;  // the engine is told 200 ms and answers in 450
    const ArenaResult r = play(*s, o, 0, per_move(500), 8);
    EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
    EXPECT_EQ(r.failure[0], "");
    expect_engine_gone();
    if (s->protocol == "junqi-ccgc") break;  // its deployment and first moves are enough
  }
}

// A slow start (tables, a network) is nobody's thinking time: the arena holds the clocks
// while the engine starts and answers its greeting.
TEST_F(BridgeArena, AnEngineThatStartsSlowlyLosesNoTime) {
  for (const GameSetup* s : {&kSurakarta, &kRenju, &kJunqi}) {
    SCOPED_TRACE(s->protocol);
    BridgeOptions o = options(*s, "good", 12);
    o.argv.insert(o.argv.end(), {"--start-ms", "900"});
    const ArenaResult r = play(*s, o, 0, per_move(400), 12);
    EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
    EXPECT_EQ(r.failure[0], "");
  }
}

// Engines started ahead of their matches: each is greeted before it is taken, its transcript
// follows it into the match's file, another is started in its place, and none is left.
TEST_F(BridgeArena, WarmEnginesAreGreetedBeforeTheirMatchAndNoneIsLeft) {
  BridgeOptions o = options(kSurakarta, "good", 13);
  o.argv.insert(o.argv.end(), {"--start-ms", "300"});
  {
    auto warm = std::make_shared<WarmEngines>(o, 1);
    ASSERT_TRUE(warm->wait_ready(std::chrono::steady_clock::now() + std::chrono::seconds(10)).ok());
    o.warm = warm;
    for (Seat seat = 0; seat < 2; ++seat) {
      const ArenaResult r = play(kSurakarta, o, seat, bank(300), 13 + seat);
      EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
      EXPECT_EQ(r.failure[seat], "");
      const std::string log = transcript();
      const auto greeted = log.find("# greeted in ");
      const auto match = log.find("# match arena");
      ASSERT_NE(greeted, std::string::npos) << log;
      ASSERT_NE(match, std::string::npos) << log;
      EXPECT_LT(log.find("< name test-sau"), greeted);
      EXPECT_LT(greeted, match);
      EXPECT_NE(log.find("# the engine exited with status 0"), std::string::npos) << log;
    }
    // The third engine, started for a next match, waits: it is the pid file's now.
    o.warm.reset();
  }
  expect_engine_gone();  // stopped with the WarmEngines

  // An engine that does not answer its greeting is said once, up front, and at each take.
  BridgeOptions silent = options(kSurakarta, "silent-handshake", 14);
  silent.startup_timeout_ms = 300;
  WarmEngines broken(silent, 1);
  const Status ready =
      broken.wait_ready(std::chrono::steady_clock::now() + std::chrono::seconds(10));
  ASSERT_FALSE(ready.ok());
  EXPECT_NE(ready.message().find("did not answer in time"), std::string::npos) << ready.message();
  EXPECT_NE(ready.message().find("for name"), std::string::npos) << ready.message();
  silent.warm = std::shared_ptr<WarmEngines>(&broken, [](WarmEngines*) {});
  const ArenaResult r = play(kSurakarta, silent, 0, bank(300), 14);
  EXPECT_EQ(r.outcome.ending, Ending::kDisconnectForfeit) << describe(r.outcome);
  EXPECT_NE(r.failure[0].find("handshake: the engine did not answer in time"), std::string::npos)
      << r.failure[0];
}

// The moves an engine believes were played (its --record file), as the referee's actions:
// "SEAT ACTION", a 点格棋 turn split into its edges.
std::vector<std::string> engine_record(const fs::path& path) {
  std::vector<std::string> out;
  std::ifstream f(path);
  for (std::string line; std::getline(f, line);) {
    const auto space = line.find(' ');
    std::istringstream edges(line.substr(space + 1));
    for (std::string edge; edges >> edge;) out.push_back(line.substr(0, space) + " " + edge);
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + ", ";
  return out;
}

// The actions up to the last one starting with `own` (the seat's): what an engine has been
// told when the game ends (the opponent's last move is never sent to it).
std::vector<std::string> up_to_own(std::vector<std::string> actions, const std::string& own) {
  while (!actions.empty() && actions.back().rfind(own, 0) != 0) actions.pop_back();
  return actions;
}

std::vector<std::string> referee_moves(const ArenaResult& r) {
  std::vector<std::string> out;
  for (const auto& m : r.moves) {
    std::istringstream edges(m.move);
    for (std::string edge; edges >> edge;) out.push_back(std::to_string(m.actor) + " " + edge);
  }
  return out;
}

// The first `n` actions of a seeded random game.
std::vector<std::string> opening_of(const GameSetup& s, int n, std::uint64_t seed) {
  Rng rng(seed);
  return std::move(random_opening(s.game, s.rules, n, rng)).value();
}

// An opening reaches the engine where its protocol can say it, and the engine then plays the
// referee's game (its own record of the game is the referee's); where the protocol cannot
// say it, the game is void: no result, the engine blamed for nothing.
TEST_F(BridgeArena, OpeningsAreToldWhereTheProtocolCanAndTheGameIsVoidWhereNot) {
  const fs::path record = dir_ / "record.txt";
  auto recording = [&](const GameSetup& s, std::uint64_t seed) {
    BridgeOptions o = options(s, "good", seed);
    o.argv.insert(o.argv.end(), {"--record", record.string()});
    return o;
  };
  // sau as white (seat 1): black's first turn is told as the opponent's move.
  for (const GameSetup* s : {&kSurakarta, &kDots}) {
    SCOPED_TRACE(s->game + " as white");
    ArenaOptions a;
    a.opening = opening_of(*s, 1, 15);
    const ArenaResult r = play(*s, recording(*s, 15), 1, bank(300), 15, a);
    EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
    EXPECT_EQ(r.failure[1], "");
    const auto known = engine_record(record), played = up_to_own(referee_moves(r), "1 ");
    EXPECT_EQ(known, played) << joined(known) << "\n" << joined(played) << "\n" << transcript();
  }
  // piskvork from either seat: the position goes as BOARD.
  for (Seat seat = 0; seat < 2; ++seat) {
    SCOPED_TRACE("piskvork as seat " + std::to_string(seat));
    ArenaOptions a;
    a.opening = {"H8", "H9", "J10"};
    const ArenaResult r = play(kRenju, recording(kRenju, 16), seat, bank(300), 16, a);
    EXPECT_TRUE(decided_by_play(r.outcome)) << describe(r.outcome) << "\n" << transcript();
    EXPECT_EQ(r.failure[seat], "");
    // Its stones as it knows them: every stone of the game, its own those of its colour.
    std::vector<std::string> expected;
    for (std::size_t i = 0; i < r.moves.size(); ++i)
      expected.push_back(r.moves[i].move + ((i % 2 == 0) == (seat == 0) ? " own" : " other"));
    std::vector<std::string> known;
    std::ifstream f(record);
    for (std::string line; std::getline(f, line);) known.push_back(line);
    // Its own last stone is the last it knows of: the game may end on the opponent's.
    while (!expected.empty() && expected.back().find(" own") == std::string::npos)
      expected.pop_back();
    EXPECT_EQ(known, expected) << joined(known) << "\n" << joined(expected) << "\n" << transcript();
  }
  // sau as black, junqi-ccgc in any seat: the opening cannot be said; the game is void.
  struct Refused {
    const GameSetup* setup;
    Seat seat;
    std::string words;
  };
  for (const Refused& c : {Refused{&kSurakarta, 0, "the sau protocol cannot tell"},
                           Refused{&kDots, 0, "the sau protocol cannot tell"},
                           Refused{&kJunqi, 0, "the junqi-ccgc protocol cannot tell"}}) {
    SCOPED_TRACE(c.setup->game + " as seat " + std::to_string(c.seat));
    ArenaOptions a;
    a.opening = opening_of(*c.setup, 1, 17);
    const ArenaResult r = play(*c.setup, options(*c.setup, "good", 17), c.seat, bank(300), 17, a);
    EXPECT_EQ(r.outcome.ending, Ending::kAborted) << describe(r.outcome);
    EXPECT_FALSE(r.outcome.winner.has_value());
    EXPECT_NE(r.cannot_play[c.seat].find(c.words), std::string::npos) << r.cannot_play[c.seat];
    EXPECT_NE(r.outcome.detail.find("void"), std::string::npos) << r.outcome.detail;
    expect_engine_gone();
  }
}

}  // namespace
}  // namespace boyi::bots
