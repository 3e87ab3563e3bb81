#include "server/tournament/plan.h"

#include <algorithm>
#include <tuple>

#include "server/tournament/knockout.h"
#include "server/tournament/round_robin.h"
#include "server/tournament/swiss.h"

namespace boyi::tournament {
namespace {

bool all_finished(const std::vector<Game>& games) {
  return std::all_of(games.begin(), games.end(), [](const Game& g) { return g.finished(); });
}

void plan_swiss(const Settings& settings, int entrants, const std::vector<Game>& games, Plan& out) {
  const int rounds = settings.swiss_rounds(entrants);
  int last = 0;
  for (const auto& g : games) last = std::max(last, g.round);
  if (last >= rounds) {
    out.no_more_games = true;
    return;
  }
  if (!all_finished(games)) return;
  const auto pairing = pair_swiss_round(entrants, games, settings.points);
  out.new_games = swiss_round_games(last + 1, pairing, settings.games_per_pairing);
  out.note = "round " + std::to_string(last + 1) + " paired";
  if (pairing.seat_rule_relaxed) out.note += " (seat rule relaxed)";
  if (pairing.repeats) out.note += " (with a repeat pairing)";
  out.no_more_games = last + 1 >= rounds;
}

// The games an SPRT may schedule: whole pairs (an odd max_games is rounded down).
int sprt_game_cap(const Settings& settings) {
  return std::max(2, settings.sprt.max_games - settings.sprt.max_games % 2);
}

void plan_sprt(const Settings& settings, const std::vector<Game>& games, Plan& out) {
  const auto st = sprt_of(settings, games);
  out.sprt = st;
  const int total = static_cast<int>(games.size());
  const int cap = sprt_game_cap(settings);
  if (st.decision != SprtDecision::kContinue || total >= cap) {
    out.no_more_games = true;
    out.void_unstarted = st.decision != SprtDecision::kContinue;
    out.note = "SPRT " + describe(st);
    return;
  }
  // Keep enough games in flight for the concurrency, in pairs with swapped seats.
  int unfinished = 0;
  for (const auto& g : games) unfinished += !g.finished();
  const int window = std::max(2, settings.concurrency + settings.concurrency % 2);
  int round = total / 2;
  while (unfinished < window && total + static_cast<int>(out.new_games.size()) + 2 <= cap) {
    auto pair = pairing_games(++round, 0, 0, 1, 0, 2);
    out.new_games.insert(out.new_games.end(), pair.begin(), pair.end());
    unfinished += 2;
  }
}

}  // namespace

SprtStatus sprt_of(const Settings& settings, const std::vector<Game>& games) {
  // A sequential test reads the results in an order fixed before they are known: the order
  // the games were scheduled. The first run of finished games from the start whose LLR
  // crosses a bound decides; results that come in later (games already under way) count in
  // the tallies and the LLR shown, but cannot undo the decision.
  std::vector<const Game*> order;
  for (const auto& g : games) order.push_back(&g);
  std::stable_sort(order.begin(), order.end(), [](const Game* a, const Game* b) {
    return std::tie(a->round, a->board, a->game_no) < std::tie(b->round, b->board, b->game_no);
  });
  Wdl w;
  bool unbroken = true;
  auto decision = SprtDecision::kContinue;
  for (const Game* g : order) {
    if (!g->finished()) {
      unbroken = false;
      continue;
    }
    w.add(g->score_of(0));
    if (unbroken && decision == SprtDecision::kContinue)
      decision = sprt_status(settings.sprt, w.wins, w.draws, w.losses).decision;
  }
  SprtStatus st = sprt_status(settings.sprt, w.wins, w.draws, w.losses);
  st.decision = decision;
  return st;
}

Plan plan_next(const Settings& settings, int entrants, const std::vector<Game>& games) {
  Plan out;
  switch (settings.format) {
    case Format::kRoundRobin:
      if (games.empty()) out.new_games = round_robin_games(entrants, settings.cycles);
      out.no_more_games = true;
      break;
    case Format::kGauntlet:
      if (games.empty()) out.new_games = gauntlet_games(entrants, settings.games_per_pairing);
      out.no_more_games = true;
      break;
    case Format::kSwiss:
      plan_swiss(settings, entrants, games, out);
      break;
    case Format::kKnockout: {
      auto ko = knockout_state(entrants, settings, games);
      out.new_games = std::move(ko.next_games);
      out.no_more_games = ko.champion >= 0;
      if (!out.new_games.empty() && !ko.bracket.empty())
        out.note = "knockout round " + std::to_string(out.new_games.front().round);
      break;
    }
    case Format::kSprt:
      plan_sprt(settings, games, out);
      break;
  }
  if (!out.new_games.empty() && out.note.empty())
    out.note = std::to_string(out.new_games.size()) + " games scheduled";
  out.complete = out.no_more_games && all_finished(games) &&
                 std::all_of(out.new_games.begin(), out.new_games.end(),
                             [](const Game& g) { return g.finished(); });
  return out;
}

}  // namespace boyi::tournament
