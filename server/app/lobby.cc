// The hub's lobby: games and presets, who is online, seeks, challenges, automatic pairing,
// house bots, and starting, finding and listing matches.
#include <boost/asio/post.hpp>
#include <random>

#include "engine/registry.h"
#include "server/app/hub_internal.h"
#include "server/referee/presets.h"

namespace boyi::app {
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kMaxSeeksPerUser = 10;
constexpr std::size_t kMaxChallengesPerUser = 20;

v1::TimeControl wire_time(const referee::TimeControl& t) {
  v1::TimeControl w;
  w.set_total_ms(static_cast<std::uint32_t>(t.total_ms));
  w.set_per_move_ms(static_cast<std::uint32_t>(t.per_move_ms));
  w.set_increment_ms(static_cast<std::uint32_t>(t.increment_ms));
  return w;
}

}  // namespace

v1::GameList game_list() {
  v1::GameList list;
  for (const auto& g : games()) {
    auto* info = list.add_games();
    info->set_name(std::string(g.name));
    info->set_title(std::string(g.title));
    info->set_english(std::string(g.english));
    info->set_default_rules(g.default_rules);
    for (const auto& p : referee::presets()) {
      if (p.game != g.name) continue;
      auto* w = info->add_presets();
      w->set_name(std::string(p.name));
      w->set_game(std::string(p.game));
      auto made = create_game(p.game, p.rules_text);
      w->set_rules(made ? made.value()->rules_text() : std::string(p.rules_text));
      *w->mutable_time_control() = wire_time(p.time);
      w->set_description(std::string(p.description));
    }
  }
  return list;
}

Result<Hub::Resolved> Hub::resolve(const v1::MatchSetup& setup) const {
  Resolved r;
  const referee::Preset* preset = nullptr;
  if (!setup.preset().empty()) {
    preset = referee::find_preset(setup.preset());
    if (!preset) return Error{"NOT_FOUND:no preset named '" + setup.preset() + "'"};
    r.preset = setup.preset();
    r.config = referee::config_from_preset(*preset, "");
  }
  if (!setup.game().empty()) {
    if (!find_game(setup.game())) return Error{"UNKNOWN_GAME:no game named '" + setup.game() + "'"};
    if (preset && preset->game != setup.game())
      return Error{"INVALID_ARGUMENT:preset " + setup.preset() + " is a game of " +
                   std::string(preset->game) + ", not " + setup.game()};
    r.config.game = setup.game();
  }
  if (!preset && setup.game().empty())
    return Error{"INVALID_ARGUMENT:a setup names a preset or a game"};
  if (!setup.rules().empty()) r.config.rules_text = setup.rules();
  auto game = create_game(r.config.game, r.config.rules_text);
  if (!game) return Error{"BAD_RULES:" + game.message()};
  r.config.rules_text = game.value()->rules_text();
  if (setup.has_time_control()) {
    const auto& t = setup.time_control();
    r.config.time.total_ms = t.total_ms() == 0 ? referee::kMaxTotalMs : t.total_ms();
    r.config.time.per_move_ms = t.per_move_ms();
    r.config.time.increment_ms = t.increment_ms();
    if (!preset) r.config.time.grace_ms = app_.config.default_time.grace_ms;
  } else if (!preset) {
    r.config.time = app_.config.default_time;
  }
  const int attempts = app_.config.illegal_move_attempts;
  r.config.illegal = attempts <= 1 ? referee::IllegalMovePolicy::lose_at_once()
                                   : referee::IllegalMovePolicy::retry(attempts);
  r.config.disconnect_grace_ms = app_.config.disconnect_grace_ms;
  r.config.spectator_delay_plies = app_.config.spectator_delay_plies;
  r.config.match_id = "pending";
  if (auto s = r.config.validate(); !s) return Error{"INVALID_ARGUMENT:" + s.message()};
  if (setup.seat() < -1 || setup.seat() > 1)
    return Error{"INVALID_ARGUMENT:seat must be 0, 1 or -1 (either)"};
  r.seat = setup.seat();
  r.wire.set_preset(r.preset);
  r.wire.set_game(r.config.game);
  r.wire.set_rules(r.config.rules_text);
  *r.wire.mutable_time_control() = wire_time(r.config.time);
  r.wire.set_seat(r.seat);
  return r;
}

