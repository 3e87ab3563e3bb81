// The scenarios of --server mode: each one's script (what the server does wrong on
// purpose, which seat the bot plays) and the verdict on what was seen beyond the findings
// made while playing, with the scenario's one-line summary.
#pragma once

#include <optional>
#include <string>

#include "tools/engine_check/check_report.h"
#include "tools/engine_check/network/network_check.h"
#include "tools/engine_check/network/scenario_script.h"

namespace boyi::engine_check {

// None for a name network_scenarios() does not list.
std::optional<Script> scenario_script(const std::string& name, const NetworkCheckOptions& options);

// Adds the scenario's own findings (was its misbehaviour coped with?) and the summary.
void judge(const Script& script, const Observed& seen, ScenarioResult& result);

}  // namespace boyi::engine_check
