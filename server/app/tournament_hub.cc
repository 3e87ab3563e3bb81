// The hub's side of tournaments: the manager it owns, starting a tournament game as a match
// (seats as paired, house bots where the tournament has them, the tournament's id so the
// game is linked in the same transaction), and routing the protocol's tournament requests.
#include <random>

#include "server/app/hub_internal.h"
#include "server/app/tournament_manager.h"

namespace boyi::app {

void Hub::make_tournaments() {
  if (tournaments_) return;
  TournamentManager::Hooks hooks;
  std::weak_ptr<Hub> weak = weak_from_this();
  hooks.start_match = [weak](const TournamentMatchRequest& r) -> Result<std::string> {
    auto hub = weak.lock();
    if (!hub) return fail("the server is stopping");
    return hub->start_tournament_match(r);
  };
  hooks.records =
      [weak](const std::string& match_id,
             std::function<void(std::optional<std::string>, std::optional<std::string>)> done) {
        auto hub = weak.lock();
        auto host = hub ? hub->find_match(match_id, true) : nullptr;
        if (!host || !host->finished()) return done(std::nullopt, std::nullopt);
        host->records_async(std::move(done));
      };
  tournaments_ = std::make_shared<TournamentManager>(app_, accounts_, std::move(hooks));
}

std::optional<std::uint32_t> Hub::house_strength_of(storage::Id user) const {
  if (user == house_.id && user != 0) return 0;
  if (tournaments_)
    if (auto s = tournaments_->house_strength(user)) return static_cast<std::uint32_t>(*s);
  return std::nullopt;
}

Result<std::string> Hub::start_tournament_match(const TournamentMatchRequest& r) {
  std::array<UserInfo, 2> players;
  for (int s = 0; s < 2; ++s) {
    auto info = user_info(r.seats[static_cast<std::size_t>(s)]);
    if (!info) return Error{"seat " + std::to_string(s) + ": " + info.message()};
    players[static_cast<std::size_t>(s)] = *info;
    if (r.house[static_cast<std::size_t>(s)])
      players[static_cast<std::size_t>(s)].role = v1::ROLE_HOUSE_BOT;
  }
  auto stored =
      hosting::create_stored_match(app_.db, r.config, r.seats, r.origin());
  if (!stored) return Error{stored.message()};
  StoredMatch sm;
  sm.config = std::move(stored).value();
  sm.seats = r.seats;
  sm.preset = r.preset;
  sm.rated = r.rated;
  sm.started_ms = storage::wall_clock_ms();
  const std::string id = sm.config.match_id;
  auto host = std::make_shared<MatchHost>(app_, std::move(sm), players);
  for (int s = 0; s < 2; ++s)
    if (auto strength = r.house[static_cast<std::size_t>(s)])
      host->set_house_player(s,
                             make_house_player(static_cast<std::uint32_t>(*strength), r.config.game,
                                               r.config.rules_text, s, std::random_device{}()));
  std::array<std::vector<Peer>, 2> peers;
  {
    std::lock_guard lock(mu_);
    for (int s = 0; s < 2; ++s)
      if (!r.house[static_cast<std::size_t>(s)])
        peers[static_cast<std::size_t>(s)] =
            peers_of_locked(players[static_cast<std::size_t>(s)].id);
    matches_[id] = host;
    for (const auto& p : players) playing_[p.id].insert(id);
  }
  host->start(std::move(peers), [self = weak_from_this(), id](Status s) {
    if (s) return;
    auto hub = self.lock();
    if (!hub) return;
    Outcome aborted{Ending::kAborted, std::nullopt, "the match could not start: " + s.message()};
    if (auto pid = hosting::parse_match_id(id); pid)
      (void)hub->app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
    {
      std::lock_guard lock(hub->mu_);
      if (auto it = hub->matches_.find(id); it != hub->matches_.end()) {
        for (const auto& p : it->second->players()) hub->playing_[p.id].erase(id);
        hub->matches_.erase(it);
      }
    }
    hub->tournaments_->match_finished(id);  // the tournament plays the game again
  });
  return id;
}

void Hub::tournament_request(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  using C = v1::ClientMessage;
  Peer peer;
  UserInfo user;
  {
    std::lock_guard lock(mu_);
    if (!s->user)
      return reply_error(*s, m.request_id(), v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
    peer = s->peer();
    user = *s->user;
  }
  const auto rid = m.request_id();
  if (!tournaments_)
    return reply_error(*s, rid, v1::ERROR_CODE_INTERNAL, "tournaments are not running here");
  switch (m.body_case()) {
    case C::kListTournaments:
      return tournaments_->list(peer, rid, m.list_tournaments().include_finished());
    case C::kSubscribeTournament:
      return tournaments_->subscribe(peer, rid, m.subscribe_tournament().tournament_id());
    case C::kUnsubscribeTournament:
      return tournaments_->unsubscribe(peer, rid, m.unsubscribe_tournament().tournament_id());
    case C::kJoinTournament:
      return tournaments_->join(peer, rid, user, m.join_tournament().tournament_id());
    default:
      return;
  }
}

}  // namespace boyi::app
