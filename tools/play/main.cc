// boyi-play: play any of the four games in the terminal — a person against the
// built-in random player, or two random players. Without --game it asks.
#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <string>

#include "engine/registry.h"
#include "tools/play/terminal_match.h"

namespace {

using boyi::play::PlayerKind;

bool parse_players(const std::string& text, std::array<PlayerKind, 2>& players) {
  if (text == "human-random")
    players = {PlayerKind::kHuman, PlayerKind::kRandom};
  else if (text == "random-human")
    players = {PlayerKind::kRandom, PlayerKind::kHuman};
  else if (text == "random-random")
    players = {PlayerKind::kRandom, PlayerKind::kRandom};
  else
    return false;
  return true;
}

// Asks for the game and who plays; returns false when input ends.
bool ask(std::string& game, std::string& players) {
  std::cout << "Boyi 博弈 — choose a game:\n";
  const auto all = boyi::games();
  for (std::size_t i = 0; i < all.size(); ++i)
    std::cout << "  " << i + 1 << ". " << all[i].title << "  " << all[i].english << "\n";
  for (;;) {
    std::cout << "game [1-" << all.size() << "]> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    if (line.size() == 1 && line[0] >= '1' && line[0] < char('1' + all.size())) {
      game = std::string(all[std::size_t(line[0] - '1')].name);
      break;
    }
  }
  std::cout << "Who plays?\n  1. you (seat 0, moves first) against the random player\n"
               "  2. the random player against you (seat 1)\n  3. two random players\n";
  for (;;) {
    std::cout << "players [1-3]> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    if (line == "1" || line == "2" || line == "3") {
      players = line == "1" ? "human-random" : line == "2" ? "random-human" : "random-random";
      return true;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Boyi 博弈 — play 军棋, 五子棋, 点格棋 or 苏拉卡尔塔 in the terminal"};
  std::string game, rules, players;
  std::uint64_t seed =
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  bool list = false, every_board = false;
  app.add_option("-g,--game", game, "junqi | gomoku | dots | surakarta (asked if omitted)");
  app.add_option("-r,--rules", rules, "rules options, e.g. \"rule=renju opening=ccgc\"");
  app.add_option("-p,--players", players, "human-random | random-human | random-random");
  app.add_option("-s,--seed", seed, "seed of the random player (default: from the clock)");
  app.add_flag("--every-board", every_board, "random-random: print the board after every move");
  app.add_flag("-l,--list", list, "list the games and their default rules");
  CLI11_PARSE(app, argc, argv);

  if (list) {
    for (const auto& g : boyi::games())
      std::cout << g.name << "\t" << g.title << "\t" << g.english << "\t"
                << (g.default_rules.empty() ? "(no options)" : g.default_rules) << "\n";
    return 0;
  }
  if (game.empty() && !ask(game, players)) return 0;
  if (players.empty()) players = "human-random";

  boyi::play::MatchOptions options;
  options.seed = seed;
  options.show_every_board = every_board;
  if (!parse_players(players, options.players)) {
    std::cerr << "boyi-play: --players must be human-random, random-human or random-random\n";
    return 2;
  }
  auto created = boyi::create_game(game, rules);
  if (!created) {
    std::cerr << "boyi-play: " << created.message() << "\n";
    return 2;
  }
  const auto outcome = boyi::play::play_match(*created.value(), options, std::cin, std::cout);
  return outcome.ending == boyi::Ending::kAborted ? 1 : 0;
}
