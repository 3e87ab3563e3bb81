// The lobby: its requests, the sessions' events, and turning an agreement into a match.
#include "server/lobby/lobby.h"

#include <random>

namespace boyi::app {

Lobby::Lobby(AppContext& app, Presence& presence, MatchIndex& matches)
    : app_(app), presence_(presence), matches_(matches) {}

void Lobby::add_routes(RequestRoutes& routes) {
  using C = v1::ClientMessage;
  const auto route = [&](C::BodyCase kind, Access access, void (Lobby::*handler)(const Request&)) {
    routes.add(kind, access, [weak = weak_from_this(), handler](const Request& r) {
      if (auto self = weak.lock()) (self.get()->*handler)(r);
    });
  };
  routes.add(C::kListGames, Access::kAfterHello, [](const Request& r) {
    v1::ServerMessage m;
    *m.mutable_game_list() = game_list();
    r.reply(std::move(m));
  });
  route(C::kListOnline, Access::kSignedIn, &Lobby::list_online);
  route(C::kSubscribeLobby, Access::kSignedIn, &Lobby::subscribe);
  route(C::kCreateSeek, Access::kSignedIn, &Lobby::create_seek);
  route(C::kCancelSeek, Access::kSignedIn, &Lobby::cancel_seek);
  route(C::kAcceptSeek, Access::kSignedIn, &Lobby::accept_seek);
  route(C::kSendChallenge, Access::kSignedIn, &Lobby::send_challenge);
  route(C::kAnswerChallenge, Access::kSignedIn, &Lobby::answer_challenge);
  route(C::kCancelChallenge, Access::kSignedIn, &Lobby::cancel_challenge);
  route(C::kAutoPair, Access::kSignedIn, &Lobby::auto_pair);
  route(C::kCancelAutoPair, Access::kSignedIn, &Lobby::cancel_auto_pair);
  route(C::kPlayHouseBot, Access::kSignedIn, &Lobby::play_house_bot);
}

void Lobby::user_signed_in(const UserInfo& user, bool first) {
  if (!first) return;
  v1::LobbyUpdate u;
  *u.mutable_user_online() = online_user(user);
  std::lock_guard lock(mu_);
  broadcast_locked(u);
}

void Lobby::connection_left(std::uint64_t connection, const UserInfo& user, bool last) {
  std::lock_guard lock(mu_);
  subscribers_.erase(connection);
  if (!last) return;
  close_offers_locked(user.id);
  v1::LobbyUpdate u;
  u.set_user_offline(user_id_text(user.id));
  broadcast_locked(u);
}

void Lobby::start_match(const Resolved& setup, const UserInfo& first, const UserInfo& second,
                        std::optional<HouseChoice> house) {
  int first_seat = setup.seat;
  if (first_seat < 0) first_seat = static_cast<int>(std::random_device{}() & 1U);
  const auto f = static_cast<std::size_t>(first_seat);
  MatchOpening o;
  o.config = setup.config;
  o.origin = hosting::MatchOrigin::casual(setup.preset);
  o.players[f] = first;
  o.players[1 - f] = second;
  o.house[1 - f] = house;
  o.store_house_choice = house.has_value();
  if (house) o.house_slot = first.id;  // reserved by play_house_bot
  auto opened = matches_.open(std::move(o));
  if (opened) return;
  app_.log.error("match_not_created", {{"reason", opened.message()}});
  const auto error = error_message(0, v1::ERROR_CODE_INTERNAL,
                                   "the match could not be created: " + opened.message());
  presence_.send_to_user(first.id, error);
  if (!house) presence_.send_to_user(second.id, error);
}

}  // namespace boyi::app
