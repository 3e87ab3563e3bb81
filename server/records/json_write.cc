// Writing the JSON record (schema "boyi-record/2", see README.md).
#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "server/records/json_record.h"
#include "server/records/sides.h"

namespace boyi::records {

namespace {

using json = nlohmann::ordered_json;

json time_or_null(const std::optional<std::int64_t>& ms) {
  return ms ? json(format_utc(*ms)) : json(nullptr);
}

json config_json(const referee::MatchConfig& c) {
  const bool retry = c.illegal.kind == referee::IllegalMovePolicy::Kind::kRetry;
  return {
      {"rules_text", c.rules_text},
      {"time_control",
       {{"total_ms", c.time.total_ms},
        {"per_move_ms", c.time.per_move_ms},
        {"increment_ms", c.time.increment_ms},
        {"grace_ms", c.time.grace_ms}}},
      {"illegal_moves",
       {{"policy", retry ? "retry" : "lose_at_once"}, {"max_attempts", c.illegal.max_attempts}}},
      {"disconnect_grace_ms", c.disconnect_grace_ms},
      {"spectator_delay_plies", c.spectator_delay_plies},
  };
}

json fairness_json(const fairness::Disclosure& d) {
  json seats = json::array();
  for (Seat s : {0, 1}) {
    const auto& secrets = d.seats[static_cast<std::size_t>(s)];
    seats.push_back({{"seat", s},
                     {"root", secrets.root},
                     {"seed", secrets.seed},
                     {"client_commitment", secrets.client_commitment},
                     {"client_salt", secrets.client_salt}});
  }
  return {{"scheme", d.scheme},     {"public_key", d.public_key}, {"seats", seats},
          {"seq", d.seq},           {"chain", d.chain},           {"signature", d.signature}};
}

}  // namespace

std::string to_json(const referee::MatchRecord& record, const RecordMeta& meta) {
  const std::string& game = record.config.game;
  const auto names = colour_names(game);
  SeatColours colours(game);
  json actions = json::array();
  for (const auto& a : record.actions) {
    const bool seat_ok = a.seat == 0 || a.seat == 1;
    actions.push_back({{"seq", a.seq - kRefereeSeqOffset},
                       {"seat", a.seat},
                       {"colour", seat_ok ? names[colours.colour_of(a.seat)] : "?"},
                       {"text", a.text},
                       {"elapsed_ms", a.elapsed_ms},
                       {"clock_ms", {a.clock_ms[0], a.clock_ms[1]}}});
    if (auto c = meta.comments.find(a.seq); c != meta.comments.end())
      actions.back()["comment"] = c->second;
    colours.after(a.text);
  }
  json players = json::array();
  for (Seat s : {0, 1})
    players.push_back(
        {{"seat", s}, {"name", meta.players[s]}, {"colour", names[colours.colour_of(s)]}});
  const GameInfo* info = find_game(game);
  json out = {
      {"format", kJsonFormat},
      {"match_id", record.config.match_id},
      {"game", game},
      {"game_title", info ? std::string(info->title) : std::string()},
      {"preset", meta.preset},
      {"event", meta.event},
      {"place", meta.place},
      {"rated", meta.rated},
      {"start", time_or_null(meta.start_ms)},
      {"end", time_or_null(meta.end_ms)},
      {"display_utc_offset", format_utc_offset(meta.utc_offset_minutes)},
      {"players", players},
      {"rules", record.rules_text},
      {"config", config_json(record.config)},
      {"actions", actions},
      {"outcome",
       {{"ending", ending_name(record.outcome.ending)},
        {"winner", record.outcome.winner ? json(*record.outcome.winner) : json(nullptr)},
        {"detail", record.outcome.detail}}},
      {"final_position", record.final_text},
  };
  if (meta.fairness) out["fairness"] = fairness_json(*meta.fairness);
  if (!meta.audit.empty()) {
    json audit = json::array();
    for (const auto& e : meta.audit)
      audit.push_back({{"id", e.id},
                       {"at_ms", e.at_ms},
                       {"actor", e.actor},
                       {"action", e.action},
                       {"target", e.target},
                       {"detail", e.detail},
                       {"reason", e.reason},
                       {"match", e.match},
                       {"prev_hash", e.prev_hash},
                       {"hash", e.hash}});
    out["audit"] = std::move(audit);
  }
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace boyi::records
