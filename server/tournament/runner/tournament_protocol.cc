// TournamentManager: the protocol's tournament requests (list, subscribe, unsubscribe, join)
// and the TournamentStandings pushes to subscribers.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <cmath>

#include "engine/games.h"
#include "engine/protocol_openings.h"
#include "referee/presets.h"
#include "server/storage/rating_store.h"
#include "server/tournament/ops/report.h"
#include "server/tournament/plan.h"
#include "server/tournament/runner/tournament_manager.h"
#include "server/tournament/standings.h"

namespace boyi::app {
namespace asio = boost::asio;
using tournament::LoadedTournament;

namespace {

std::optional<storage::Id> parse_id(const std::string& text) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(text);
}

// The tournament a request names (its id parsed, or none), loaded.
Result<LoadedTournament> load_named(storage::TournamentStore& store,
                                    const std::optional<storage::Id>& id) {
  if (!id) return Error{"bad id"};
  return tournament::load_tournament(store, *id);
}

// An entrant whose bot bridges an engine of `protocol` ("" for none) can be told every
// opening of the tournament's suite from both seats, or why not (engine/protocol_openings.h).
Status engine_takes_openings(const LoadedTournament& t, const std::string& protocol) {
  if (protocol.empty() || t.settings.openings.empty()) return Status::Ok();
  std::string game = t.row.game, rules = t.row.rules;
  if (const referee::Preset* preset = referee::find_preset(t.row.preset)) {
    if (game.empty()) game = std::string(preset->game);
    if (rules.empty()) rules = std::string(preset->rules_text);
  }
  bool serves = false;
  visit_game(game, [&]<Game G>() { serves = engine_protocol<G>() == protocol; });
  if (!serves) return Status::Ok();  // the bot plays this game with a built-in engine
  if (auto s = check_protocol_suite(protocol, game, rules, t.settings.openings); !s)
    return fail("its opening suite cannot be played by an engine of that protocol: " + s.message());
  return Status::Ok();
}

// The fingerprint of what subscribers see: a push goes out when it changes.
std::string signature(const LoadedTournament& t) {
  std::string s(storage::to_string(t.row.status));
  int done = 0;
  for (const auto& g : t.game_rows) done += g.state == "done";
  return s + "/" + std::to_string(t.entrants.size()) + "/" + std::to_string(t.game_rows.size()) +
         "/" + std::to_string(done);
}

double bounded(double elo) {
  if (!std::isfinite(elo)) return elo > 0 ? 10000 : -10000;
  const double r = std::round(elo * 10) / 10;
  return r == 0 ? 0.0 : r;  // never "-0"
}

}  // namespace

void TournamentManager::send(const Peer& peer, v1::ServerMessage m) const {
  (void)send_to(peer, m, app_.max_frame());
}

void TournamentManager::error(const Peer& peer, std::uint64_t request_id, v1::ErrorCode code,
                              std::string text) const {
  app_.metrics.error(code);
  send(peer, error_message(request_id, code, std::move(text)));
}

v1::TournamentSummary TournamentManager::summary_message(const LoadedTournament& t) const {
  v1::TournamentSummary w;
  w.set_tournament_id(std::to_string(t.row.id));
  w.set_name(t.row.name);
  w.set_game(t.row.game);
  w.set_preset(t.row.preset);
  w.set_format(t.row.format);
  w.set_status(std::string(storage::to_string(t.row.status)));
  w.set_entrants(static_cast<std::uint32_t>(t.entrants.size()));
  std::uint32_t round = 0, done = 0, total = 0;
  for (const auto& g : t.game_rows) {
    round = std::max(round, static_cast<std::uint32_t>(g.round));
    if (g.result == "bye") continue;
    ++total;
    done += g.state == "done";
  }
  w.set_round(round);
  w.set_games_done(done);
  w.set_games_total(total);
  w.set_open(t.settings.open && t.row.status == storage::TournamentStatus::kCreated);
  w.set_result(t.row.result);
  return w;
}

