#include "server/core/request.h"

namespace boyi::app {

void Request::reply(v1::ServerMessage m) const {
  m.set_request_id(id());
  (void)send_to(peer_, m, app_.max_frame());
}

void Request::ack() const {
  v1::ServerMessage m;
  m.mutable_ack();
  reply(std::move(m));
}

void Request::error(v1::ErrorCode code, std::string text, bool fatal) const {
  send_error(app_, peer_, id(), code, std::move(text), fatal);
}

void send_error(AppContext& app, const Peer& peer, std::uint64_t request_id, v1::ErrorCode code,
                std::string text, bool fatal) {
  app.metrics.error(code);
  (void)send_to(peer, error_message(request_id, code, text, fatal), app.max_frame());
  if (fatal) peer.conn->close(text);
}

}  // namespace boyi::app
