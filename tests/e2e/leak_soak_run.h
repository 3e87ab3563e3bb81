// The leak soak: N complete 军棋 games through a real boyi-server, each between two guest seats
// playing random legal moves from their own views and watched by a spectator from the start
// (the three connections rotate over the four transports), every message each of them
// received checked by check_junqi_match (tests/e2e/junqi_stream_check.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "tests/e2e/junqi_stream_check.h"

namespace boyi::e2e {

struct LeakSoakOptions {
  int games = 300;
  int parallel = 4;  // games played at once
  std::uint64_t seed = 1;
  std::string preset = "junqi-ccgc";
  int game_timeout_s = 300;
};

struct LeakSoakReport {
  int games = 0;         // games played to their end and checked
  int games_failed = 0;  // could not be set up or did not end in time (see problems)
  std::map<std::string, int> endings;
  std::vector<std::string> problems;  // the first few, described
  StreamCheck check;
  double seconds = 0;
};

LeakSoakReport run_leak_soak(std::uint16_t port, const LeakSoakOptions& options);

}  // namespace boyi::e2e