v1::TournamentStandings TournamentManager::standings_message(
    const LoadedTournament& t, std::optional<storage::Id> finished_game) {
  v1::TournamentStandings out;
  *out.mutable_tournament() = summary_message(t);
  const auto st =
      tournament::compute_standings(t.settings, static_cast<int>(t.entrants.size()), t.games);
  for (auto b : st.tie_breaks) out.add_tie_breaks(std::string(tournament::tie_break_name(b)));
  storage::RatingStore ratings(app_.db);
  for (const auto& r : st.rows) {
    const auto& e = t.entrants[static_cast<std::size_t>(r.entrant)];
    auto* w = out.add_rows();
    w->set_rank(static_cast<std::uint32_t>(r.rank));
    w->set_entrant(static_cast<std::uint32_t>(r.entrant));
    auto* p = w->mutable_player();
    p->set_user_id(user_id_text(e.user));
    p->set_name(e.name);
    p->set_role(e.house_strength                    ? v1::ROLE_HOUSE_BOT
                : e.kind == storage::UserKind::kBot ? v1::ROLE_BOT
                                                    : v1::ROLE_HUMAN);
    p->set_seat(-1);
    w->set_games(static_cast<std::uint32_t>(r.wdl.games()));
    w->set_wins(static_cast<std::uint32_t>(r.wdl.wins));
    w->set_draws(static_cast<std::uint32_t>(r.wdl.draws));
    w->set_losses(static_cast<std::uint32_t>(r.wdl.losses));
    w->set_byes(static_cast<std::uint32_t>(r.byes));
    w->set_points(r.points);
    w->set_buchholz(r.buchholz);
    w->set_sonneborn_berger(r.sonneborn_berger);
    w->set_direct_encounter(r.direct_encounter);
    if (r.wdl.games() > 0) {
      w->set_elo(bounded(r.elo.elo));
      w->set_elo_lower(bounded(r.elo.lower));
      w->set_elo_upper(bounded(r.elo.upper));
    }
    w->set_place(static_cast<std::uint32_t>(r.place));
    if (auto rating = ratings.rating(e.user, t.row.game); rating && rating->has_value()) {
      w->set_rating(std::round((*rating)->value.rating * 10) / 10);
      w->set_rating_deviation(std::round((*rating)->value.rd * 10) / 10);
    }
  }
  if (finished_game) {
    for (const auto& g : t.game_rows) {
      if (g.id != *finished_game) continue;
      auto* lg = out.mutable_last_game();
      lg->set_round(static_cast<std::uint32_t>(g.round));
      lg->set_board(static_cast<std::uint32_t>(g.board));
      lg->set_game_no(static_cast<std::uint32_t>(g.game_no));
      for (int e : {g.seat0, g.seat1.value_or(-1)})
        if (e >= 0 && static_cast<std::size_t>(e) < t.entrants.size())
          lg->add_players(t.entrants[static_cast<std::size_t>(e)].name);
      if (g.match) lg->set_match_id(std::to_string(*g.match));
      lg->set_result(g.result);
      lg->set_ending(g.ending);
    }
  }
  if (t.settings.format == tournament::Format::kSprt)
    out.set_sprt(tournament::describe(tournament::sprt_of(t.settings, t.games)));
  for (const auto& a : announcements(t.row.id)) {
    auto* w = out.add_announcements();
    w->set_text(a.detail);
    w->set_at(tournament::rfc3339(a.wall_ms));
  }
  return out;
}

