// The bot client end to end, against the real boyi-server with a bot account made by
// boyi-admin: the boyi-bot program accepts challenges and plays a full game of each of the
// four games at once; it refuses challengers it was not told to play; the server is
// SIGKILLed and restarted mid-game and the bot reconnects, re-synchronises and finishes;
// SIGINT lets the current game finish and takes no new one; the library runs in-process
// with the simplest player (a callback) and a seek; the Python example plays a game.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "bots/client/bot.h"
#include "tests/e2e/bot_client_support.h"
#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

namespace fs = std::filesystem;

#ifndef BOYI_BOT_BIN
#define BOYI_BOT_BIN ""
#endif

// Runs an in-process bot on its own thread. However the test ends (an assertion that
// returns early included), the bot is stopped and its thread joined.
class BotThread {
 public:
  BotThread(bots::Bot& bot, bots::SeatPlayerFactory players)
      : bot_(bot), thread_([this, players = std::move(players)]() mutable {
          result_ = bot_.run(std::move(players));
        }) {}
  ~BotThread() { (void)finish(false); }
  // Waits for the bot to end by itself (`played_out`), else stops it now; its run's status.
  Status finish(bool played_out) {
    if (thread_.joinable()) {
      if (!played_out) bot_.stop(bots::StopMode::now);
      thread_.join();
    }
    return result_;
  }

 private:
  bots::Bot& bot_;
  Status result_;
  std::thread thread_;
};

// Random movers and a greedy bot end games by the rules: never by clock, illegal moves,
// disconnection or an abort.
const std::set<v1::Ending> kByRules = {v1::ENDING_NORMAL, v1::ENDING_FOUL,
                                       v1::ENDING_NO_BATTLE_LIMIT, v1::ENDING_ADJUDICATION};

// Short games: the shortest no-battle limit, a capped 苏拉卡尔塔, fast journal writes.
v1::MatchSetup short_game(const std::string& preset, int seat) {
  v1::MatchSetup s = preset_setup(preset, seat);
  if (preset == "junqi-ccgc") s.set_rules("no_battle_limit=10");
  if (preset == "surakarta-ccgc") s.set_rules("no_capture_limit=30 max_plies=120");
  return s;
}
Result<std::unique_ptr<ServerProcess>> start_server() {
  ServerOptions options;
  options.config_fields = R"("storage_sync_full": false)";
  return start_test_server(options);
}

// A quick engine for every game (BOYI_E2E_BOT_PLAYER names another, for manual runs).
std::vector<std::string> bot_args(std::uint16_t port, const std::string& token) {
  const char* player = std::getenv("BOYI_E2E_BOT_PLAYER");
  std::vector<std::string> args = {BOYI_BOT_BIN,  "--server",  "127.0.0.1:" + std::to_string(port),
                                   "--token",     token,       "--move-ms",
                                   "100",         "--threads", "1",
                                   "--log-level", "info"};
  if (!player || *player) {
    args.push_back("--player");
    args.push_back(player ? player : "greedy");
  }
  return args;
}

// BOYI_E2E_SHOW_LOGS=1 prints the bot's log of a passing test too.
void show_log(const std::string& log) {
  if (std::getenv("BOYI_E2E_SHOW_LOGS")) std::cout << "--- bot log ---\n" << log;
}

std::string ending_of(const RandomMover& m) {
  if (!m.match_ended()) return "not ended";
  const auto& o = m.match_ended()->outcome();
  return v1::Ending_Name(o.ending()) + " " + o.detail();
}

