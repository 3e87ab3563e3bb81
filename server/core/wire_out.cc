#include "server/core/wire_out.h"

#include "protocol/wire/json.h"

namespace boyi::app {

bool Outgoing::send(const Peer& peer) {
  if (!peer.conn) return false;
  const std::size_t k = peer.kind == net::FrameKind::binary ? 0 : 1;
  if (failed_[k]) return false;
  if (!encoded_[k]) {
    auto bytes = k == 0 ? protocol::to_binary(message_, max_bytes_)
                        : protocol::to_json_line(message_, max_bytes_);
    if (!bytes) {
      failed_[k] = true;
      return false;
    }
    encoded_[k] = std::move(bytes).value();
  }
  return peer.conn->send(net::Frame{*encoded_[k], peer.kind}).ok();
}

bool send_to(const Peer& peer, const v1::ServerMessage& message, std::size_t max_bytes) {
  if (!peer.conn) return false;
  auto bytes = peer.kind == net::FrameKind::binary ? protocol::to_binary(message, max_bytes)
                                                   : protocol::to_json_line(message, max_bytes);
  if (!bytes) {
    // Too large to send: say so instead (small enough by construction).
    v1::ServerMessage err =
        error_message(message.request_id(), v1::ERROR_CODE_INTERNAL,
                      "the reply is larger than the frame limit: " + bytes.message());
    auto small = peer.kind == net::FrameKind::binary ? protocol::to_binary(err, max_bytes)
                                                     : protocol::to_json_line(err, max_bytes);
    if (small) (void)peer.conn->send(net::Frame{std::move(small).value(), peer.kind});
    return false;
  }
  return peer.conn->send(net::Frame{std::move(bytes).value(), peer.kind}).ok();
}

v1::ServerMessage error_message(std::uint64_t request_id, v1::ErrorCode code, std::string message,
                                bool fatal, std::string match_id, std::uint32_t attempts_left) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  auto* e = m.mutable_error();
  e->set_code(code);
  e->set_message(std::move(message));
  e->set_request_id(request_id);
  e->set_match_id(std::move(match_id));
  e->set_attempts_left(attempts_left);
  e->set_fatal(fatal);
  return m;
}

std::string user_id_text(storage::Id id) {
  return "u" + std::to_string(id);
}

v1::Player to_player(const UserInfo& user, int seat) {
  v1::Player p;
  p.set_user_id(user_id_text(user.id));
  p.set_name(user.display_name.empty() ? user.username : user.display_name);
  if (user.house_strength > 0) {
    p.set_house_strength(user.house_strength);
    p.set_house_engine(user.house_engine);
  }
  p.set_role(user.role);
  p.set_seat(seat);
  return p;
}

v1::Role role_of(const storage::User& user) {
  switch (user.kind) {
    case storage::UserKind::kGuest:
      return v1::ROLE_GUEST;
    case storage::UserKind::kBot:
      return v1::ROLE_BOT;
    case storage::UserKind::kHuman:
      return user.role == storage::Role::kAdmin ? v1::ROLE_ADMIN : v1::ROLE_HUMAN;
  }
  return v1::ROLE_UNSPECIFIED;
}

}  // namespace boyi::app
