#include "server/tournament/plan.h"

#include <algorithm>

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

void plan_sprt(const Settings& settings, const std::vector<Game>& games, Plan& out) {
  const auto st = sprt_of(settings, games);
  out.sprt = st;
  const int total = static_cast<int>(games.size());
  if (st.decision != SprtDecision::kContinue || total >= settings.sprt.max_games) {
    out.no_more_games = true;
    out.note = "SPRT " + describe(st);
    return;
  }
  // Keep enough games in flight for the concurrency, in pairs with swapped seats.
  int unfinished = 0;
  for (const auto& g : games) unfinished += !g.finished();
  const int window = std::max(2, settings.concurrency + settings.concurrency % 2);
  int round = total / 2;
  while (unfinished < window && total + static_cast<int>(out.new_games.size()) + 2 <=
                                    std::max(settings.sprt.max_games, 2)) {
    auto pair = pairing_games(++round, 0, 0, 1, 0, 2);
    out.new_games.insert(out.new_games.end(), pair.begin(), pair.end());
    unfinished += 2;
  }
}

}  // namespace

SprtStatus sprt_of(const Settings& settings, const std::vector<Game>& games) {
  Wdl w;
  for (const auto& g : games)
    if (g.finished()) w.add(g.score_of(0));
  return sprt_status(settings.sprt, w.wins, w.draws, w.losses);
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