namespace {
// "CODE:message" from resolve() into an error reply.
std::pair<v1::ErrorCode, std::string> split_error(const std::string& e) {
  const auto colon = e.find(':');
  const std::string code = e.substr(0, colon);
  const std::string text = colon == std::string::npos ? e : e.substr(colon + 1);
  v1::ErrorCode c = v1::ERROR_CODE_INVALID_ARGUMENT;
  if (code == "NOT_FOUND") c = v1::ERROR_CODE_NOT_FOUND;
  if (code == "UNKNOWN_GAME") c = v1::ERROR_CODE_UNKNOWN_GAME;
  if (code == "BAD_RULES") c = v1::ERROR_CODE_BAD_RULES;
  return {c, text};
}
}  // namespace

void Hub::list_games(const Session& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  *m.mutable_game_list() = game_list();
  reply(s, std::move(m));
}

v1::OnlineUser Hub::online_user_locked(storage::Id user) const {
  v1::OnlineUser u;
  auto it = users_.find(user);
  const UserInfo info = user == house_.id    ? house_
                        : it != users_.end() ? it->second
                                             : UserInfo{user, "", "", v1::ROLE_UNSPECIFIED};
  *u.mutable_user() = to_player(info, -1);
  if (auto p = playing_.find(user); p != playing_.end())
    for (const auto& id : p->second) u.add_playing(id);
  return u;
}

void Hub::list_online(const Session& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    auto* list = m.mutable_online_list();
    if (app_.config.house_bots) *list->add_users() = online_user_locked(house_.id);
    for (const auto& [id, conns] : online_) *list->add_users() = online_user_locked(id);
  }
  reply(s, std::move(m));
}

v1::Seek Hub::wire_seek(const SeekEntry& e) const {
  v1::Seek s;
  s.set_seek_id(e.id);
  *s.mutable_owner() = to_player(e.owner, -1);
  *s.mutable_setup() = e.setup.wire;
  return s;
}

v1::Challenge Hub::wire_challenge(const ChallengeEntry& e) const {
  v1::Challenge c;
  c.set_challenge_id(e.id);
  *c.mutable_from() = to_player(e.from, -1);
  *c.mutable_to() = to_player(e.to, -1);
  *c.mutable_setup() = e.setup.wire;
  return c;
}

void Hub::subscribe_lobby(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    s->lobby = true;
    auto* snap = m.mutable_lobby_snapshot();
    if (app_.config.house_bots) *snap->add_users() = online_user_locked(house_.id);
    for (const auto& [id, conns] : online_) *snap->add_users() = online_user_locked(id);
    for (const auto& [id, e] : seeks_) *snap->add_seeks() = wire_seek(*e);
    for (const auto& [id, e] : challenges_)
      if (e->from.id == s->user->id || e->to.id == s->user->id)
        *snap->add_challenges() = wire_challenge(*e);
  }
  reply(*s, std::move(m));
}

void Hub::lobby_broadcast_locked(const v1::LobbyUpdate& update) {
  v1::ServerMessage m;
  *m.mutable_lobby_update() = update;
  Outgoing out(std::move(m), app_.max_frame());
  for (const auto& [id, s] : sessions_)
    if (s->lobby && s->user) out.send(s->peer());
}

void Hub::send_user_locked(storage::Id user, const v1::ServerMessage& m) {
  auto it = online_.find(user);
  if (it == online_.end()) return;
  Outgoing out(m, app_.max_frame());
  for (auto id : it->second)
    if (auto s = sessions_.find(id); s != sessions_.end()) out.send(s->second->peer());
}

std::vector<Peer> Hub::peers_of_locked(storage::Id user) const {
  std::vector<Peer> peers;
  auto it = online_.find(user);
  if (it == online_.end()) return peers;
  for (auto id : it->second)
    if (auto s = sessions_.find(id); s != sessions_.end()) peers.push_back(s->second->peer());
  return peers;
}

void Hub::close_user_offers_locked(storage::Id user) {
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    if (it->second->owner.id == user) {
      v1::LobbyUpdate u;
      u.set_seek_closed(it->first);
      it = seeks_.erase(it);
      lobby_broadcast_locked(u);
    } else {
      ++it;
    }
  }
  std::erase_if(pool_, [&](const auto& p) { return p->user.id == user; });
  for (auto it = challenges_.begin(); it != challenges_.end();) {
    auto& c = *it->second;
    if (c.from.id == user || c.to.id == user) {
      v1::ServerMessage m;
      auto* cc = m.mutable_lobby_update()->mutable_challenge_closed();
      cc->set_challenge_id(c.id);
      cc->set_reason(v1::ChallengeClosed::REASON_CANCELLED);
      cc->set_message("the player went offline");
      send_user_locked(c.from.id == user ? c.to.id : c.from.id, m);
      if (c.expiry) c.expiry->cancel();
      it = challenges_.erase(it);
    } else {
      ++it;
    }
  }
}

