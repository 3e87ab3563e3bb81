#include "server/tournament/knockout.h"

#include "server/tournament/round_robin.h"

namespace boyi::tournament {

std::vector<int> bracket_order(int size) {
  std::vector<int> order{1};
  for (int n = 2; n <= size; n *= 2) {
    std::vector<int> next;
    for (int s : order) {
      next.push_back(s);
      next.push_back(n + 1 - s);
    }
    order = std::move(next);
  }
  return order;
}

namespace {

// Decides a pairing from its games, or asks for tie-break games.
void decide(KnockoutPairing& p, const Settings& settings, const std::vector<Game>& games,
            std::vector<Game>& next) {
  if (p.bottom < 0) {
    p.winner = p.top;
    return;
  }
  double top = 0, bottom = 0;
  int played = 0;
  for (const auto& g : games) {
    if (g.round != p.round || g.board != p.board) continue;
    if (!g.finished()) return;  // still playing
    ++played;
    top += std::max(0.0, g.score_of(p.top));
    bottom += std::max(0.0, g.score_of(p.bottom));
  }
  if (played < settings.games_per_pairing) return;  // not all created yet
  if (top != bottom) {
    p.winner = top > bottom ? p.top : p.bottom;
    return;
  }
  const int tiebreaks = (played - settings.games_per_pairing) / settings.tiebreak_games;
  if (tiebreaks < settings.max_tiebreaks) {
    auto more = pairing_games(p.round, p.board, p.top, p.bottom, played, settings.tiebreak_games);
    next.insert(next.end(), more.begin(), more.end());
    return;
  }
  p.winner = p.top;
  p.by_seed = true;
}

KnockoutPairing make_pairing(int round, int board, int a, int b) {
  KnockoutPairing p;
  p.round = round;
  p.board = board;
  p.top = (b < 0 || (a >= 0 && a < b)) ? a : b;
  p.bottom = p.top == a ? b : a;
  return p;
}

}  // namespace

KnockoutState knockout_state(int entrants, const Settings& settings,
                             const std::vector<Game>& games) {
  KnockoutState st;
  st.places.assign(static_cast<std::size_t>(std::max(entrants, 0)), 0);
  if (entrants < 2) return st;
  int size = 1;
  while (size < entrants) size *= 2;
  for (int s = size; s > 1; s /= 2) ++st.rounds;
  const auto order = bracket_order(size);

  std::vector<KnockoutPairing> round;
  for (int b = 0; b < size / 2; ++b) {
    const int a = order[static_cast<std::size_t>(2 * b)] - 1;
    const int c = order[static_cast<std::size_t>(2 * b + 1)] - 1;
    round.push_back(make_pairing(1, b, a, c >= entrants ? -1 : c));
  }
  const bool started = !games.empty();
  for (int r = 1; r <= st.rounds; ++r) {
    bool created = false;
    for (const auto& g : games) created = created || g.round == r;
    if (!created) {
      // The round's games are due now: the first round at the start, any other once the
      // previous round is decided (we only get here then).
      if (r == 1 && started) break;  // games exist but none of round 1: nothing to add
      for (const auto& p : round) {
        if (p.bottom < 0) {
          Game bye;
          bye.round = r;
          bye.board = p.board;
          bye.seats = {p.top, -1};
          bye.result = GameResult::kBye;
          st.next_games.push_back(bye);
        } else {
          auto more = pairing_games(r, p.board, p.top, p.bottom, 0, settings.games_per_pairing);
          st.next_games.insert(st.next_games.end(), more.begin(), more.end());
        }
      }
      st.bracket.push_back(round);
      return st;
    }
    bool decided = true;
    for (auto& p : round) {
      decide(p, settings, games, st.next_games);
      decided = decided && !p.in_progress();
    }
    st.bracket.push_back(round);
    for (const auto& p : round) {
      if (p.in_progress() || p.bottom < 0) continue;
      const int loser = p.winner == p.top ? p.bottom : p.top;
      st.places[static_cast<std::size_t>(loser)] = (1 << (st.rounds - r)) + 1;
    }
    if (!decided) return st;
    if (r == st.rounds) {
      st.champion = round.front().winner;
      st.places[static_cast<std::size_t>(st.champion)] = 1;
      return st;
    }
    std::vector<KnockoutPairing> next;
    for (std::size_t b = 0; b + 1 < round.size(); b += 2)
      next.push_back(
          make_pairing(r + 1, static_cast<int>(b / 2), round[b].winner, round[b + 1].winner));
    round = std::move(next);
  }
  return st;
}

}  // namespace boyi::tournament
