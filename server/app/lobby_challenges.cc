// The lobby's direct challenges: send, answer, cancel, and their expiry.
#include "server/app/hub_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using hub_detail::split_error;

namespace {

constexpr std::size_t kMaxChallengesPerUser = 20;

}  // namespace

v1::Challenge Hub::wire_challenge(const ChallengeEntry& e) const {
  v1::Challenge c;
  c.set_challenge_id(e.id);
  *c.mutable_from() = to_player(e.from, -1);
  *c.mutable_to() = to_player(e.to, -1);
  *c.mutable_setup() = e.setup.wire;
  return c;
}

void Hub::send_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  const auto& in = m.send_challenge();
  auto r = resolve(in.setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  auto target = app_.db.user_by_name(in.opponent());
  // A user id ("u17") also names the opponent: the online list gives ids and display names.
  if (!target && in.opponent().size() > 1 && in.opponent()[0] == 'u' &&
      in.opponent().find_first_not_of("0123456789", 1) == std::string::npos &&
      in.opponent().size() < 19)
    target = app_.db.user_by_id(std::stoll(in.opponent().substr(1)));
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
}  // namespace boyi::app
