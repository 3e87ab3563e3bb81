// A scripted engine speaking the competition platform protocol for 点格棋 or
// 苏拉卡尔塔 (--game): it follows the game from the move lines and plays random
// legal moves (a whole random 点格棋 turn). See behaviour.h for the ways it
// misbehaves.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "base/rng.h"
#include "bots/bridges/bridge_player.h"
#include "bots/bridges/testengines/behaviour.h"
#include "bots/bridges/text_protocol_lines.h"
#include "engine/registry.h"

using namespace boyi;
using namespace boyi::bots;
using boyi::testengine::Act;
using boyi::testengine::say;

namespace {

// A random legal action of `seat` on `game` (which it changes): one move, or for
// 点格棋 edges until the turn passes.
std::string random_action(AnyGame& game, Seat seat, Rng& rng) {
  std::string action;
  do {
    const std::string move = game.random_move(seat, rng);
    if (move.empty() || !game.play(seat, move)) break;
    action += (action.empty() ? "" : " ") + move;
  } while (!game.is_terminal() && game.can_act(seat));  // 点格棋: the turn goes on after a box
  return action;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = testengine::parse_options(argc, argv);
  if (!protocol_serves("sau", options.game)) {
    std::cerr << "test-sau: --game names a game of the sau protocol (dots, surakarta, ...)\n";
    return 2;
  }
  const bool silent = options.behave == testengine::Behave::kSilentHandshake;
  Rng rng(options.seed);
  std::unique_ptr<AnyGame> game;
  std::unique_ptr<AnyGame> before_mine;  // the game before our last move (for `error`)
  Seat seat = 0;
  int moves = 0;
  bool retry = false;
  std::string last_said;            // our last move line (repeat-after-error says it again)
  std::vector<std::string> played;  // "SEAT ACTION", as this engine believes the game went

  auto answer = [&]() {
    before_mine = game->clone();
    const Act what = testengine::act(options, retry ? moves : ++moves, retry);
    if (what == Act::kGarbage) return say("I like boxes");
    if (what == Act::kIllegal) return say(options.game == "dots" ? "move 2 AAA AAA" : "move AAAA");
    const std::string action = random_action(*game, seat, rng);
    played.push_back(std::to_string(seat) + " " + action);
    testengine::write_record(options, played);
    auto line = sau_lines::format_move(options.game, action);
    last_said = line ? *line : "move";
    say(last_said);
  };

  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (silent) continue;
    if (line == "name?") {
      say("name test-sau");
    } else if (line == "new black" || line == "new white") {
      game = std::move(create_game(options.game, "")).value();
      played.clear();
      seat = line == "new black" ? 0 : 1;
      moves = 0;
      retry = false;
      if (seat == 0) answer();
    } else if (line.rfind("move", 0) == 0 && game) {
      auto notation = sau_lines::parse_move(options.game, line);
      if (!notation || !game->play(1 - seat, *notation)) {
        std::cerr << "test-sau: cannot follow " << line << "\n";
        continue;
      }
      played.push_back(std::to_string(1 - seat) + " " + *notation);
      testengine::write_record(options, played);
      retry = false;
      answer();
    } else if (line == "error" && game && before_mine) {
      if (options.behave == testengine::Behave::kRepeatAfterError) {
        say(last_said);
        continue;
      }
      game = before_mine->clone();
      if (!played.empty()) played.pop_back();
      retry = true;
      answer();
    } else if (line == "quit" && testengine::leaves_on_goodbye(options)) {
      return 0;
    }
  }
  return 0;
}