TEST(BotClient, PlaysAFullGameOfEachGameAtOnceAndDeclinesStrangers) {
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string bot_name = unique_name("botfour");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());
  const std::vector<std::string> presets = {"junqi-ccgc", "renju-ccgc", "dots-ccgc",
                                            "surakarta-ccgc"};
  std::vector<std::string> humans;
  for (std::size_t i = 0; i < presets.size(); ++i) humans.push_back(unique_name("human"));
  auto args = bot_args((*server)->port(), *token);
  std::string list;
  for (const auto& h : humans) list += (list.empty() ? "" : ",") + h;
  for (const char* a : {"--ws", "--games", "4", "--accept-from"}) args.push_back(a);
  args.push_back(list);
  TempDir tmp;
  auto bot = ChildProcess::spawn(args, tmp.path() / "bot.log");
  E2E_ASSERT_OK(bot, server->get());

  std::vector<std::unique_ptr<Client>> clients;
  for (const auto& h : humans) {
    auto c = person((*server)->port(), Transport::tcp_binary, h, true);
    E2E_ASSERT_OK(c, server->get());
    clients.push_back(std::move(c).value());
  }
  E2E_ASSERT_OK(wait_online(*clients[0], bot_name, 20s), server->get());

  // Someone not on the list is declined.
  auto stranger = person((*server)->port(), Transport::tcp_json, unique_name("stranger"), true);
  E2E_ASSERT_OK(stranger, server->get());
  auto declined = challenge_reply(**stranger, bot_name, short_game("dots-ccgc", 0));
  E2E_ASSERT_OK(declined, server->get());
  EXPECT_EQ(declined->reason(), v1::ChallengeClosed::REASON_DECLINED) << declined->message();

  std::vector<std::unique_ptr<RandomMover>> movers;
  std::vector<RandomMover*> all;
  for (std::size_t i = 0; i < presets.size(); ++i) {
    auto started =
        challenge(*clients[i], bot_name, short_game(presets[i], static_cast<int>(i % 2)));
    E2E_ASSERT_OK(started, server->get());
    EXPECT_EQ(started->seat(), static_cast<int>(i % 2));
    movers.push_back(std::make_unique<RandomMover>(*clients[i], *started, 40 + i));
    all.push_back(movers.back().get());
  }
  ASSERT_TRUE(play(all, 120s)) << (*bot)->log_tail() << log_of(server->get());
  for (std::size_t i = 0; i < presets.size(); ++i) {
    EXPECT_TRUE(movers[i]->problems().empty())
        << presets[i] << ": " << movers[i]->problems().front();
    ASSERT_TRUE(movers[i]->match_ended());
    EXPECT_TRUE(kByRules.count(movers[i]->match_ended()->outcome().ending()))
        << presets[i] << ": " << ending_of(*movers[i]) << (*bot)->log_tail();
  }
  // Four games done: the bot stops by itself.
  auto code = (*bot)->wait_exit(20s);
  E2E_ASSERT_OK(code, server->get());
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
  const std::string log = (*bot)->log_text();
  EXPECT_NE(log.find("games 4 "), std::string::npos) << log;
  EXPECT_NE(log.find("0 refused, 0 from the view"), std::string::npos) << log;
  show_log(log);
}

