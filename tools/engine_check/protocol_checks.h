// Each text protocol's scenarios (one file each), run by run_text_check.
#pragma once

#include "tools/engine_check/check_report.h"
#include "tools/engine_check/engine_probe.h"
#include "tools/engine_check/text_check.h"

namespace boyi::engine_check {

void check_junqi_ccgc(const TextCheckOptions& options, Report& report, AnswerStats& stats);
void check_sau(const TextCheckOptions& options, Report& report, AnswerStats& stats);
void check_piskvork(const TextCheckOptions& options, Report& report, AnswerStats& stats);

}  // namespace boyi::engine_check
