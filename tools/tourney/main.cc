// boyi-tourney: a whole tournament between engines on one machine, in one command.
//
//   boyi-tourney --game dots --format rr --engine a=greedy --engine b=uct:playouts=2000
//       --engine c=cmd:sau:"./my-engine --level 3" --tc 60000+500 --out results
//
// Exit codes: 0 finished, 1 failed, 2 usage error, 3 timed out.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/opening.h"
#include "server/tournament/ops/settings_json.h"
#include "tools/tourney/local_tourney.h"

namespace {

// "60000+500" -> total 60000 ms, increment 500 ms.
bool parse_tc(const std::string& text, std::int64_t& total, std::int64_t& increment) {
  try {
    const auto plus = text.find('+');
    total = std::stoll(text.substr(0, plus));
    increment = plus == std::string::npos ? 0 : std::stoll(text.substr(plus + 1));
  } catch (...) {
    return false;
  }
  return total > 0 && increment >= 0;
}

}  // namespace

int main(int argc, char** argv) {
  using boyi::tournament::Format;
  CLI::App app{
      "boyi-tourney: a tournament between engines on this machine (an embedded Boyi server, "
      "built-in engines and bridged external engines)"};
  boyi::tourney::TourneyOptions o;
  std::string format = "rr", tc, sprt, settings, data, out;
  std::vector<std::string> engines;
  int games = 0, rounds = 0, cycles = 0, concurrency = 1, max_games = 0;
  app.add_option("--game", o.game, "junqi, gomoku, dots or surakarta");
  app.add_option("--preset", o.preset, "a preset instead of --game/--rules/--tc (dots-blitz, ...)");
  app.add_option("--rules", o.rules, "the game's rules text");
  app.add_option("--tc", tc, "time per side in ms, optionally +increment: 60000+500")
      ->capture_default_str();
  app.add_option("--per-move-ms", o.per_move_ms, "a per-move limit in ms (0: none)");
  app.add_option("--format", format, "rr, swiss, ko, gauntlet or sprt")->capture_default_str();
  app.add_option("--engine", engines,
                 "NAME=SPEC (built-in player: random, greedy, uct:playouts=N, ...) or "
                 "NAME=cmd:PROTOCOL:COMMAND (junqi-ccgc, sau, piskvork); in seed order")
      ->required();
  app.add_option("--games", games, "games per pairing (swiss, ko, gauntlet)");
  app.add_option("--rounds", rounds, "Swiss rounds");
  app.add_option("--cycles", cycles, "round robin cycles (2: double)");
  app.add_option("--concurrency", concurrency, "games at once")->capture_default_str();
  app.add_option("--sprt", sprt, "SPRT elo0,elo1[,alpha,beta] (the first engine is the candidate)");
  app.add_option("--max-games", max_games, "SPRT: stop undecided after this many games");
  app.add_option("--settings", settings, "more tournament settings as JSON (README)");
  app.add_option("--data", data, "keep the server's data here (default: a temporary folder)");
  app.add_option("--out", out, "write report.json, records.json and records.txt here");
  app.add_option("--seed", o.seed, "engines' random seed")->capture_default_str();
  std::string openings;
  app.add_option("--openings", openings,
                 "an opening suite file (one opening a line, the actions in the game's notation): "
                 "the k-th game of two engines starts from line k/2, so each opening is played "
                 "with each engine on each side. External engines get it only where their "
                 "protocol can say it (piskvork any, as BOARD; sau only the opponent's moves, so "
                 "none with both seats; junqi-ccgc none): otherwise refused before any game");
  app.add_option("--opening-decider", o.opening_decider,
                 "piskvork brains under the ccgc opening: 'engine:SPEC' or 'brain' (boyi-bot's)");
  app.add_option("--startup-ms", o.startup_ms,
                 "external engines: the limit to start and answer the greeting; each engine is "
                 "started before its game, off the clock")
      ->capture_default_str();
  app.add_option("--timeout-ms", o.timeout_ms, "give up after this long (0: never)");
  app.add_flag("--quiet", o.quiet, "no line per game");
  bool verbose = false;
  app.add_flag("--verbose", verbose, "the bot clients' logs too");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  spdlog::set_level(verbose ? spdlog::level::info : spdlog::level::warn);
  const auto usage = [](const std::string& why) {
    std::cerr << "boyi-tourney: " << why << "\n";
    return 2;
  };
  if (o.game.empty() && o.preset.empty()) return usage("--game or --preset");
  if (!tc.empty() && !parse_tc(tc, o.total_ms, o.increment_ms)) return usage("--tc TOTAL[+INC]");
  auto f = boyi::tournament::parse_format(format);
  if (!f) return usage("--format: rr, swiss, ko, gauntlet or sprt");
  o.settings.format = *f;
  if (!settings.empty()) {
    auto j = nlohmann::json::parse(settings, nullptr, false);
    if (auto s = boyi::tournament::apply_settings_json(j, o.settings); !s)
      return usage("--settings: " + s.message());
  }
  if (!openings.empty()) {
    auto suite = boyi::read_opening_suite(openings);
    if (!suite) return usage("--openings: " + suite.message());
    o.settings.openings = std::move(suite).value();
  }
  if (games > 0) o.settings.games_per_pairing = games;
  if (rounds > 0) o.settings.rounds = rounds;
  if (cycles > 0) o.settings.cycles = cycles;
  o.settings.concurrency = concurrency;
  // Engines play several games at once when asked to (they are this machine's processes).
  o.settings.entrant_games_at_once = std::max(o.settings.entrant_games_at_once, concurrency);
  o.settings.forfeit_wait_ms = std::min<std::int64_t>(o.settings.forfeit_wait_ms, 10'000);
  if (!sprt.empty()) {
    std::vector<double> v;
    std::size_t pos = 0;
    try {
      while (pos <= sprt.size()) {
        const auto comma = sprt.find(',', pos);
        v.push_back(std::stod(sprt.substr(pos, comma - pos)));
        if (comma == std::string::npos) break;
        pos = comma + 1;
      }
    } catch (...) {
      return usage("--sprt elo0,elo1[,alpha,beta]");
    }
    if (v.size() != 2 && v.size() != 4) return usage("--sprt elo0,elo1[,alpha,beta]");
    o.settings.sprt.elo0 = v[0];
    o.settings.sprt.elo1 = v[1];
    if (v.size() == 4) {
      o.settings.sprt.alpha = v[2];
      o.settings.sprt.beta = v[3];
    }
  }
  if (max_games > 0) o.settings.sprt.max_games = max_games;
  for (const auto& e : engines) {
    auto parsed = boyi::tourney::parse_engine(e);
    if (!parsed) return usage(parsed.message());
    o.engines.push_back(std::move(parsed).value());
  }
  if (auto s = o.settings.validate(static_cast<int>(o.engines.size())); !s)
    return usage(s.message());
  o.data_dir = data;
  o.out_dir = out;
  auto code = boyi::tourney::run_local_tourney(o, std::cout);
  if (!code) {
    std::cerr << "boyi-tourney: " << code.message() << "\n";
    return 1;
  }
  return *code;
}
