// 五子棋: rules text, diagrams, move notation (points and the opening's swap, keep, offer and
// choose) and the referee's play path (game_fuzz.h); the point notation on each line.
#include "engine/gomoku/gomoku.h"
#include "fuzz/game_fuzz.h"

namespace boyi::fuzz {
namespace {

struct Hooks {
  static Result<gomoku::State> diagram(const gomoku::Rules& rules, std::string_view text,
                                       bool flip) {
    using gomoku::Colour;
    return gomoku::State::from_diagram(rules, text, flip ? Colour::kWhite : Colour::kBlack,
                                       flip ? 1 : 0);
  }
  static void notation(std::string_view line) {
    if (auto point = gomoku::parse_point(line)) {
      auto back = gomoku::parse_point(gomoku::format_point(*point));
      BOYI_FUZZ_CHECK(back.ok() && *back == *point, line);
    }
  }
};

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boyi::fuzz::fuzz_game<boyi::gomoku::State, boyi::fuzz::Hooks>(boyi::fuzz::text_of(data, size));
  return 0;
}
