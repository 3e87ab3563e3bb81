// The lobby: its requests, the sessions' events, reaching users on every server, and turning
// an agreement into a match.
#include "server/lobby/lobby.h"

#include <random>

namespace boyi::app {

namespace {

storage::LobbyUser lobby_user(const UserInfo& u) {
  return {u.id, u.username, u.display_name, static_cast<int>(u.role)};
}

}  // namespace

Lobby::Lobby(AppContext& app, Presence& presence, MatchIndex& matches, storage::Id node)
    : app_(app), presence_(presence), matches_(matches), node_(node), store_(app.db, node) {}

Status Lobby::start() {
  if (node_ != 0) return Status::Ok();
  return store_.clear_all();
}

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
  auto arrived = store_.arrive(lobby_user(user));
  if (!arrived) {
    app_.log.warn("lobby_presence_not_stored", {{"user", user.id}, {"reason", arrived.message()}});
    return;
  }
  if (!*arrived) return;  // online on another server already
  v1::LobbyUpdate u;
  *u.mutable_user_online() = online_user(user);
  broadcast(u);
}

void Lobby::connection_left(std::uint64_t connection, const UserInfo& user, bool last) {
  {
    std::lock_guard lock(mu_);
    subscribers_.erase(connection);
  }
  if (!last) return;
  auto gone = store_.leave(user.id);
  if (!gone) {
    app_.log.warn("lobby_presence_not_stored", {{"user", user.id}, {"reason", gone.message()}});
    return;
  }
  if (*gone) went_offline(user.id);
}

void Lobby::went_offline(storage::Id user) {
  auto taken = store_.take_all_of(user);
  if (!taken) {
    app_.log.warn("lobby_offers_not_closed", {{"user", user}, {"reason", taken.message()}});
  } else {
    for (const auto& offer : *taken) {
      if (offer.kind == storage::OfferKind::kSeek) {
        v1::LobbyUpdate u;
        u.set_seek_closed(wire_id(offer));
        broadcast(u);
      } else if (offer.kind == storage::OfferKind::kChallenge) {
        close_challenge(offer, v1::ChallengeClosed::REASON_CANCELLED, "the player went offline");
      }
    }
  }
  v1::LobbyUpdate u;
  u.set_user_offline(user_id_text(user));
  broadcast(u);
}

void Lobby::sweep() {
  auto gone = store_.forget_ended_nodes(app_.config.node_lease_ms);
  if (gone)
    for (const auto user : *gone) went_offline(user);
  auto expired = store_.take_expired();
  if (expired)
    for (const auto& c : *expired)
      if (c.kind == storage::OfferKind::kChallenge)
        close_challenge(c, v1::ChallengeClosed::REASON_EXPIRED, "");
}

void Lobby::deliver(const v1::LobbyUpdate& update) {
  v1::ServerMessage m;
  *m.mutable_lobby_update() = update;
  Outgoing out(std::move(m), app_.max_frame());
  std::lock_guard lock(mu_);
  for (const auto& [id, s] : subscribers_) out.send(s.peer);
}

void Lobby::broadcast(const v1::LobbyUpdate& update) {
  deliver(update);
  if (other_.publish) other_.publish(update);
}

void Lobby::send_to_user(storage::Id user, const v1::ServerMessage& m) {
  presence_.send_to_user(user, m);
  if (!other_.send) return;
  auto nodes = store_.nodes_of(user);
  if (!nodes) return;
  for (const auto node : *nodes)
    if (node != node_) other_.send(node, user, m);
}

storage::LobbyOffer Lobby::offer_of(const Resolved& setup, const v1::MatchSetup& sent,
                                    storage::OfferKind kind, const UserInfo& owner) const {
  storage::LobbyOffer o;
  o.kind = kind;
  o.owner = lobby_user(owner);
  o.setup_key = setup.key();
  o.setup = sent.SerializeAsString();
  o.wire = setup.wire.SerializeAsString();
  return o;
}

std::string Lobby::wire_id(const storage::LobbyOffer& offer) {
  return (offer.kind == storage::OfferKind::kChallenge ? "c" : "k") + std::to_string(offer.id);
}

Result<std::optional<storage::LobbyOffer>> Lobby::find_offer(storage::OfferKind kind,
                                                             const std::string& wire_id) const {
  const char prefix = kind == storage::OfferKind::kChallenge ? 'c' : 'k';
  if (wire_id.size() < 2 || wire_id.size() > 18 || wire_id[0] != prefix ||
      wire_id.find_first_not_of("0123456789", 1) != std::string::npos)
    return std::optional<storage::LobbyOffer>();
  return store_.find(kind, std::stoll(wire_id.substr(1)));
}

Result<Lobby::Resolved> Lobby::resolve_stored(const storage::LobbyOffer& offer) const {
  v1::MatchSetup sent;
  if (!sent.ParseFromString(offer.setup)) return Error{"a stored setup does not parse"};
  auto resolved = resolve(sent);
  if (!resolved) return Error{resolved.message()};
  return resolved;
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
  send_to_user(first.id, error);
  if (!house) send_to_user(second.id, error);
}

}  // namespace boyi::app
