#include "tools/train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>

#include "tools/train/curve_csv.h"
#include "tools/train/evaluation.h"
#include "tools/train/plot.h"
#include "tools/train/recorded_games.h"
#include "tools/train/run_dir.h"

namespace boyi::train {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

class Trainer {
 public:
  Trainer(const TrainOptions& options, bots::learned::TrainingMethod& method, const TrainerIo& io)
      : o_(options), method_(method), io_(io), dir_{out_dir_of(options)} {}

  Result<RunEnd> run() {
    if (auto st = start(); !st) return Error{st.message()};
    const std::int64_t target = o_.games;
    const double budget = o_.minutes * 60;
    const double seconds_before = state_.seconds;
    double train_seconds = 0;
    std::int64_t games_this_run = 0;
    std::int64_t games = method_.games_played();
    if (games >= target)
      io_.progress->note("already " + std::to_string(games) + " games, the target is " +
                         std::to_string(target));
    while (games < target) {
      if (stop_requested()) return stopped(games);
      if (budget > 0 && seconds_since(run_start_) >= budget) break;
      std::int64_t n = std::min(o_.chunk, target - games);
      if (o_.eval_every > 0) n = std::min(n, o_.eval_every - games % o_.eval_every);

      const auto chunk_start = Clock::now();
      auto stats = method_.train(n);
      if (!stats) return fail("training: " + stats.message());
      const double chunk_seconds = seconds_since(chunk_start);
      train_seconds += chunk_seconds;
      games_this_run += std::max<std::int64_t>(1, stats->games);
      games = method_.games_played();
      state_.games = games;
      state_.positions += stats->positions;
      state_.seconds = seconds_before + seconds_since(run_start_);

      Progress p;
      p.games = games;
      p.target = target;
      p.positions_per_second =
          chunk_seconds > 0 ? static_cast<double>(stats->positions) / chunk_seconds : 0;
      p.loss = stats->loss;
      p.epsilon = stats->epsilon;
      p.step_size = stats->step_size;
      p.elapsed_seconds = seconds_since(run_start_);
      p.eta_seconds = train_seconds / static_cast<double>(games_this_run) *
                      static_cast<double>(std::max<std::int64_t>(0, target - games));
      if (budget > 0)
        p.eta_seconds = std::min(p.eta_seconds, std::max(0.0, budget - p.elapsed_seconds));
      io_.progress->update(format_progress(p));

      CurveRow row;
      row.games = games;
      row.positions = state_.positions;
      row.seconds = state_.seconds;
      row.loss = stats->loss;
      row.epsilon = stats->epsilon;
      row.step_size = stats->step_size;
      row.extra = stats->extra;
      const bool last = games >= target || (budget > 0 && seconds_since(run_start_) >= budget);
      const bool evaluation_due =
          last ||
          (o_.eval_every > 0 && games / o_.eval_every > state_.last_eval_games / o_.eval_every);
      if (evaluation_due && !stop_requested()) {
        auto scores = evaluate_now(games);
        if (!scores) return Error{scores.message()};
        row.eval = std::move(scores).value();
      }
      if (auto st = csv_->append(row); !st) return Error{st.message()};
      if (auto st = save_latest(); !st) return Error{st.message()};
      if (evaluation_due) plot();
      if (last) break;
    }
    if (stop_requested()) return stopped(games);
    return finish(games);
  }

 private:
  bool stop_requested() const { return io_.stop_requested && io_.stop_requested(); }

