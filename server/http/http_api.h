// HttpApi: the server's HTTP JSON routes: health, games and presets, house-bot levels,
// matches, records, standings (http_api.cc), and the web client's live list, replays and
// player profiles (http_web_api.cc). Tournaments and ratings add theirs
// (TournamentManager::add_http_routes). Nothing of a running match beyond its public summary
// goes out over HTTP.
#pragma once

#include <memory>

#include "server/core/presence.h"
#include "server/matches/match_index.h"
#include "server/net/http_routes.h"
#include "server/session/sessions.h"

namespace boyi::app {

class HttpApi : public std::enable_shared_from_this<HttpApi> {
 public:
  HttpApi(AppContext& app, Presence& presence, MatchIndex& matches, Sessions& sessions);

  void add_routes(net::HttpRoutes& routes);

 private:
  void add_web_routes(net::HttpRoutes& routes);
  void match_summary(const std::string& match_id, net::HttpResponder done);

  AppContext& app_;
  Presence& presence_;
  MatchIndex& matches_;
  Sessions& sessions_;
};

}  // namespace boyi::app
