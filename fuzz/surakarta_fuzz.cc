// 苏拉卡尔塔: rules text, diagrams, move notation and the referee's play path
// (game_fuzz.h); platform lines on each line.
#include "engine/surakarta/surakarta.h"
#include "fuzz/game_fuzz.h"
#include "fuzz/platform_lines.h"

namespace boyi::fuzz {
namespace {

using surakarta::State;

struct Hooks {
  static Result<State> diagram(const surakarta::Rules& rules, std::string_view text, bool flip) {
    return State::from_diagram(rules, text, flip ? 1 : 0, flip ? 40 : 0, flip ? 7 : 0);
  }
  static void notation(std::string_view line) { check_platform_line<State>(line); }
};

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boyi::fuzz::fuzz_game<boyi::surakarta::State, boyi::fuzz::Hooks>(boyi::fuzz::text_of(data, size));
  return 0;
}
