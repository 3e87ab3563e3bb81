// The match index: opening matches (new, resumed, finished ones from storage), finding them,
// evicting finished ones, and who plays what.
#include "server/matches/match_index.h"

#include <boost/asio/steady_timer.hpp>
#include <random>

#include "server/house/house_levels.h"
#include "server/storage/house_seats.h"

namespace boyi::app {
namespace asio = boost::asio;

MatchIndex::MatchIndex(AppContext& app, Presence& presence, Cluster& cluster)
    : app_(app),
      presence_(presence),
      cluster_(cluster),
      house_shared_(app.config.house_bot_threads),
      house_quota_(app.config.max_house_matches_per_user, app.config.max_house_matches) {}

std::optional<std::pair<v1::ErrorCode, std::string>> MatchIndex::reserve_house_match(
    storage::Id user) {
  // A match whose end its players were told (its snapshot says so first) no longer counts,
  // though its host has not yet called on_finished.
  std::vector<std::pair<std::string, std::shared_ptr<MatchHost>>> held;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, owner] : house_slots_)
      if (auto it = matches_.find(id); it != matches_.end()) held.emplace_back(id, it->second);
  }
  for (const auto& [id, host] : held)
    if (host->snapshot().finished) release_house_slot(id);
  std::lock_guard lock(mu_);
  switch (house_quota_.take(user)) {
    case HouseQuota::Refusal::none:
      return std::nullopt;
    case HouseQuota::Refusal::user_full:
      return std::pair{v1::ERROR_CODE_CONFLICT,
                       "you already play " + std::to_string(house_quota_.per_user()) +
                           " house-bot matches; finish or resign one first"};
    case HouseQuota::Refusal::server_full:
      break;
  }
  return std::pair{v1::ERROR_CODE_RATE_LIMITED, "the house bots are all busy (" +
                                                    std::to_string(house_quota_.total()) +
                                                    " matches); try again in a few minutes"};
}

void MatchIndex::release_house_slot(const std::string& match_id) {
  std::lock_guard lock(mu_);
  auto it = house_slots_.find(match_id);
  if (it == house_slots_.end()) return;
  house_quota_.give_back(it->second);
  house_slots_.erase(it);
}

std::shared_ptr<MatchHost> MatchIndex::make_host(
    StoredMatch stored, std::array<UserInfo, 2> players,
    const std::array<std::optional<HouseChoice>, 2>& house) {
  const std::string game = stored.config.game, rules = stored.config.rules_text;
  auto host = std::make_shared<MatchHost>(
      app_, std::move(stored), std::move(players), [weak = weak_from_this()](const std::string& id) {
        auto self = weak.lock();
        if (!self) return;
        if (auto stored_id = hosting::parse_match_id(id); stored_id)
          self->cluster_.release(stored_id.value());  // nobody hosts a finished match
        self->on_finished(id);
      });
  for (int s = 0; s < 2; ++s)
    if (const auto& choice = house[static_cast<std::size_t>(s)])
      host->set_house_player(s, make_house_player(*choice, game, rules, s, std::random_device{}()),
                             &house_shared_);
  return host;
}

void MatchIndex::add(const std::shared_ptr<MatchHost>& host) {
  std::lock_guard lock(mu_);
  matches_[host->id()] = host;
  if (!host->finished())
    for (const auto& p : host->players()) playing_[p.id].insert(host->id());
}

