// A scripted Gomoku brain speaking the piskvork protocol: it follows the board
// from BEGIN / TURN / BOARD and plays a random empty point near the stones
// (avoiding renju-forbidden points for black). It prints MESSAGE and DEBUG lines
// before each move, which the manager must ignore. See behaviour.h for the ways
// it misbehaves.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "base/rng.h"
#include "bots/bridges/testengines/behaviour.h"
#include "bots/bridges/text_protocol_lines.h"
#include "engine/gomoku/gomoku.h"

using namespace boyi;
using namespace boyi::bots;
using boyi::testengine::Act;
using boyi::testengine::say;

namespace {

// A random empty point within two of a stone (any empty point on an empty board
// or when none is near), not forbidden for black when another exists.
gomoku::Point pick(const gomoku::State& s, Rng& rng) {
  std::vector<gomoku::Point> near, any;
  s.empty_points().for_each([&](gomoku::Point p) {
    if (s.colour_to_move() == gomoku::Colour::kBlack && s.is_forbidden(p)) return;
    any.push_back(p);
    const int c = gomoku::point_col(p), r = gomoku::point_row(p);
    for (int dr = -2; dr <= 2; ++dr)
      for (int dc = -2; dc <= 2; ++dc) {
        const int rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= gomoku::kSize || cc < 0 || cc >= gomoku::kSize) continue;
        if (s.at(gomoku::make_point(cc, rr)) != gomoku::Cell::kEmpty) {
          near.push_back(p);
          return;
        }
      }
  });
  const auto& from = near.empty() ? any : near;
  if (from.empty()) return gomoku::kNoPoint;
  return from[rng.below(static_cast<std::uint32_t>(from.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = testengine::parse_options(argc, argv);
  const bool silent = options.behave == testengine::Behave::kSilentHandshake;
  Rng rng(options.seed);
  gomoku::Rules rules;
  rules.rule = gomoku::RuleSet::kFreestyle;
  gomoku::State state(rules);
  int moves = 0;
  gomoku::Point last = gomoku::kNoPoint;
  std::vector<std::string> believed;  // "H8 own" / "H9 other": the stones as it knows them
  auto keep = [&](gomoku::Point p, bool own) {
    believed.push_back(gomoku::format_point(p) + (own ? " own" : " other"));
    testengine::write_record(options, believed);
  };

  auto play = [&]() {
    const Act what = testengine::act(options, ++moves);
    say("MESSAGE thinking about move " + std::to_string(moves));
    say("DEBUG nothing to see");
    if (what == Act::kGarbage) return say("banana");
    if (options.behave == testengine::Behave::kNoisy && moves >= options.at) {
      say("ERROR unknown INFO key");  // Rapfi answers an INFO it does not know so
      say("SUGGEST 0,0");
      say("MESSAGE depth ");  // a MESSAGE split in two by a stray byte (PentaZen)
      say("12 ev 35");
    }
    if (what == Act::kIllegal && last != gomoku::kNoPoint)
      return say(piskvork_lines::format_point(last));  // an occupied point
    const gomoku::Point p = pick(state, rng);
    if (p == gomoku::kNoPoint) return say("ERROR no empty point");
    (void)state.apply_checked(state.to_move(), gomoku::Move::place(p));
    last = p;
    keep(p, true);
    say(piskvork_lines::format_point(p));
  };

  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (silent) continue;
    if (line.rfind("START", 0) == 0) {
      if (line != "START 15") {
        say("ERROR only 15x15");
        continue;
      }
      state = gomoku::State(rules);
      say("OK");
    } else if (line.rfind("INFO rule ", 0) == 0) {
      auto rule = piskvork_lines::rule_from_bits(std::atoi(line.c_str() + 10));
      if (rule) rules.rule = *rule;
      state = gomoku::State(rules);
    } else if (line == "ABOUT") {
      say("name=\"test-piskvork\", version=\"1.0\", author=\"boyi\", country=\"CN\"");
    } else if (line == "BEGIN") {
      state = gomoku::State(rules);
      believed.clear();
      play();
    } else if (line.rfind("TURN ", 0) == 0) {
      auto p = piskvork_lines::parse_point(line.substr(5));
      if (!p || !state.apply_checked(state.to_move(), gomoku::Move::place(*p))) {
        say("ERROR cannot follow " + line);
        continue;
      }
      last = *p;
      keep(*p, false);
      play();
    } else if (line == "BOARD") {
      // x,y,f lines until DONE: rebuild the position, the side to move from the counts.
      std::vector<std::pair<gomoku::Point, int>> stones;
      while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "DONE") break;
        const auto comma = line.rfind(',');
        auto p = piskvork_lines::parse_point(line.substr(0, comma));
        if (p && comma != std::string::npos)
          stones.emplace_back(*p, std::atoi(line.c_str() + comma + 1));
      }
      int own = 0, other = 0;
      for (const auto& s : stones) (s.second == 1 ? own : other)++;
      const bool black = own == other;  // black has moved as often as white: black to move
      std::vector<std::string> rows(gomoku::kSize, std::string(gomoku::kSize, '.'));
      for (const auto& [p, who] : stones)
        rows[gomoku::kSize - 1 - gomoku::point_row(p)][gomoku::point_col(p)] =
            (who == 1) == black ? 'X' : 'O';
      std::string diagram;
      for (const auto& r : rows) diagram += r + "\n";
      auto position = gomoku::State::from_diagram(
          rules, diagram, black ? gomoku::Colour::kBlack : gomoku::Colour::kWhite);
      if (!position) {
        say("ERROR " + position.message());
        continue;
      }
      state = *position;
      believed.clear();
      for (const auto& [p, who] : stones) keep(p, who == 1);
      last = stones.empty() ? gomoku::kNoPoint : stones.back().first;
      play();
    } else if (line == "SWAP2BOARD" && options.behave == testengine::Behave::kNoisy) {
      // As Rapfi reads it: x,y,f lines (Gomocup's x,y lines are an error each, and the board
      // is then empty: the answer is an opening of three stones). Given stones: it swaps.
      int stones = 0;
      while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "DONE") break;
        if (std::count(line.begin(), line.end(), ',') == 2)
          ++stones;
        else
          say("ERROR Color is not a valid value, must be one of [1, 2, 3].");
      }
      say(stones == 0 ? "7,7 8,7 9,9" : "SWAP");
    } else if (line == "END") {
      if (testengine::leaves_on_goodbye(options)) return 0;
    } else if (line.rfind("INFO boyi_", 0) == 0 && options.behave == testengine::Behave::kNoisy) {
      say("ERROR Unknown command: 1");  // Rapfi: a key it does not know, and its value
    } else if (line.rfind("INFO", 0) != 0 && !line.empty()) {
      say("UNKNOWN " + line);
    }
  }
  return 0;
}
