#include "tools/train/train_options.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace boyi::train {

Result<std::map<std::string, std::string>> parse_settings(const std::vector<std::string>& entries) {
  std::map<std::string, std::string> settings;
  for (const auto& entry : entries) {
    const auto eq = entry.find('=');
    if (eq == std::string::npos) return fail("--set '" + entry + "': expected key=value");
    std::string key = entry.substr(0, eq);
    if (key.empty()) return fail("--set '" + entry + "': the key is empty");
    if (!settings.emplace(key, entry.substr(eq + 1)).second)
      return fail("--set: key '" + key + "' given twice");
  }
  return settings;
}

Status validate(const TrainOptions& o) {
  if (o.games < 0) return fail("--games must be at least 0");
  if (o.chunk < 1) return fail("--chunk must be at least 1");
  if (o.threads < 0) return fail("--threads must be at least 0 (0 = every core)");
  if (o.eval_every < 0) return fail("--eval-every must be at least 0 (0 = only at the end)");
  if (o.eval_games < 0) return fail("--eval-games must be at least 0 (0 = no evaluation)");
  if (o.eval_ms < 1) return fail("--eval-ms must be at least 1");
  if (!(o.minutes >= 0) || !std::isfinite(o.minutes))
    return fail("--minutes must be a number of minutes at least 0 (0 = no limit)");
  if (auto s = parse_settings(o.set); !s) return s.status();
  if (o.warm_epochs < 1) return fail("--warm-epochs must be at least 1");
  if (!o.average.empty() && o.export_file.empty())
    return fail("--average needs --export: the file to write the average to");
  if (!o.average.empty() && (o.resume || !o.warm_start.empty()))
    return fail("--average trains nothing: it cannot be combined with --resume or --warm-start");
  if (!o.warm_start.empty() && o.resume)
    return fail("--warm-start begins a run: it cannot be combined with --resume");
  return Status::Ok();
}

std::string out_dir_of(const TrainOptions& o) {
  return o.out_dir.empty() ? "train-" + o.game + "-" + o.method : o.out_dir;
}

int threads_of(const TrainOptions& o) {
  if (o.threads > 0) return o.threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace boyi::train