TEST(BotClient, ReconnectsResynchronisesAndFinishesAfterTheServerIsKilled) {
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  TcpProxy proxy((*server)->port());  // the bot's fixed address; the server's port changes
  ASSERT_NE(proxy.port(), 0);
  const std::string bot_name = unique_name("botcrash");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());
  const std::vector<std::string> presets = {"junqi-ccgc", "dots-ccgc"};
  std::vector<std::string> humans = {unique_name("crashhuman"), unique_name("crashhuman")};
  auto args = bot_args(proxy.port(), *token);
  for (const char* a : {"--json", "--games", "2"}) args.push_back(a);
  TempDir tmp;
  auto bot = ChildProcess::spawn(args, tmp.path() / "bot.log");
  E2E_ASSERT_OK(bot, server->get());

  std::vector<std::unique_ptr<Client>> clients;
  for (const auto& h : humans) {
    auto c = person((*server)->port(), Transport::tcp_binary, h, true);
    E2E_ASSERT_OK(c, server->get());
    clients.push_back(std::move(c).value());
  }
  E2E_ASSERT_OK(wait_online(*clients[0], bot_name, 20s), server->get());
  std::vector<std::unique_ptr<RandomMover>> movers;
  std::vector<RandomMover*> all;
  for (std::size_t i = 0; i < presets.size(); ++i) {
    auto started = challenge(*clients[i], bot_name, short_game(presets[i], 0));
    E2E_ASSERT_OK(started, server->get());
    movers.push_back(std::make_unique<RandomMover>(*clients[i], *started, 70 + i));
    movers.back()->set_move_budget(4);
    all.push_back(movers.back().get());
  }
  // Play a while: each human has made its moves and waits for the bot's answer.
  ASSERT_TRUE(play_until(
      all,
      [&] {
        for (auto* m : all)
          if (!m->ended() && (m->moves_sent() < 4 || !m->idle() || m->move_in_flight()))
            return false;
        return true;
      },
      60s))
      << (*bot)->log_tail() << log_of(server->get());
  for (int i = 0; i < 100; ++i)
    for (auto* m : all) m->pump(Millis(2));
  std::vector<std::uint32_t> seen_before;
  for (auto* m : all) seen_before.push_back(m->last_seq());

  (*server)->kill_hard();
  for (auto& c : clients) c->close();
  Status restarted = (*server)->restart();
  ASSERT_TRUE(restarted.ok()) << restarted.message() << log_of(server->get());
  proxy.retarget((*server)->port());

  std::vector<std::unique_ptr<Client>> again;
  std::vector<std::unique_ptr<RandomMover>> resumed;
  std::vector<RandomMover*> playing;
  for (std::size_t i = 0; i < presets.size(); ++i) {
    auto c = person((*server)->port(), Transport::tcp_json, humans[i], false);
    E2E_ASSERT_OK(c, server->get());
    auto mover = resync(**c, movers[i]->match_id(), 90 + i);
    E2E_ASSERT_OK(mover, server->get());
    EXPECT_GE((*mover)->last_seq(), seen_before[i]) << presets[i];
    again.push_back(std::move(c).value());
    resumed.push_back(std::move(mover).value());
    playing.push_back(resumed.back().get());
  }
  ASSERT_TRUE(play(playing, 120s)) << (*bot)->log_tail() << log_of(server->get());
  for (std::size_t i = 0; i < presets.size(); ++i) {
    EXPECT_TRUE(resumed[i]->problems().empty())
        << presets[i] << ": " << resumed[i]->problems().front();
    ASSERT_TRUE(resumed[i]->match_ended());
    EXPECT_TRUE(kByRules.count(resumed[i]->match_ended()->outcome().ending()))
        << presets[i] << ": " << ending_of(*resumed[i]) << (*bot)->log_tail();
  }
  auto code = (*bot)->wait_exit(20s);
  E2E_ASSERT_OK(code, server->get());
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
  const std::string log = (*bot)->log_text();
  EXPECT_NE(log.find("sign-ins 2"), std::string::npos) << log;  // it came back once
  EXPECT_NE(log.find("synchronised"), std::string::npos) << log;
  // Its players followed every event across the restart: no move had to come from the view.
  EXPECT_NE(log.find("0 refused, 0 from the view"), std::string::npos) << log;
  show_log(log);
}

TEST(BotClient, SigintFinishesTheCurrentGameAndTakesNoNewOne) {
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string bot_name = unique_name("botsig");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());
  TempDir tmp;
  auto bot = ChildProcess::spawn(bot_args((*server)->port(), *token), tmp.path() / "bot.log");
  E2E_ASSERT_OK(bot, server->get());
  auto human = person((*server)->port(), Transport::tcp_binary, unique_name("sighuman"), true);
  E2E_ASSERT_OK(human, server->get());
  E2E_ASSERT_OK(wait_online(**human, bot_name, 20s), server->get());
  auto started = challenge(**human, bot_name, short_game("renju-ccgc", 1));
  E2E_ASSERT_OK(started, server->get());
  RandomMover mover(**human, *started, 5);
  mover.set_move_budget(3);
  ASSERT_TRUE(play_until(
      {&mover}, [&] { return mover.ended() || mover.moves_sent() >= 3; }, 30s));

  (*bot)->signal(SIGINT);
  std::this_thread::sleep_for(300ms);
  auto other = person((*server)->port(), Transport::tcp_json, unique_name("late"), true);
  E2E_ASSERT_OK(other, server->get());
  auto declined = challenge_reply(**other, bot_name, short_game("dots-ccgc", 0));
  E2E_ASSERT_OK(declined, server->get());
  EXPECT_EQ(declined->reason(), v1::ChallengeClosed::REASON_DECLINED);

  mover.set_move_budget(1 << 30);
  ASSERT_TRUE(play({&mover}, 60s)) << (*bot)->log_tail();
  EXPECT_TRUE(kByRules.count(mover.match_ended()->outcome().ending())) << ending_of(mover);
  auto code = (*bot)->wait_exit(20s);
  E2E_ASSERT_OK(code, server->get());
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
}

