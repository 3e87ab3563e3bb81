// The players of every game and the registry that makes them by name.
#include <algorithm>
#include <memory>
#include <optional>

#include "bots/engines/engines.h"
#include "bots/games/heuristics.h"
#include "bots/games/junqi_info.h"
#include "bots/learned_plugin.h"
#include "bots/player.h"
#include "bots/player_options.h"
#include "bots/search/alphabeta.h"
#include "bots/search/determinized.h"
#include "bots/search/mcts.h"
#include "engine/games.h"

namespace boyi::bots {

namespace {

// Defaults that keep a search finite when the budget has no deadline.
constexpr int kUnlimitedDepth = 4;
constexpr std::int64_t kUnlimitedPlayouts = 2000;

struct Config {
  AlphaBetaOptions ab;
  MctsOptions mc;
  int worlds = 4;
  bool depth_given = false;
  bool playouts_given = false;
};

#define BOYI_TRY(var, expr)                                \
  auto var##_result = (expr);                              \
  if (!var##_result) return Error{var##_result.message()}; \
  auto var = *var##_result

Result<Config> read_config(const PlayerSpec& spec, bool hidden) {
  Config c;
  const std::string& n = spec.name;
  std::vector<std::string_view> keys;
  if (n == "alphabeta" || n == "minimax")
    keys = {"depth", "tt", "q", "nodes"};
  else if (n == "uct")
    keys = {"c", "playouts", "amaf", "alpha", "rave", "expand", "rollout", "reuse"};
  else if (n == "mcts" || n == "ismcts")
    keys = {"c", "playouts", "rollout"};
  if (hidden && n != "random" && n != "greedy" && n != "ismcts") keys.push_back("worlds");
  if (auto st = spec.only(keys); !st) return Error{st.message()};
  BOYI_TRY(depth, spec.integer("depth", n == "minimax" ? 2 : 64, 1, 64));
  BOYI_TRY(tt, spec.integer("tt", 18, 10, 26));
  BOYI_TRY(q, spec.integer("q", n == "minimax" ? 0 : 8, 0, 64));
  BOYI_TRY(nodes, spec.integer("nodes", -1, -1, std::int64_t{1} << 50));
  BOYI_TRY(cexp, spec.real("c", n == "mcts" ? 0.0 : 1.0, 0.0, 100.0));
  BOYI_TRY(playouts, spec.integer("playouts", -1, -1, std::int64_t{1} << 40));
  BOYI_TRY(amaf, spec.word("amaf", "off", {"off", "alpha", "rave"}));
  BOYI_TRY(alpha, spec.real("alpha", 0.3, 0.0, 1.0));
  BOYI_TRY(rave, spec.real("rave", 500, 1e-6, 1e9));
  BOYI_TRY(expand, spec.integer("expand", 1, 1, 1'000'000));
  BOYI_TRY(rollout, spec.integer("rollout", -1, -1, 1'000'000));
  BOYI_TRY(reuse, spec.integer("reuse", 1, 0, 1));
  BOYI_TRY(worlds, spec.integer("worlds", 4, 1, 10'000));
  c.depth_given = spec.options.count("depth") > 0 || n == "minimax";
  c.playouts_given = playouts >= 0;
  c.ab.max_depth = static_cast<int>(depth);
  c.ab.tt_entries = std::size_t{1} << tt;
  c.ab.quiescence_depth = static_cast<int>(q);
  c.ab.max_nodes = nodes;
  c.ab.prune = n != "minimax";
  c.ab.use_tt = n != "minimax";
  c.mc.exploration = cexp;
  c.mc.max_playouts = playouts;
  c.mc.amaf = amaf == "alpha"  ? AmafMode::kAlpha
              : amaf == "rave" ? AmafMode::kRave
                               : AmafMode::kOff;
  c.mc.amaf_alpha = alpha;
  c.mc.rave_k = rave;
  c.mc.expand_after = static_cast<int>(expand);
  c.mc.rollout_limit = static_cast<int>(rollout);
  c.mc.reuse = reuse != 0;
  c.mc.flat = n == "mcts";
  c.worlds = static_cast<int>(worlds);
  return c;
}

AlphaBetaOptions bounded(AlphaBetaOptions o, bool depth_given, const TimeBudget& b) {
  if (b.unlimited() && !depth_given && o.max_nodes < 0) o.max_depth = kUnlimitedDepth;
  return o;
}
MctsOptions bounded(MctsOptions o, const TimeBudget& b) {
  if (b.unlimited() && o.max_playouts < 0) o.max_playouts = kUnlimitedPlayouts;
  return o;
}

template <Game G>
typename G::Move random_legal(const G& s, Rng& rng) {
  typename G::MoveList list;
  s.legal_moves(list);
  return list.empty() ? typename G::Move{}
                      : list[rng.below(static_cast<std::uint32_t>(list.size()))];
}

// ---- Perfect information: the seat's knowledge is the state. ----

template <Game G>
class PerfectPlayer : public Player<G> {
 public:
  PerfectPlayer(std::string name, Config c, std::uint64_t seed)
      : name_(std::move(name)),
        c_(c),
        rng_(seed),
        mcts_(c.mc, default_mcts_hooks<G>(), seed ^ 0x5eed) {}
  std::string name() const override { return name_; }

  typename G::Move choose(const G& s, Seat, const TimeBudget& budget) override {
    const std::string kind = name_.substr(0, name_.find(':'));
    if (kind == "greedy") return greedy(s);
    if (kind == "alphabeta" || kind == "minimax") {
      AlphaBeta<G> ab(default_alphabeta_hooks<G>(), bounded(c_.ab, c_.depth_given, budget));
      const auto r = ab.search(s, budget);
      if (r.has_move) return r.move;
    } else if (kind == "uct" || kind == "mcts") {
      if (budget.unlimited() && c_.mc.max_playouts < 0)
        mcts_ = Mcts<G>(bounded(c_.mc, budget), default_mcts_hooks<G>(), rng_());
      const auto r = mcts_.search(s, budget);
      if (r.has_move) return r.move;
    }
    return random_legal(s, rng_);
  }

 private:
  // One ply: the move whose resulting position evaluates best (a win at once first).
  typename G::Move greedy(const G& s) {
    const auto hooks = default_alphabeta_hooks<G>();
    typename G::MoveList list;
    if (hooks.generate) hooks.generate(s, list);
    if (list.empty()) s.legal_moves(list);
    const Seat me = s.to_move();
    std::optional<typename G::Move> best;
    int best_score = -kInfinity;
    std::uint32_t ties = 0;
    for (const auto& m : list) {
      G child = s;
      child.apply(m);
      const int v =
          child.is_terminal() ? terminal_score(child.outcome(), me, 1) : hooks.evaluate(child, me);
      if (v > best_score) {
        best_score = v;
        best = m;
        ties = 1;
      } else if (v == best_score && rng_.below(++ties) == 0) {
        best = m;
      }
    }
    return best ? *best : random_legal(s, rng_);
  }

  std::string name_;
  Config c_;
  Rng rng_;
  Mcts<G> mcts_;
};

template <Game G>
class RandomPlayer : public Player<G> {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  typename G::Move choose(const G& s, Seat, const TimeBudget&) override {
    return random_legal(s, rng_);
  }

 private:
  Rng rng_;
};

// ---- 军棋: determinizations or the view only. ----

class JunqiPlayer : public Player<junqi::State> {
 public:
  JunqiPlayer(std::string name, Config c, std::uint64_t seed)
      : name_(std::move(name)), kind_(name_.substr(0, name_.find(':'))), c_(c), rng_(seed) {}
  std::string name() const override { return name_; }

  junqi::Move choose(const JunqiSeatInfo& info, Seat seat, const TimeBudget& budget) override {
    // The simultaneous deployment goes to the layout generator.
    if (!((info.view.deployed >> seat) & 1))
      return junqi::State(info.rules).random_deployment(seat, rng_);
    JunqiSeatInfo mine = info;
    mine.seat = seat;
    const JunqiDeterminizer det(mine);
    std::optional<junqi::State> world = det.sample(rng_);
    if (!world) return junqi::Move{};  // no consistent world: cannot happen for a real game
    if (kind_ == "greedy") return greedy(det, *world);
    if (kind_ == "alphabeta" || kind_ == "minimax") {
      const AlphaBetaOptions ab = bounded(c_.ab, c_.depth_given, budget);
      auto m = determinized_vote<junqi::State>(
          det, c_.worlds, rng_, budget,
          [&](const junqi::State& w, const TimeBudget& share) -> std::optional<junqi::Move> {
            AlphaBeta<junqi::State> search(default_alphabeta_hooks<junqi::State>(), ab);
            const auto r = search.search(w, share);
            if (!r.has_move) return std::nullopt;
            return r.move;
          });
      if (m) return *m;
    } else if (kind_ == "uct" || kind_ == "mcts") {
      const auto r = determinized_uct<junqi::State>(
          det, c_.worlds, bounded(c_.mc, budget), default_mcts_hooks<junqi::State>(), rng_, budget);
      if (r.has_move) return r.move;
    } else if (kind_ == "ismcts") {
      Ismcts<junqi::State, JunqiDeterminizer> search(bounded(c_.mc, budget),
                                                     default_mcts_hooks<junqi::State>(), rng_());
      const auto r = search.search(det, budget);
      if (r.has_move) return r.move;
    }
    return random_legal(*world, rng_);
  }

 private:
  // From the view only: attacks by expected battle value over what each enemy
  // piece may be (by the unassigned counts), otherwise a step forward.
  junqi::Move greedy(const JunqiDeterminizer& det, const junqi::State& world) {
    const JunqiKnowledge& k = det.knowledge();
    const Seat me = k.seat();
    junqi::State::MoveList list;
    world.legal_moves(list);
    std::optional<junqi::Move> best;
    double best_score = -1e18;
    for (const auto& m : list) {
      const int a = k.own_piece(m.from);
      double v = 0;
      const std::uint16_t allowed = k.allowed(m.to);
      if (allowed) {
        double total = 0, sum = 0;
        for (int d = 0; d < junqi::kPieceKinds; ++d) {
          if (!((allowed >> d) & 1)) continue;
          const double w = junqi::kPieceCount[d];
          const double out = junqi_battle_value(a, d);
          total += w;
          sum += w * out;
        }
        v = total > 0 ? sum / total : 0;
      } else {
        const int before = junqi::row_of(junqi::to_own_frame(m.from, me));
        const int after = junqi::row_of(junqi::to_own_frame(m.to, me));
        v = 0.5 * (before - after);
      }
      v += static_cast<double>(rng_.below(1000)) * 1e-6;  // random among equals
      if (v > best_score) {
        best_score = v;
        best = m;
      }
    }
    return best ? *best : junqi::Move{};
  }

  std::string name_;
  std::string kind_;
  Config c_;
  Rng rng_;
};

bool known_name(std::string_view name, bool hidden) {
  for (auto n : {"random", "greedy", "alphabeta", "minimax", "uct", "mcts"})
    if (name == n) return true;
  return hidden && name == "ismcts";
}

// The strong engines (bots/engines) and then the learned players (bots/learned).
template <Game G>
const std::vector<NamedEngine<G>>& named_engines() {
  static const std::vector<NamedEngine<G>> all = [] {
    std::vector<NamedEngine<G>> v = strong_engines<G>();
    v.insert(v.end(), learned_players<G>().begin(), learned_players<G>().end());
    return v;
  }();
  return all;
}

}  // namespace

template <Game G>
Result<std::unique_ptr<Player<G>>> make_player(std::string_view text, std::uint64_t seed) {
  constexpr bool hidden = std::is_same_v<G, junqi::State>;
  BOYI_TRY(spec, PlayerSpec::parse(text));
  // The strong engines and the generic players first: the learned players (and libtorch
  // with them) are loaded only when one of them is asked for.
  for (const auto& engine : strong_engines<G>())
    if (spec.name == engine.name) return engine.make(spec, text, seed);
  if (!known_name(spec.name, hidden))
    for (const auto& engine : learned_players<G>())
      if (spec.name == engine.name) return engine.make(spec, text, seed);
  if (!known_name(spec.name, hidden)) {
    std::string list;
    for (const auto& n : player_names(G::kName)) list += (list.empty() ? "" : ", ") + n;
    return fail("unknown player '" + spec.name + "' for " + std::string(G::kName) +
                " (players: " + list + ")");
  }
  BOYI_TRY(config, read_config(spec, hidden));
  std::unique_ptr<Player<G>> p;
  if constexpr (hidden) {
    p = std::make_unique<JunqiPlayer>(std::string(text), config, seed);
  } else {
    if (spec.name == "random")
      p = std::make_unique<RandomPlayer<G>>(seed);
    else
      p = std::make_unique<PerfectPlayer<G>>(std::string(text), config, seed);
  }
  return p;
}

#define BOYI_INSTANTIATE_MAKE_PLAYER(G) \
  template Result<std::unique_ptr<Player<G>>> make_player<G>(std::string_view, std::uint64_t);
BOYI_FOR_EACH_GAME(BOYI_INSTANTIATE_MAKE_PLAYER)
#undef BOYI_INSTANTIATE_MAKE_PLAYER

std::vector<std::string> player_names(std::string_view game) {
  std::vector<std::string> names = {"random", "greedy", "alphabeta", "minimax", "uct", "mcts"};
  if (game == junqi::State::kName) names.push_back("ismcts");
  visit_game(game, [&]<Game G>() {
    for (const auto& engine : named_engines<G>()) names.emplace_back(engine.name);
  });
  return names;
}

namespace {
std::string strong_engines_help() {
  std::string help;
  for_each_game([&]<Game G>() {
    for (const auto& engine : named_engines<G>())
      help += "\n" + std::string(G::kTitle) + " " + std::string(engine.name) + ": " +
              std::string(engine.help);
  });
  return help;
}
}  // namespace

std::string player_help() {
  return "players: random | greedy | alphabeta[:depth=N,tt=LOG2,q=N,nodes=N] | minimax[:depth=N] | "
         "uct[:c=X,playouts=N,amaf=off|alpha|rave,alpha=X,rave=K,expand=N,rollout=N,reuse=0|1] | "
         "mcts[:c=X,playouts=N] (flat Monte Carlo); 军棋 also ismcts[:c=X,playouts=N], and "
         "worlds=N (determinizations) for alphabeta, minimax, uct and mcts" +
         strong_engines_help();
}

}  // namespace boyi::bots
