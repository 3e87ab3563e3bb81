// 军棋: rules text, diagrams, move notation (steps and 25-letter deployments) and the
// referee's play path (game_fuzz.h); the post notation on each line.
#include "engine/junqi/junqi.h"
#include "fuzz/game_fuzz.h"

namespace boyi::fuzz {
namespace {

struct Hooks {
  static Result<junqi::State> diagram(const junqi::Rules& rules, std::string_view text, bool flip) {
    return junqi::State::from_diagram(rules, text, flip ? 1 : 0, flip ? 7 : 0);
  }
  static void notation(std::string_view line) {
    if (auto post = junqi::parse_post(line)) BOYI_FUZZ_CHECK(junqi::post_name(*post) == line, line);
  }
};

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boyi::fuzz::fuzz_game<boyi::junqi::State, boyi::fuzz::Hooks>(boyi::fuzz::text_of(data, size));
  return 0;
}