// --- seeks -----------------------------------------------------------------------------

void Hub::create_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  auto r = resolve(m.create_seek().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  v1::ServerMessage out;
  out.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    std::size_t mine = 0;
    for (const auto& [id, e] : seeks_) mine += e->owner.id == s->user->id;
    if (mine >= kMaxSeeksPerUser)
      return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "too many open seeks");
    auto e = std::make_unique<SeekEntry>();
    e->id = "k" + std::to_string(++next_offer_);
    e->owner = *s->user;
    e->setup = std::move(r).value();
    *out.mutable_seek_created()->mutable_seek() = wire_seek(*e);
    v1::LobbyUpdate u;
    *u.mutable_seek_opened() = wire_seek(*e);
    seeks_[e->id] = std::move(e);
    lobby_broadcast_locked(u);
  }
  reply(*s, std::move(out));
}

void Hub::cancel_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(m.cancel_seek().seek_id());
    if (it == seeks_.end() || it->second->owner.id != s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "you have no seek " + m.cancel_seek().seek_id());
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(m.cancel_seek().seek_id());
    lobby_broadcast_locked(u);
  }
  ack(*s, rid);
}

void Hub::accept_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  std::unique_ptr<SeekEntry> seek;
  std::vector<Peer> owner_peers, my_peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(m.accept_seek().seek_id());
    if (it == seeks_.end())
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "no open seek " + m.accept_seek().seek_id());
    if (it->second->owner.id == s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "that is your own seek");
    seek = std::move(it->second);
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(seek->id);
    lobby_broadcast_locked(u);
    owner_peers = peers_of_locked(seek->owner.id);
    my_peers = peers_of_locked(s->user->id);
    me = *s->user;
  }
  ack(*s, rid);
  start_match(seek->setup, seek->owner, owner_peers, me, my_peers, false, 0);
}

// --- challenges ----------------------------------------------------------------------------

void Hub::send_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  const auto& in = m.send_challenge();
  auto r = resolve(in.setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  auto target = app_.db.user_by_name(in.opponent());
  v1::ServerMessage out;
  out.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    if (!target || !online_.contains(target->id))
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND, in.opponent() + " is not online");
    if (target->id == s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, "you cannot challenge yourself");
    std::size_t mine = 0;
    for (const auto& [id, e] : challenges_) mine += e->from.id == s->user->id;
    if (mine >= kMaxChallengesPerUser)
      return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "too many open challenges");
    auto e = std::make_unique<ChallengeEntry>();
    e->id = "c" + std::to_string(++next_offer_);
    e->from = *s->user;
    e->to = users_.at(target->id);
    e->setup = std::move(r).value();
    e->expiry = std::make_shared<asio::steady_timer>(app_.ioc);
    e->expiry->expires_after(std::chrono::milliseconds(app_.config.challenge_expiry_ms));
    e->expiry->async_wait(
        [self = weak_from_this(), id = e->id](const boost::system::error_code& ec) {
          auto hub = self.lock();
          if (ec || !hub) return;
          std::lock_guard hub_lock(hub->mu_);
          auto it = hub->challenges_.find(id);
          if (it == hub->challenges_.end()) return;
          v1::ServerMessage closed;
          auto* cc = closed.mutable_lobby_update()->mutable_challenge_closed();
          cc->set_challenge_id(id);
          cc->set_reason(v1::ChallengeClosed::REASON_EXPIRED);
          hub->send_user_locked(it->second->from.id, closed);
          hub->send_user_locked(it->second->to.id, closed);
          hub->challenges_.erase(it);
        });
    *out.mutable_challenge_sent()->mutable_challenge() = wire_challenge(*e);
    v1::ServerMessage push;
    *push.mutable_lobby_update()->mutable_challenge_received() = wire_challenge(*e);
    send_user_locked(e->to.id, push);
    challenges_[e->id] = std::move(e);
  }
  reply(*s, std::move(out));
}

