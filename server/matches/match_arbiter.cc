// MatchHost: the arbiter's console (admins only; the route checks the role). Pause and
// unpause the clocks, add time, decide the match, a forfeit, a void — each journaled by the
// referee, written to the audit log with the admin's name and reason, and told to the seats
// and spectators (ArbiterNotice; the end as any end). Watching the full position of a
// running match (every hidden piece) is allowed to admins and audited too.
#include "server/matches/match_host_internal.h"

#include "server/records/record_meta.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;

namespace {

std::string action_name(v1::ArbiterAction a) {
  switch (a) {
    case v1::ARBITER_ACTION_PAUSE:
      return "match.pause";
    case v1::ARBITER_ACTION_UNPAUSE:
      return "match.unpause";
    case v1::ARBITER_ACTION_ADD_TIME:
      return "match.add_time";
    case v1::ARBITER_ACTION_ADJUDICATE:
      return "match.adjudicate";
    case v1::ARBITER_ACTION_FORFEIT:
      return "match.forfeit";
    case v1::ARBITER_ACTION_VOID:
      return "match.void";
    default:
      return "";
  }
}

}  // namespace

MatchHost::ArbiterResult MatchHost::apply_arbiter(const v1::Arbitrate& request,
                                                 const std::string& actor, const std::string& by) {
  using R = ArbiterResult;
  if (!match_) return R{v1::ERROR_CODE_INTERNAL, "the match did not start"};
  const std::string action = action_name(request.action());
  if (action.empty()) return R{v1::ERROR_CODE_INVALID_ARGUMENT, "no arbiter action"};
  const std::string& reason = request.reason();
  if (reason.size() > 400)
    return R{v1::ERROR_CODE_INVALID_ARGUMENT, "a reason has at most 400 characters"};
  const bool decides = request.action() == v1::ARBITER_ACTION_ADJUDICATE ||
                       request.action() == v1::ARBITER_ACTION_FORFEIT ||
                       request.action() == v1::ARBITER_ACTION_VOID;
  if (decides && reason.empty()) return R{v1::ERROR_CODE_INVALID_ARGUMENT, "a decision needs its reason"};
  auto& referee = match_->referee();
  const auto now = Clock::now();
  (void)referee.tick(now);
  if (referee.finished()) {
    after_change();
    return R{v1::ERROR_CODE_MATCH_OVER, "match " + id() + " is over: " + describe(referee.outcome())};
  }
  const int seat = request.seat();
  std::string detail;
  Status done;
  switch (request.action()) {
    case v1::ARBITER_ACTION_PAUSE:
      done = referee.pause(now);
      break;
    case v1::ARBITER_ACTION_UNPAUSE:
      done = referee.unpause(now);
      break;
    case v1::ARBITER_ACTION_ADD_TIME:
      detail = std::to_string(request.ms()) + " ms to seat " + std::to_string(seat);
      done = referee.add_time(seat, request.ms(), now);
      break;
    case v1::ARBITER_ACTION_ADJUDICATE: {
      const int winner = request.winner();
      if (winner < -1 || winner > 1) {
        done = fail("the winner is 0, 1 or -1 (a draw)");
        break;
      }
      detail = winner < 0 ? "a draw" : "seat " + std::to_string(winner) + " wins";
      done = referee.adjudicate(winner < 0 ? std::nullopt : std::optional<Seat>(winner), reason, now);
      break;
    }
    case v1::ARBITER_ACTION_FORFEIT:
      if (seat != 0 && seat != 1) {
        done = fail("no such seat");
        break;
      }
      detail = "seat " + std::to_string(seat) + " forfeits";
      done = referee.adjudicate(1 - seat, "seat " + std::to_string(seat) + " forfeits: " + reason, now);
      break;
    case v1::ARBITER_ACTION_VOID:
      detail = "no result";
      done = referee.abort("voided by the arbiter: " + reason, now);
      break;
    default:
      break;
  }
  if (!done) {
    // A void stands even when the journal refused it (the referee's way out of a match it
    // cannot store): it is announced and settled like any other; anything else was refused.
    const bool voided = request.action() == v1::ARBITER_ACTION_VOID && referee.finished();
    if (!voided) return R{v1::ERROR_CODE_INVALID_ARGUMENT, done.message()};
    app_.log.error("void_not_stored", {{"match", id()}, {"reason", done.message()}});
  }
  audit(actor, action, detail, reason);
  v1::ServerMessage notice;
  auto* n = notice.mutable_arbiter_notice();
  n->set_match_id(id());
  n->set_action(request.action());
  n->set_seat(seat);
  n->set_ms(request.ms());
  n->set_winner(request.winner());
  n->set_reason(reason);
  n->set_by(by);
  *n->mutable_clocks() = match_->clocks(now);
  Outgoing out(std::move(notice), app_.max_frame());
  for (const auto& peers : seat_peers_)
    for (const auto& p : peers) out.send(p);
  for (const auto& p : spectators_) out.send(p);
  after_change();
  return R{};
}

void MatchHost::arbitrate(Peer peer, UserInfo admin, std::uint64_t request_id,
                          v1::Arbitrate request) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), admin = std::move(admin),
                       request_id, request = std::move(request)] {
    auto& h = *self;
    const auto r = h.apply_arbiter(request, "admin " + admin.username,
                                   admin.display_name.empty() ? admin.username : admin.display_name);
    if (r.code != v1::ERROR_CODE_UNSPECIFIED) return h.error(peer, request_id, r.code, r.message);
    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
  });
}

void MatchHost::arbitrate_queued(v1::Arbitrate request, std::string actor,
                                 std::function<void(Status)> done) {
  asio::post(strand_, [self = shared_from_this(), request = std::move(request),
                       actor = std::move(actor), done = std::move(done)] {
    const auto r = self->apply_arbiter(request, actor, "the arbiter");
    done(r.code == v1::ERROR_CODE_UNSPECIFIED ? Status::Ok() : Status(Error{r.message}));
  });
}

void MatchHost::watch_full(Peer peer, UserInfo admin, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), admin = std::move(admin),
                       request_id] {
    auto& h = *self;
    if (!h.match_) return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const bool hidden = !h.match_->referee().finished();
    // Every hidden identity of a running match: on the record who looked (once per admin
    // and match: the console refreshes every few seconds).
    if (hidden && h.full_watchers_.insert(admin.username).second)
      h.audit("admin " + admin.username, "match.watch_full", "the full position", "");
    v1::ServerMessage m;
    m.set_request_id(request_id);
    auto* f = m.mutable_full_view();
    f->set_match_id(h.id());
    f->set_last_seq(protocol::WireMatch::wire_seq(h.match_->referee().last_seq()));
    *f->mutable_view() = h.match_->full_view();
    *f->mutable_clocks() = h.match_->clocks(Clock::now());
    for (int s = 0; s < 2; ++s) *f->add_players() = h.header().players[static_cast<std::size_t>(s)];
    h.send(peer, std::move(m));
  });
}

void MatchHost::audit(const std::string& actor, const std::string& action,
                      const std::string& detail, const std::string& reason) {
  storage::AuditEntry e;
  e.at_ms = storage::wall_clock_ms();
  e.actor = actor;
  e.action = action;
  e.target = "match " + id();
  e.detail = detail;
  e.reason = reason;
  e.match = stored_id_;
  if (auto stored = app_.db.append_audit(e); !stored)
    app_.log.error("audit_failed", {{"match", id()}, {"action", action}, {"reason", stored.message()}});
}

}  // namespace boyi::app
