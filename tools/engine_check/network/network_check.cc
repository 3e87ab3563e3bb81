#include "tools/engine_check/network/network_check.h"

#include <algorithm>
#include <cstdio>

#include "protocol/match/wire_match.h"
#include "referee/journal.h"
#include "tools/engine_check/network/check_log.h"
#include "tools/engine_check/network/network_scenarios.h"
#include "tools/engine_check/network/scenario_run.h"

namespace boyi::engine_check {

namespace {

// Whether the game exists: the referee makes one match of it.
Status check_game(const std::string& game) {
  referee::MatchConfig config;
  config.match_id = "check";
  config.game = game;
  protocol::MatchHeader header;
  referee::MemoryJournal journal;
  auto match = protocol::WireMatch::create(config, header, journal, referee::SteadyClock::now());
  if (!match) return fail("no game " + game + ": " + match.message());
  return Status::Ok();
}

std::string seconds(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(ms) / 1000.0);
  return text;
}

}  // namespace

Result<Report> run_network_check(const NetworkCheckOptions& options) {
  if (options.argv.empty() || options.argv[0].empty()) return fail("no bot command");
  if (options.move_ms <= 0 || options.startup_ms <= 0)
    return fail("the per-move and start-up limits must be positive");
  if (auto st = check_game(options.game); !st) return fail(st.message());
  std::vector<Script> scripts;
  for (const auto& name : options.scenarios.empty() ? network_scenarios() : options.scenarios) {
    auto script = scenario_script(name, options);
    if (!script) {
      std::string known;
      for (const auto& n : network_scenarios()) known += (known.empty() ? "" : ", ") + n;
      return fail("no scenario " + name + " (the scenarios: " + known + ")");
    }
    scripts.push_back(std::move(*script));
  }

  std::string command;
  for (const auto& arg : options.argv) command += (command.empty() ? "" : " ") + arg;
  Report report("network bot '" + command + "' playing " + options.game);
  CheckLog log(options.log_path, true);
  if (!options.log_path.empty() && !log.enabled())
    return fail("cannot write the log " + options.log_path);
  std::int64_t slowest = -1;
  std::string slowest_at;
  for (const auto& script : scripts) {
    log.begin(script.name);
    auto run = run_scenario(script, options, log);
    if (!run) return fail(run.message());
    ScenarioRun& r = run.value();
    judge(script, r.seen, r.result);
    r.result.name = script.name;
    if (r.seen.slowest_ms > slowest) {
      slowest = r.seen.slowest_ms;
      slowest_at = script.name + ", put to move by seq " + std::to_string(r.seen.slowest_seq);
    }
    if (r.seen.back)
      report.figure("reconnected " + seconds(r.seen.back_ms) + " after the drop (" + script.name +
                    ")");
    report.add(std::move(r.result));
  }
  if (slowest >= 0) report.figure("slowest move " + seconds(slowest) + " (" + slowest_at + ")");
  return report;
}

}  // namespace boyi::engine_check