void Hub::answer_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  const auto& in = m.answer_challenge();
  std::unique_ptr<ChallengeEntry> c;
  std::vector<Peer> from_peers, to_peers;
  {
    std::lock_guard lock(mu_);
    auto it = challenges_.find(in.challenge_id());
    if (it == challenges_.end() || it->second->to.id != s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "no challenge " + in.challenge_id() + " to you");
    c = std::move(it->second);
    challenges_.erase(it);
    if (c->expiry) c->expiry->cancel();
    v1::ServerMessage closed;
    auto* cc = closed.mutable_lobby_update()->mutable_challenge_closed();
    cc->set_challenge_id(c->id);
    cc->set_reason(in.accept() ? v1::ChallengeClosed::REASON_ACCEPTED
                               : v1::ChallengeClosed::REASON_DECLINED);
    cc->set_message(in.message().substr(0, 500));
    send_user_locked(c->from.id, closed);
    send_user_locked(c->to.id, closed);
    from_peers = peers_of_locked(c->from.id);
    to_peers = peers_of_locked(c->to.id);
  }
  ack(*s, rid);
  if (in.accept()) start_match(c->setup, c->from, from_peers, c->to, to_peers, false, 0);
}

void Hub::cancel_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    auto it = challenges_.find(m.cancel_challenge().challenge_id());
    if (it == challenges_.end() || it->second->from.id != s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "you sent no challenge " + m.cancel_challenge().challenge_id());
    auto c = std::move(it->second);
    challenges_.erase(it);
    if (c->expiry) c->expiry->cancel();
    v1::ServerMessage closed;
    auto* cc = closed.mutable_lobby_update()->mutable_challenge_closed();
    cc->set_challenge_id(c->id);
    cc->set_reason(v1::ChallengeClosed::REASON_CANCELLED);
    send_user_locked(c->from.id, closed);
    send_user_locked(c->to.id, closed);
  }
  ack(*s, rid);
}

// --- pairing and house bots ---------------------------------------------------------------

void Hub::auto_pair(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  auto r = resolve(m.auto_pair().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  std::unique_ptr<PoolEntry> partner;
  std::vector<Peer> partner_peers, my_peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    for (const auto& p : pool_)
      if (p->user.id == s->user->id)
        return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "already waiting to be paired");
    const std::string key = r->key();
    for (auto it = pool_.begin(); it != pool_.end(); ++it) {
      if ((*it)->setup.key() == key) {
        partner = std::move(*it);
        pool_.erase(it);
        break;
      }
    }
    if (!partner) {
      auto e = std::make_unique<PoolEntry>();
      e->user = *s->user;
      e->setup = std::move(r).value();
      pool_.push_back(std::move(e));
    } else {
      partner_peers = peers_of_locked(partner->user.id);
      my_peers = peers_of_locked(s->user->id);
      me = *s->user;
    }
  }
  ack(*s, rid);
  if (partner) start_match(partner->setup, partner->user, partner_peers, me, my_peers, false, 0);
}

void Hub::cancel_auto_pair(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  {
    std::lock_guard lock(mu_);
    const auto before = pool_.size();
    std::erase_if(pool_, [&](const auto& p) { return p->user.id == s->user->id; });
    if (before == pool_.size())
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND, "you are not waiting to be paired");
  }
  ack(*s, rid);
}

void Hub::play_house_bot(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (!app_.config.house_bots)
    return reply_error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                       "house bots are turned off on this server");
  if (m.play_house_bot().strength() > 10)
    return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                       "strength is 1..10 (0: the default)");
  auto r = resolve(m.play_house_bot().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  std::vector<Peer> peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    peers = peers_of_locked(s->user->id);
    me = *s->user;
  }
  ack(*s, rid);
  start_match(*r, me, peers, house_, {}, true, m.play_house_bot().strength());
}

// --- matches --------------------------------------------------------------------------------

