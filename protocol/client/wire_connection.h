// An asynchronous client connection to a Boyi server speaking one of the four message
// transports of protocol/README.md: TCP with 4-byte length-prefixed protobuf frames, TCP JSON
// lines, WebSocket binary frames (protobuf) and WebSocket text frames (JSON).
//
// It runs on a caller's io_context (one strand per connection, so any number of threads may run
// it) and reports each decoded ServerMessage, each undecodable one, and the close through
// callbacks invoked on that strand. Server pings are answered here and still reported.
// Used by the bot client (bots/client), the blocking test client (tools/harness/test_client.h)
// and the load generator (tools/load).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"
#include "boyi/v1/boyi.pb.h"

namespace boost::asio {
class io_context;
}

namespace boyi::protocol {

enum class Transport : std::uint8_t { tcp_binary, tcp_json, ws_binary, ws_text };

std::string_view to_string(Transport transport);  // "tcp-binary", ...
// "tcp-binary", "tcp-json", "ws-binary", "ws-text"; also the short names "tcp", "json" and
// "ws" (WebSocket binary).
Result<Transport> parse_transport(std::string_view text);
inline bool is_json(Transport t) {
  return t == Transport::tcp_json || t == Transport::ws_text;
}
inline bool is_websocket(Transport t) {
  return t == Transport::ws_binary || t == Transport::ws_text;
}

struct WireCallbacks {
  // Connected (and the WebSocket handshake done), or why not. Called exactly once.
  std::function<void(Status)> on_connected;
  std::function<void(v1::ServerMessage&&)> on_message;
  // A frame that did not decode as a ServerMessage: the reason.
  std::function<void(std::string)> on_decode_error;
  // The connection ended (after on_connected succeeded): the reason. Called at most once, when
  // the connection's reads and writes have ended; the callbacks are released after it.
  std::function<void(std::string)> on_closed;
};

struct WireOptions {
  std::size_t max_send_bytes = 64 * 1024;  // the server's frame limit
  // What is accepted from the server (larger than what is sent: records of long games).
  std::size_t max_receive_bytes = 64 * 1024;
  // No connection (and WebSocket handshake) within this: on_connected with an error. 0: none.
  std::chrono::milliseconds connect_timeout{0};
  // Server pings are answered here (false: the owner answers them).
  bool answer_pings = true;
};

class WireConnection {
 public:
  WireConnection(boost::asio::io_context& ioc, Transport transport, WireOptions options);
  WireConnection(boost::asio::io_context& ioc, Transport transport,
                 std::size_t max_frame_bytes = 64 * 1024);
  ~WireConnection();  // closes; no callback runs after the destructor returns
  WireConnection(const WireConnection&) = delete;
  WireConnection& operator=(const WireConnection&) = delete;

  // Starts connecting; callbacks run on the connection's strand. Call once.
  void start(std::string host, std::uint16_t port, WireCallbacks callbacks);

  // Thread-safe. Encodes the message for the transport and queues it.
  Status send(const v1::ClientMessage& message);
  // Thread-safe. Queues bytes as they are: on TCP written raw, on WebSocket one message
  // (text when `ws_text`, else binary).
  void send_raw(std::string bytes, bool ws_text = false);
  // Thread-safe. Closes the socket (no goodbye); on_closed follows with the reason.
  void close(std::string reason = "closed by client");
  // Thread-safe: connected and not closed.
  bool is_open() const;

  Transport transport() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace boyi::protocol
