// The HTTP routes the web client needs beyond the general API (http_api.cc):
//   GET /api/live                       running matches with their spectator counts
//   GET /api/replay/ID?viewer=V         a finished match's record with the view (and the
//                                       events) after every step, for V = 0 or 1 (that seat's
//                                       view), public (a spectator's) or full (every identity; the
//                                       default)
//   GET /api/players/NAME               a player's profile (NAME: a username or a user id
//                                       "u17"): recent finished matches and a rating history
//                                       per game
// Replays are built only from finished matches' records, which are public after the end.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"
#include "protocol/wire/wire_game.h"
#include "server/core/http_json.h"
#include "server/hosting/storage_journal.h"
#include "server/http/http_api.h"
#include "server/net/static_files.h"

namespace boyi::app {

namespace {

constexpr std::size_t kReplayJsonLimit = 32u << 20;
constexpr int kProfileMatches = 1000;
constexpr double kEloStart = 1500.0;
constexpr double kEloK = 32.0;

std::string tail_after(const std::string& path, const std::string& prefix) {
  std::string rest = path.size() > prefix.size() ? path.substr(prefix.size()) : "";
  if (!rest.empty() && rest.front() == '/') rest.erase(0, 1);
  return rest;
}

// One replay step: the viewer's view after it (the engine's text and the legal moves are
// left out: a replay shows positions, and they would triple the size of a long game) and the
// step's structured events as that viewer would have seen them (spectators' for "full").
Result<std::string> step_json(const protocol::WireGame& game, const std::string& viewer,
                              bool with_events) {
  const Seat seat = viewer == "0" ? 0 : viewer == "1" ? 1 : kPublic;
  v1::GameView view = viewer == "full" ? game.full_view() : game.wire_view(seat);
  view.clear_text();
  view.clear_legal_moves();
  auto v = protocol::to_json_line(view, kReplayJsonLimit);
  if (!v) return Error{v.message()};
  std::string out = "{\"view\":" + v.value() + ",\"events\":[";
  if (with_events) {
    bool first = true;
    for (const auto& e : game.last_events(seat)) {
      auto ej = protocol::to_json_line(e, kReplayJsonLimit);
      if (!ej) return Error{ej.message()};
      if (!first) out += ',';
      out += ej.value();
      first = false;
    }
  }
  return out + "]}";
}

// The record with each step (the start, then one per move), as one JSON object.
Result<std::string> replay_json(const v1::MatchRecord& record, const std::string& viewer) {
  auto game = protocol::create_wire_game(record.game(), record.rules());
  if (!game) return Error{game.message()};
  auto& g = *game.value();
  std::string steps = "[";
  auto first = step_json(g, viewer, false);
  if (!first) return Error{first.message()};
  steps += first.value();
  for (const auto& m : record.moves()) {
    if (auto played = g.play_wire(m.actor(), m.move()); !played)
      return Error{"move " + std::to_string(m.seq()) + " does not replay: " + played.message()};
    auto step = step_json(g, viewer, true);
    if (!step) return Error{step.message()};
    steps += ',';
    steps += step.value();
  }
  steps += ']';
  auto rec = protocol::to_json_line(record, kReplayJsonLimit);
  if (!rec) return Error{rec.message()};
  return "{\"viewer\":" + nlohmann::json(viewer).dump() + ",\"record\":" + rec.value() +
         ",\"steps\":" + steps + "}";
}

double expected_score(double rating, double opponent) {
  return 1.0 / (1.0 + std::pow(10.0, (opponent - rating) / 400.0));
}

}  // namespace

void HttpApi::add_web_routes(net::HttpRoutes& routes) {
  std::weak_ptr<HttpApi> weak = weak_from_this();

  routes.add_route("GET", "/api/live", [weak](const net::HttpRequest&) {
    auto api = weak.lock();
    if (!api) return json_error(503, "shutting down");
    const auto snaps = api->matches_.running_everywhere();
    nlohmann::json out = nlohmann::json::array();
    for (const auto& s : snaps) {
      if (s.finished || s.match_id.empty()) continue;
      nlohmann::json players = nlohmann::json::array();
      for (int i = 0; i < 2; ++i) {
        const auto& p = s.players[static_cast<std::size_t>(i)];
        players.push_back({{"user_id", user_id_text(p.id)},
                           {"name", p.display_name},
                           {"username", p.username},
                           {"role", v1::Role_Name(p.role)},
                           {"seat", i}});
      }
      out.push_back({{"match_id", s.match_id},
                     {"game", s.game},
                     {"preset", s.preset},
                     {"ply", s.ply},
                     {"spectators", s.spectators},
                     {"players", players}});
    }
    return json_response(200, nlohmann::json{{"matches", out}}.dump());
  });

  routes.add_route("GET", "/api/replay",
                   [weak](const net::HttpRequest& req, net::HttpResponder done) {
                     auto api = weak.lock();
                     if (!api) return done(json_error(503, "shutting down"));
                     const std::string id = tail_after(req.path, "/api/replay");
                     std::string viewer = query_value(req.query, "viewer");
                     if (viewer.empty()) viewer = "full";
                     if (viewer != "0" && viewer != "1" && viewer != "public" && viewer != "full")
                       return done(json_error(400, "viewer is 0, 1, public or full"));
                     auto host = api->matches_.find(id);
                     // Whether it is finished is asked on the match's strand (record_async):
                     // the referee ends before MatchEnded is sent, the host's snapshot after.
                     if (!host) return done(json_error(404, "no finished match " + id));
                     host->record_async([done, viewer, id](std::optional<v1::MatchRecord> record) {
                       if (!record) return done(json_error(404, "no finished match " + id));
                       auto body = replay_json(*record, viewer);
                       if (!body) return done(json_error(500, body.message()));
                       done(json_response(200, std::move(body).value()));
                     });
                   });

  routes.add_route("GET", "/api/players", [weak](const net::HttpRequest& req) {
    auto api = weak.lock();
    if (!api) return json_error(503, "shutting down");
    std::string name;
    if (!net::percent_decode(tail_after(req.path, "/api/players"), name) || name.empty())
      return json_error(400, "a player name is needed: /api/players/NAME");
    auto user = api->app_.db.user_by_name(name);
    // A user id ("u17") names a player too: the lobby and match lists give ids.
    if (!user && name.size() > 1 && name.size() < 19 && name[0] == 'u' &&
        name.find_first_not_of("0123456789", 1) == std::string::npos)
      user = api->app_.db.user_by_id(std::stoll(name.substr(1)));
    if (!user) return json_error(404, "no player " + name);
    const UserInfo me{user->id, user->name, user->name, role_of(*user)};
    auto recent = api->app_.db.recent_finished(kProfileMatches);
    if (!recent) return json_error(500, recent.message());
    auto matches = std::move(recent).value();
    std::reverse(matches.begin(), matches.end());  // oldest first, for the ratings
    // Elo over every finished game in the window, per game, for everyone (a player's
    // rating moves with the opponents' ratings at the time).
    std::map<std::pair<std::string, storage::Id>, double> rating;
    nlohmann::json history = nlohmann::json::object();
    nlohmann::json games = nlohmann::json::array();
    int wins = 0, draws = 0, losses = 0;
    for (const auto& m : matches) {
      if (m.outcome.ending == Ending::kAborted || !m.seats[0] || !m.seats[1]) continue;
      const std::array<storage::Id, 2> ids{*m.seats[0], *m.seats[1]};
      std::array<double, 2> r{};
      for (int s = 0; s < 2; ++s) {
        auto [it, _] = rating.try_emplace({m.game, ids[static_cast<std::size_t>(s)]}, kEloStart);
        r[static_cast<std::size_t>(s)] = it->second;
      }
      const double score0 = !m.outcome.winner ? 0.5 : (*m.outcome.winner == 0 ? 1.0 : 0.0);
      const double delta = kEloK * (score0 - expected_score(r[0], r[1]));
      rating[{m.game, ids[0]}] = r[0] + delta;
      rating[{m.game, ids[1]}] = r[1] - delta;
      const int seat = ids[0] == me.id ? 0 : ids[1] == me.id ? 1 : -1;
      if (seat < 0) continue;
      const auto su = static_cast<std::size_t>(seat);
      const double mine = rating[{m.game, ids[su]}];
      history[m.game].push_back({{"match_id", hosting::match_id_text(m.id)},
                                 {"ended_ms", m.ended_ms.value_or(0)},
                                 {"rating", std::lround(mine)}});
      std::string result = "draw";
      if (!m.outcome.winner)
        ++draws;
      else if (*m.outcome.winner == seat)
        ++wins, result = "win";
      else
        ++losses, result = "loss";
      auto opponent = api->presence_.user_info(ids[1 - su]);
      games.push_back({{"match_id", hosting::match_id_text(m.id)},
                       {"game", m.game},
                       {"preset", m.preset},
                       {"seat", seat},
                       {"opponent", opponent ? opponent->display_name : std::string()},
                       {"opponent_id", user_id_text(ids[1 - su])},
                       {"result", result},
                       {"ending", v1::Ending_Name(protocol::to_wire(m.outcome.ending))},
                       {"ended_ms", m.ended_ms.value_or(0)}});
    }
    std::reverse(games.begin(), games.end());  // newest first
    nlohmann::json ratings = nlohmann::json::object();
    for (const auto& [key, value] : rating)
      if (key.second == me.id) ratings[key.first] = std::lround(value);
    return json_response(200, nlohmann::json{{"user_id", user_id_text(me.id)},
                                             {"username", me.username},
                                             {"role", v1::Role_Name(me.role)},
                                             {"wins", wins},
                                             {"draws", draws},
                                             {"losses", losses},
                                             {"ratings", ratings},
                                             {"rating_history", history},
                                             {"matches", games}}
                                  .dump());
  });
}

}  // namespace boyi::app
