#include "bots/analysis.h"

#include <algorithm>
#include <memory>

#include "engine/game_adapter.h"
#include "engine/games.h"

namespace boyi::bots {
namespace {

template <Game G>
Result<Analysis> analyse_game(const AnalysisRequest& in) {
  if constexpr (has_hidden_information<G>()) {
    return fail(std::string(G::kName) + " positions are not analysed: its pieces are hidden");
  } else {
    auto made = create_adapted<G>(in.rules);
    if (!made) return Error{made.message()};
    AnyGame& game = **made;
    for (std::size_t i = 0; i < in.actions.size(); ++i) {
      const auto& [seat, text] = in.actions[i];
      if (auto played = game.play(seat, text); !played)
        return fail("action " + std::to_string(i + 1) + " '" + text +
                    "' does not replay: " + played.message());
    }
    G state = static_cast<const GameAdapter<G>&>(game).state();
    if (state.is_terminal()) return fail("the game is over at that position");
    auto player = make_player<G>(in.player_spec, in.seed);
    if (!player) return Error{player.message()};
    Analysis out;
    out.player = in.player_spec;
    out.to_move = state.to_move();
    out.ply = state.ply();
    const int plies = std::max(1, in.line_plies);
    // The first choice is the analysis proper: half the time; the line shares the rest.
    const std::int64_t first_ms = std::max<std::int64_t>(10, in.budget_ms / 2);
    const std::int64_t rest_ms =
        plies > 1 ? std::max<std::int64_t>(10, (in.budget_ms - first_ms) / (plies - 1)) : 0;
    for (int k = 0; k < plies && !state.is_terminal(); ++k) {
      const Seat seat = state.to_move();
      TimeBudget budget(TimeControl::per_move(k == 0 ? first_ms : rest_ms, 0));
      if (in.stop) budget.set_stop(in.stop);
      const auto move = (*player)->choose(state, seat, budget);
      if (k == 0) out.note = (*player)->last_note();
      const std::string text = state.format_move(move);
      if (auto applied = state.apply_checked(seat, move); !applied) break;  // never: a legal move
      out.line.push_back(text);
      out.line_seats.push_back(seat);
      if (in.stop && in.stop->raised()) break;
    }
    if (out.line.empty()) return fail("no move to analyse");
    return out;
  }
}

}  // namespace

Result<Analysis> analyse(const AnalysisRequest& request) {
  Result<Analysis> out = fail("no game named '" + request.game + "'");
  visit_game(request.game, [&]<Game G>() { out = analyse_game<G>(request); });
  return out;
}

}  // namespace boyi::bots
