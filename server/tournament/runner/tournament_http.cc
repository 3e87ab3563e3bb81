// TournamentManager: the HTTP API of tournaments and ratings (server/tournament/README.md,
// "HTTP API"). Reads are public once a game is over; creating tournaments and the admin
// commands need an admin account: "Authorization: Basic" (name and password) or "Bearer"
// (a token of an account with the admin role).
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"
#include "server/core/http_json.h"
#include "server/storage/rating_store.h"
#include "server/tournament/ops/report.h"
#include "server/tournament/runner/tournament_manager.h"
#include "server/tournament/runner/tournament_views.h"

namespace boyi::app {
namespace asio = boost::asio;
using Json = nlohmann::json;

namespace {

std::optional<storage::Id> number(const std::string& text) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(text);
}

// "/api/tournaments/7/games/12/views" -> {"7", "games", "12", "views"}.
std::vector<std::string> segments(const std::string& path, const std::string& prefix) {
  std::vector<std::string> out;
  std::string rest = path.size() > prefix.size() ? path.substr(prefix.size()) : "";
  std::size_t pos = 0;
  while (pos < rest.size()) {
    const auto slash = rest.find('/', pos);
    const std::string part = rest.substr(pos, slash == std::string::npos ? slash : slash - pos);
    if (!part.empty()) out.push_back(part);
    if (slash == std::string::npos) break;
    pos = slash + 1;
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view in) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::uint32_t buf = 0;
  int bits = 0;
  for (char c : in) {
    if (c == '=') break;
    const auto v = kAlphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;
    buf = (buf << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buf >> bits) & 0xFF));
    }
  }
  return out;
}

Json view_json(const google::protobuf::Message& m) {
  auto text = protocol::to_json_line(m, 16u << 20);
  if (!text) return Json(nullptr);
  return Json::parse(*text, nullptr, false);
}

}  // namespace

void TournamentManager::add_http_routes(net::HttpRoutes& routes) {
  std::weak_ptr<TournamentManager> weak = weak_from_this();
  // Reads run on the manager's strand (they query storage), off the connection's strand.
  const auto on_strand =
      [weak](std::function<void(TournamentManager&, const net::HttpRequest&, net::HttpResponder)>
                 work) {
        return [weak, work](const net::HttpRequest& req, net::HttpResponder done) {
          auto self = weak.lock();
          if (!self) return done(json_error(503, "shutting down"));
          asio::post(self->strand_, [self, work, req, done] { work(*self, req, done); });
        };
      };

  routes.add_route("GET", "/api/tournaments",
                   on_strand([](TournamentManager& m, const net::HttpRequest& req,
                                net::HttpResponder done) { m.http_get(req, std::move(done)); }));
  routes.add_route("POST", "/api/tournaments",
                   on_strand([](TournamentManager& m, const net::HttpRequest& req,
                                net::HttpResponder done) { m.http_post(req, std::move(done)); }));
  routes.add_route(
      "GET", "/api/ratings",
      on_strand([](TournamentManager& m, const net::HttpRequest& req, net::HttpResponder done) {
        m.http_ratings(req, std::move(done));
      }));
}

void TournamentManager::http_get(const net::HttpRequest& req, net::HttpResponder done) {
  const auto parts = segments(req.path, "/api/tournaments");
  if (parts.empty()) {
    auto rows = store_.list(query_value(req.query, "all") == "1", 200);
    if (!rows) return done(json_error(500, rows.message()));
    Json list = Json::array();
    for (const auto& row : *rows)
      if (auto t = tournament::load_tournament(store_, row.id); t)
        list.push_back(tournament::tournament_summary(*t));
    return done(json_response(200, Json{{"tournaments", list}}));
  }
  const auto id = number(parts[0]);
  if (!id) return done(json_error(404, "no tournament " + parts[0]));
  auto t = tournament::load_tournament(store_, *id);
  if (!t) return done(json_error(404, "no tournament " + parts[0]));
  if (parts.size() == 1) {
    auto report = tournament::load_report(app_.db, *id);
    if (!report) return done(json_error(500, report.message()));
    return done(json_response(200, *report));
  }
  if (parts.size() == 2 && (parts[1] == "records.json" || parts[1] == "records.txt"))
    return bundle(std::move(t).value(), parts[1] == "records.txt", std::move(done));
  if (parts.size() == 4 && parts[1] == "games" && parts[3] == "views") {
    const auto match = number(parts[2]);
    bool ours = false;
    for (const auto& g : t->game_rows) ours = ours || (match && g.match == *match);
    if (!ours)
      return done(json_error(404, "no game of this tournament played as match " + parts[2]));
    const std::string after = query_value(req.query, "after");
    std::optional<int> upto;
    if (!after.empty()) {
      auto n = number(after);
      if (!n || *n > 1'000'000) return done(json_error(400, "after: a number of actions"));
      upto = static_cast<int>(*n);
    }
    auto views = finished_game_views(app_.db, *match, upto);
    if (!views) return done(json_error(409, views.message()));
    return done(json_response(200, Json{{"match_id", parts[2]},
                                        {"actions", views->actions},
                                        {"after", views->after},
                                        {"outcome", view_json(views->outcome)},
                                        {"seat0", view_json(views->seat0)},
                                        {"seat1", view_json(views->seat1)},
                                        {"spectators", view_json(views->spectators)},
                                        {"full", view_json(views->full)}}));
  }
  done(json_error(404, "no such tournament resource"));
}

