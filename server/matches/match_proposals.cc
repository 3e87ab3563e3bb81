// MatchHost: draw offers and takeback requests (referee/proposals.h). A proposal or an answer
// is the seat's request; the MatchProposals push goes to both seats and the spectators
// whenever the proposals changed. A house seat answers at once: it accepts a takeback (a
// person playing the computer in a casual game may take a move back, as on any game site)
// and declines a draw (it plays on).
#include "server/matches/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;

namespace {

std::optional<referee::ProposalKind> kind_of(v1::ProposalKind kind) {
  switch (kind) {
    case v1::PROPOSAL_KIND_DRAW:
      return referee::ProposalKind::kDraw;
    case v1::PROPOSAL_KIND_TAKEBACK:
      return referee::ProposalKind::kTakeback;
    default:
      return std::nullopt;
  }
}

}  // namespace

void MatchHost::propose(Peer peer, storage::Id user, std::uint64_t request_id,
                        v1::ProposalKind kind) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id, kind] {
    auto& h = *self;
    const auto k = kind_of(kind);
    if (!k) return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, "no proposal kind");
    const int seat = h.seat_for_request(peer, user, request_id);
    if (seat < 0) return;
    h.on_proposal(peer, request_id, h.match_->propose(seat, *k, Clock::now()));
  });
}

void MatchHost::answer_proposal(Peer peer, storage::Id user, std::uint64_t request_id,
                                v1::ProposalKind kind, bool accept) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id, kind,
                       accept] {
    auto& h = *self;
    const auto k = kind_of(kind);
    if (!k) return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, "no proposal kind");
    const int seat = h.seat_for_request(peer, user, request_id);
    if (seat < 0) return;
    h.on_proposal(peer, request_id, h.match_->answer(seat, *k, accept, Clock::now()));
  });
}

void MatchHost::on_proposal(const Peer& peer, std::uint64_t request_id, Status status) {
  if (!status) {
    after_change();  // a flag that fell first is told
    const auto code = match_->referee().finished() ? v1::ERROR_CODE_MATCH_OVER
                                                   : v1::ERROR_CODE_NOT_ALLOWED;
    return error(peer, request_id, code, status.message());
  }
  v1::ServerMessage ack;
  ack.set_request_id(request_id);
  ack.mutable_ack();
  send(peer, std::move(ack));
  after_change();
}

void MatchHost::send_proposals_if_changed() {
  const auto version = match_->referee().proposals_version();
  if (version == sent_proposals_version_) return;
  sent_proposals_version_ = version;
  v1::ServerMessage m;
  *m.mutable_match_proposals() = match_->proposals();
  Outgoing out(std::move(m), app_.max_frame());
  for (const auto& peers : seat_peers_)
    for (const auto& p : peers) out.send(p);
  for (const auto& p : spectators_) out.send(p);
  if (!stopped_) asio::post(strand_, [self = shared_from_this()] { self->answer_for_house_seats(); });
}

void MatchHost::answer_for_house_seats() {
  if (stopped_ || !match_ || match_->referee().finished()) return;
  bool answered = false;
  for (const auto& p : std::vector(match_->referee().open_proposals())) {
    const int to = 1 - p.from;
    if (!house_[static_cast<std::size_t>(to)]) continue;
    const bool accept = p.kind == referee::ProposalKind::kTakeback;
    if (auto s = match_->answer(to, p.kind, accept, Clock::now()); !s)
      app_.log.warn("house_bot_answer_failed", {{"match", id()}, {"seat", to}, {"reason", s.message()}});
    answered = true;
  }
  if (answered) after_change();
}

}  // namespace boyi::app
