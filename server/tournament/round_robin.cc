#include "server/tournament/round_robin.h"

#include <numeric>

namespace boyi::tournament {

std::vector<Game> round_robin_games(int entrants, int cycles) {
  std::vector<Game> out;
  if (entrants < 2 || cycles < 1) return out;
  // An odd field gets a phantom entrant; its opponent sits the round out.
  const int n = entrants + (entrants % 2);
  const int m = n - 1;
  const int fixed = n - 1;
  std::vector<std::vector<std::array<int, 2>>> cycle(static_cast<std::size_t>(m));
  for (int r = 0; r < m; ++r) {
    auto& pairs = cycle[static_cast<std::size_t>(r)];
    // The fixed entrant alternates seats; the others take seat 0 on odd rotation offsets.
    pairs.push_back(r % 2 ? std::array<int, 2>{fixed, r} : std::array<int, 2>{r, fixed});
    for (int i = 1; i < n / 2; ++i) {
      const int a = (r + i) % m, b = ((r - i) % m + m) % m;
      pairs.push_back(i % 2 == 0 ? std::array<int, 2>{a, b} : std::array<int, 2>{b, a});
    }
  }
  for (int c = 0; c < cycles; ++c) {
    // A cycle followed by another plays its last two rounds the other way round (FIDE's advice
    // for double round robins): the next cycle's swapped seats would otherwise give some
    // entrants the same seat three games running across the junction. With three rounds a
    // cycle (three or four entrants) the swap also moves the middle round, and swapping every
    // cycle but the last leaves a streak at the second junction: there only the first, third,
    // fifth ... cycles swap (a double round robin is the same either way).
    std::vector<int> order(static_cast<std::size_t>(m));
    std::iota(order.begin(), order.end(), 0);
    const bool swap_last_two = m == 3 ? c % 2 == 0 : c + 1 < cycles;
    if (swap_last_two && m >= 2) std::swap(order[m - 1], order[m - 2]);
    for (int k = 0; k < m; ++k) {
      int board = 0;
      for (auto pair : cycle[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])]) {
        if (pair[0] >= entrants || pair[1] >= entrants) continue;  // the phantom: no game
        if (c % 2) std::swap(pair[0], pair[1]);
        Game g;
        g.round = c * m + k + 1;
        g.board = board++;
        g.seats = pair;
        out.push_back(g);
      }
    }
  }
  return out;
}

std::vector<Game> pairing_games(int round, int board, int first, int second, int first_game_no,
                                int games) {
  std::vector<Game> out;
  for (int k = 0; k < games; ++k) {
    Game g;
    g.round = round;
    g.board = board;
    g.game_no = first_game_no + k;
    g.seats =
        g.game_no % 2 == 0 ? std::array<int, 2>{first, second} : std::array<int, 2>{second, first};
    out.push_back(g);
  }
  return out;
}

std::vector<Game> gauntlet_games(int entrants, int games_per_pairing) {
  std::vector<Game> out;
  for (int k = 1; k < entrants; ++k) {
    auto games = pairing_games(k, 0, 0, k, 0, games_per_pairing);
    out.insert(out.end(), games.begin(), games.end());
  }
  return out;
}

}  // namespace boyi::tournament