Result<std::string> MatchIndex::open(MatchOpening o) {
  auto stored =
      hosting::create_stored_match(app_.db, o.config, {o.players[0].id, o.players[1].id}, o.origin);
  if (!stored) {
    if (o.house_slot) {
      std::lock_guard lock(mu_);
      house_quota_.give_back(o.house_slot);
    }
    return Error{stored.message()};
  }
  if (auto id = hosting::parse_match_id(stored->match_id); id) {
    if (auto claimed = cluster_.claim(id.value()); !claimed) {
      Outcome aborted{Ending::kAborted, std::nullopt, "not started: " + claimed.message()};
      (void)app_.db.finish_match(id.value(), aborted, storage::wall_clock_ms());
      if (o.house_slot) {
        std::lock_guard lock(mu_);
        house_quota_.give_back(o.house_slot);
      }
      return Error{claimed.message()};
    }
  }
  StoredMatch sm;
  sm.config = std::move(stored).value();
  sm.seats = {o.players[0].id, o.players[1].id};
  sm.preset = o.origin.preset;
  sm.rated = o.origin.rated;
  sm.started_ms = storage::wall_clock_ms();
  const std::string id = sm.config.match_id;
  if (o.store_house_choice)  // while the match waits: a restart resumes the seat as it was
    for (int s = 0; s < 2; ++s)
      if (const auto& choice = o.house[static_cast<std::size_t>(s)])
        if (auto st = store_house_choice(app_.db, id, s, *choice); !st)
          app_.log.warn("house_choice_not_stored", {{"match", id}, {"reason", st.message()}});
  std::array<std::vector<Peer>, 2> peers;
  for (int s = 0; s < 2; ++s)
    if (!o.house[static_cast<std::size_t>(s)])
      peers[static_cast<std::size_t>(s)] =
          presence_.peers_of(o.players[static_cast<std::size_t>(s)].id);
  if (o.house_slot) {
    std::lock_guard lock(mu_);
    house_slots_[id] = o.house_slot;
  }
  auto host = make_host(std::move(sm), o.players, o.house);
  add(host);
  const std::array<storage::Id, 2> seats = {o.players[0].id, o.players[1].id};
  host->start(std::move(peers), std::move(o.opening), [weak = weak_from_this(), id, seats](Status s) {
    auto self = weak.lock();
    if (!self) return;
    if (!s) return self->start_failed(id, s);
    // Several servers: the seats' connections elsewhere learn of it too.
    if (auto* relay = self->cluster_.relay())
      relay->announce_started(id, seats, self->cluster_.alive_nodes());
  });
  return id;
}

void MatchIndex::start_failed(const std::string& id, const Status& why) {
  release_house_slot(id);
  Outcome aborted{Ending::kAborted, std::nullopt, "the match could not start: " + why.message()};
  if (auto pid = hosting::parse_match_id(id); pid)
    (void)app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
  std::array<UserInfo, 2> players;
  {
    std::lock_guard lock(mu_);
    auto it = matches_.find(id);
    if (it == matches_.end()) return;
    players = it->second->players();
    for (const auto& p : players) playing_[p.id].erase(id);
    matches_.erase(it);
  }
  app_.log.error("match_not_started", {{"match", id}, {"reason", why.message()}});
  const auto error = error_message(0, v1::ERROR_CODE_INTERNAL,
                                   "match " + id + " could not start: " + why.message());
  for (const auto& p : players) presence_.send_to_user(p.id, error);
  if (hooks_.finished) hooks_.finished(id);  // a tournament plays the game again
}

Status MatchIndex::resume_running() {
  if (cluster_.enabled()) {  // what no live node hosts, this earlier run's matches first
    cluster_.take_over_now();
    return Status::Ok();
  }
  auto running = load_running_matches(app_.db);
  if (!running) return Error{"cannot read the running matches: " + running.message()};
  resume_each(std::move(running).value());
  return Status::Ok();
}

void MatchIndex::resume(const std::vector<storage::Id>& ids) {
  std::vector<StoredMatch> running;
  for (storage::Id id : ids) {
    const std::string text = hosting::match_id_text(id);
    {
      std::lock_guard lock(mu_);
      if (auto it = matches_.find(text); it != matches_.end() && !it->second->finished()) continue;
    }
    auto stored = load_stored_match(app_.db, id);
    if (!stored) {
      app_.log.error("match_not_resumed", {{"match", text}, {"reason", stored.message()}});
      continue;
    }
    running.push_back(std::move(stored).value());
  }
  resume_each(std::move(running));
}

void MatchIndex::resume_each(std::vector<StoredMatch> running) {
  for (auto& m : running) {
    const std::string id = m.config.match_id;
    std::array<UserInfo, 2> players;
    std::array<std::optional<HouseChoice>, 2> house;
    Status st = Status::Ok();
    for (int s = 0; s < 2 && st; ++s) {
      const auto i = static_cast<std::size_t>(s);
      auto info = presence_.user_info(m.seats[i]);
      if (!info) {
        st = Error{"a seat's user is gone"};
        break;
      }
      players[i] = *info;
      if (presence_.is_house(players[i].id)) {
        // The lobby's house bot plays on at the strength the match was started with, in a
        // slot of the other seat's user.
        const auto other = m.seats[1 - i];
        {
          std::lock_guard lock(mu_);
          if (!house_slots_.contains(id)) {
            (void)house_quota_.take(other, true);
            house_slots_[id] = other;
          }
        }
        const auto choice = stored_house_choice(app_.db, id, s);
        house[i] = choice.value_or(HouseChoice{});
        if (choice) present_house_seat(players[i], *choice);
      } else if (hooks_.house_choice) {
        house[i] = hooks_.house_choice(players[i].id);
      }
    }
    std::shared_ptr<MatchHost> host;
    if (st) {
      host = make_host(std::move(m), players, house);
      st = host->resume();
    }
    if (!st) {
      app_.log.error("match_not_resumed", {{"match", id}, {"reason", st.message()}});
      release_house_slot(id);
      Outcome aborted{Ending::kAborted, std::nullopt, "could not be resumed: " + st.message()};
      if (auto pid = hosting::parse_match_id(id); pid)
        (void)app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
      continue;
    }
    add(host);
    {
      std::lock_guard lock(mu_);
      ++resumed_;
    }
    const auto snap = host->snapshot();
    app_.log.info("match_resumed", {{"match", id},
                                    {"game", snap.game},
                                    {"last_seq", snap.last_seq},
                                    {"ply", snap.ply},
                                    {"seat0", players[0].username},
                                    {"seat1", players[1].username}});
  }
}

