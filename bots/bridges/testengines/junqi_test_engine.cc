// A scripted 军棋 engine speaking the competition's referee protocol: it knows
// only its protocol lines (JunqiSeatTracker), deploys a random legal layout and
// plays a random legal step of a world consistent with what it knows. See
// behaviour.h for the ways it misbehaves.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include "base/rng.h"
#include "bots/bridges/junqi_lines.h"
#include "bots/bridges/junqi_seat_tracker.h"
#include "bots/bridges/testengines/behaviour.h"
#include "bots/games/junqi_info.h"
#include "engine/junqi/junqi.h"

using namespace boyi;
using namespace boyi::bots;
using boyi::testengine::Act;
using boyi::testengine::say;

int main(int argc, char** argv) {
  const auto options = testengine::parse_options(argc, argv);
  const bool silent = options.behave == testengine::Behave::kSilentHandshake;
  Rng rng(options.seed);
  JunqiSeatTracker tracker;
  std::optional<junqi::Move> last;
  int moves = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (silent) continue;
    const std::string_view key = junqi_lines::keyword(line);
    if (key == "INFO") {
      say(options.behave == testengine::Behave::kBareName ? "test-junqi" : "NAME test-junqi");
    } else if (key == "START") {
      auto start = junqi_lines::parse_start(line);
      if (!start) {
        std::cerr << "test-junqi: " << start.message() << "\n";
        continue;
      }
      junqi::Rules rules;
      rules.no_battle_limit = std::clamp(start->no_battle_limit, 10, 31);
      tracker.start(start->seat, rules);
      const junqi::State fresh(rules);
      const std::string letters = fresh.format_move(fresh.random_deployment(start->seat, rng));
      if (Status s = tracker.deployed(letters); !s)
        std::cerr << "test-junqi: " << s.message() << "\n";
      say(junqi_lines::format_array(letters));
    } else if (key == "GO") {
      auto go = junqi_lines::parse_go(line, tracker.seat());
      if (!go) {
        std::cerr << "test-junqi: " << go.message() << "\n";
        continue;
      }
      if (Status s = tracker.opponent_go(*go); !s)
        std::cerr << "test-junqi: " << s.message() << "\n";
      const Act what = testengine::act(options, ++moves);
      if (what == Act::kGarbage) {
        say("BESTMOVE here please");
        continue;
      }
      if (what == Act::kIllegal) {
        say("BESTMOVE A0A1");  // the enemy's back row in our own frame: never ours to move
        continue;
      }
      const JunqiDeterminizer det(tracker.info());
      auto world = det.sample(rng);
      junqi::State::MoveList list;
      if (world) world->legal_moves(list);
      if (list.empty()) {
        std::cerr << "test-junqi: no legal move\n";
        continue;
      }
      last = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      say(junqi_lines::format_bestmove(last->from, last->to, tracker.seat()));
    } else if (key == "RESULT") {
      auto result = junqi_lines::parse_result(line, tracker.seat());
      if (!result || !last) {
        std::cerr << "test-junqi: unexpected " << line << "\n";
        continue;
      }
      if (Status s = tracker.own_result(*last, *result); !s)
        std::cerr << "test-junqi: " << s.message() << "\n";
      last.reset();
    } else if (key == "END" && testengine::leaves_on_goodbye(options)) {
      return 0;
    }
  }
  return 0;
}
