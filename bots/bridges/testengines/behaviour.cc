#include "bots/bridges/testengines/behaviour.h"

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string_view>
#include <thread>

namespace boyi::testengine {

namespace {

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "test engine: " << why << "\n";
  std::exit(2);
}

Behave behave_from(std::string_view s) {
  if (s == "good") return Behave::kGood;
  if (s == "crash") return Behave::kCrash;
  if (s == "hang") return Behave::kHang;
  if (s == "garbage") return Behave::kGarbage;
  if (s == "illegal") return Behave::kIllegal;
  if (s == "illegal-once") return Behave::kIllegalOnce;
  if (s == "slow") return Behave::kSlow;
  if (s == "silent-handshake") return Behave::kSilentHandshake;
  if (s == "noisy") return Behave::kNoisy;
  usage("unknown --behave " + std::string(s));
}

}  // namespace

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view key = argv[i];
    if (i + 1 >= argc) usage("missing value after " + std::string(key));
    const std::string value = argv[++i];
    if (key == "--behave")
      o.behave = behave_from(value);
    else if (key == "--at")
      o.at = std::atoi(value.c_str());
    else if (key == "--slow-ms")
      o.slow_ms = std::atoi(value.c_str());
    else if (key == "--seed")
      o.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "--pidfile")
      o.pidfile = value;
    else if (key == "--game")
      o.game = value;
    else
      usage("unknown option " + std::string(key));
  }
  if (!o.pidfile.empty()) {
    std::ofstream f(o.pidfile);
    f << getpid() << "\n";
  }
  return o;
}

Act act(const Options& o, int n, bool retry) {
  if (n < o.at) return Act::kPlay;
  switch (o.behave) {
    case Behave::kGood:
    case Behave::kSilentHandshake:
    case Behave::kNoisy:
      return Act::kPlay;
    case Behave::kCrash: {
      const rlimit no_core{0, 0};
      setrlimit(RLIMIT_CORE, &no_core);
      std::abort();
    }
    case Behave::kHang:
      for (;;) pause();
    case Behave::kGarbage:
      return Act::kGarbage;
    case Behave::kIllegal:
      return Act::kIllegal;
    case Behave::kIllegalOnce:
      return n == o.at && !retry ? Act::kIllegal : Act::kPlay;
    case Behave::kSlow:
      std::this_thread::sleep_for(std::chrono::milliseconds(o.slow_ms));
      return Act::kPlay;
  }
  return Act::kPlay;
}

void say(const std::string& line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

}  // namespace boyi::testengine