  Status start() {
    if (o_.eval_games > 0 && dir_.dir.string().find(',') != std::string::npos)
      return fail("the out dir '" + dir_.dir.string() +
                  "' has a ',' in it, which a player spec cannot carry; choose another --out");
    if (auto st = dir_.prepare(); !st) return st;
    std::error_code ec;
    if (o_.resume) {
      if (!std::filesystem::exists(dir_.latest_checkpoint(), ec))
        return fail("--resume: there is no " + dir_.latest_checkpoint().string() + " to resume");
      if (auto st = method_.load_checkpoint(dir_.latest_checkpoint()); !st)
        return fail("cannot resume from " + dir_.latest_checkpoint().string() + ": " +
                    st.message());
      if (std::filesystem::exists(dir_.state_file(), ec)) {
        auto state = load_state(dir_.state_file());
        if (!state) return Error{state.message()};
        state_ = std::move(state).value();
      } else {
        io_.progress->note("warning: no " + dir_.state_file().string() +
                           "; positions and seconds restart from 0");
      }
      if (state_.games != method_.games_played())
        io_.progress->note("warning: the run state says " + std::to_string(state_.games) +
                           " games, the checkpoint " + std::to_string(method_.games_played()) +
                           "; going on from the checkpoint");
      state_.games = method_.games_played();
      io_.progress->note("resuming at " + std::to_string(state_.games) + " games");
    } else {
      if (std::filesystem::exists(dir_.latest_checkpoint(), ec))
        return fail(dir_.dir.string() +
                    " already holds a training run (latest.ckpt): add --resume to continue it, "
                    "or choose another --out");
      // Leftovers of a run stopped before its first checkpoint.
      std::filesystem::remove(dir_.curve_csv(), ec);
      std::filesystem::remove(dir_.state_file(), ec);
      std::filesystem::remove(dir_.warm_weights(), ec);
      if (auto st = method_.export_weights(dir_.weights(0)); !st)
        return fail("cannot export the untrained weights: " + st.message());
      state_ = RunState{};
      state_.games = method_.games_played();
      // After weights-0.pt: the first evaluation shows what the warm start gave.
      if (!o_.warm_start.empty()) {
        auto games = read_recorded_games(o_.warm_start, method_.game());
        if (!games) return fail("--warm-start: " + games.message());
        if (games->empty())
          return fail("--warm-start: " + o_.warm_start + " holds no " + method_.game() + " games");
        const auto warm_start = Clock::now();
        auto stats = method_.learn_from_games(*games, o_.warm_epochs);
        if (!stats) return fail("--warm-start: " + stats.message());
        if (auto st = method_.export_weights(dir_.warm_weights()); !st)
          return fail("cannot export the warm-started weights: " + st.message());
        state_.positions += stats->positions;
        char loss[32];
        std::snprintf(loss, sizeof loss, "%.6f", stats->loss);
        io_.progress->note("warm start: " + std::to_string(games->size()) + " recorded games, " +
                           std::to_string(o_.warm_epochs) + " epoch(s), " +
                           std::to_string(stats->positions) + " positions, loss " + loss + ", " +
                           std::to_string(static_cast<int>(seconds_since(warm_start))) + " s");
      }
    }
    std::vector<std::string> columns = {"vs_previous"};
    for (const auto& b : method_.baselines()) columns.push_back("vs_" + column_name(b));
    auto csv = CurveCsv::open(dir_.curve_csv(), columns);
    if (!csv) return Error{csv.message()};
    csv_ = std::move(csv).value();
    run_start_ = Clock::now();
    return Status::Ok();
  }

  // Exports the weights and a checkpoint at `games` and plays every
  // evaluation match; the scores by curve column.
  Result<std::map<std::string, double>> evaluate_now(std::int64_t games) {
    const auto weights = dir_.weights(games);
    if (auto st = method_.export_weights(weights); !st)
      return fail("cannot export " + weights.string() + ": " + st.message());
    if (auto st = method_.save_checkpoint(dir_.checkpoint(games)); !st)
      return fail("cannot save " + dir_.checkpoint(games).string() + ": " + st.message());
    std::map<std::string, double> scores;
    if (o_.eval_games > 0) {
      std::vector<Opponent> opponents = {{"previous (" + state_.previous_weights + ")",
                                          method_.player_spec(dir_.dir / state_.previous_weights),
                                          "vs_previous"}};
      for (const auto& b : method_.baselines()) opponents.push_back({b, b, "vs_" + column_name(b)});
      EvalSettings settings{method_.game(), o_.eval_games, o_.eval_ms, threads_of(o_), o_.seed};
      const std::string current = method_.player_spec(weights);
      io_.progress->finish();
      for (std::size_t i = 0; i < opponents.size(); ++i) {
        auto outcome = evaluate(settings, current, opponents[i], static_cast<int>(i), games);
        if (!outcome) return Error{outcome.message()};
        io_.progress->note(format_evaluation(games, *outcome));
        scores[opponents[i].column] = outcome->elo.score;
      }
    }
    state_.previous_weights = RunDir::weights_name(games);
    state_.last_eval_games = games;
    return scores;
  }