namespace {

// Collects the records of a tournament's finished games one match at a time, then answers.
class BundleCollector : public std::enable_shared_from_this<BundleCollector> {
 public:
  using Records = std::function<void(
      const std::string&,
      std::function<void(std::optional<std::string>, std::optional<std::string>)>)>;
  BundleCollector(std::vector<std::string> matches, Json summary, std::string name, bool text,
                  Records records, net::HttpResponder done)
      : matches_(std::move(matches)),
        summary_(std::move(summary)),
        name_(std::move(name)),
        text_(text),
        records_(std::move(records)),
        done_(std::move(done)) {}

  void next() {
    if (next_ == matches_.size()) return finish();
    const std::string match = matches_[next_++];
    records_(match, [self = shared_from_this()](std::optional<std::string> json,
                                                std::optional<std::string> txt) {
      if (json) {
        auto parsed = Json::parse(*json, nullptr, false);
        if (!parsed.is_discarded()) self->json_.push_back(std::move(parsed));
      }
      if (txt) self->texts_ += *txt + (!txt->empty() && txt->back() == '\n' ? "\n" : "\n\n");
      self->next();
    });
  }

 private:
  void finish() {
    if (text_) {
      net::HttpResponse r;
      r.content_type = "text/plain; charset=utf-8";
      r.body = std::move(texts_);
      r.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + name_ + ".txt\"");
      return done_(std::move(r));
    }
    auto r = json_response(200, Json{{"tournament", summary_}, {"records", json_}});
    r.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + name_ + ".json\"");
    done_(std::move(r));
  }

  std::vector<std::string> matches_;
  std::size_t next_ = 0;
  Json summary_;
  std::string name_;
  bool text_;
  Records records_;
  net::HttpResponder done_;
  Json json_ = Json::array();
  std::string texts_;
};

}  // namespace

void TournamentManager::bundle(tournament::LoadedTournament t, bool text, net::HttpResponder done) {
  std::vector<std::string> matches;
  for (const auto& g : t.game_rows)
    if (g.state == "done" && g.match && g.result != "void")
      matches.push_back(std::to_string(*g.match));
  auto collector = std::make_shared<BundleCollector>(
      std::move(matches), tournament::tournament_summary(t),
      "tournament-" + std::to_string(t.row.id), text,
      [weak = weak_from_this()](const std::string& id, auto done_one) {
        if (auto self = weak.lock()) return self->records(id, std::move(done_one));
        done_one(std::nullopt, std::nullopt);
      },
      std::move(done));
  collector->next();
}

void TournamentManager::http_ratings(const net::HttpRequest& req, net::HttpResponder done) {
  storage::RatingStore rs(app_.db);
  const std::string game = query_value(req.query, "game");
  const auto parts = segments(req.path, "/api/ratings");
  if (parts.empty()) {
    auto rows = rs.ratings(game, 500);
    if (!rows) return done(json_error(500, rows.message()));
    Json list = Json::array();
    for (const auto& r : *rows)
      list.push_back({{"user_id", std::to_string(r.user)},
                      {"name", r.name},
                      {"game", r.game},
                      {"rating", r.value.rating},
                      {"rd", r.value.rd},
                      {"volatility", r.value.volatility},
                      {"games", r.games},
                      {"updated_at", tournament::rfc3339(r.updated_ms)}});
    return done(json_response(200, Json{{"ratings", list}}));
  }
  auto user = app_.db.user_by_name(parts[0]);
  if (!user) return done(json_error(404, "no account " + parts[0]));
  auto history = rs.history(user->id, game, 1000);
  if (!history) return done(json_error(500, history.message()));
  Json list = Json::array();
  for (const auto& c : *history)
    list.push_back(
        {{"game", c.game},
         {"match_id", std::to_string(c.match)},
         {"opponent_id", c.opponent ? Json(std::to_string(*c.opponent)) : Json(nullptr)},
         {"score", c.score},
         {"before",
          {{"rating", c.before.rating}, {"rd", c.before.rd}, {"volatility", c.before.volatility}}},
         {"after",
          {{"rating", c.after.rating}, {"rd", c.after.rd}, {"volatility", c.after.volatility}}},
         {"at", tournament::rfc3339(c.wall_ms)}});
  done(json_response(200, Json{{"user", parts[0]}, {"history", list}}));
}

