// The Gomoku brain protocol's scenarios (Gomocup / Piskvork; docs/rules/engine-protocols.md,
// section 3):
//   handshake  START 15 -> OK within the start-up time; INFO settings (one it cannot know
//              among them) want no answer; ABOUT -> name="..."; an unknown command ->
//              UNKNOWN; END -> it exits
//   game k     START, the INFO settings, then BEGIN (it plays black) or TURN x,y, with
//              INFO time_left before every move, until five, a foul or a full board; END
//   board      a position in the middle of a game as BOARD ... DONE -> a legal move
// Every answer must be a free point, in time (timeout_turn and what is left of the match),
// and, for black under renju, no foul. MESSAGE, DEBUG, UNKNOWN and SUGGEST lines may come
// at any time; ERROR while a move is awaited is the brain refusing what it was told.
#include "bots/bridges/text_protocol_lines.h"
#include "engine/gomoku/gomoku.h"
#include "engine/registry.h"
#include "tools/engine_check/protocol_checks.h"
#include "tools/engine_check/scenario_support.h"

namespace boyi::engine_check {
namespace {

namespace lines = bots::piskvork_lines;

bool has_keyword(std::string_view line, std::string_view word) {
  const auto words = bots::line_words(line);
  if (words.empty() || words[0].size() != word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(words[0][i])) != word[i]) return false;
  return true;
}

bool is_point(std::string_view line) {
  return lines::parse_point(line).ok();
}

bool is_comment(std::string_view line) {
  return lines::is_comment(line);
}

// START 15 -> OK.
bool start_board(EngineProbe& probe, const TextCheckOptions& o, ScenarioResult& r) {
  if (!probe.send("START 15")) return false;
  auto a = probe.await(
      "OK to START 15", o.startup_ms,
      [](std::string_view l) { return has_keyword(l, "OK") || lines::is_error(l); }, is_comment);
  if (!a) return false;
  if (lines::is_error(a->line)) {
    r.fail("refused a 15x15 board: " + quote(a->line));
    return false;
  }
  if (a->line != "OK") r.warn(quote(a->line) + " is not in the exact form 'OK'");
  return true;
}

// The settings a manager sends before a game; none wants an answer.
bool send_settings(EngineProbe& probe, const TextCheckOptions& o, const gomoku::Rules& rules) {
  for (const std::string& line : {"INFO timeout_turn " + std::to_string(o.move_ms),
                                  "INFO timeout_match " + std::to_string(o.bank_ms),
                                  "INFO max_memory " + std::to_string(o.memory_mb * 1024 * 1024),
                                  std::string("INFO game_type 1"),
                                  "INFO rule " + std::to_string(lines::rule_bits(rules.rule))})
    if (!probe.send(line)) return false;
  return true;
}

// The brain's move: a point, in time, free, and no foul. The point, or nothing.
std::optional<gomoku::Point> answer_move(EngineProbe& probe, AnyGame& g, Seat seat,
                                         std::int64_t limit_ms, std::int64_t& bank,
                                         const std::string& where, ScenarioResult& r,
                                         FormCheck& form) {
  // Gomocup managers (and Boyi's bridge) skip every line that is not a move while they wait
  // for one: an ERROR line (the brain refused something it was told) or a line of no form
  // (half of a MESSAGE a brain split) is worth a warning, not the game.
  auto skipped = [&](std::string_view l) {
    if (is_point(l)) return false;
    if (!is_comment(l)) form.note_skipped(l, where);
    return true;
  };
  auto a = probe.await("a move", limit_ms, is_point, skipped);
  if (!a) return std::nullopt;
  bank -= a->ms;
  if (a->ms > limit_ms) return std::nullopt;  // lost on time (the finding is made)
  const gomoku::Point p = *lines::parse_point(a->line);
  form.exact(a->line, lines::format_point(p), "a move");
  auto played = g.play(seat, gomoku::format_point(p));
  if (!played) {
    r.fail("played " + quote(a->line) + " (" + gomoku::format_point(p) + ", " + where +
           "), which is not a free point: " + played.message() + " (it loses)");
    return std::nullopt;
  }
  const Outcome out = g.outcome();
  if (out.ending == Ending::kFoul && out.winner != seat) {
    r.fail("played a renju foul at " + gomoku::format_point(p) + " (" + where + "): " + out.detail +
           " (it loses)");
    return std::nullopt;
  }
  return p;
}

ScenarioResult game(const TextCheckOptions& o, const gomoku::Rules& rules, int k,
                    AnswerStats& stats) {
  const Seat seat = k % 2;
  ScenarioResult r;
  r.name = "game " + std::to_string(k + 1) + (seat == 0 ? " (black, BEGIN)" : " (white, TURN)");
  EngineProbe probe(o, lines::kMaxLine, r, stats);
  probe.at("start");
  if (!probe.start() || !start_board(probe, o, r) || !send_settings(probe, o, rules)) return r;
  auto made = create_game("gomoku", rules.to_string());
  if (!made) {
    r.fail("the game cannot be set up: " + made.message());
    return r;
  }
  AnyGame& g = **made;
  Rng rng(o.seed * 7919 + static_cast<std::uint64_t>(k));
  std::int64_t bank = o.bank_ms;
  FormCheck form(r);
  gomoku::Point last = gomoku::kNoPoint;  // the opponent's stone the brain has not heard of
  int moves = 0;
  bool stopped = false;
  while (!g.is_terminal() && moves < o.max_moves && probe.alive()) {
    ++moves;
    if (!g.can_act(seat)) {
      auto applied = g.play(1 - seat, g.random_move(1 - seat, rng));
      if (!applied) break;  // never: a random legal move
      last = *gomoku::parse_point(applied->moves.back());
      continue;
    }
    const std::string where = "move " + std::to_string(moves);
    probe.at(where);
    if (!probe.send("INFO time_left " + std::to_string(std::max<std::int64_t>(bank, 0))) ||
        !probe.send(last != gomoku::kNoPoint ? "TURN " + lines::format_point(last)
                                             : std::string("BEGIN")))
      break;
    last = gomoku::kNoPoint;
    const std::int64_t limit = std::max<std::int64_t>(0, std::min(o.move_ms, bank));
    if (!answer_move(probe, g, seat, limit, bank, where, r, form)) {
      stopped = true;  // the game is lost there (the finding is made)
      break;
    }
  }
  if (!probe.alive() || stopped) return r;
  r.summary = game_summary(g.outcome(), seat, moves);
  probe.at("the end");
  probe.goodbye({"END"});
  return r;
}

// A position from the middle of a game, told with BOARD; the brain's move must fit it.
ScenarioResult board(const TextCheckOptions& o, const gomoku::Rules& rules, AnswerStats& stats) {
  ScenarioResult r;
  r.name = "board";
  EngineProbe probe(o, lines::kMaxLine, r, stats);
  probe.at("start");
  if (!probe.start() || !start_board(probe, o, r) || !send_settings(probe, o, rules)) return r;
  auto made = create_game("gomoku", rules.to_string());
  if (!made) return r;
  AnyGame& g = **made;
  Rng rng(o.seed * 7919 + 4242);
  std::vector<gomoku::Point> stones;
  (void)g.play(0, gomoku::format_point(gomoku::kH8));
  stones.push_back(gomoku::kH8);
  while (stones.size() < 11 && !g.is_terminal()) {
    auto applied = g.play(g.to_move(), g.random_move(g.to_move(), rng));
    if (!applied) break;
    stones.push_back(*gomoku::parse_point(applied->moves.back()));
  }
  if (g.is_terminal()) return r;  // never with 11 scattered stones
  const Seat seat = g.to_move();
  probe.at("BOARD");
  bool told = probe.send("BOARD");
  for (std::size_t i = 0; told && i < stones.size(); ++i) {
    const int own = static_cast<Seat>(i % 2) == seat ? 1 : 2;
    told = probe.send(lines::format_point(stones[i]) + "," + std::to_string(own));
  }
  if (!told || !probe.send("DONE")) return r;
  std::int64_t bank = o.bank_ms;
  FormCheck form(r);
  const auto p =
      answer_move(probe, g, seat, std::min(o.move_ms, o.bank_ms), bank, "after BOARD", r, form);
  if (!p) return r;
  r.summary = std::to_string(stones.size()) + " stones, " + (seat == 0 ? "black" : "white") +
              " to play: answered " + gomoku::format_point(*p);
  probe.goodbye({"END"});
  return r;
}

ScenarioResult handshake(const TextCheckOptions& o, const gomoku::Rules& rules,
                         AnswerStats& stats) {
  ScenarioResult r;
  r.name = "handshake";
  EngineProbe probe(o, lines::kMaxLine, r, stats);
  probe.at("handshake");
  if (!probe.start() || !start_board(probe, o, r)) return r;
  stats.slowest_start_ms = std::max(stats.slowest_start_ms, probe.ms_since_start());
  const std::int64_t started_ms = probe.ms_since_start();
  // A key no brain knows: INFO wants no answer, whatever the key. A brain that answers it
  // anyway (ERROR, UNKNOWN) is told so; its answer may come late, so any time before ABOUT's.
  if (!send_settings(probe, o, rules) || !probe.send("INFO boyi_check_unknown_key 1") ||
      !probe.send("ABOUT"))
    return r;
  auto info_reply = [&](std::string_view l) {
    if (lines::is_error(l) || has_keyword(l, "UNKNOWN")) {
      r.warn("answered 'INFO boyi_check_unknown_key 1' with " + quote(l) +
             ": INFO wants no answer, whatever the key (Gomocup managers skip the line)");
      return true;
    }
    return is_comment(l);
  };
  auto about = probe.await(
      "the ABOUT answer", o.startup_ms,
      [](std::string_view l) { return l.find('=') != std::string_view::npos; }, info_reply);
  if (!about) return r;
  std::string name = lines::about_name(about->line);
  if (name.empty()) r.fail("the ABOUT answer " + quote(about->line) + " has no name=\"...\" field");
  if (!probe.send("BOYI_CHECK_UNKNOWN_COMMAND")) return r;
  auto unknown = probe.maybe_line(1000);
  if (!unknown)
    r.warn("no answer to an unknown command: a brain should say UNKNOWN");
  else if (!has_keyword(*unknown, "UNKNOWN"))
    r.warn("answered an unknown command with " + quote(*unknown) +
           ": the protocol's answer is UNKNOWN <message>");
  if (!probe.alive()) return r;
  r.summary = (name.empty() ? std::string("no name") : "name \"" + name + "\"") + ", OK after " +
              bots::describe_ms(started_ms);
  probe.at("after the handshake");
  probe.goodbye({"END"});
  return r;
}

}  // namespace

void check_piskvork(const TextCheckOptions& o, Report& report, AnswerStats& stats) {
  auto rules = gomoku::Rules::parse(o.rules);
  const gomoku::Rules r = rules ? *rules : gomoku::Rules{};
  report.add(handshake(o, r, stats));
  for (int k = 0; k < o.games; ++k) report.add(game(o, r, k, stats));
  report.add(board(o, r, stats));
}

}  // namespace boyi::engine_check