void MatchIndex::keep_only(const std::set<storage::Id>& hosted) {
  std::vector<std::shared_ptr<MatchHost>> candidates, lost;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, host] : matches_)
      if (!host->finished() && !hosted.contains(host->stored_id())) candidates.push_back(host);
  }
  std::set<std::string> gone;
  for (const auto& host : candidates)
    if (!cluster_.hosts(host->stored_id())) gone.insert(host->id());
  if (gone.empty()) return;
  {
    std::lock_guard lock(mu_);
    for (auto it = matches_.begin(); it != matches_.end();) {
      const auto& host = it->second;
      if (!gone.contains(it->first)) {
        ++it;
        continue;
      }
      lost.push_back(host);
      for (const auto& p : host->players()) {
        auto pl = playing_.find(p.id);
        if (pl == playing_.end()) continue;
        pl->second.erase(it->first);
        if (pl->second.empty()) playing_.erase(pl);
      }
      it = matches_.erase(it);
    }
  }
  for (const auto& host : lost) {
    release_house_slot(host->id());
    app_.log.warn("match_taken_over_by_another_server", {{"match", host->id()}});
    host->hand_over();
  }
}

bool MatchIndex::hosted_elsewhere(const std::string& match_id) {
  if (!cluster_.enabled()) return false;
  {
    std::lock_guard lock(mu_);
    if (matches_.contains(match_id)) return false;
  }
  auto id = hosting::parse_match_id(match_id);
  if (!id) return false;
  auto row = app_.db.match_by_id(id.value());
  return row && row->status == storage::MatchStatus::kRunning;
}

void MatchIndex::on_finished(const std::string& match_id) {
  release_house_slot(match_id);
  {
    std::lock_guard lock(mu_);
    auto it = matches_.find(match_id);
    if (it == matches_.end()) return;
    for (const auto& p : it->second->players()) {
      auto pl = playing_.find(p.id);
      if (pl == playing_.end()) continue;
      pl->second.erase(match_id);
      if (pl->second.empty()) playing_.erase(pl);
    }
  }
  if (hooks_.finished) hooks_.finished(match_id);  // settles a tournament game
  // Keep a finished match in memory a while for late Sync/GetRecord; then storage serves it.
  // At most finished_matches_kept of them: under a stream of short games the oldest go first.
  {
    std::lock_guard lock(mu_);
    finished_order_.push_back(match_id);
    const auto kept = static_cast<std::size_t>(std::max(0, app_.config.finished_matches_kept));
    while (finished_order_.size() > kept) {
      evict_finished(finished_order_.front());
      finished_order_.pop_front();
    }
  }
  auto timer = std::make_shared<asio::steady_timer>(
      app_.ioc, std::chrono::milliseconds(app_.config.finished_match_linger_ms));
  timer->async_wait(
      [weak = weak_from_this(), match_id, timer](const boost::system::error_code& ec) {
        auto self = weak.lock();
        if (ec || !self) return;
        std::lock_guard lock(self->mu_);
        self->evict_finished(match_id);
        std::erase(self->finished_order_, match_id);
      });
}

void MatchIndex::evict_finished(const std::string& match_id) {
  auto it = matches_.find(match_id);
  if (it != matches_.end() && it->second->finished()) matches_.erase(it);
}