Result<storage::User> TournamentManager::http_admin(const net::HttpRequest& req) {
  const auto auth = req.header("Authorization");
  if (!auth) return fail("sign in: Authorization: Basic (an admin's name and password) or Bearer");
  Result<storage::User> user = fail("unsupported Authorization scheme");
  if (auth->rfind("Bearer ", 0) == 0) {
    user = accounts_.verify_token(auth->substr(7));
  } else if (auth->rfind("Basic ", 0) == 0) {
    auto decoded = base64_decode(auth->substr(6));
    const auto colon = decoded ? decoded->find(':') : std::string::npos;
    if (!decoded || colon == std::string::npos) return fail("malformed Basic credentials");
    const std::string name = decoded->substr(0, colon);
    accounts::SignInThrottle::Wait waited;
    user = accounts_.verify_password(name, decoded->substr(colon + 1), req.remote_address, waited);
    if (!user) {
      app_.metrics.sign_in_refused(waited ? "throttled" : "wrong_password");
      if (waited) {
        app_.log.warn("sign_in_throttled", {{"user", name},
                                            {"address", req.remote_address},
                                            {"wait_ms", waited.delay.count()},
                                            {"via", "http"}});
        const auto seconds = (waited.delay.count() + 999) / 1000;
        return fail("THROTTLED:" + std::to_string(seconds) + ":" + user.message());
      }
    }
  }
  if (!user) return user;
  if (user->role != storage::Role::kAdmin) return fail("FORBIDDEN: only an admin may do this");
  return user;
}

void TournamentManager::http_post(const net::HttpRequest& req, net::HttpResponder done) {
  auto admin = http_admin(req);
  if (!admin && admin.message().rfind("THROTTLED:", 0) == 0) {
    // "THROTTLED:<seconds>:<message>"
    const std::string rest = admin.message().substr(10);
    const auto colon = rest.find(':');
    auto r = json_error(429, rest.substr(colon + 1));
    r.headers.emplace_back("Retry-After", rest.substr(0, colon));
    return done(std::move(r));
  }
  if (!admin) {
    const bool forbidden = admin.message().rfind("FORBIDDEN:", 0) == 0;
    auto r =
        json_error(forbidden ? 403 : 401, forbidden ? admin.message().substr(10) : admin.message());
    if (!forbidden) r.headers.emplace_back("WWW-Authenticate", "Basic realm=\"boyi\"");
    return done(std::move(r));
  }
  const auto parts = segments(req.path, "/api/tournaments");
  if (parts.empty()) {
    const Json body = Json::parse(req.body, nullptr, false);
    if (body.is_discarded()) return done(json_error(400, "the body is not JSON"));
    auto spec = tournament::spec_from_json(body);
    if (!spec) return done(json_error(400, spec.message()));
    auto made = tournament::create_tournament(app_.db, accounts_, *spec, admin->id);
    if (!made) return done(json_error(400, made.message()));
    for (const auto& e : made->entrants)
      if (e.house_strength) {
        std::lock_guard lock(mu_);
        house_[e.user] = HouseChoice{static_cast<std::uint32_t>(*e.house_strength), e.house_engine};
      }
    app_.log.info("tournament_created", {{"tournament", made->id}, {"by", admin->name}});
    auto t = tournament::load_tournament(store_, made->id);
    if (!t) return done(json_error(500, t.message()));
    return done(json_response(201, tournament::tournament_summary(*t)));
  }
  const auto id = number(parts[0]);
  if (!id || parts.size() != 2) return done(json_error(404, "POST /api/tournaments/ID/COMMAND"));
  if (auto s = tournament::tournament_command(store_, *id, parts[1], admin->id); !s)
    return done(json_error(s.message().find("no tournament") == 0 ? 404 : 409, s.message()));
  app_.log.info("tournament_command",
                {{"tournament", *id}, {"command", parts[1]}, {"by", admin->name}});
  if (was_running_) reconcile(*id);  // else the server running the tournaments polls it
  auto t = tournament::load_tournament(store_, *id);
  if (!t) return done(json_error(500, t.message()));
  done(json_response(200, tournament::tournament_summary(*t)));
}

}  // namespace boyi::app
