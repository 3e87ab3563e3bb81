#include "server/export/observations.h"

#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"
#include "protocol/wire/wire_game.h"
#include "protocol/wire/wire_seq.h"

namespace boyi::data_export {
namespace {

using json = nlohmann::ordered_json;

// A protobuf message as a JSON value (the wire's own mapping).
json proto_json(const google::protobuf::Message& m) {
  auto line = protocol::to_json_line(m, std::size_t{1} << 26);
  return line ? json::parse(*line) : json(nullptr);
}

}  // namespace

Result<std::array<Episode, 2>> episodes_of(const std::string& match_id,
                                           const referee::MatchRecord& record) {
  auto game = protocol::create_wire_game(record.config.game, record.rules_text);
  if (!game) return Error{"match " + match_id + ": " + game.message()};
  std::array<Episode, 2> out;
  for (Seat s : {0, 1}) {
    Episode& e = out[static_cast<std::size_t>(s)];
    e.match_id = match_id;
    e.game = record.config.game;
    e.rules = record.rules_text;
    e.seat = s;
    e.outcome = record.outcome;
    e.result = !record.outcome.winner ? 0 : *record.outcome.winner == s ? 1 : -1;
  }
  for (const auto& a : record.actions) {
    if (a.seat != 0 && a.seat != 1) return fail("match " + match_id + ": an action of no seat");
    const v1::GameView before = (*game)->wire_view(a.seat);
    auto played = (*game)->play_wire(a.seat, a.text);
    if (!played)
      return fail("match " + match_id + ": action '" + a.text + "' does not replay: " +
                  played.message());
    for (Seat s : {0, 1}) {
      const std::size_t vi = viewer_index(s);
      SeatStep step;
      step.seq = protocol::wire_seq(a.seq);
      step.actor = a.seat;
      step.told_move = played->move[vi];
      step.redacted = played->redacted[vi];
      step.told_events = played->events[vi];
      if (s == a.seat) {
        step.view_before = before;
        step.action = a.text;
        for (int i = 0; i < before.legal_moves_size(); ++i)
          if (before.legal_moves(i) == a.text) step.action_index = i;
      }
      out[static_cast<std::size_t>(s)].steps.push_back(std::move(step));
    }
  }
  return out;
}

std::string to_json_line(const Episode& e) {
  json steps = json::array();
  for (const auto& s : e.steps) {
    json events = json::array();
    for (const auto& ge : s.told_events) events.push_back(proto_json(ge));
    json step = {{"seq", s.seq},
                 {"actor", s.actor},
                 {"move", s.told_move},
                 {"redacted", s.redacted},
                 {"events", events}};
    if (s.view_before) {
      step["view"] = proto_json(*s.view_before);
      step["action"] = s.action;
      step["action_index"] = s.action_index;
    }
    steps.push_back(std::move(step));
  }
  const json out = {
      {"format", "boyi-observations/1"},
      {"match_id", e.match_id},
      {"game", e.game},
      {"rules", e.rules},
      {"seat", e.seat},
      {"result", e.result},
      {"outcome",
       {{"ending", ending_name(e.outcome.ending)},
        {"winner", e.outcome.winner ? json(*e.outcome.winner) : json(nullptr)},
        {"detail", e.outcome.detail}}},
      {"steps", steps},
  };
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace boyi::data_export
