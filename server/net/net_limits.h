// Every bound the network layer enforces, with defaults a competition server can run on.
// A connection that passes one is told why (when the transport allows) and closed.
#pragma once

#include <chrono>
#include <cstddef>

#include "protocol/framing/frame.h"

namespace boyi::net {

// What happens to an inbound message over the rate limit.
enum class RateLimitPolicy {
  drop,   // the message is discarded and on_protocol_error (not fatal) is called so the
          // server can answer with an error; max_protocol_errors still bounds the abuse
  close,  // on_protocol_error (fatal), then the connection is closed
};

struct NetLimits {
  // One frame's payload, both directions; a WebSocket message is one frame.
  std::size_t max_frame_bytes = framing::kDefaultMaxFrameBytes;
  // Bounded send queue per connection (frames queued and not yet written, plus the batch
  // being written). Passing either bound disconnects the connection: "slow reader".
  std::size_t max_send_queue_bytes = 1024 * 1024;
  std::size_t max_send_queue_frames = 1024;
  // Inbound token bucket: sustained messages per second and burst.
  double max_messages_per_second = 50;
  double message_burst = 100;
  RateLimitPolicy rate_limit_policy = RateLimitPolicy::drop;
  // Non-fatal protocol errors (oversized JSON lines, rate-limited messages) tolerated
  // before the connection is closed.
  int max_protocol_errors = 20;
  // No inbound bytes for this long -> close. WebSocket pings/pongs count as inbound; the
  // server pings a quiet WebSocket peer at half this time. TCP peers send a protocol-level
  // message (e.g. a ping request) to stay alive.
  std::chrono::milliseconds idle_timeout{std::chrono::minutes(5)};
  // A new connection must send its first bytes (and enough to tell the transport) within this.
  std::chrono::milliseconds sniff_timeout{std::chrono::seconds(10)};
  // A closing connection gets this long to flush what is queued to it.
  std::chrono::milliseconds close_flush_timeout{std::chrono::seconds(5)};
  // Connection caps: beyond these a connection is told SERVER_FULL (HTTP: 503) and closed.
  std::size_t max_connections = 20000;
  std::size_t max_connections_per_address = 256;
  // HTTP: request header and body bounds, and how long one request may take to arrive.
  std::size_t max_http_header_bytes = 8 * 1024;
  std::size_t max_http_body_bytes = 64 * 1024;
  std::chrono::milliseconds http_request_timeout{std::chrono::seconds(15)};
  // Keep-alive HTTP requests served on one connection before it is closed.
  int max_http_requests_per_connection = 100;
};

}  // namespace boyi::net
