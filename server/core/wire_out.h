// Sending boyi.v1 messages on net connections: one message encoded once per frame kind
// (protobuf binary or the JSON mapping) and queued on each recipient's connection.
// App-internal: includes the generated protocol header.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"
#include "server/net/connection.h"
#include "server/storage/records.h"

namespace boyi::app {

namespace v1 = boyi::v1;

// A recipient: a connection and the encoding it speaks (WebSocket peers may use either).
struct Peer {
  net::ConnectionPtr conn;
  net::FrameKind kind = net::FrameKind::json;
  bool chat = false;  // the connection's Hello asked for chat
};

// One message, encoded lazily at most once per kind.
class Outgoing {
 public:
  explicit Outgoing(v1::ServerMessage message, std::size_t max_bytes)
      : message_(std::move(message)), max_bytes_(max_bytes) {}
  // Queues the message on the peer's connection; false when it could not be encoded or
  // queued (the connection is closing, or the message is over the frame limit).
  bool send(const Peer& peer);
  v1::ServerMessage& message() { return message_; }

 private:
  v1::ServerMessage message_;
  std::size_t max_bytes_;
  std::array<std::optional<std::string>, 2> encoded_;
  std::array<bool, 2> failed_{};
};

// Sends one message to one peer (request_id set by the caller).
bool send_to(const Peer& peer, const v1::ServerMessage& message, std::size_t max_bytes);

v1::ServerMessage error_message(std::uint64_t request_id, v1::ErrorCode code, std::string message,
                                bool fatal = false, std::string match_id = {},
                                std::uint32_t attempts_left = 0);

// Who a user is to the lobby and the matches.
struct UserInfo {
  storage::Id id = 0;
  std::string username;
  std::string display_name;
  v1::Role role = v1::ROLE_UNSPECIFIED;
  // A house seat in a match: the strength (0: not a house seat) and house engine it plays.
  std::uint32_t house_strength = 0;
  std::string house_engine{};
};

std::string user_id_text(storage::Id id);  // "u17"
v1::Player to_player(const UserInfo& user, int seat);
v1::Role role_of(const storage::User& user);

}  // namespace boyi::app
