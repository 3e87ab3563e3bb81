// boyi-match: plays N games between two engines locally (no server) and
// reports wins, draws, losses, the score and the Elo difference with a 95%
// interval (see elo.h for the formula).
//
//   boyi-match --game dots --first alphabeta:depth=4 --second uct:playouts=5000
//              then: --games 20 --per-move-ms 500 --concurrency 2 --log games.txt
//   boyi-match --game gomoku --first 'cmd:piskvork:./pela --fast' --second threat
//              (an external engine program through its protocol: external_engine.h)
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include "bots/player.h"
#include "engine/opening.h"
#include "server/tournament/elo.h"
#include "tools/match/external_engine.h"
#include "tools/match/local_match.h"

namespace {

// "BANK+INC" in seconds (decimals allowed), or "BANK".
bool parse_time_control(const std::string& text, std::int64_t& bank_ms, std::int64_t& inc_ms) {
  const auto plus = text.find('+');
  auto seconds = [](const std::string& s, std::int64_t& out) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || !(v >= 0) || v > 1e7) return false;
    out = static_cast<std::int64_t>(v * 1000.0 + 0.5);
    return true;
  };
  inc_ms = 0;
  if (plus == std::string::npos) return seconds(text, bank_ms);
  return seconds(text.substr(0, plus), bank_ms) && seconds(text.substr(plus + 1), inc_ms);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boyi-match: two engines, N local games, Elo with a 95% interval.\n" +
               boyi::bots::player_help() + boyi::match::external_spec_help()};
  boyi::match::MatchConfig c;
  std::string time_control, log_path;
  bool quiet = false;
  app.add_option("--game", c.game, "junqi, gomoku, dots or surakarta")->required();
  app.add_option("--first", c.first,
                 "engine A (e.g. uct:c=1.2,playouts=20000, or cmd:PROTOCOL:COMMAND)")
      ->required();
  app.add_option("--second", c.second, "engine B (e.g. alphabeta:depth=4, or cmd:PROTOCOL:COMMAND)")
      ->required();
  app.add_option("--games", c.games, "games to play (A is seat 0 in even games)");
  app.add_option("--time-control", time_control, "BANK+INC in seconds per side, e.g. 60+1");
  app.add_option("--per-move-ms", c.per_move_ms, "limit per move in ms");
  app.add_option("--margin-ms", c.safety_margin_ms, "safety margin the players keep");
  app.add_option("--rules", c.rules, "rules text, e.g. \"rule=renju opening=ccgc\"");
  app.add_option("--seed", c.seed, "seed of every player's randomness");
  app.add_option("--concurrency", c.concurrency, "games played at once");
  app.add_option("--max-plies", c.max_plies, "abort a game (a draw) after this many actions");
  app.add_option("--log", log_path, "write a PGN-like record of every game here");
  std::string openings_path;
  app.add_option("--openings", openings_path,
                 "an opening suite: one opening per line (actions in the game's notation); "
                 "each is played once with each engine on each side");
  app.add_option("--random-opening", c.random_opening_plies,
                 "without --openings: N random legal actions open each pair of games (the same "
                 "for both games of a pair)");
  app.add_option("--opening-decider", c.opening_decider,
                 "piskvork brains under the ccgc opening: who decides swap/keep, the offers of "
                 "stone 5 and the choice: 'engine:SPEC' (a built-in player; default the strong "
                 "engine) or 'brain' (the swap by SWAP2BOARD, the rest by the default)");
  app.add_option("--engine-log", c.engine_log_dir,
                 "external engines: write each one's protocol transcript per game into this "
                 "directory, as game-N-A.txt / game-N-B.txt");
  app.add_option("--startup-ms", c.startup_ms,
                 "external engines: the limit to start and answer the greeting, off the clock")
      ->capture_default_str();
  app.add_option("--grace-ms", c.grace_ms,
                 "the referee's grace: a limit falls only this far past it")
      ->capture_default_str();
  app.add_flag("--quiet", quiet, "no line per game");
  CLI11_PARSE(app, argc, argv);
  if (!openings_path.empty()) {
    auto suite = boyi::read_opening_suite(openings_path);
    if (!suite) {
      std::cerr << "boyi-match: " << suite.message() << "\n";
      return 2;
    }
    c.openings = std::move(suite).value();
  }
  if (!time_control.empty() && !parse_time_control(time_control, c.bank_ms, c.increment_ms)) {
    std::cerr << "boyi-match: --time-control must be BANK+INC in seconds, got '" << time_control
              << "'\n";
    return 2;
  }
  if (!c.engine_log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(c.engine_log_dir, ec);
    if (ec) {
      std::cerr << "boyi-match: --engine-log: " << ec.message() << "\n";
      return 2;
    }
  }
  if (auto st = boyi::match::validate(c); !st) {
    std::cerr << "boyi-match: " << st.message() << "\n";
    return 2;
  }
  std::ofstream log;
  if (!log_path.empty()) {
    log.open(log_path);
    if (!log) {
      std::cerr << "boyi-match: cannot write " << log_path << "\n";
      return 2;
    }
  }
  auto result = boyi::match::run_match(c, [&](const boyi::match::GameRecord& g) {
    // Endings other than by the rules say why (an engine's failure, a refused move).
    const bool unusual = g.outcome.ending == boyi::Ending::kTimeForfeit ||
                         g.outcome.ending == boyi::Ending::kIllegalMove ||
                         g.outcome.ending == boyi::Ending::kDisconnectForfeit ||
                         g.outcome.ending == boyi::Ending::kAborted;
    const std::string why = unusual && !g.outcome.detail.empty() ? ": " + g.outcome.detail : "";
    if (!quiet)
      std::printf("game %d: A (%s) as seat %d: %s (%s, %zu actions%s)\n", g.index + 1,
                  c.first.c_str(), g.a_seat,
                  g.void_game          ? "void"
                  : g.a_score() == 1.0 ? "A wins"
                  : g.a_score() == 0.0 ? "B wins"
                                       : "draw",
                  std::string(boyi::ending_name(g.outcome.ending)).c_str(), g.moves.size(),
                  why.c_str());
    if (log) log << boyi::match::game_log(c, g);
  });
  if (!result) {
    std::cerr << "boyi-match: " << result.message() << "\n";
    return 2;
  }
  const auto& r = *result;
  const auto e = boyi::tournament::elo_estimate(r.wins, r.draws, r.losses);
  const int n = r.wins + r.draws + r.losses;
  std::printf("%s: A = %s, B = %s, %d games\n", c.game.c_str(), c.first.c_str(), c.second.c_str(),
              n);
  std::printf("A: %d wins, %d draws, %d losses; score %.1f/%d = %.3f\n", r.wins, r.draws, r.losses,
              r.wins + 0.5 * r.draws, n, e.score);
  std::printf("Elo difference A - B: %s, 95%% interval [%s, %s]\n",
              boyi::tournament::format_elo(e.elo).c_str(),
              boyi::tournament::format_elo(e.lower).c_str(),
              boyi::tournament::format_elo(e.upper).c_str());
  std::printf("time forfeits: A %d, B %d; illegal moves: A %d, B %d\n", r.a_time_forfeits,
              r.b_time_forfeits, r.a_illegal, r.b_illegal);
  std::printf("engine failures (lost by disconnect forfeit): A %d, B %d\n", r.a_failures,
              r.b_failures);
  if (r.voids > 0)
    std::printf("void games (a bridge could not play them; not scored): %d\n", r.voids);
  return 0;
}