// The library in process over TCP binary: a bot that keeps a seek for `preset` open and
// stops after one game.
bots::BotOptions one_game_seeking(std::uint16_t port, const std::string& token,
                                  const std::string& preset) {
  bots::BotOptions opt;
  opt.port = port;
  opt.transport = bots::Transport::tcp_binary;
  opt.token = token;
  opt.seek_presets = {preset};
  opt.max_games = 1;
  opt.think_threads = 1;
  return opt;
}

TEST(BotClient, TheLibraryInProcessPlaysFromACallbackAndKeepsASeek) {
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string bot_name = unique_name("botlib");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());

  bots::BotOptions opt = one_game_seeking((*server)->port(), *token, "dots-ccgc");
  std::atomic<int> asked{0};
  bots::Bot bot(opt);
  BotThread runner(bot, bots::callback_players([&](const v1::MatchStarted& match,
                                                     const v1::GameView& view) -> Result<std::string> {
    ++asked;
    if (match.game() != "dots" || view.legal_moves_size() == 0) return fail("no move");
    return view.legal_moves(0);  // the first edge listed
  }));
  auto human = person((*server)->port(), Transport::tcp_binary, unique_name("seeker"), true);
  E2E_ASSERT_OK(human, server->get());
  auto seek = find_seek(**human, bot_name, 20s);
  E2E_ASSERT_OK(seek, server->get());
  EXPECT_EQ(seek->setup().preset(), "dots-ccgc");
  ASSERT_TRUE((*human)->accept_seek(seek->seek_id()).ok());
  auto started = (*human)->wait_match_started();
  E2E_ASSERT_OK(started, server->get());
  RandomMover mover(**human, *started, 9);
  const bool finished = play({&mover}, 60s);
  const Status result = runner.finish(finished);
  ASSERT_TRUE(finished) << log_of(server->get());
  EXPECT_TRUE(result.ok()) << result.message();
  EXPECT_TRUE(kByRules.count(mover.match_ended()->outcome().ending())) << ending_of(mover);
  const bots::BotStats stats = bot.stats();
  EXPECT_EQ(stats.games_started, 1);
  EXPECT_EQ(stats.games_finished, 1);
  EXPECT_EQ(stats.wins + stats.losses + stats.draws, 1);
  EXPECT_EQ(stats.moves_refused, 0);
  EXPECT_EQ(stats.moves_sent, asked.load());
  EXPECT_GT(asked.load(), 3);
}

