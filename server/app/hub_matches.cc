// The hub's match index: starting matches, finding (and loading) them, evicting finished ones.
#include <random>

#include "server/app/hub_internal.h"
#include "server/app/tournament_manager.h"

namespace boyi::app {
namespace asio = boost::asio;

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
                                             hosting::MatchOrigin::casual(setup.preset));
  if (!stored) return fail_all(stored.message());
  StoredMatch sm;
  sm.config = std::move(stored).value();
  sm.seats = {players[0].id, players[1].id};
  sm.preset = setup.preset;
  sm.started_ms = storage::wall_clock_ms();
  const std::string id = sm.config.match_id;
  if (second_is_house)  // stored while the match waits: a restart resumes the seat at its level
    if (auto s =
            store_house_strength(app_.db, id, 1 - first_seat, static_cast<int>(house_strength));
        !s)
      app_.log.warn("house_strength_not_stored", {{"match", id}, {"reason", s.message()}});
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
  if (tournaments_) tournaments_->match_finished(match_id);  // settles a tournament game
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
    if (info->id == house_.id)
      if (const auto level = stored_house_strength(app_.db, match_id, s))
        players[static_cast<std::size_t>(s)].display_name = house_display_name(*level);
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

void Hub::stop_matches() {
  std::vector<std::shared_ptr<MatchHost>> all;
  {
    std::lock_guard lock(mu_);
    for (auto& [id, h] : matches_) all.push_back(h);
  }
  for (auto& h : all) h->stop();
  if (tournaments_) tournaments_->stop();
}

std::size_t Hub::live_matches() const {
  std::lock_guard lock(mu_);
  std::size_t n = 0;
  for (const auto& [id, h] : matches_) n += !h->finished();
  return n;
}
}  // namespace boyi::app
