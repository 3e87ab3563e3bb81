// The transports a bot may use (protocol/README.md, "Transports").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::bots {

enum class Transport : std::uint8_t {
  tcp_binary,  // 4-byte big-endian length, then a protobuf message
  tcp_json,    // one JSON object per line
  websocket,   // binary WebSocket frames, one protobuf message each
};

std::string_view to_string(Transport transport);
Result<Transport> parse_transport(std::string_view text);  // "tcp", "json", "ws"

// "HOST:PORT", "[v6]:PORT" or "HOST" (port 7700).
struct ServerAddress {
  std::string host;
  std::uint16_t port = 7700;
};
Result<ServerAddress> parse_server_address(std::string_view text);

}  // namespace boyi::bots
