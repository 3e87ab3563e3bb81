// boyi-leak-soak: hidden information through the real server at scale — N complete 军棋 games
// (seats and a spectator on every transport), every message each recipient received compared
// with the engine's own rendering for that recipient (tests/e2e/junqi_stream_check.h).
//
//   boyi-leak-soak [--games 300] [--parallel 4] [--seed 1] [--server-bin path/to/boyi-server]
//
// Exit status 0 when every game was played and checked with no violation, 1 otherwise.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "tests/e2e/leak_soak_run.h"
#include "tools/harness/server_process.h"

int main(int argc, char** argv) {
  CLI::App app{"boyi-leak-soak: 军棋 hidden-information check of every message, many games"};
  boyi::e2e::LeakSoakOptions opt;
  std::string server_bin;
  app.add_option("--games", opt.games, "complete games")->capture_default_str();
  app.add_option("--parallel", opt.parallel, "games at once")->capture_default_str();
  app.add_option("--seed", opt.seed, "layouts and moves")->capture_default_str();
  app.add_option("--preset", opt.preset, "a 军棋 preset")->capture_default_str();
  app.add_option("--server-bin", server_bin, "the boyi-server (default: beside this program)");
  CLI11_PARSE(app, argc, argv);

  boyi::harness::ServerOptions so;
  so.binary = server_bin;
  auto server = boyi::harness::ServerProcess::start(so);
  if (!server.ok()) {
    std::fprintf(stderr, "boyi-leak-soak: cannot start the server: %s\n", server.message().c_str());
    return 1;
  }
  const boyi::e2e::LeakSoakReport r = boyi::e2e::run_leak_soak((*server)->port(), opt);
  std::printf("games: %d checked, %d failed (of %d), %.1f s\n", r.games, r.games_failed, opt.games,
              r.seconds);
  for (const auto& [ending, n] : r.endings) std::printf("  %-26s %d\n", ending.c_str(), n);
  std::printf(
      "messages checked: %llu (views %llu, %llu with a revealed flag; events %llu), "
      "violations: %llu\n",
      static_cast<unsigned long long>(r.check.messages),
      static_cast<unsigned long long>(r.check.views),
      static_cast<unsigned long long>(r.check.flag_views),
      static_cast<unsigned long long>(r.check.events),
      static_cast<unsigned long long>(r.check.violations));
  for (const auto& v : r.check.examples) std::printf("  violation: %s\n", v.c_str());
  for (const auto& p : r.problems) std::printf("  problem: %s\n", p.c_str());
  const bool ok = r.games == opt.games && r.check.violations == 0 && r.check.events > 0;
  return ok ? 0 : 1;
}
