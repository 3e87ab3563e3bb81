// MatchHost: a seat commits its own 军棋 deployment before sending it (protocol/fairness,
// protocol/README.md §Fairness). The commitment is stored before it is acknowledged, so a
// restart keeps it; the deploying move must then match it (MatchHost::move).
#include "server/matches/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;

void MatchHost::commit_deployment(Peer peer, storage::Id user, std::uint64_t request_id,
                                  std::string commitment) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       commitment = std::move(commitment)] {
    auto& h = *self;
    const int seat = h.seat_for_request(peer, user, request_id);
    if (seat < 0) return;
    // The checks first (nothing stored for a refused commitment), then storage, then memory.
    if (auto s = h.match_->check_commit(seat, commitment); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, s.message());
    if (auto s = h.app_.db.save_deployment_commitment(h.stored_id(), seat, commitment); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, s.message());
    if (auto s = h.match_->commit(seat, commitment); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, s.message());
    h.app_.log.info("deployment_committed", {{"match", h.id()}, {"seat", std::to_string(seat)}});
    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
  });
}

}  // namespace boyi::app
