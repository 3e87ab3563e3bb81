#include "engine/opening.h"

#include <fstream>

#include "base/words.h"
#include "engine/registry.h"

namespace boyi {

Result<std::vector<std::vector<std::string>>> read_opening_suite(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("cannot read the opening suite " + path);
  std::vector<std::vector<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::vector<std::string> actions;
    for (const auto word : split_words(line)) actions.emplace_back(word);
    if (!actions.empty()) out.push_back(std::move(actions));
  }
  if (out.empty()) return fail("the opening suite " + path + " has no opening");
  return out;
}

Status check_opening(std::string_view game, std::string_view rules,
                     const std::vector<std::string>& actions) {
  auto g = create_game(game, rules);
  if (!g) return Error{g.message()};
  AnyGame& state = **g;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string label = "action " + std::to_string(i + 1) + " '" + actions[i] + "'";
    if (state.is_terminal()) return fail(label + ": the game is already over");
    Seat actor = kPublic;
    for (Seat s = 0; s < 2 && actor == kPublic; ++s)
      if (state.can_act(s)) actor = s;
    if (auto played = state.play(actor, actions[i]); !played)
      return fail(label + ": " + played.message());
  }
  if (state.is_terminal()) return fail("the opening ends the game");
  return Status::Ok();
}

Result<std::vector<std::string>> random_opening(std::string_view game, std::string_view rules,
                                                int plies, Rng& rng) {
  auto g = create_game(game, rules);
  if (!g) return Error{g.message()};
  AnyGame& state = **g;
  std::vector<std::string> out;
  for (int i = 0; i < plies && !state.is_terminal(); ++i) {
    Seat actor = kPublic;
    for (Seat s = 0; s < 2 && actor == kPublic; ++s)
      if (state.can_act(s)) actor = s;
    if (actor == kPublic) break;
    const std::string action = state.random_move(actor, rng);
    if (action.empty() || !state.play(actor, action)) break;
    out.push_back(action);
  }
  if (state.is_terminal() && !out.empty()) out.pop_back();
  return out;
}

}  // namespace boyi
