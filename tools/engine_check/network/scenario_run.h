// One scenario played against a fresh bot process: the scripted server on loopback, the
// bot started with its address and token, the handshake, one match refereed by a real
// WireMatch whose other seat is the kit's random player, every message the real server
// would send — except for the script's deliberate misbehaviour — and every deviation of
// the bot written down as a finding while the context is known.
#pragma once

#include "base/result.h"
#include "tools/engine_check/check_report.h"
#include "tools/engine_check/network/check_log.h"
#include "tools/engine_check/network/network_check.h"
#include "tools/engine_check/network/scenario_script.h"

namespace boyi::engine_check {

struct ScenarioRun {
  ScenarioResult result;  // the findings made while playing; no summary yet
  Observed seen;
};

// An error only when the check itself cannot run (no port).
Result<ScenarioRun> run_scenario(const Script& script, const NetworkCheckOptions& options,
                                 CheckLog& log);

}  // namespace boyi::engine_check
