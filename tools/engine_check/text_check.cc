#include "tools/engine_check/text_check.h"

#include <cstdio>

#include "engine/gomoku/gomoku.h"
#include "engine/registry.h"
#include "tools/engine_check/protocol_checks.h"

namespace boyi::engine_check {
namespace {

std::string command_line(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) out += (out.empty() ? "" : " ") + a;
  return out;
}

std::string mib(std::int64_t kb) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(kb) / 1024.0);
  return text;
}

}  // namespace

std::string default_game(const std::string& protocol) {
  if (protocol == "junqi-ccgc") return "junqi";
  if (protocol == "piskvork") return "gomoku";
  return "";
}

Result<Report> run_text_check(const TextCheckOptions& given) {
  TextCheckOptions o = given;
  if (o.game.empty()) o.game = default_game(o.protocol);
  const bool served = (o.protocol == "junqi-ccgc" && o.game == "junqi") ||
                      (o.protocol == "piskvork" && o.game == "gomoku") ||
                      (o.protocol == "sau" && (o.game == "dots" || o.game == "surakarta"));
  if (o.protocol != "junqi-ccgc" && o.protocol != "sau" && o.protocol != "piskvork")
    return fail("no protocol '" + o.protocol + "' (junqi-ccgc, sau or piskvork)");
  if (!served)
    return fail("the " + o.protocol + " protocol does not serve the game '" + o.game + "'" +
                (o.protocol == "sau" ? " (dots or surakarta)" : ""));
  if (o.argv.empty()) return fail("no engine command given (after --)");
  auto made = create_game(o.game, o.rules);
  if (!made) return fail("rules: " + made.message());
  o.rules = (*made)->rules_text();
  if (o.game == "gomoku" && gomoku::Rules::parse(o.rules)->opening != gomoku::Opening::kFree)
    return fail("the piskvork check plays the free opening (the protocol has no form for others)");
  if (o.games < 0 || o.bank_ms <= 0 || o.move_ms <= 0 || o.max_moves <= 0)
    return fail("--games, --bank-ms, --move-ms and --max-moves must be positive");

  Report report(o.protocol + " engine '" + command_line(o.argv) + "', game " + o.game + " (" +
                (o.rules.empty() ? "its default rules" : o.rules) + ")");
  AnswerStats stats;
  if (o.protocol == "junqi-ccgc") check_junqi_ccgc(o, report, stats);
  if (o.protocol == "sau") check_sau(o, report, stats);
  if (o.protocol == "piskvork") check_piskvork(o, report, stats);

  if (stats.slowest_start_ms >= 0)
    report.figure("start-up: the handshake answered within " +
                  bots::describe_ms(stats.slowest_start_ms) + " (limit " +
                  bots::describe_ms(o.startup_ms) + ")");
  if (stats.answers > 0)
    report.figure(std::to_string(stats.answers) + " answers, mean " +
                  bots::describe_ms(stats.total_ms / stats.answers) + ", slowest " +
                  bots::describe_ms(stats.slowest_ms) + " (" + stats.slowest_where + ")");
  if (stats.peak_rss_kb > 0)
    report.figure("peak memory " + mib(stats.peak_rss_kb) + " (limit " +
                  std::to_string(o.memory_mb) + " MiB)");
  report.figure(
      "each side's time: " + bots::describe_ms(o.bank_ms) +
      (o.protocol == "piskvork" ? ", at most " + bots::describe_ms(o.move_ms) + " a move" : ""));
  return report;
}

}  // namespace boyi::engine_check
