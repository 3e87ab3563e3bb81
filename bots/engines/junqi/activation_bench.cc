// bots-junqi-activation-bench: the search time per move of a 军棋 player with and without
// the high-value-piece activation, ply by ply over the opening of a game (the multi-piece
// Q-learning seed's Figure 8). Each game is played by the first spec against itself (its
// own layouts, one player per seat); at every ply both specs choose a move in the same
// position, each timed, and the first spec's move is played. Prints CSV to stdout:
// ply, positions timed, mean ms of each spec.
//
//   bots-junqi-activation-bench [games=20] [plies=69] [seed=1]
//       [on=qlearn:playouts=300] [off=qlearn:pieces=0,root=0,playouts=300]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bots/engines/junqi/test_support.h"
#include "bots/player.h"

namespace {

using namespace boyi;
using Clock = std::chrono::steady_clock;

struct Settings {
  int games = 20;
  int plies = 69;
  std::uint64_t seed = 1;
  std::string on = "qlearn:playouts=300";
  std::string off = "qlearn:pieces=0,root=0,playouts=300";
};

bool parse(int argc, char** argv, Settings& s) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const auto eq = a.find('=');
    if (eq == std::string_view::npos) return false;
    const std::string key(a.substr(0, eq)), value(a.substr(eq + 1));
    if (key == "games")
      s.games = std::atoi(value.c_str());
    else if (key == "plies")
      s.plies = std::atoi(value.c_str());
    else if (key == "seed")
      s.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "on")
      s.on = value;
    else if (key == "off")
      s.off = value;
    else
      return false;
  }
  return s.games > 0 && s.plies > 0;
}

using JunqiPlayer = std::unique_ptr<bots::Player<junqi::State>>;

JunqiPlayer make(const std::string& spec, std::uint64_t seed) {
  auto p = bots::make_player<junqi::State>(spec, seed);
  if (!p) {
    std::fprintf(stderr, "bots-junqi-activation-bench: %s: %s\n", spec.c_str(),
                 p.message().c_str());
    std::exit(1);
  }
  return std::move(p).value();
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  Settings set;
  if (!parse(argc, argv, set)) {
    std::fprintf(stderr,
                 "usage: bots-junqi-activation-bench [games=N] [plies=N] [seed=S] [on=SPEC] "
                 "[off=SPEC]\n");
    return 2;
  }
  std::vector<double> on_ms(static_cast<std::size_t>(set.plies), 0.0), off_ms = on_ms;
  std::vector<int> count(static_cast<std::size_t>(set.plies), 0);
  const bots::TimeBudget unlimited{};
  for (int g = 0; g < set.games; ++g) {
    const std::uint64_t seed = set.seed * 1000 + static_cast<std::uint64_t>(g);
    JunqiPlayer on[2] = {make(set.on, seed * 2), make(set.on, seed * 2 + 1)};
    JunqiPlayer off[2] = {make(set.off, seed * 2), make(set.off, seed * 2 + 1)};
    bots::testing::JunqiGame game("", "");
    for (Seat s = 0; s < 2; ++s)
      if (!game.act(s, on[s]->choose(game.seat_info(s), s, unlimited))) {
        std::fprintf(stderr, "bots-junqi-activation-bench: deployment: %s\n", game.error.c_str());
        return 1;
      }
    for (int ply = 0; ply < set.plies && !game.truth.is_terminal(); ++ply) {
      const Seat s = game.truth.to_move();
      auto t0 = Clock::now();
      const junqi::Move m = on[s]->choose(game.seat_info(s), s, unlimited);
      on_ms[static_cast<std::size_t>(ply)] += ms_since(t0);
      t0 = Clock::now();
      (void)off[s]->choose(game.seat_info(s), s, unlimited);
      off_ms[static_cast<std::size_t>(ply)] += ms_since(t0);
      ++count[static_cast<std::size_t>(ply)];
      if (!game.act(s, m)) {
        std::fprintf(stderr, "bots-junqi-activation-bench: %s\n", game.error.c_str());
        return 1;
      }
    }
  }
  std::printf("ply,positions,on_ms,off_ms\n");
  for (int p = 0; p < set.plies; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (count[i] == 0) continue;
    std::printf("%d,%d,%.2f,%.2f\n", p + 1, count[i], on_ms[i] / count[i], off_ms[i] / count[i]);
  }
  return 0;
}