std::vector<storage::TournamentEvent> TournamentManager::announcements(storage::Id tournament) {
  std::vector<storage::TournamentEvent> out;
  auto events = store_.events(tournament, 10'000);
  if (!events) return out;
  for (auto& e : *events)
    if (e.kind == "announcement") out.push_back(std::move(e));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  if (out.size() > 20) out.erase(out.begin(), out.end() - 20);
  return out;
}

void TournamentManager::announce(const Peer& peer, std::uint64_t request_id, const UserInfo& admin,
                                 const std::string& tournament_id, const std::string& text) {
  asio::post(strand_, [self = shared_from_this(), peer, request_id, admin, tournament_id, text] {
    const auto id = parse_id(tournament_id);
    auto t = load_named(self->store_, id);
    if (!t)
      return self->error(peer, request_id, v1::ERROR_CODE_NOT_FOUND,
                         "no tournament " + tournament_id);
    if (text.empty() || text.size() > 500)
      return self->error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT,
                         "an announcement has 1 to 500 characters");
    if (auto s = self->store_.add_event(*id, "announcement", text, admin.id); !s)
      return self->error(peer, request_id, v1::ERROR_CODE_INTERNAL, s.message());
    storage::AuditEntry e;
    e.at_ms = storage::wall_clock_ms();
    e.actor = "admin " + admin.username;
    e.action = "tournament.announce";
    e.target = "tournament " + tournament_id;
    e.detail = text;
    if (auto stored = self->app_.db.append_audit(e); !stored)
      self->app_.log.error("audit_failed", {{"tournament", *id}, {"reason", stored.message()}});
    v1::ServerMessage m;
    m.set_request_id(request_id);
    m.mutable_ack();
    self->send(peer, std::move(m));
    self->push_if_changed(*t, std::nullopt);
  });
}

void TournamentManager::push_if_changed(const LoadedTournament& t,
                                        std::optional<storage::Id> finished_game) {
  std::vector<Peer> peers;
  {
    std::lock_guard lock(mu_);
    auto it = subscribers_.find(t.row.id);
    if (it == subscribers_.end() || it->second.empty()) return;
    // A new announcement is a change too.
    const auto said = announcements(t.row.id);
    const std::string sig =
        signature(t) + "/" + (said.empty() ? "0" : std::to_string(said.back().id));
    if (signatures_[t.row.id] == sig) return;
    signatures_[t.row.id] = sig;
    peers = it->second;
  }
  v1::ServerMessage m;
  *m.mutable_tournament_standings() = standings_message(t, finished_game);
  Outgoing out(std::move(m), app_.max_frame());
  std::set<std::uint64_t> gone;
  for (const auto& p : peers)
    if (!p.conn->is_open() || !out.send(p)) gone.insert(p.conn->id());
  if (gone.empty()) return;
  std::lock_guard lock(mu_);
  auto& list = subscribers_[t.row.id];
  std::erase_if(list, [&](const Peer& p) { return gone.count(p.conn->id()) > 0; });
}

void TournamentManager::list(const Peer& peer, std::uint64_t request_id, bool include_finished) {
  asio::post(strand_, [self = shared_from_this(), peer, request_id, include_finished] {
    auto rows = self->store_.list(include_finished, 100);
    if (!rows) return self->error(peer, request_id, v1::ERROR_CODE_INTERNAL, rows.message());
    v1::ServerMessage m;
    m.set_request_id(request_id);
    auto* list = m.mutable_tournament_list();
    for (const auto& row : *rows) {
      auto t = tournament::load_tournament(self->store_, row.id);
      if (t) *list->add_tournaments() = self->summary_message(*t);
    }
    self->send(peer, std::move(m));
  });
}

void TournamentManager::subscribe(const Peer& peer, std::uint64_t request_id,
                                  const std::string& tournament_id) {
  asio::post(strand_, [self = shared_from_this(), peer, request_id, tournament_id] {
    const auto id = parse_id(tournament_id);
    auto t = load_named(self->store_, id);
    if (!t)
      return self->error(peer, request_id, v1::ERROR_CODE_NOT_FOUND,
                         "no tournament " + tournament_id);
    {
      std::lock_guard lock(self->mu_);
      auto& list = self->subscribers_[*id];
      std::erase_if(list, [&](const Peer& p) {
        return !p.conn->is_open() || p.conn->id() == peer.conn->id();
      });
      list.push_back(peer);
      const auto said = self->announcements(*id);
      self->signatures_[*id] =
          signature(*t) + "/" + (said.empty() ? "0" : std::to_string(said.back().id));
    }
    v1::ServerMessage m;
    m.set_request_id(request_id);
    *m.mutable_tournament_standings() = self->standings_message(*t, std::nullopt);
    self->send(peer, std::move(m));
  });
}

