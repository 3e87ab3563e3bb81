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
#include <vector>

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
  if (s == "crlf") return Behave::kCrlf;
  if (s == "unflushed") return Behave::kUnflushed;
  if (s == "no-exit") return Behave::kNoExit;
  if (s == "loose-form") return Behave::kLooseForm;
  if (s == "repeat-after-error") return Behave::kRepeatAfterError;
  if (s == "hog") return Behave::kHog;
  if (s == "slow-start") return Behave::kSlowStart;
  if (s == "bare-name") return Behave::kBareName;
  usage("unknown --behave " + std::string(s));
}

Behave g_behave = Behave::kGood;  // for say()
int g_slow_ms = 0;
int g_start_ms = 0;
bool g_said = false;

// Holds `mb` MiB, touched so they are resident.
void hog(int mb) {
  static std::vector<char> held;
  held.assign(static_cast<std::size_t>(mb) << 20, 1);
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
    else if (key == "--hog-mb")
      o.hog_mb = std::atoi(value.c_str());
    else if (key == "--start-ms")
      o.start_ms = std::atoi(value.c_str());
    else if (key == "--think-ms")
      o.think_ms = std::atoi(value.c_str());
    else if (key == "--think-moves")
      o.think_moves = std::atoi(value.c_str());
    else if (key == "--record")
      o.record = value;
    else
      usage("unknown option " + std::string(key));
  }
  g_behave = o.behave;
  g_slow_ms = o.slow_ms;
  g_start_ms = o.start_ms;
  if (o.behave == Behave::kHog) hog(o.hog_mb);
  if (o.behave == Behave::kUnflushed) {
    // As a program using printf and scanf: nothing flushes stdout but a full buffer or
    // the exit (std::cin would flush it through its tie to std::cout).
    std::cin.tie(nullptr);
    std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
  }
  if (!o.pidfile.empty()) {
    std::ofstream f(o.pidfile);
    f << getpid() << "\n";
  }
  return o;
}

Act act(const Options& o, int n, bool retry) {
  if (o.think_ms > 0 && (o.think_moves == 0 || n <= o.think_moves))
    std::this_thread::sleep_for(std::chrono::milliseconds(o.think_ms));
  if (n < o.at) return Act::kPlay;
  switch (o.behave) {
    case Behave::kGood:
    case Behave::kSilentHandshake:
    case Behave::kNoisy:
    case Behave::kCrlf:
    case Behave::kUnflushed:
    case Behave::kNoExit:
    case Behave::kLooseForm:
    case Behave::kRepeatAfterError:
    case Behave::kHog:
    case Behave::kSlowStart:
    case Behave::kBareName:
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

void say(const std::string& given) {
  if (g_behave == Behave::kSlowStart && !g_said)
    std::this_thread::sleep_for(std::chrono::milliseconds(g_slow_ms));
  if (g_start_ms > 0 && !g_said) std::this_thread::sleep_for(std::chrono::milliseconds(g_start_ms));
  g_said = true;
  std::string line = given;
  if (g_behave == Behave::kLooseForm) {
    if (const auto space = line.find(' '); space != std::string::npos)
      line.insert(space, " ");
    else if (const auto comma = line.find(','); comma != std::string::npos)
      line.insert(comma + 1, " ");
  }
  if (g_behave == Behave::kCrlf) line += '\r';
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stdout);
  if (g_behave != Behave::kUnflushed) std::fflush(stdout);
}

void write_record(const Options& options, const std::vector<std::string>& lines) {
  if (options.record.empty()) return;
  std::ofstream f(options.record, std::ios::trunc);
  for (const auto& line : lines) f << line << "\n";
}

bool leaves_on_goodbye(const Options& options) {
  return options.behave != Behave::kNoExit;
}

}  // namespace boyi::testengine