std::shared_ptr<MatchHost> MatchIndex::find(const std::string& match_id) {
  {
    std::lock_guard lock(mu_);
    if (auto it = matches_.find(match_id); it != matches_.end()) return it->second;
  }
  auto id = hosting::parse_match_id(match_id);
  if (!id) return nullptr;
  auto stored = load_stored_match(app_.db, id.value());
  if (!stored || stored->entries.empty()) return nullptr;
  if (stored->entries.back().outcome.ending == Ending::kNone) return nullptr;  // not ours
  std::array<UserInfo, 2> players;
  for (int s = 0; s < 2; ++s) {
    auto info = presence_.user_info(stored->seats[static_cast<std::size_t>(s)]);
    if (!info) return nullptr;
    players[static_cast<std::size_t>(s)] = *info;
    if (presence_.is_house(info->id))
      if (const auto choice = stored_house_choice(app_.db, match_id, s))
        present_house_seat(players[static_cast<std::size_t>(s)], *choice);
  }
  auto host = make_host(std::move(stored).value(), players, {});
  if (auto s = host->resume(); !s) {
    app_.log.warn("record_not_loaded", {{"match", match_id}, {"reason", s.message()}});
    return nullptr;
  }
  {
    std::lock_guard lock(mu_);
    auto [it, inserted] = matches_.emplace(match_id, host);
    if (!inserted) return it->second;
  }
  on_finished(match_id);  // schedules its eviction (hooks.finished: settling is idempotent)
  return host;
}

std::vector<MatchSnapshot> MatchIndex::live_snapshots() const {
  std::vector<std::shared_ptr<MatchHost>> hosts;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, h] : matches_) hosts.push_back(h);
  }
  std::vector<MatchSnapshot> out;
  for (const auto& h : hosts) out.push_back(h->snapshot());
  return out;
}

std::vector<std::string> MatchIndex::playing(storage::Id user) const {
  std::lock_guard lock(mu_);
  auto it = playing_.find(user);
  if (it == playing_.end()) return {};
  return {it->second.begin(), it->second.end()};
}

std::vector<v1::ActiveMatch> MatchIndex::active_matches(storage::Id user) {
  std::vector<std::shared_ptr<MatchHost>> hosts;
  {
    std::lock_guard lock(mu_);
    if (auto it = playing_.find(user); it != playing_.end())
      for (const auto& id : it->second)
        if (auto m = matches_.find(id); m != matches_.end()) hosts.push_back(m->second);
  }
  std::vector<v1::ActiveMatch> out;
  for (const auto& h : hosts) {
    if (h->finished()) continue;
    const auto snap = h->snapshot();
    v1::ActiveMatch a;
    a.set_match_id(h->id());
    a.set_game(snap.game);
    a.set_seat(h->seat_of(user));
    a.set_last_seq(snap.last_seq);
    out.push_back(std::move(a));
  }
  if (cluster_.enabled()) add_hosted_elsewhere(user, out);
  return out;
}

void MatchIndex::add_hosted_elsewhere(storage::Id user, std::vector<v1::ActiveMatch>& out) {
  std::set<std::string> listed;
  for (const auto& a : out) listed.insert(a.match_id());
  auto recent = app_.db.matches_of_user(user, 64);
  if (!recent) return;
  for (const auto& m : *recent) {
    const std::string id = hosting::match_id_text(m.id);
    if (m.status != storage::MatchStatus::kRunning || listed.contains(id)) continue;
    auto position = app_.db.journal_position(m.id);
    if (!position) continue;
    v1::ActiveMatch a;
    a.set_match_id(id);
    a.set_game(m.game);
    a.set_seat(m.seats[0] == user ? 0 : 1);
    a.set_last_seq(protocol::WireMatch::wire_seq(static_cast<std::uint64_t>(position->second)));
    out.push_back(std::move(a));
  }
}

void MatchIndex::connection_left(std::uint64_t connection, storage::Id user) {
  std::vector<std::shared_ptr<MatchHost>> notify;
  {
    std::lock_guard lock(mu_);
    std::set<std::string> ids;
    if (auto it = playing_.find(user); it != playing_.end()) ids = it->second;
    if (auto it = watching_.find(connection); it != watching_.end()) {
      ids.insert(it->second.begin(), it->second.end());
      watching_.erase(it);
    }
    for (const auto& id : ids)
      if (auto m = matches_.find(id); m != matches_.end()) notify.push_back(m->second);
  }
  for (auto& m : notify) m->connection_closed(connection);
  if (auto* relay = cluster_.relay()) relay->connection_left(connection);
}

void MatchIndex::stop() {
  std::vector<std::shared_ptr<MatchHost>> all;
  {
    std::lock_guard lock(mu_);
    for (auto& [id, h] : matches_) all.push_back(h);
  }
  for (auto& h : all) h->stop();
}

std::size_t MatchIndex::in_memory_count() const {
  std::lock_guard lock(mu_);
  return matches_.size();
}

std::size_t MatchIndex::live_count() const {
  std::lock_guard lock(mu_);
  std::size_t n = 0;
  for (const auto& [id, h] : matches_) n += !h->finished();
  return n;
}

std::size_t MatchIndex::resumed_count() const {
  std::lock_guard lock(mu_);
  return resumed_;
}

}  // namespace boyi::app
