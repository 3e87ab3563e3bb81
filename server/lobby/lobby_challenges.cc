// The lobby's direct challenges: send, answer, cancel, and their expiry.
#include "server/lobby/lobby.h"

namespace boyi::app {
namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxChallengesPerUser = 20;

v1::ServerMessage closed_message(const std::string& id, v1::ChallengeClosed::Reason reason,
                                 std::string text = {}) {
  v1::ServerMessage m;
  auto* cc = m.mutable_lobby_update()->mutable_challenge_closed();
  cc->set_challenge_id(id);
  cc->set_reason(reason);
  if (!text.empty()) cc->set_message(std::move(text));
  return m;
}

}  // namespace

v1::Challenge Lobby::wire_challenge(const ChallengeEntry& e) const {
  v1::Challenge c;
  c.set_challenge_id(e.id);
  *c.mutable_from() = to_player(e.from, -1);
  *c.mutable_to() = to_player(e.to, -1);
  *c.mutable_setup() = e.setup.wire;
  return c;
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
  const auto opponent = target ? presence_.online_user(target->id) : std::nullopt;
  if (!opponent) return r.error(v1::ERROR_CODE_NOT_FOUND, in.opponent() + " is not online");
  if (opponent->id == r.user().id)
    return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, "you cannot challenge yourself");
  v1::ServerMessage out;
  {
    std::lock_guard lock(mu_);
    std::size_t mine = 0;
    for (const auto& [id, e] : challenges_) mine += e->from.id == r.user().id;
    if (mine >= kMaxChallengesPerUser)
      return r.error(v1::ERROR_CODE_CONFLICT, "too many open challenges");
    auto e = std::make_unique<ChallengeEntry>();
    e->id = "c" + std::to_string(++next_offer_);
    e->from = r.user();
    e->to = *opponent;
    e->setup = std::move(setup);
    e->expiry = std::make_shared<asio::steady_timer>(app_.ioc);
    e->expiry->expires_after(std::chrono::milliseconds(app_.config.challenge_expiry_ms));
    e->expiry->async_wait(
        [weak = weak_from_this(), id = e->id](const boost::system::error_code& ec) {
          if (auto self = weak.lock(); self && !ec) self->expire_challenge(id);
        });
    *out.mutable_challenge_sent()->mutable_challenge() = wire_challenge(*e);
    v1::ServerMessage push;
    *push.mutable_lobby_update()->mutable_challenge_received() = wire_challenge(*e);
    presence_.send_to_user(e->to.id, push);
    challenges_[e->id] = std::move(e);
  }
  r.reply(std::move(out));
}

void Lobby::expire_challenge(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = challenges_.find(id);
  if (it == challenges_.end()) return;
  const auto closed = closed_message(id, v1::ChallengeClosed::REASON_EXPIRED);
  presence_.send_to_user(it->second->from.id, closed);
  presence_.send_to_user(it->second->to.id, closed);
  challenges_.erase(it);
}

void Lobby::answer_challenge(const Request& r) {
  const auto& in = r.message().answer_challenge();
  std::unique_ptr<ChallengeEntry> c;
  {
    std::lock_guard lock(mu_);
    auto it = challenges_.find(in.challenge_id());
    if (it == challenges_.end() || it->second->to.id != r.user().id)
      return r.error(v1::ERROR_CODE_NOT_FOUND, "no challenge " + in.challenge_id() + " to you");
    c = std::move(it->second);
    challenges_.erase(it);
    if (c->expiry) c->expiry->cancel();
    const auto closed = closed_message(
        c->id,
        in.accept() ? v1::ChallengeClosed::REASON_ACCEPTED : v1::ChallengeClosed::REASON_DECLINED,
        in.message().substr(0, 500));
    presence_.send_to_user(c->from.id, closed);
    presence_.send_to_user(c->to.id, closed);
  }
  r.ack();
  if (in.accept()) start_match(c->setup, c->from, c->to);
}

void Lobby::cancel_challenge(const Request& r) {
  const auto& id = r.message().cancel_challenge().challenge_id();
  {
    std::lock_guard lock(mu_);
    auto it = challenges_.find(id);
    if (it == challenges_.end() || it->second->from.id != r.user().id)
      return r.error(v1::ERROR_CODE_NOT_FOUND, "you sent no challenge " + id);
    auto c = std::move(it->second);
    challenges_.erase(it);
    if (c->expiry) c->expiry->cancel();
    const auto closed = closed_message(c->id, v1::ChallengeClosed::REASON_CANCELLED);
    presence_.send_to_user(c->from.id, closed);
    presence_.send_to_user(c->to.id, closed);
  }
  r.ack();
}
}  // namespace boyi::app
