// The platform protocol's scenarios (点格棋, 苏拉卡尔塔; docs/rules/engine-protocols.md,
// section 2):
//   handshake    name? -> name <engine>, within the start-up time
//   game k       new black|white, then `move ...` both ways until the game ends, the
//                opponent's whole turn in one line; end black|white and quit -> it exits
//   error reply  the platform answers a legal move with `error`: the engine must send
//                another move (a different one when it has a choice) and play on
// Each answer must be a legal move and, in 点格棋, a complete turn; an illegal one is
// answered with `error` as the platform does, at most 3 times. The protocol carries no
// time: the bank is kept here, and an answer slower than --move-ms is worth a warning.
#include "bots/bridges/text_protocol_lines.h"
#include "engine/registry.h"
#include "tools/engine_check/protocol_checks.h"
#include "tools/engine_check/scenario_support.h"

namespace boyi::engine_check {
namespace {

namespace lines = bots::sau_lines;
constexpr int kErrorRetries = 3;

std::optional<std::string> handshake(EngineProbe& probe, const TextCheckOptions& o,
                                     ScenarioResult& r, AnswerStats& stats) {
  return name_handshake(probe, o, r, stats, {"name?", "name", lines::parse_name});
}

struct GamePlan {
  int k = 0;
  Seat seat = 0;
  int refuse_at = -1;  // the engine's move number answered with `error` although legal
};

// The engine's answer as a legal, complete move in our notation, or why not.
Result<std::string> legal_answer(const AnyGame& g, Seat seat, const std::string& game,
                                 const std::string& line, FormCheck& form) {
  auto notation = lines::parse_move(game, line);
  if (!notation) return Error{notation.message()};
  if (auto canonical = lines::format_move(game, *notation)) form.exact(line, *canonical, "move");
  auto trial = g.clone();
  auto applied = trial->play(seat, *notation);
  if (!applied) return Error{applied.message()};
  if (!trial->is_terminal() && trial->can_act(seat))
    return Error{"the turn is not complete: its last edge claims a box and boxes remain"};
  return *notation;
}

ScenarioResult game(const TextCheckOptions& o, const GamePlan& plan, AnswerStats& stats) {
  ScenarioResult r;
  r.name = plan.refuse_at > 0 ? "error reply"
                              : "game " + std::to_string(plan.k + 1) +
                                    (plan.seat == 0 ? " (black, first)" : " (white, second)");
  EngineProbe probe(o, lines::kMaxLine, r, stats);
  if (!handshake(probe, o, r, stats)) return r;
  auto made = create_game(o.game, o.rules);
  if (!made) {
    r.fail("the game cannot be set up: " + made.message());
    return r;
  }
  AnyGame& g = **made;
  const Seat seat = plan.seat;
  Rng rng(o.seed * 7919 + static_cast<std::uint64_t>(plan.k) + (plan.refuse_at > 0 ? 1000 : 0));
  std::int64_t bank = o.bank_ms;
  FormCheck form(r);
  bool told_slow = false;
  if (!probe.send(lines::format_new(seat))) return r;

  int moves = 0, engine_moves = 0;
  std::string pending;  // the opponent's turn since the engine last heard
  std::string refused;  // the legal move answered with `error` (error reply)
  while (!g.is_terminal() && moves < o.max_moves && probe.alive()) {
    ++moves;
    if (!g.can_act(seat)) {
      while (!g.is_terminal() && g.can_act(1 - seat)) {
        auto applied = g.play(1 - seat, g.random_move(1 - seat, rng));
        if (!applied) break;  // never: a random legal move
        for (const auto& m : applied->moves) pending += (pending.empty() ? "" : " ") + m;
      }
      continue;
    }
    ++engine_moves;
    probe.at("move " + std::to_string(moves));
    if (!pending.empty()) {
      auto line = lines::format_move(o.game, pending);
      pending.clear();
      if (!line || !probe.send(*line)) break;
    }
    std::optional<std::string> notation;
    for (int errors = 0; !notation && probe.alive();) {
      auto a = probe.await("move", std::max<std::int64_t>(bank, 0),
                           [](std::string_view l) { return first_word_is(l, "move"); });
      if (!a) break;
      bank -= a->ms;
      if (bank < 0) break;  // lost on time (the finding is made)
      if (a->ms > o.move_ms && !told_slow) {
        told_slow = true;
        r.warn("an answer took " + bots::describe_ms(a->ms) + " (move " + std::to_string(moves) +
               "), more than the " + bots::describe_ms(o.move_ms) + " expected of one move");
      }
      auto legal = legal_answer(g, seat, o.game, a->line, form);
      const bool after_refusal = !refused.empty() && engine_moves == plan.refuse_at;
      if (legal && engine_moves == plan.refuse_at && refused.empty()) {
        refused = *legal;  // the scripted refusal: it must send another move
        if (!probe.send("error")) break;
        continue;
      }
      std::string problem = legal ? "" : legal.message();
      if (legal && after_refusal && *legal == refused && g.legal_moves(seat).size() > 1)
        problem = "the move just refused with `error` again; the platform wants another one";
      if (problem.empty()) {
        notation = *legal;
        break;
      }
      r.fail("answered " + quote(a->line) + " at move " + std::to_string(moves) + ": " + problem);
      if (++errors > kErrorRetries) {
        r.fail("no legal move after " + std::to_string(kErrorRetries) +
               " `error` replies: the platform ends the game, it loses");
        break;
      }
      if (!probe.send("error")) break;
    }
    if (!notation) break;
    (void)g.play(seat, *notation);
  }
  if (!probe.alive()) return r;
  if (!g.is_terminal() && moves < o.max_moves) return r;  // stopped by a failure
  r.summary = game_summary(g.outcome(), seat, moves);
  if (!refused.empty()) r.summary += "; answered `error` with another move";
  const Outcome out = g.outcome();
  probe.at("the end");
  probe.goodbye({lines::format_end(out.finished() && out.winner ? *out.winner : kPublic), "quit"});
  return r;
}

}  // namespace

void check_sau(const TextCheckOptions& o, Report& report, AnswerStats& stats) {
  ScenarioResult hs;
  hs.name = "handshake";
  {
    EngineProbe probe(o, lines::kMaxLine, hs, stats);
    if (auto name = handshake(probe, o, hs, stats)) {
      hs.summary = "name '" + *name + "' after " + bots::describe_ms(probe.ms_since_start());
      probe.at("after the handshake");
      probe.goodbye({"quit"});
    }
  }
  report.add(std::move(hs));
  for (int k = 0; k < o.games; ++k) report.add(game(o, GamePlan{k, k % 2, -1}, stats));
  report.add(game(o, GamePlan{0, 0, 2}, stats));
}

}  // namespace boyi::engine_check