void Hub::start_match(const Resolved& setup, UserInfo first, std::vector<Peer> first_peers,
                      UserInfo second, std::vector<Peer> second_peers, bool second_is_house,
                      std::uint32_t house_strength) {
  int first_seat = setup.seat;
  if (first_seat < 0) first_seat = static_cast<int>(std::random_device{}() & 1U);
  std::array<UserInfo, 2> players;
  std::array<std::vector<Peer>, 2> peers;
  players[static_cast<std::size_t>(first_seat)] = first;
  players[static_cast<std::size_t>(1 - first_seat)] = second;
  peers[static_cast<std::size_t>(first_seat)] = std::move(first_peers);
  peers[static_cast<std::size_t>(1 - first_seat)] = std::move(second_peers);
  const auto fail_all = [&](const std::string& why) {
    app_.log.error("match_not_created", {{"reason", why}});
    for (const auto& ps : peers)
      for (const auto& p : ps)
        (void)send_to(
            p, error_message(0, v1::ERROR_CODE_INTERNAL, "the match could not be created: " + why),
            app_.max_frame());
  };
  auto stored = hosting::create_stored_match(app_.db, setup.config, {players[0].id, players[1].id},
                                             setup.preset, false);
  if (!stored) return fail_all(stored.message());
  StoredMatch sm;
  sm.config = std::move(stored).value();
  sm.seats = {players[0].id, players[1].id};
  sm.preset = setup.preset;
  sm.started_ms = storage::wall_clock_ms();
  const std::string id = sm.config.match_id;
  auto host = std::make_shared<MatchHost>(app_, std::move(sm), players);
  if (second_is_house)
    host->set_house_player(
        1 - first_seat,
        make_house_player(house_strength, setup.config.game, setup.config.rules_text,
                          1 - first_seat, std::random_device{}()));
  {
    std::lock_guard lock(mu_);
    matches_[id] = host;
    for (const auto& p : players) playing_[p.id].insert(id);
  }
  host->start(std::move(peers), [self = shared_from_this(), id, players](Status s) {
    if (s) return;
    Outcome aborted{Ending::kAborted, std::nullopt, "the match could not start: " + s.message()};
    if (auto pid = hosting::parse_match_id(id); pid)
      (void)self->app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
    std::lock_guard lock(self->mu_);
    self->matches_.erase(id);
    for (const auto& p : players) self->playing_[p.id].erase(id);
    for (const auto& p : players)
      self->send_user_locked(p.id,
                             error_message(0, v1::ERROR_CODE_INTERNAL,
                                           "match " + id + " could not start: " + s.message()));
  });
}

void Hub::match_finished(const std::string& match_id) {
  std::shared_ptr<MatchHost> host;
  {
    std::lock_guard lock(mu_);
    auto it = matches_.find(match_id);
    if (it == matches_.end()) return;
    host = it->second;
    for (const auto& p : host->players()) {
      auto pl = playing_.find(p.id);
      if (pl == playing_.end()) continue;
      pl->second.erase(match_id);
      if (pl->second.empty()) playing_.erase(pl);
    }
  }
  // Keep a finished match in memory a while for late Sync/GetRecord; then storage serves it.
  auto timer = std::make_shared<asio::steady_timer>(app_.ioc, std::chrono::seconds(60));
  timer->async_wait(
      [self = weak_from_this(), match_id, timer](const boost::system::error_code& ec) {
        auto hub = self.lock();
        if (ec || !hub) return;
        std::lock_guard lock(hub->mu_);
        auto it = hub->matches_.find(match_id);
        if (it != hub->matches_.end() && it->second->finished()) hub->matches_.erase(it);
      });
}

std::shared_ptr<MatchHost> Hub::find_match(const std::string& match_id, bool load_finished) {
  {
    std::lock_guard lock(mu_);
    if (auto it = matches_.find(match_id); it != matches_.end()) return it->second;
  }
  if (!load_finished) return nullptr;
  auto id = hosting::parse_match_id(match_id);
  if (!id) return nullptr;
  auto stored = load_stored_match(app_.db, id.value());
  if (!stored || stored->entries.empty()) return nullptr;
  if (stored->entries.back().outcome.ending == Ending::kNone) return nullptr;  // not ours
  std::array<UserInfo, 2> players;
  for (int s = 0; s < 2; ++s) {
    auto info = user_info(stored->seats[static_cast<std::size_t>(s)]);
    if (!info) return nullptr;
    players[static_cast<std::size_t>(s)] = *info;
  }
  auto host = std::make_shared<MatchHost>(app_, std::move(stored).value(), players);
  if (auto s = host->resume(); !s) {
    app_.log.warn("record_not_loaded", {{"match", match_id}, {"reason", s.message()}});
    return nullptr;
  }
  {
    std::lock_guard lock(mu_);
    auto [it, inserted] = matches_.emplace(match_id, host);
    if (!inserted) return it->second;
  }
  match_finished(match_id);  // schedules its eviction
  return host;
}

