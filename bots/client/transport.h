// The transports a bot may use (protocol/README.md, "Transports") and the server's address.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "protocol/client/wire_connection.h"

namespace boyi::bots {

// The wire client's transports (protocol/client/wire_connection.h); a bot names them
// "tcp", "json", "ws" (WebSocket binary) or by their full names.
using protocol::parse_transport;
using protocol::to_string;
using protocol::Transport;

// "HOST:PORT", "[v6]:PORT" or "HOST" (port 7700).
struct ServerAddress {
  std::string host;
  std::uint16_t port = 7700;
};
Result<ServerAddress> parse_server_address(std::string_view text);

}  // namespace boyi::bots
