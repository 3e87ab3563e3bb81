#include "engine/protocol_openings.h"

#include "engine/registry.h"

namespace boyi {

namespace {

std::string seat_name(std::string_view protocol, Seat seat) {
  std::string s = "seat " + std::to_string(seat);
  if (protocol == "sau") s += seat == 0 ? " (black)" : " (white)";
  return s;
}

// How many of the opening's actions are played for `seat` (by the first seat that may
// act, as WireMatch::play_opening plays them), or why the opening cannot be followed.
Result<int> own_actions(std::string_view game, std::string_view rules,
                        const std::vector<std::string>& opening, Seat seat) {
  auto replay = create_game(game, rules);
  if (!replay) return Error{replay.message()};
  int own = 0;
  for (const auto& action : opening) {
    Seat actor = kPublic;
    for (Seat s = 0; s < 2 && actor == kPublic; ++s)
      if ((*replay)->can_act(s)) actor = s;
    if (actor == kPublic) return fail("the opening's action '" + action + "': nobody is to move");
    if (auto played = (*replay)->play(actor, action); !played)
      return fail("the opening's action '" + action + "': " + played.message());
    own += actor == seat;
  }
  return own;
}

}  // namespace

Status check_protocol_opening(std::string_view protocol, std::string_view game,
                              std::string_view rules, const std::vector<std::string>& opening,
                              Seat seat) {
  if (opening.empty() || protocol == "piskvork") return Status::Ok();
  const std::string who = "the " + std::string(protocol) + " protocol";
  if (protocol == "junqi-ccgc")
    return fail(who +
                " cannot tell an engine an opening (it deploys and moves from START and "
                "GO): as " +
                seat_name(protocol, seat) + " it would miss " + std::to_string(opening.size()) +
                " action(s); play this engine without an opening");
  if (protocol == "sau") {
    auto own = own_actions(game, rules, opening, seat);
    if (!own) return Error{own.message()};
    if (*own == 0) return Status::Ok();
    return fail(who + " tells an engine only its opponent's moves after `new`: as " +
                seat_name(protocol, seat) + " it cannot be told the " + std::to_string(*own) +
                " opening action(s) played for it; what works: no opening, or an opening of "
                "black's first turn with the engine as white only");
  }
  return fail("unknown engine protocol '" + std::string(protocol) + "'");
}

Status check_protocol_suite(std::string_view protocol, std::string_view game,
                            std::string_view rules,
                            const std::vector<std::vector<std::string>>& suite) {
  for (std::size_t i = 0; i < suite.size(); ++i)
    for (Seat seat = 0; seat < 2; ++seat)
      if (auto st = check_protocol_opening(protocol, game, rules, suite[i], seat); !st)
        return fail("opening " + std::to_string(i + 1) + " of the suite: " + st.message());
  return Status::Ok();
}

}  // namespace boyi
