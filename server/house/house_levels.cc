#include "server/house/house_levels.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "bots/player.h"

namespace boyi::app {
namespace {

// What differs between the games: the generic searches of levels 3 and 4 and the strong
// engine of levels 5..10.
struct GameLevels {
  std::string_view game;
  std::string_view title;
  std::string_view search3, search3_text;  // level 3: a small fixed search
  std::string_view search4, search4_text;  // level 4: the generic search under a small cap
  std::string_view engine, engine_text;    // levels 5..10
};

constexpr std::array<GameLevels, 4> kGames = {{
    {"gomoku", "五子棋", "alphabeta:depth=2", "alpha-beta two plies deep", "alphabeta:q=4",
     "alpha-beta, iterative deepening", "threat",
     "the threat-space search engine (VCF/VCT, alpha-beta, ccgc opening)"},
    {"dots", "点格棋", "uct:playouts=400", "UCT, 400 playouts", "uct:amaf=alpha", "UCT with α-AMAF",
     "chain", "the chain engine (UCT over captures, chain arithmetic, exact endgame solver)"},
    {"surakarta", "苏拉卡尔塔", "alphabeta:depth=2", "alpha-beta two plies deep", "alphabeta:q=4",
     "alpha-beta, iterative deepening", "loop",
     "the loop engine (alpha-beta over loop-aware evaluation, capture quiescence)"},
    {"junqi", "军棋", "mcts:playouts=200,worlds=4", "flat Monte Carlo over 4 sampled layouts",
     "ismcts", "information-set MCTS", "belief",
     "the belief engine (tracks every hidden piece, samples layouts, UCT with tactics)"},
}};

// The house engines offered besides the levels' players: the learned players of the seed
// papers (people meet them in the lobby, as the 军棋 DMC patent's human-vs-AI mode asks) and
// the multi-piece Q-learning seed.
struct OfferedEngine {
  std::string_view game, name, description;
  bool learned;
};
constexpr std::array<OfferedEngine, 4> kOfferedEngines = {{
    {"gomoku", "td", "the BP-TD(λ) network: a learned evaluation in alpha-beta", true},
    {"surakarta", "neural", "the SARSA self-play network guiding a tree search", true},
    {"junqi", "dmc", "the Deep Monte-Carlo network (learned Q of every move)", true},
    {"junqi", "qlearn", "multi-piece UCT with Q-learning over the high-value pieces", false},
}};

// Thinking-time caps by strength (index 0 unused); -1: as long as the clocks allow.
constexpr std::array<std::int64_t, 11> kCapMs = {0,   100,  100,  200,  400, 150,
                                                 500, 1000, 2000, 5000, -1};

const GameLevels* find_game(std::string_view game) {
  for (const auto& g : kGames)
    if (g.game == game) return &g;
  return nullptr;
}

std::string time_text(std::int64_t ms) {
  if (ms < 0) return "as long as the clocks allow";
  if (ms < 1000) return std::to_string(ms) + " ms a move at most";
  return std::to_string(ms / 1000) + " s a move at most";
}

}  // namespace

const std::vector<std::string>& house_bot_games() {
  static const std::vector<std::string> games = [] {
    std::vector<std::string> out;
    for (const auto& g : kGames) out.emplace_back(g.game);
    return out;
  }();
  return games;
}

const std::vector<HouseEngine>& house_engines(std::string_view game) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<HouseEngine>, std::less<>> offered;
  std::lock_guard lock(mutex);
  if (auto it = offered.find(game); it != offered.end()) return it->second;
  std::vector<HouseEngine> engines;
  const auto playable = bots::player_names(game);
  for (const auto& e : kOfferedEngines)
    if (e.game == game && std::find(playable.begin(), playable.end(), e.name) != playable.end())
      engines.push_back({std::string(e.name), std::string(e.description), e.learned});
  return offered.emplace(std::string(game), std::move(engines)).first->second;
}

Result<HouseLevel> house_level(std::string_view game, int strength, std::string_view engine) {
  const GameLevels* g = find_game(game);
  if (!g) return fail("no house bot plays '" + std::string(game) + "'");
  if (strength < kMinHouseStrength || strength > kMaxHouseStrength)
    return fail("house bot strength " + std::to_string(strength) + " is not in 1..10");
  HouseLevel level;
  level.strength = strength;
  level.max_move_ms = kCapMs[static_cast<std::size_t>(strength)];
  if (!engine.empty()) {
    const auto& offered = house_engines(game);
    auto e = std::find_if(offered.begin(), offered.end(),
                          [&](const HouseEngine& x) { return x.name == engine; });
    if (e == offered.end())
      return fail("no house engine '" + std::string(engine) + "' plays " + std::string(g->title) +
                  " on this server");
    level.engine = e->name;
    level.spec = e->name;
    level.description = e->description + ", " + time_text(level.max_move_ms);
    return level;
  }
  std::string what;
  switch (strength) {
    case 1:
      level.spec = "random";
      what = "random legal moves";
      break;
    case 2:
      level.spec = "greedy";
      what = "greedy: the best-looking move one ply ahead";
      break;
    case 3:
      level.spec = g->search3;
      what = std::string(g->search3_text);
      break;
    case 4:
      level.spec = g->search4;
      what = std::string(g->search4_text);
      break;
    default:
      level.spec = g->engine;
      what = std::string(g->engine_text);
      break;
  }
  level.description = what + ", " + time_text(level.max_move_ms);
  return level;
}

Result<int> resolve_house_strength(std::uint32_t requested) {
  if (requested == 0) return kDefaultHouseStrength;
  if (requested > static_cast<std::uint32_t>(kMaxHouseStrength))
    return fail("house bot strength " + std::to_string(requested) +
                " is not offered: choose 1 (weakest) .. 10 (strongest), or 0 for the default (" +
                std::to_string(kDefaultHouseStrength) + ")");
  return static_cast<int>(requested);
}

std::string house_display_name(int strength, std::string_view engine) {
  std::string name = "House bot · ";
  if (!engine.empty()) name += std::string(engine) + " · ";
  return name + std::to_string(strength);
}

std::string house_levels_json(bool enabled) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : kGames) {
    nlohmann::json levels = nlohmann::json::array();
    for (int s = kMinHouseStrength; s <= kMaxHouseStrength; ++s) {
      auto level = house_level(g.game, s);
      if (!level) continue;
      levels.push_back({{"strength", s},
                        {"player", level->spec},
                        {"max_move_ms", level->max_move_ms},
                        {"description", level->description}});
    }
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& e : house_engines(g.game))
      engines.push_back(
          {{"engine", e.name}, {"description", e.description}, {"learned", e.learned}});
    games.push_back({{"game", g.game},
                     {"title", g.title},
                     {"levels", std::move(levels)},
                     {"engines", std::move(engines)}});
  }
  return nlohmann::json{{"enabled", enabled},
                        {"default_strength", kDefaultHouseStrength},
                        {"min_strength", kMinHouseStrength},
                        {"max_strength", kMaxHouseStrength},
                        {"games", std::move(games)}}
      .dump();
}

}  // namespace boyi::app
