// bots-junqi-bench: figures of the `belief` engine's parts on positions of
// seeded random games, with the generic determinized UCT as the baseline.
//   beliefs/s       JunqiBelief built from the seat's history (replay,
//                   matching, fitting)
//   worlds/s        consistent enemy layouts sampled and turned into states
//   playouts/s      the belief search, and the generic determinized UCT
//                   (uct:worlds=8) and ISMCTS on the same positions
#include <chrono>
#include <cstdio>

#include "bots/engines/junqi/belief.h"
#include "bots/engines/junqi/belief_search.h"
#include "bots/engines/junqi/test_support.h"
#include "bots/engines/junqi/world_sampler.h"
#include "bots/games/heuristics.h"
#include "bots/search/determinized.h"

namespace {

using namespace boyi;
using namespace boyi::bots;
using WallClock = std::chrono::steady_clock;

double seconds_since(WallClock::time_point t0) {
  return std::chrono::duration<double>(WallClock::now() - t0).count();
}

}  // namespace

int main() {
  constexpr int kPlayouts = 3000;
  std::printf("%-12s %10s %10s %14s %14s %14s\n", "position", "beliefs/s", "worlds/s",
              "belief po/s", "uct po/s", "ismcts po/s");
  double sum_belief = 0, sum_uct = 0, sum_is = 0;
  int n = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (int plies : {20, 80, 160}) {
      const testing::JunqiGame g = testing::JunqiGame::random(seed, plies);
      if (g.truth.is_terminal()) continue;
      const Seat s = g.truth.to_move();
      const JunqiSeatInfo& info = g.seat_info(s);

      auto t0 = WallClock::now();
      int beliefs = 0;
      while (seconds_since(t0) < 0.2) {
        const JunqiBelief b(info);
        beliefs += b.ok();
      }
      const double belief_rate = beliefs / seconds_since(t0);

      const JunqiBelief belief(info);
      const JunqiWorldSampler sampler(info, belief);
      Rng rng(seed);
      t0 = WallClock::now();
      int worlds = 0;
      while (seconds_since(t0) < 0.2) worlds += sampler.sample(rng).has_value();
      const double world_rate = worlds / seconds_since(t0);

      JunqiSearchOptions o;
      o.max_playouts = kPlayouts;
      JunqiBeliefSearch search(o, seed);
      t0 = WallClock::now();
      const auto r = search.search(sampler, s, TimeBudget{});
      const double belief_po = r.playouts / seconds_since(t0);

      MctsOptions mo;
      mo.max_playouts = kPlayouts;
      const JunqiDeterminizer det(info);
      t0 = WallClock::now();
      const auto u = determinized_uct<junqi::State>(det, 8, mo, default_mcts_hooks<junqi::State>(),
                                                    rng, TimeBudget{});
      const double uct_po = u.playouts / seconds_since(t0);

      Ismcts<junqi::State, JunqiDeterminizer> is(mo, default_mcts_hooks<junqi::State>(), seed);
      t0 = WallClock::now();
      const auto ir = is.search(det, TimeBudget{});
      const double is_po = ir.playouts / seconds_since(t0);

      char name[32];
      std::snprintf(name, sizeof name, "s%llu/p%d", static_cast<unsigned long long>(seed), plies);
      std::printf("%-12s %10.0f %10.0f %14.0f %14.0f %14.0f\n", name, belief_rate, world_rate,
                  belief_po, uct_po, is_po);
      sum_belief += belief_po;
      sum_uct += uct_po;
      sum_is += is_po;
      ++n;
    }
  }
  if (n > 0)
    std::printf(
        "mean playouts/s: belief %.0f, uct %.0f, ismcts %.0f (belief rolls out %d plies "
        "and evaluates; the generic ones play to the end)\n",
        sum_belief / n, sum_uct / n, sum_is / n, JunqiSearchOptions{}.rollout);
  return 0;
}
