// 点格棋: rules text, diagrams (with the compact diagram's round trip), edge notation, whole
// turns and the referee's play path (game_fuzz.h); turns and platform lines on each line.
#include "engine/dots/dots.h"
#include "fuzz/game_fuzz.h"
#include "fuzz/platform_lines.h"

namespace boyi::fuzz {
namespace {

using dots::State;

struct Hooks {
  static Result<State> diagram(const dots::Rules& rules, std::string_view text, bool flip) {
    auto s = State::from_diagram(rules, text, flip ? 1 : 0);
    if (s) {
      // to_diagram() writes what from_diagram() reads.
      const std::string written = s->to_diagram();
      auto again = State::from_diagram(rules, written, flip ? 1 : 0);
      BOYI_FUZZ_CHECK(again.ok() && again->to_diagram() == written, written);
      BOYI_FUZZ_CHECK(again->hash() == s->hash(), written);
    }
    return s;
  }
  static void notation(std::string_view line) {
    if (auto turn = State::parse_turn(line)) {
      const std::string text = State::format_turn(*turn);
      auto back = State::parse_turn(text);
      BOYI_FUZZ_CHECK(back.ok() && *back == *turn, text);
    }
    check_platform_line<State>(line);
  }
};

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boyi::fuzz::fuzz_game<boyi::dots::State, boyi::fuzz::Hooks>(boyi::fuzz::text_of(data, size));
  return 0;
}
