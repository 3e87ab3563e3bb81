// boyi-train: self-play training of a learned evaluator (bots/learned), with a
// progress line, checkpoints and resume, evaluation matches, a CSV learning
// curve and its PNG. See README.md.
//
//   boyi-train gomoku bp-td --games 5000 --eval-every 1000 --out runs/bptd
//   boyi-train gomoku bp-td --games 8000 --out runs/bptd --resume
//   boyi-train junqi dmc --average runs/dmc/weights-{28000,29000,30000}.pt --export avg.pt
//   boyi-train --list
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>

#include "bots/learned/training_method.h"
#include "tools/train/trainer.h"

namespace {

volatile std::sig_atomic_t stop_signal = 0;

// Only a flag (the loop checks it between chunks); SA_RESETHAND makes a
// second Ctrl-C end the process at once.
extern "C" void on_stop_signal(int) {
  stop_signal = 1;
}

void catch_stop_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  namespace learned = boyi::bots::learned;
  boyi::train::TrainOptions o;
  bool list = false;
  CLI::App app{
      "boyi-train: self-play training of a learned evaluator, with checkpoints, "
      "evaluation matches and a learning curve (CSV and PNG)."};
  // A flag given twice: the last one counts (handy to override a shared set of flags).
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("game", o.game, "gomoku, surakarta or junqi");
  app.add_option("method", o.method, "the training method (see --list)");
  app.add_flag("--list", list, "print the training methods and exit");
  app.add_option("--games", o.games, "total self-play games to reach (counting resumed runs)");
  app.add_option("--out", o.out_dir, "out dir (default train-GAME-METHOD)");
  app.add_option("--seed", o.seed, "seed of the training (and of the evaluation matches)");
  app.add_option("--threads", o.threads, "self-play workers and torch threads; 0 = every core");
  app.add_option("--chunk", o.chunk, "games per training step (one progress line and CSV row)");
  app.add_option("--eval-every", o.eval_every, "evaluate every N games; 0 = only at the end");
  app.add_option("--eval-games", o.eval_games, "games per evaluation match; 0 = no matches");
  app.add_option("--eval-ms", o.eval_ms, "per-move limit in evaluation matches, ms");
  app.add_option("--set", o.set, "a method hyper-parameter key=value (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_flag("--resume", o.resume, "continue the run in the out dir from latest.ckpt");
  app.add_option("--minutes", o.minutes, "stop after this much wall time (0 = no limit)");
  app.add_option("--export", o.export_file, "also copy the final weights to this file");
  app.add_option("--warm-start", o.warm_start,
                 "learn first from real games: JSON lines of boyi-admin export");
  app.add_option("--warm-epochs", o.warm_epochs, "passes over the warm-start games");
  app.add_option("--average", o.average,
                 "average these weights files of the method's network into --export; no training")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (list) {
    for (const auto& line : learned::training_methods()) std::printf("%s\n", line.c_str());
    return 0;
  }
  if (o.game.empty() || o.method.empty()) {
    std::cerr << "boyi-train: give GAME and METHOD (see --list)\n";
    return 2;
  }
  if (auto st = boyi::train::validate(o); !st) {
    std::cerr << "boyi-train: " << st.message() << "\n";
    return 2;
  }
  learned::TrainConfig config;
  config.seed = o.seed;
  config.threads = o.threads;
  config.params = boyi::train::parse_settings(o.set).value();
  auto method = learned::make_training_method(o.game, o.method, config);
  if (!method) {
    std::cerr << "boyi-train: " << method.message() << "\n";
    return 2;
  }
  if (!o.average.empty()) {
    const std::vector<std::filesystem::path> files(o.average.begin(), o.average.end());
    if (auto st = method.value()->average_weights(files, o.export_file); !st) {
      std::cerr << "boyi-train: --average: " << st.message() << "\n";
      return 2;
    }
    std::fprintf(stderr, "boyi-train: averaged %zu weights files into %s\n", files.size(),
                 o.export_file.c_str());
    return 0;
  }
  const int threads = boyi::train::threads_of(o);
  learned::use_threads(threads);
  std::fprintf(stderr, "boyi-train: %s %s on %s, %d thread%s, seed %llu, out %s\n", o.game.c_str(),
               o.method.c_str(), learned::training_device_name().c_str(), threads,
               threads == 1 ? "" : "s", static_cast<unsigned long long>(o.seed),
               boyi::train::out_dir_of(o).c_str());

  catch_stop_signals();
  boyi::train::ProgressPrinter progress(stderr, isatty(fileno(stderr)) != 0);
  boyi::train::TrainerIo io{&progress, [] { return stop_signal != 0; }};
  // A method's library error that escaped it ends the run with a message, not an abort.
  boyi::Result<boyi::train::RunEnd> end = boyi::fail("not run");
  try {
    end = boyi::train::run_training(o, *method.value(), io);
  } catch (const std::exception& e) {
    end = boyi::fail(std::string("unexpected error: ") + e.what());
  }
  progress.finish();
  if (!end) {
    std::cerr << "boyi-train: " << end.message() << "\n";
    return 2;
  }
  return *end == boyi::train::RunEnd::kStopped ? 130 : 0;
}
