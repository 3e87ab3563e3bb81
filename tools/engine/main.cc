// boyi-engine: a built-in engine behind a competition text protocol on stdin and
// stdout, so it runs under the competition's own platforms and managers:
//
//   boyi-engine --game gomoku --protocol piskvork            (a Gomocup brain)
//   boyi-engine --game junqi --protocol junqi-ccgc --engine ismcts:playouts=2000
//   boyi-engine --game dots --protocol sau --bank-ms 900000
//
// See bots/bridges/README.md for each protocol's mapping.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <string>

#include "bots/bridges/default_engine.h"
#include "bots/player.h"
#include "tools/engine/engine_side.h"

namespace {

constexpr std::size_t kMaxLine = 65536;  // longer lines are cut there and the rest dropped

// Lines from stdin, each at most kMaxLine bytes; false at the end of input.
class LineReader {
 public:
  bool next(std::string& line) {
    line.clear();
    for (;;) {
      if (pos_ == len_) {
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
  char buf_[4096];
  std::size_t pos_ = 0, len_ = 0;
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
  auto side = boyi::engine_tool::make_engine_side(protocol, config);
  if (!side) {
    std::cerr << "boyi-engine: " << side.message() << "\n";
    return 2;
  }
  LineReader reader;
  std::string line;
  while (!(*side)->done() && reader.next(line)) {
    for (const auto& out : (*side)->handle(line)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      std::fputc('\n', stdout);
    }
    std::fflush(stdout);
  }
  return 0;
}
