// boyi-bot: plays on a Boyi server with a built-in engine (or a bridged external one).
//
//   boyi-bot --server play.example.org:7700 --token "$TOKEN" --player greedy
//            --player gomoku=alphabeta:depth=3 --accept-from alice,bob --seek renju-ccgc
//
// SIGINT/SIGTERM: stop after the current games (no new ones); a second one: at once.
// Exit status: 0 stopped or done, 1 a fatal error (refused token, protocol), 2 usage.
#include <signal.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "bots/client/bot.h"
#include "bots/player.h"
#include "engine/games.h"
#include "tools/bot/bot_players.h"

namespace {

using boyi::bots::Bot;

std::atomic<bool> g_run_returned{false};

// Signals go to one thread that waits for them (blocked everywhere else).
void watch_signals(Bot& bot, sigset_t set) {
  std::thread([&bot, set] {
    int count = 0;
    for (;;) {
      int sig = 0;
      if (sigwait(&set, &sig) != 0) continue;
      if (++count == 1) {
        spdlog::warn("signal {}: finishing the current games (again: stop at once)", sig);
        bot.stop(boyi::bots::StopMode::after_games);
        continue;
      }
      spdlog::warn("signal {}: stopping now", sig);
      bot.stop(boyi::bots::StopMode::now);
      // A player still thinking is not waited for.
      for (int i = 0; i < 20 && !g_run_returned; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      spdlog::default_logger()->flush();
      std::_Exit(130);
    }
  }).detach();
}

// "junqi=belief, gomoku=threat, ...": each game's default player, for --help.
std::string default_players() {
  std::string out;
  boyi::for_each_game([&]<boyi::Game G>() {
    if constexpr (boyi::is_listed<G>())
      out += (out.empty() ? "" : ", ") + std::string(G::kName) + "=" +
             boyi::bots::default_player_spec(std::string(G::kName));
  });
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boyi-bot: play on a Boyi server with a built-in engine or a bridged one.\n" +
               boyi::bots::player_help()};
  std::string server = "127.0.0.1:7700", token, log_level = "info";
  bool ws = false, json = false, no_challenges = false;
  std::vector<std::string> players, accept_from, seeks;
  boyi::bots::PlayerChoice choice;
  boyi::bots::BotOptions opt;
  std::int64_t move_ms = -1, margin_ms = choice.engine_options.safety_margin_ms;
  app.add_option("--server", server, "HOST:PORT of the server")->capture_default_str();
  auto* ws_flag = app.add_flag("--ws", ws, "WebSocket (binary frames) instead of TCP frames");
  app.add_flag("--json", json, "TCP JSON lines instead of TCP protobuf frames")->excludes(ws_flag);
  app.add_option("--token", token, "the bot account's token (or BOYI_BOT_TOKEN)")
      ->envname("BOYI_BOT_TOKEN")
      ->required();
  app.add_option("--player", players,
                 "player spec for every game, or GAME=SPEC for one (repeatable); default: each "
                 "game's strong engine (" +
                     default_players() + ")");
  app.add_option("--engine", choice.engine_command,
                 "an external engine's command line, bridged for the games --protocol serves");
  app.add_option("--protocol", choice.engine_protocol,
                 "the external engine's protocol: junqi-ccgc, sau or piskvork");
  app.add_option("--opening-decider", choice.opening_decider,
                 "a piskvork brain under the ccgc opening: who decides swap/keep, the offers of "
                 "stone 5 and the choice: 'engine:SPEC' (default the strong engine) or 'brain' "
                 "(the swap by SWAP2BOARD); the record names who decided each");
  app.add_option("--startup-ms", choice.engine_startup_ms,
                 "the external engine's limit to start and answer its greeting; it is started "
                 "before the bot signs in, and again after each match for the next, so start-up "
                 "is never on a match's clock")
      ->capture_default_str();
  app.add_option("--engine-log", choice.engine_log,
                 "write the engine's lines to this file ({match} in it: the match id, a file "
                 "per match)");
  app.add_option("--accept-from", accept_from, "accept challenges only from these accounts")
      ->delimiter(',');
  app.add_flag("--no-challenges", no_challenges, "decline every challenge");
  app.add_flag("--chat", opt.receive_chat, "receive the chat of the bot's matches and log it");
  app.add_option("--seek", seeks, "keep a seek open for this preset (repeatable)");
  app.add_option("--join", opt.join_tournaments,
                 "register for this tournament (id; repeatable) and play its games");
  app.add_option("--games", opt.max_games, "stop after this many games (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--max-concurrent", opt.max_concurrent, "matches at once (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--threads", opt.think_threads, "thinking threads (0: all cores)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--move-ms", move_ms, "think at most this long per move (ms)");
  app.add_option("--margin-ms", margin_ms, "time kept back from every limit (ms)")
      ->capture_default_str();
  app.add_option("--seed", choice.seed, "seed of the players' randomness");
  app.add_option("--name", opt.client_name, "client name sent in the handshake");
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  CLI11_PARSE(app, argc, argv);

  spdlog::set_level(spdlog::level::from_str(log_level));
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ %v");
  auto address = boyi::bots::parse_server_address(server);
  if (!address) {
    std::cerr << "boyi-bot: --server: " << address.message() << "\n";
    return 2;
  }
  if (choice.engine_command.empty() != choice.engine_protocol.empty()) {
    std::cerr << "boyi-bot: --engine and --protocol go together\n";
    return 2;
  }
  choice.engine_options.max_move_ms = move_ms;
  choice.engine_options.safety_margin_ms = margin_ms;
  static std::atomic<int> engine_fallbacks{0};
  choice.engine_options.on_fallback = [](const std::string& why) {
    ++engine_fallbacks;
    spdlog::warn("a move from the view instead of the engine's: {}", why);
  };
  if (auto st = boyi::bots::read_player_specs(players, choice); !st) {
    std::cerr << "boyi-bot: --player: " << st.message() << "\n";
    return 2;
  }
  // As many engines kept ready as matches run at once (one when that is unlimited).
  choice.warm_engines = std::max(1, opt.max_concurrent);
  auto factory = boyi::bots::make_player_factory(choice);
  if (!factory) {
    std::cerr << "boyi-bot: " << factory.message() << "\n";
    return 2;
  }
  // The bot is ready when it signs in: an engine that does not start is said here, not lost
  // on the first match's clock.
  if (auto ready = factory->engine_ready(std::chrono::milliseconds(choice.engine_startup_ms) +
                                         std::chrono::seconds(1));
      !ready) {
    std::cerr << "boyi-bot: the engine did not start: " << ready.message() << "\n";
    return 1;
  }
  opt.host = address->host;
  opt.port = address->port;
  opt.transport = ws     ? boyi::bots::Transport::ws_binary
                  : json ? boyi::bots::Transport::tcp_json
                         : boyi::bots::Transport::tcp_binary;
  opt.token = token;
  opt.accept_challenges = !no_challenges;
  opt.accept_from = accept_from;
  opt.seek_presets = seeks;
  opt.engine_protocol = choice.engine_protocol;

  // Block the stop signals before any thread starts, so only the watcher receives them.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  Bot bot(opt);
  watch_signals(bot, set);
  const boyi::Status result = bot.run(factory->make);
  g_run_returned = true;
  const auto stats = bot.stats();
  spdlog::info(
      "games {} (won {}, lost {}, drawn {}), moves {} ({} refused, {} from the view), "
      "sign-ins {}",
      stats.games_finished, stats.wins, stats.losses, stats.draws, stats.moves_sent,
      stats.moves_refused, stats.fallback_moves + engine_fallbacks.load(), stats.connections);
  if (!result) {
    std::cerr << "boyi-bot: " << result.message() << "\n";
    return 1;
  }
  return 0;
}
