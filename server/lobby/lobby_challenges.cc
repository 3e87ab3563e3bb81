// The lobby's direct challenges: send, answer, cancel, and their expiry (between users on
// any servers).
#include "server/lobby/lobby.h"

namespace boyi::app {
namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxChallengesPerUser = 20;

}  // namespace

v1::Challenge Lobby::wire_challenge(const storage::LobbyOffer& e) const {
  v1::Challenge c;
  c.set_challenge_id(wire_id(e));
  *c.mutable_from() = to_player(user_of(e.owner), -1);
  *c.mutable_to() = to_player(user_of(e.to), -1);
  (void)c.mutable_setup()->ParseFromString(e.wire);
  return c;
}

void Lobby::close_challenge(const storage::LobbyOffer& c, v1::ChallengeClosed::Reason reason,
                            const std::string& text) {
  v1::ServerMessage m;
  auto* cc = m.mutable_lobby_update()->mutable_challenge_closed();
  cc->set_challenge_id(wire_id(c));
  cc->set_reason(reason);
  if (!text.empty()) cc->set_message(text);
  send_to_user(c.owner.id, m);
  send_to_user(c.to.id, m);
}

void Lobby::send_challenge(const Request& r) {
  const auto& in = r.message().send_challenge();
  Resolved setup;
  if (!resolve_or_reply(r, in.setup(), setup)) return;
  auto target = app_.db.user_by_name(in.opponent());
  // A user id ("u17") also names the opponent: the online list gives ids and display names.
  if (!target && in.opponent().size() > 1 && in.opponent()[0] == 'u' &&
      in.opponent().find_first_not_of("0123456789", 1) == std::string::npos &&
      in.opponent().size() < 19)
    target = app_.db.user_by_id(std::stoll(in.opponent().substr(1)));
  auto opponent = target ? store_.online_user(target->id)
                         : Result<std::optional<storage::LobbyUser>>(std::nullopt);
  if (!opponent) return r.error(v1::ERROR_CODE_INTERNAL, opponent.message());
  if (!*opponent) return r.error(v1::ERROR_CODE_NOT_FOUND, in.opponent() + " is not online");
  if ((*opponent)->id == r.user().id)
    return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, "you cannot challenge yourself");
  auto offer = offer_of(setup, in.setup(), storage::OfferKind::kChallenge, r.user());
  offer.to = **opponent;
  const auto ttl = static_cast<std::int64_t>(app_.config.challenge_expiry_ms);
  auto made = store_.open(std::move(offer), kMaxChallengesPerUser, ttl);
  if (!made) return r.error(v1::ERROR_CODE_CONFLICT, made.message());
  // This server expires it on time; the database's expiry is for when this server dies first.
  auto expiry = std::make_shared<asio::steady_timer>(app_.ioc);
  expiry->expires_after(std::chrono::milliseconds(ttl));
  expiry->async_wait([weak = weak_from_this(), id = made->id, expiry](const auto& ec) {
    if (auto self = weak.lock(); self && !ec) self->expire_challenge(id);
  });
  v1::ServerMessage out;
  *out.mutable_challenge_sent()->mutable_challenge() = wire_challenge(*made);
  v1::ServerMessage push;
  *push.mutable_lobby_update()->mutable_challenge_received() = wire_challenge(*made);
  send_to_user(made->to.id, push);
  r.reply(std::move(out));
}

void Lobby::expire_challenge(storage::Id id) {
  auto c = store_.find(storage::OfferKind::kChallenge, id);
  if (!c || !*c) return;  // answered, cancelled or closed already
  auto taken = store_.take(storage::OfferKind::kChallenge, id);
  if (taken && *taken) close_challenge(**c, v1::ChallengeClosed::REASON_EXPIRED, "");
}

void Lobby::answer_challenge(const Request& r) {
  const auto& in = r.message().answer_challenge();
  auto c = find_offer(storage::OfferKind::kChallenge, in.challenge_id());
  if (!c) return r.error(v1::ERROR_CODE_INTERNAL, c.message());
  if (!*c || (*c)->to.id != r.user().id)
    return r.error(v1::ERROR_CODE_NOT_FOUND, "no challenge " + in.challenge_id() + " to you");
  auto setup = resolve_stored(**c);
  if (!setup) return r.error(v1::ERROR_CODE_INTERNAL, setup.message());
  auto taken = store_.take(storage::OfferKind::kChallenge, (*c)->id);
  if (!taken) return r.error(v1::ERROR_CODE_INTERNAL, taken.message());
  if (!*taken)
    return r.error(v1::ERROR_CODE_NOT_FOUND, "no challenge " + in.challenge_id() + " to you");
  close_challenge(**c,
                  in.accept() ? v1::ChallengeClosed::REASON_ACCEPTED
                              : v1::ChallengeClosed::REASON_DECLINED,
                  in.message().substr(0, 500));
  r.ack();
  if (in.accept()) start_match(*setup, user_of((*c)->owner), user_of((*c)->to));
}

void Lobby::cancel_challenge(const Request& r) {
  const auto& id = r.message().cancel_challenge().challenge_id();
  auto c = find_offer(storage::OfferKind::kChallenge, id);
  if (!c) return r.error(v1::ERROR_CODE_INTERNAL, c.message());
  if (!*c || (*c)->owner.id != r.user().id)
    return r.error(v1::ERROR_CODE_NOT_FOUND, "you sent no challenge " + id);
  auto taken = store_.take(storage::OfferKind::kChallenge, (*c)->id);
  if (!taken) return r.error(v1::ERROR_CODE_INTERNAL, taken.message());
  if (!*taken) return r.error(v1::ERROR_CODE_NOT_FOUND, "you sent no challenge " + id);
  close_challenge(**c, v1::ChallengeClosed::REASON_CANCELLED, "");
  r.ack();
}

}  // namespace boyi::app
