// The HTTP JSON API: games and presets, matches, records, standings, health.
#include "server/http/http_api.h"

#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"
#include "protocol/wire/wire_game.h"
#include "server/core/http_json.h"
#include "server/lobby/lobby.h"
#include "server/house/house_levels.h"

namespace boyi::app {

namespace {

constexpr std::size_t kHttpJsonLimit = 16u << 20;

net::HttpResponse proto_json(const google::protobuf::Message& m) {
  auto text = protocol::to_json_line(m, kHttpJsonLimit);
  if (!text) return json_error(500, text.message());
  return json_response(200, std::move(text).value());
}

// "/api/records/17.txt" -> ("17", "txt").
std::pair<std::string, std::string> id_and_suffix(const std::string& path,
                                                  const std::string& prefix) {
  std::string rest = path.size() > prefix.size() ? path.substr(prefix.size()) : "";
  if (!rest.empty() && rest.front() == '/') rest.erase(0, 1);
  std::string suffix;
  if (auto dot = rest.find('.'); dot != std::string::npos) {
    suffix = rest.substr(dot + 1);
    rest.resize(dot);
  }
  return {rest, suffix};
}

}  // namespace

HttpApi::HttpApi(AppContext& app, Presence& presence, MatchIndex& matches, Sessions& sessions)
    : app_(app), presence_(presence), matches_(matches), sessions_(sessions) {}

void HttpApi::add_routes(net::HttpRoutes& routes) {
  std::weak_ptr<HttpApi> weak = weak_from_this();

  routes.add_route("GET", "/healthz", [weak](const net::HttpRequest&) {
    auto api = weak.lock();
    if (!api) return json_error(503, "shutting down");
    nlohmann::json j{{"status", api->sessions_.shutting_down() ? "shutting_down" : "ok"},
                     {"matches_running", api->matches_.live_count()},
                     {"sessions", api->sessions_.count()},
                     {"users_online", api->presence_.count()}};
    return json_response(200, j.dump());
  });

  // The key that signs 军棋's fairness seals: what boyi-verify --key pins (protocol/README.md
  // §Fairness).
  routes.add_route("GET", "/api/fairness-key",
                   [key = app_.signing_key](const net::HttpRequest&) {
                     if (!key) return json_error(404, "this server signs no seals");
                     nlohmann::json j{{"scheme", "boyi-fair/1"}, {"public_key", key->public_hex()}};
                     return json_response(200, j.dump());
                   });

  routes.add_route("GET", "/api/games",
                   [](const net::HttpRequest&) { return proto_json(game_list()); });

  // The house bots' levels per game (house_levels.h).
  routes.add_route("GET", "/api/house-bots",
                   [enabled = app_.config.house_bots](const net::HttpRequest&) {
                     return json_response(200, house_levels_json(enabled));
                   });

  routes.add_route(
      "GET", "/api/matches", [weak](const net::HttpRequest& req, net::HttpResponder done) {
        auto api = weak.lock();
        if (!api) return done(json_error(503, "shutting down"));
        auto [id, suffix] = id_and_suffix(req.path, "/api/matches");
        if (!id.empty()) return api->match_summary(id, std::move(done));
        const auto list = api->matches_.list(query_value(req.query, "game"),
                                             query_value(req.query, "finished") != "0", 100);
        done(proto_json(list));
      });

  routes.add_route(
      "GET", "/api/records", [weak](const net::HttpRequest& req, net::HttpResponder done) {
        auto api = weak.lock();
        if (!api) return done(json_error(503, "shutting down"));
        auto [id, suffix] = id_and_suffix(req.path, "/api/records");
        const std::string format = query_value(req.query, "format");
        const bool text = suffix == "txt" || format == "text";
        if (!suffix.empty() && suffix != "txt" && suffix != "json")
          return done(json_error(404, "records are .json or .txt"));
        auto host = api->matches_.find(id);
        if (!host) return done(json_error(404, "no finished match " + id));
        host->records_async([done, text, id](std::optional<std::string> json,
                                             std::optional<std::string> txt) {
          if (!json) return done(json_error(404, "no finished match " + id));
          if (text) {
            if (!txt) return done(json_error(500, "no text record for match " + id));
            net::HttpResponse r;
            r.content_type = "text/plain; charset=utf-8";
            r.body = std::move(*txt);
            r.headers.emplace_back("Content-Disposition", "inline; filename=\"" + id + ".txt\"");
            return done(std::move(r));
          }
          done(json_response(200, std::move(*json)));
        });
      });

  routes.add_route("GET", "/api/standings", [weak](const net::HttpRequest&) {
    auto api = weak.lock();
    if (!api) return json_error(503, "shutting down");
    auto recent = api->app_.db.recent_finished(1000);
    if (!recent) return json_error(500, recent.message());
    struct Row {
      int played = 0, wins = 0, draws = 0, losses = 0;
    };
    std::map<std::string, Row> table;
    for (const auto& m : *recent) {
      if (m.outcome.ending == Ending::kAborted) continue;
      for (int s = 0; s < 2; ++s) {
        auto info = api->presence_.user_info(m.seats[static_cast<std::size_t>(s)].value_or(0));
        if (!info) continue;
        auto& row = table[info->username];
        ++row.played;
        if (!m.outcome.winner)
          ++row.draws;
        else if (*m.outcome.winner == s)
          ++row.wins;
        else
          ++row.losses;
      }
    }
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [name, r] : table)
      out.push_back({{"player", name},
                     {"played", r.played},
                     {"wins", r.wins},
                     {"draws", r.draws},
                     {"losses", r.losses},
                     {"points", r.wins * 2 + r.draws}});
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return a["points"].template get<int>() > b["points"].template get<int>();
    });
    return json_response(
        200, nlohmann::json{{"standings", out}, {"matches_counted", recent->size()}}.dump());
  });

  add_web_routes(routes);
}

void HttpApi::match_summary(const std::string& match_id, net::HttpResponder done) {
  const auto found = matches_.snapshot_of(match_id);
  if (!found) return done(json_error(404, "no match " + match_id));
  const MatchSnapshot& snap = *found;
  v1::MatchSummary w;
  w.set_match_id(snap.match_id);
  w.set_game(snap.game);
  w.set_preset(snap.preset);
  for (int i = 0; i < 2; ++i)
    *w.add_players() = to_player(snap.players[static_cast<std::size_t>(i)], i);
  w.set_ply(snap.ply);
  w.set_status(snap.finished ? v1::MATCH_STATUS_FINISHED : v1::MATCH_STATUS_RUNNING);
  if (snap.finished) *w.mutable_outcome() = protocol::to_wire(snap.outcome);
  done(proto_json(w));
}

}  // namespace boyi::app