void TournamentManager::unsubscribe(const Peer& peer, std::uint64_t request_id,
                                    const std::string& tournament_id) {
  asio::post(strand_, [self = shared_from_this(), peer, request_id, tournament_id] {
    const auto id = parse_id(tournament_id);
    {
      std::lock_guard lock(self->mu_);
      if (id)
        if (auto it = self->subscribers_.find(*id); it != self->subscribers_.end())
          std::erase_if(it->second, [&](const Peer& p) { return p.conn->id() == peer.conn->id(); });
    }
    v1::ServerMessage m;
    m.set_request_id(request_id);
    m.mutable_ack();
    self->send(peer, std::move(m));
  });
}

void TournamentManager::join(const Peer& peer, std::uint64_t request_id, const UserInfo& user,
                             const std::string& tournament_id, const std::string& engine_protocol) {
  asio::post(
      strand_, [self = shared_from_this(), peer, request_id, user, tournament_id, engine_protocol] {
        const auto id = parse_id(tournament_id);
        auto t = load_named(self->store_, id);
        if (!t)
          return self->error(peer, request_id, v1::ERROR_CODE_NOT_FOUND,
                             "no tournament " + tournament_id);
        if (user.role == v1::ROLE_GUEST || user.role == v1::ROLE_HOUSE_BOT)
          return self->error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                             "guests cannot enter tournaments: sign in with an account");
        if (t->row.status != storage::TournamentStatus::kCreated)
          return self->error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                             "tournament " + tournament_id + " has started: entrants join before");
        if (!t->settings.open)
          return self->error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                             "tournament " + tournament_id + " is by invitation: ask an admin");
        if (static_cast<int>(t->entrants.size()) >= tournament::kMaxEntrants)
          return self->error(peer, request_id, v1::ERROR_CODE_CONFLICT, "the tournament is full");
        if (auto s = engine_takes_openings(*t, engine_protocol); !s)
          return self->error(peer, request_id, v1::ERROR_CODE_NOT_ALLOWED,
                             "tournament " + tournament_id + ": " + s.message());
        if (auto s = self->store_.add_entrant(*id, {user.id, std::nullopt}, user.id); !s)
          return self->error(peer, request_id, v1::ERROR_CODE_CONFLICT, s.message());
        self->app_.log.info("tournament_joined", {{"tournament", *id}, {"user", user.username}});
        v1::ServerMessage m;
        m.set_request_id(request_id);
        m.mutable_ack();
        self->send(peer, std::move(m));
        if (auto again = tournament::load_tournament(self->store_, *id); again)
          self->push_if_changed(*again, std::nullopt);
      });
}

void TournamentManager::add_routes(RequestRoutes& routes) {
  using C = v1::ClientMessage;
  const auto route = [weak = weak_from_this()](const Request& r) {
    auto self = weak.lock();
    if (!self) return r.error(v1::ERROR_CODE_SHUTTING_DOWN, "tournaments are not running");
    const auto& m = r.message();
    switch (m.body_case()) {
      case C::kListTournaments:
        return self->list(r.peer(), r.id(), m.list_tournaments().include_finished());
      case C::kSubscribeTournament:
        return self->subscribe(r.peer(), r.id(), m.subscribe_tournament().tournament_id());
      case C::kUnsubscribeTournament:
        return self->unsubscribe(r.peer(), r.id(), m.unsubscribe_tournament().tournament_id());
      case C::kJoinTournament:
        return self->join(r.peer(), r.id(), r.user(), m.join_tournament().tournament_id(),
                          m.join_tournament().engine_protocol());
      case C::kAnnounceTournament:
        return self->announce(r.peer(), r.id(), r.user(), m.announce_tournament().tournament_id(),
                              m.announce_tournament().text());
      default:
        return;
    }
  };
  for (auto kind : {C::kListTournaments, C::kSubscribeTournament, C::kUnsubscribeTournament,
                    C::kJoinTournament})
    routes.add(kind, Access::kSignedIn, route);
  routes.add(C::kAnnounceTournament, Access::kAdmin, route);
}

}  // namespace boyi::app
