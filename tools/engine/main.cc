// boyi-engine: a built-in engine behind a competition text protocol on stdin and
// stdout, so it runs under the competition's own platforms and managers:
//
//   boyi-engine --game gomoku --protocol piskvork            (a Gomocup brain)
//   boyi-engine --game junqi --protocol junqi-ccgc --engine ismcts:playouts=2000
//   boyi-engine --game dots --protocol sau --bank-ms 900000
//
// See bots/bridges/README.md for each protocol's mapping.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

#include "bots/bridges/default_engine.h"
#include "bots/player.h"
#include "bots/search/stop_signal.h"
#include "tools/engine/engine_side.h"

namespace {

constexpr std::size_t kMaxLine = 65536;  // longer lines are cut there and the rest dropped

// Lines from stdin, each at most kMaxLine bytes; false at the end of input, or once
// `wake` (a pipe's read end) becomes readable: the program is leaving.
class LineReader {
 public:
  explicit LineReader(int wake) : wake_(wake) {}

  bool next(std::string& line) {
    line.clear();
    for (;;) {
      if (pos_ == len_) {
        pollfd fds[2] = {{0, POLLIN, 0}, {wake_, POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) {
          if (errno == EINTR) continue;
          return false;
        }
        if (fds[1].revents != 0) return false;
        ssize_t n;
        do n = read(0, buf_, sizeof buf_);
        while (n < 0 && errno == EINTR);
        if (n <= 0) return !line.empty();
        pos_ = 0;
        len_ = static_cast<std::size_t>(n);
      }
      const char c = buf_[pos_++];
      if (c == '\n') {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
      }
      if (line.size() < kMaxLine) line += c;
    }
  }

 private:
  int wake_;
  char buf_[4096];
  std::size_t pos_ = 0, len_ = 0;
};

// Reads the input on its own thread, so that a line which must act while the engine thinks
// (EngineSide::interrupts: piskvork's YXSTOP and END, the others' goodbye) stops the search
// at once instead of waiting behind it. `stop` is raised while such a line waits to be
// handled, and at the end of the input (the platform is gone).
class InputPump {
 public:
  InputPump(const boyi::engine_tool::EngineSide& side, boyi::bots::StopSignal& stop)
      : side_(side), stop_(stop) {
    if (pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
    reader_ = std::thread([this] { read_all(); });
  }
  // Wakes the reading thread (it may wait for input that never comes) and joins it.
  ~InputPump() {
    if (wake_[1] >= 0) (void)!write(wake_[1], "x", 1);
    reader_.join();
    for (int fd : wake_)
      if (fd >= 0) close(fd);
  }
  InputPump(const InputPump&) = delete;
  InputPump& operator=(const InputPump&) = delete;

  // The next line; false at the end of the input.
  bool next(std::string& line) {
    std::unique_lock lock(mu_);
    ready_.wait(lock, [&] { return !lines_.empty() || ended_; });
    if (lines_.empty()) return false;
    line = std::move(lines_.front());
    lines_.pop_front();
    if (side_.interrupts(line) && --interrupts_waiting_ == 0 && !ended_) stop_.lower();
    return true;
  }

 private:
  void read_all() {
    LineReader reader(wake_[0]);
    std::string line;
    while (reader.next(line)) {
      std::lock_guard lock(mu_);
      if (side_.interrupts(line)) {
        ++interrupts_waiting_;
        stop_.raise();
      }
      lines_.push_back(line);
      ready_.notify_one();
    }
    std::lock_guard lock(mu_);
    ended_ = true;
    stop_.raise();
    ready_.notify_one();
  }

  const boyi::engine_tool::EngineSide& side_;
  boyi::bots::StopSignal& stop_;
  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::string> lines_;
  int interrupts_waiting_ = 0;
  bool ended_ = false;
  int wake_[2] = {-1, -1};
  std::thread reader_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "boyi-engine: a built-in engine behind a competition text protocol on stdin/stdout."};
  // Only --help lists the players: listing them loads the learned players (and libtorch),
  // which an engine that plays a strong engine never needs (Gomocup allows 3 s to ABOUT).
  app.footer([] { return boyi::bots::player_help(); });
  boyi::engine_tool::EngineConfig config;
  std::string protocol;
  bool quiet = false;
  app.add_option("--game", config.game, "junqi, gomoku, dots or surakarta")->required();
  app.add_option("--protocol", protocol, "junqi-ccgc, sau or piskvork")->required();
  app.add_option("--engine", config.spec, "a player spec (default: the game's strongest)");
  app.add_option("--seed", config.seed, "seed of the engine's randomness");
  app.add_option("--name", config.name, "the name it gives (default: boyi-<engine>)");
  app.add_option("--bank-ms", config.bank_ms,
                 "sau: time per side for a game (the protocol has none)");
  app.add_option("--margin-ms", config.margin_ms, "kept back from every time limit");
  app.add_flag("--quiet", quiet, "no notes on stderr about input that was ignored");
  CLI11_PARSE(app, argc, argv);
  if (config.spec.empty()) config.spec = boyi::bots::default_engine_spec(config.game);
  if (config.name.empty()) config.name = "boyi-" + config.spec.substr(0, config.spec.find(':'));
  if (!quiet)
    config.diagnostics = [](const std::string& note) {
      std::cerr << "boyi-engine: " << note << "\n";
    };
  boyi::bots::StopSignal stop;
  config.stop = &stop;
  auto made = boyi::engine_tool::make_engine_side(protocol, config);
  if (!made) {
    std::cerr << "boyi-engine: " << made.message() << "\n";
    return 2;
  }
  const auto& side = *made;
  InputPump input(*side, stop);  // ends (joins its thread) before the side and the signal
  std::string line;
  while (!side->done() && input.next(line)) {
    for (const auto& out : side->handle(line)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      std::fputc('\n', stdout);
    }
    std::fflush(stdout);
  }
  return 0;
}