// A person offers the bot a draw: the bot declines at once (an engine plays on; it answers a
// takeback request the same way), hears the person's chat line (it asked for chat), and the
// game goes on to its end.
TEST(BotClient, DeclinesADrawOfferHearsChatAndPlaysOn) {
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string bot_name = unique_name("botdecline");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());
  bots::BotOptions opt = one_game_seeking((*server)->port(), *token, "gomoku-blitz");
  opt.receive_chat = true;
  bots::Bot bot(opt);
  BotThread runner(bot, bots::callback_players([&](const v1::MatchStarted&,
                                                     const v1::GameView& view) -> Result<std::string> {
    if (view.legal_moves_size() == 0) return fail("no move");
    return view.legal_moves(view.legal_moves_size() / 2);
  }));
  auto human = person((*server)->port(), Transport::tcp_binary, unique_name("offerer"), true);
  E2E_ASSERT_OK(human, server->get());
  auto seek = find_seek(**human, bot_name, 20s);
  E2E_ASSERT_OK(seek, server->get());
  ASSERT_TRUE((*human)->accept_seek(seek->seek_id()).ok());
  auto started = (*human)->wait_match_started();
  E2E_ASSERT_OK(started, server->get());
  const auto declined = [&](v1::ProposalKind kind) -> Status {
    v1::ClientMessage offer;
    offer.mutable_propose()->set_match_id(started->match_id());
    offer.mutable_propose()->set_kind(kind);
    auto ack = (*human)->request(offer);
    if (!ack) return Error{ack.message()};
    if (!ack->has_ack()) return fail("no ack: " + ack->DebugString());
    auto told = (*human)->expect(
        [&](const v1::ServerMessage& m) {
          return m.has_match_proposals() && m.match_proposals().has_last_closed() &&
                 m.match_proposals().last_closed().kind() == kind &&
                 m.match_proposals().last_closed().state() == v1::PROPOSAL_STATE_DECLINED;
        },
        "the bot's answer", 10s);
    return told ? Status::Ok() : fail(told.message());
  };
  // The offer is made on the person's turn: were the bot to move while the offer is open,
  // the offer would lapse (playing on) before the bot's answer could decline it.
  RandomMover mover(**human, *started, 13);
  mover.set_move_budget(0);
  ASSERT_TRUE(play_until({&mover}, [&] { return mover.may_act(); }, 20s)) << log_of(server->get());
  E2E_ASSERT_OK(declined(v1::PROPOSAL_KIND_DRAW), server->get());
  // A chat line: the bot asked for chat (--chat), so it hears it.
  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(started->match_id());
  chat.mutable_send_chat()->set_room(v1::CHAT_ROOM_PLAYERS);
  chat.mutable_send_chat()->set_text("good luck");
  auto said = (*human)->request(chat);
  E2E_ASSERT_OK(said, server->get());
  EXPECT_TRUE(said->has_ack()) << said->DebugString();
  mover.set_move_budget(1 << 30);
  const bool finished = play({&mover}, 60s);
  const Status result = runner.finish(finished);
  ASSERT_TRUE(finished) << log_of(server->get());
  EXPECT_TRUE(result.ok()) << result.message();
  EXPECT_NE(mover.match_ended()->outcome().ending(), v1::ENDING_AGREEMENT);
  EXPECT_EQ(bot.stats().games_finished, 1);
  EXPECT_EQ(bot.stats().proposals_declined, 1);
  EXPECT_EQ(bot.stats().chat_lines, 1);
}

// python3 is a dependency (scripts/setup.sh installs it): its absence fails, never skips.
TEST(BotClient, ThePythonExamplePlaysAFullGame) {
  ASSERT_EQ(std::system("python3 --version >/dev/null 2>&1"), 0) << "python3 is not installed";
  auto server = start_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string bot_name = unique_name("pybot");
  auto token = make_bot_token(**server, bot_name);
  E2E_ASSERT_OK(token, server->get());
  TempDir tmp;
  const std::string script = std::string(BOYI_SOURCE_DIR) + "/examples/python/random_bot.py";
  auto bot = ChildProcess::spawn(
      {"/usr/bin/env", "python3", script, "--port", std::to_string((*server)->port()), "--token",
       *token, "--games", "1", "--seed", "7"},
      tmp.path() / "python.log");
  E2E_ASSERT_OK(bot, server->get());
  auto human = person((*server)->port(), Transport::tcp_binary, unique_name("pyhuman"), true);
  E2E_ASSERT_OK(human, server->get());
  E2E_ASSERT_OK(wait_online(**human, bot_name, 20s), server->get());
  // 军棋: the example's fixed deployment and random steps from its view.
  auto started = challenge(**human, bot_name, short_game("junqi-ccgc", 0));
  E2E_ASSERT_OK(started, server->get());
  RandomMover mover(**human, *started, 13);
  ASSERT_TRUE(play({&mover}, 60s)) << (*bot)->log_tail() << log_of(server->get());
  EXPECT_TRUE(mover.problems().empty()) << mover.problems().front();
  EXPECT_TRUE(kByRules.count(mover.match_ended()->outcome().ending()))
      << ending_of(mover) << (*bot)->log_tail();
  auto code = (*bot)->wait_exit(20s);
  E2E_ASSERT_OK(code, server->get());
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
}

}  // namespace
}  // namespace boyi::e2e
