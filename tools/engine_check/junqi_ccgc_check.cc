// The 军棋 referee protocol's scenarios (docs/rules/engine-protocols.md, section 1):
//   handshake  INFO 1.0 -> NAME <team>, within the start-up time
//   game k     START f tttt ss -> ARRAY, then GO -> BESTMOVE and RESULT until the game
//              ends, END -> the process exits; the engine's seat alternates
// The kit is the referee: it keeps the true game, plays the other seat at random, and
// tells the engine each step's outcome code and, once revealed, its enemy flag's post —
// all in the engine's own frame. The protocol cannot ask again: an illegal answer ends
// the scenario, as it ends a game.
#include "bots/bridges/junqi_lines.h"
#include "engine/junqi/junqi.h"
#include "tools/engine_check/protocol_checks.h"
#include "tools/engine_check/scenario_support.h"

namespace boyi::engine_check {
namespace {

namespace lines = bots::junqi_lines;
constexpr std::size_t kMaxLine = 4096;

std::optional<std::string> handshake(EngineProbe& probe, const TextCheckOptions& o,
                                     ScenarioResult& r, AnswerStats& stats) {
  return name_handshake(probe, o, r, stats, {"INFO 1.0", "NAME", lines::parse_name, lines::parse_bare_name});
}

int flag_for(const junqi::State& s, Seat receiver) {
  const Seat enemy = 1 - receiver;
  return s.flag_revealed(enemy) ? s.flag_post(enemy) : lines::kNoPost;
}

ScenarioResult game(const TextCheckOptions& o, const junqi::Rules& rules, int k, Seat seat,
                    AnswerStats& stats) {
  ScenarioResult r;
  r.name = "game " + std::to_string(k + 1) + (seat == 0 ? " (moves first)" : " (moves second)");
  EngineProbe probe(o, kMaxLine, r, stats);
  if (!handshake(probe, o, r, stats)) return r;
  junqi::State s(rules);
  Rng rng(o.seed * 7919 + static_cast<std::uint64_t>(k));
  std::int64_t bank = o.bank_ms;
  FormCheck form(r);

  probe.at("deployment");
  lines::Start start;
  start.seat = seat;
  start.seconds = static_cast<int>(o.bank_ms / 1000);
  start.no_battle_limit = rules.no_battle_limit;
  if (!probe.send(lines::format_start(start))) return r;
  auto a = probe.await("ARRAY", bank, [](std::string_view l) { return first_word_is(l, "ARRAY"); });
  if (!a) return r;
  bank -= a->ms;
  auto letters = lines::parse_array(a->line);
  if (!letters) {
    r.fail("answered " + quote(a->line) + " to START: " + letters.message());
    return r;
  }
  form.exact(a->line, lines::format_array(*letters), "ARRAY");
  auto layout = s.parse_move(seat, *letters);
  Status valid = layout ? s.check(seat, *layout) : Status{Error{layout.message()}};
  if (!valid) {
    r.fail("deployed " + quote(*letters) + ", which the rules refuse: " + valid.message());
    return r;
  }
  for (Seat deploying : {0, 1}) {
    const junqi::Move m = deploying == seat ? *layout : s.random_deployment(deploying, rng);
    s.apply(m);
  }

  int moves = 0;
  std::optional<lines::Go> pending;
  while (!s.is_terminal() && moves < o.max_moves && probe.alive()) {
    ++moves;
    if (s.to_move() != seat) {
      junqi::State::MoveList list;
      s.legal_moves(list);
      const junqi::Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      auto ev = s.apply_checked(1 - seat, m);
      if (!ev) break;  // never: a listed move
      lines::Go go;
      go.from = m.from;
      go.to = m.to;
      go.code = ev->code;
      go.enemy_flag = flag_for(s, seat);
      pending = go;
      continue;
    }
    probe.at("move " + std::to_string(moves));
    lines::Go go;
    if (pending)
      go = *pending;
    else
      go.first_turn = true;
    pending.reset();
    if (!probe.send(lines::format_go(go, seat))) break;
    a = probe.await("BESTMOVE", std::max<std::int64_t>(bank, 0),
                    [](std::string_view l) { return first_word_is(l, "BESTMOVE"); });
    if (!a) break;
    bank -= a->ms;
    if (bank < 0) break;  // lost on time (the finding is made)
    auto m = lines::parse_bestmove(a->line, seat);
    if (!m) {
      r.fail("answered " + quote(a->line) + " at move " + std::to_string(moves) + ": " +
             m.message() + " (the referee ends the game: it loses)");
      break;
    }
    form.exact(a->line, lines::format_bestmove(m->from, m->to, seat), "BESTMOVE");
    auto ev = s.apply_checked(seat, *m);
    if (!ev) {
      r.fail("played " + quote(a->line) + " at move " + std::to_string(moves) +
             ", an illegal step: " + ev.message() + " (the referee ends the game: it loses)");
      break;
    }
    if (!probe.send(lines::format_result({ev->code, flag_for(s, seat)}, seat))) break;
  }
  if (!probe.alive()) return r;
  r.summary = game_summary(s.outcome(), seat, moves);
  probe.at("the end");
  probe.goodbye({"END"});
  return r;
}

}  // namespace

void check_junqi_ccgc(const TextCheckOptions& o, Report& report, AnswerStats& stats) {
  auto rules = junqi::Rules::parse(o.rules);
  ScenarioResult hs;
  hs.name = "handshake";
  {
    EngineProbe probe(o, kMaxLine, hs, stats);
    if (auto name = handshake(probe, o, hs, stats)) {
      hs.summary = "NAME '" + *name + "' after " + bots::describe_ms(probe.ms_since_start());
      probe.at("after the handshake");
      probe.goodbye({"END"});
    }
  }
  report.add(std::move(hs));
  for (int k = 0; k < o.games; ++k)
    report.add(game(o, rules ? *rules : junqi::Rules{}, k, k % 2, stats));
}

}  // namespace boyi::engine_check