  // The method's state under latest.ckpt (through a temporary file) and the
  // driver's counters next to it.
  Status save_latest() {
    auto tmp = dir_.latest_checkpoint();
    tmp += ".tmp";
    if (auto st = method_.save_checkpoint(tmp); !st)
      return fail("cannot save the checkpoint: " + st.message());
    std::error_code ec;
    std::filesystem::rename(tmp, dir_.latest_checkpoint(), ec);
    if (ec) return fail("cannot save " + dir_.latest_checkpoint().string() + ": " + ec.message());
    return save_state(dir_.state_file(), state_);
  }

  void plot() {
    PlotRequest r{
        dir_.curve_csv(), dir_.curve_png(), dir_.plot_script(), dir_.plot_log(),
        method_.game() + " " + method_.method() + " (seed " + std::to_string(o_.seed) + ")"};
    if (auto st = plot_curve(r); !st && !plot_warned_) {
      io_.progress->note("warning: no curve.png: " + st.message());
      plot_warned_ = true;
    }
  }

  Result<RunEnd> stopped(std::int64_t games) {
    io_.progress->finish();
    io_.progress->note("stopped at " + std::to_string(games) + " games; " +
                       dir_.latest_checkpoint().string() +
                       " holds the run (continue with --resume)");
    return RunEnd::kStopped;
  }

  Result<RunEnd> finish(std::int64_t games) {
    io_.progress->finish();
    std::error_code ec;
    // A run of no self-play games ends with what its warm start learnt, if it had one.
    const auto weights = games == 0 && std::filesystem::exists(dir_.warm_weights(), ec)
                             ? dir_.warm_weights()
                             : dir_.weights(games);
    if (!std::filesystem::exists(weights, ec))
      if (auto st = method_.export_weights(weights); !st)
        return fail("cannot export " + weights.string() + ": " + st.message());
    if (games > 0) plot();  // no self-play, no curve
    if (!o_.export_file.empty()) {
      std::filesystem::copy_file(weights, o_.export_file,
                                 std::filesystem::copy_options::overwrite_existing, ec);
      if (ec) return fail("--export " + o_.export_file + ": " + ec.message());
    }
    io_.progress->note("done: " + std::to_string(games) + " games, weights in " + weights.string() +
                       (o_.export_file.empty() ? "" : " (copied to " + o_.export_file + ")"));
    return RunEnd::kFinished;
  }

  const TrainOptions& o_;
  bots::learned::TrainingMethod& method_;
  TrainerIo io_;
  RunDir dir_;
  RunState state_;
  std::optional<CurveCsv> csv_;
  Clock::time_point run_start_;
  bool plot_warned_ = false;
};

}  // namespace

Result<RunEnd> run_training(const TrainOptions& options, bots::learned::TrainingMethod& method,
                            const TrainerIo& io) {
  if (auto st = validate(options); !st) return Error{st.message()};
  ProgressPrinter fallback(stderr, false);
  TrainerIo with_printer = io;
  if (!with_printer.progress) with_printer.progress = &fallback;
  Trainer trainer(options, method, with_printer);
  return trainer.run();
}

}  // namespace boyi::train
