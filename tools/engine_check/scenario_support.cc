#include "tools/engine_check/scenario_support.h"

#include "bots/bridges/text_protocol_lines.h"

namespace boyi::engine_check {

bool first_word_is(std::string_view line, std::string_view word) {
  const auto words = bots::line_words(line);
  return !words.empty() && words[0] == word;
}

std::string quote(std::string_view line) {
  std::string out = "'";
  for (char c : line.substr(0, 60)) {
    const auto u = static_cast<unsigned char>(c);
    out += u < 0x20 || u == 0x7f ? '?' : c;
  }
  return out + (line.size() > 60 ? "...'" : "'");
}

std::string game_summary(const Outcome& outcome, Seat engine_seat, int moves) {
  const std::string length = " in " + std::to_string(moves) + " moves";
  if (!outcome.finished()) return "stopped after " + std::to_string(moves) + " moves";
  const std::string detail = outcome.detail.empty() ? "" : " (" + outcome.detail + ")";
  if (outcome.is_draw()) return "drawn" + detail + length;
  return (*outcome.winner == engine_seat ? "won" : "lost") + detail + length;
}

std::optional<std::string> name_handshake(EngineProbe& probe, const TextCheckOptions& o,
                                          ScenarioResult& r, AnswerStats& stats,
                                          const NameExchange& x) {
  probe.at("handshake");
  if (!probe.start() || !probe.send(x.request)) return std::nullopt;
  const auto bare = [&](std::string_view l) {
    return !first_word_is(l, x.keyword) && x.parse_bare_name && x.parse_bare_name(l).ok();
  };
  auto a = probe.await(x.keyword, o.startup_ms, [&](std::string_view l) {
    return first_word_is(l, x.keyword) || bare(l);
  });
  if (!a) return std::nullopt;
  stats.slowest_start_ms = std::max(stats.slowest_start_ms, probe.ms_since_start());
  if (bare(a->line)) {
    r.fail("answered " + x.request + " with its bare name " + quote(a->line) + ", not '" +
           x.keyword + " <team name>': Boyi's hosts take it (with a warning in the engine "
           "log), a strict referee does not");
    return *x.parse_bare_name(a->line);
  }
  auto name = x.parse_name(a->line);
  if (!name) {
    r.fail("answered " + quote(a->line) + " to " + x.request + ": " + name.message());
    return std::nullopt;
  }
  if (a->line != x.keyword + " " + *name)
    r.warn(quote(a->line) + " is not in the exact form '" + x.keyword +
           " <name>' (one space, no trailing ones)");
  return *name;
}

void FormCheck::exact(std::string_view line, std::string_view canonical, const std::string& what) {
  if (line == canonical || told_.contains(what)) return;
  told_.insert(what);
  result_.warn(quote(line) + " is not in the exact form " + quote(canonical) + " of " + what +
               ": Boyi reads it, a strict referee may not");
}

void FormCheck::note_skipped(std::string_view line, const std::string& where) {
  const bool error = bots::piskvork_lines::is_error(line);
  if (!told_.insert(error ? "ERROR" : "no form").second) return;
  result_.warn("printed " + quote(line) + " while its move was awaited (" + where + "): " +
               (error ? "managers skip it, but it says the brain refused something it was told"
                      : "no line of the protocol; managers skip it, a strict referee takes it "
                        "for the answer"));
}

}  // namespace boyi::engine_check
