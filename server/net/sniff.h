// Transport detection from the first bytes of a connection (all transports share a port).
//   "GET ", "POST ", "HEAD ", ... (an HTTP request line)  -> HTTP (and WebSocket upgrades)
//   '{' after optional whitespace                          -> TCP JSON lines
//   anything else (a length prefix starts with 0x00)       -> length-prefixed binary
#pragma once

#include <cstddef>
#include <string_view>

namespace boyi::net {

enum class Sniffed { need_more, http, json, binary };

// Leading whitespace beyond this many bytes makes a connection binary (which then fails
// with a framing error), so sniffing never buffers without bound.
inline constexpr std::size_t kMaxSniffWhitespace = 256;

Sniffed sniff_transport(std::string_view first_bytes);

}  // namespace boyi::net
