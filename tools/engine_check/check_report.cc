#include "tools/engine_check/check_report.h"

#include <algorithm>

namespace boyi::engine_check {

bool ScenarioResult::failed() const {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Finding& f) { return f.severity == Severity::kFail; });
}

void ScenarioResult::add(Severity severity, std::string text) {
  for (auto& f : findings)
    if (f.severity == severity && f.text == text) {
      ++f.times;
      return;
    }
  findings.push_back({severity, std::move(text)});
}

int Report::failures() const {
  int n = 0;
  for (const auto& s : scenarios_)
    for (const auto& f : s.findings) n += f.severity == Severity::kFail;
  return n;
}

int Report::warnings() const {
  int n = 0;
  for (const auto& s : scenarios_)
    for (const auto& f : s.findings) n += f.severity == Severity::kWarn;
  return n;
}

std::string Report::text() const {
  std::string out = "boyi-engine-check: " + subject_ + "\n\n";
  std::size_t width = 0;
  for (const auto& s : scenarios_) width = std::max(width, s.name.size());
  for (const auto& s : scenarios_) {
    const char* mark = s.failed() ? "FAIL" : s.findings.empty() ? "PASS" : "WARN";
    out += "  " + std::string(mark) + "  " + s.name + std::string(width - s.name.size(), ' ');
    if (!s.summary.empty()) out += "  " + s.summary;
    out += "\n";
    for (const auto& f : s.findings)
      out += std::string("          ") + (f.severity == Severity::kFail ? "x " : "! ") + f.text +
             (f.times > 1 ? " (" + std::to_string(f.times) + " times)" : "") + "\n";
  }
  if (!figures_.empty()) {
    out += "\nFigures:\n";
    for (const auto& f : figures_) out += "  " + f + "\n";
  }
  const int fails = failures(), warns = warnings();
  out += "\nResult: ";
  out += fails == 0 ? "PASS" : "FAIL";
  out += " (" + std::to_string(scenarios_.size()) + " scenarios, " + std::to_string(fails) +
         (fails == 1 ? " failure, " : " failures, ") + std::to_string(warns) +
         (warns == 1 ? " warning)" : " warnings)");
  out += fails == 0 ? (warns == 0 ? ": conforms to the protocol.\n"
                                  : ": conforms; the warnings are worth fixing.\n")
                    : ": does not conform; see the failures above.\n";
  return out;
}

}  // namespace boyi::engine_check