void Hub::match_request(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                        Clock::time_point received) {
  using C = v1::ClientMessage;
  const auto rid = m.request_id();
  std::string match_id;
  switch (m.body_case()) {
    case C::kMove:
      match_id = m.move().match_id();
      break;
    case C::kResign:
      match_id = m.resign().match_id();
      break;
    case C::kSync:
      match_id = m.sync().match_id();
      break;
    case C::kSpectate:
      match_id = m.spectate().match_id();
      break;
    case C::kUnspectate:
      match_id = m.unspectate().match_id();
      break;
    case C::kGetView:
      match_id = m.get_view().match_id();
      break;
    case C::kGetRecord:
      match_id = m.get_record().match_id();
      break;
    default:
      return;
  }
  auto host = find_match(match_id, true);
  if (!host) return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND, "no match " + match_id);
  Peer peer;
  storage::Id user;
  {
    std::lock_guard lock(mu_);
    if (!s->user) return reply_error(*s, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
    peer = s->peer();
    user = s->user->id;
    if (m.body_case() == C::kSpectate) s->spectating.insert(match_id);
    if (m.body_case() == C::kUnspectate) s->spectating.erase(match_id);
  }
  switch (m.body_case()) {
    case C::kMove:
      return host->move(peer, user, rid, m.move().move(), received);
    case C::kResign:
      return host->resign(peer, user, rid);
    case C::kSync:
      return host->sync(peer, user, rid, m.sync().from_seq());
    case C::kSpectate:
      return host->spectate(peer, rid);
    case C::kUnspectate:
      return host->unspectate(peer, rid);
    case C::kGetView:
      return host->get_view(peer, user, rid);
    case C::kGetRecord:
      return host->get_record(peer, rid);
    default:
      return;
  }
}

void Hub::list_matches(const Session& s, const v1::ClientMessage& m) {
  const auto& in = m.list_matches();
  const int limit =
      in.limit() == 0 ? 50 : static_cast<int>(std::min<std::uint32_t>(in.limit(), 100));
  v1::ServerMessage out;
  out.set_request_id(m.request_id());
  *out.mutable_match_list() = match_list(in.game(), in.include_finished(), limit);
  reply(s, std::move(out));
}

// Running matches first, then finished ones (in memory, then from storage), each once.
v1::MatchList Hub::match_list(const std::string& game, bool include_finished, int limit) {
  v1::MatchList list;
  std::vector<MatchSnapshot> snaps;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, h] : matches_) snaps.push_back(h->snapshot());
  }
  std::set<std::string> seen;
  const auto add = [&](const MatchSnapshot& snap) {
    if (static_cast<int>(list.matches_size()) >= limit) return;
    if (!game.empty() && snap.game != game) return;
    if (snap.finished && !include_finished) return;
    if (!seen.insert(snap.match_id).second) return;
    auto* w = list.add_matches();
    w->set_match_id(snap.match_id);
    w->set_game(snap.game);
    w->set_preset(snap.preset);
    for (int i = 0; i < 2; ++i)
      *w->add_players() = to_player(snap.players[static_cast<std::size_t>(i)], i);
    w->set_ply(snap.ply);
    w->set_status(snap.finished ? v1::MATCH_STATUS_FINISHED : v1::MATCH_STATUS_RUNNING);
    if (snap.finished) *w->mutable_outcome() = protocol::to_wire(snap.outcome);
  };
  for (const auto& snap : snaps)
    if (!snap.finished) add(snap);
  if (!include_finished) return list;
  for (const auto& snap : snaps)
    if (snap.finished) add(snap);
  if (auto recent = app_.db.recent_finished(limit); recent) {
    for (const auto& row : *recent) {
      MatchSnapshot snap;
      snap.match_id = hosting::match_id_text(row.id);
      snap.game = row.game;
      snap.preset = row.preset;
      for (int i = 0; i < 2; ++i) {
        auto info = user_info(row.seats[static_cast<std::size_t>(i)].value_or(0));
        if (info) snap.players[static_cast<std::size_t>(i)] = *info;
      }
      if (auto pos = app_.db.journal_position(row.id); pos)
        snap.ply = static_cast<int>(std::max<std::int64_t>(0, pos->second - 2));
      snap.finished = true;
      snap.outcome = row.outcome;
      add(snap);
    }
  }
  return list;
}

void Hub::stop_matches() {
  std::vector<std::shared_ptr<MatchHost>> all;
  {
    std::lock_guard lock(mu_);
    for (auto& [id, h] : matches_) all.push_back(h);
  }
  for (auto& h : all) h->stop();
}

std::size_t Hub::live_matches() const {
  std::lock_guard lock(mu_);
  std::size_t n = 0;
  for (const auto& [id, h] : matches_) n += !h->finished();
  return n;
}

}  // namespace boyi::app
