// Test helpers for server/net: a real Listener on 127.0.0.1 with an echo handler that records
// every call, and small blocking clients with deadlines.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "server/net/listener.h"

namespace boyi::net::test {

using namespace std::chrono_literals;

// Echoes every frame; answers protocol errors with an error frame ("error:<code>" binary, or
// {"error":"<code>"} JSON); on shutdown says "bye" to everyone. Records events as text.
class EchoHandler : public ConnectionHandler {
 public:
  void on_open(const ConnectionPtr& c) override;
  void on_frame(const ConnectionPtr& c, Frame f) override;
  void on_close(const ConnectionPtr& c, const std::string& reason) override;
  void on_protocol_error(const ConnectionPtr& c, const ProtocolError& e) override;
  void on_shutdown() override;
  // "full:<message>" (binary) or {"error":"server_full"} (JSON).
  std::optional<Frame> refusal(FrameKind kind, const ProtocolError& e) override;

  // Waits (up to `timeout`) until some event starts with `prefix`; returns it.
  std::optional<std::string> wait_event(const std::string& prefix,
                                        std::chrono::milliseconds timeout = 5s);
  std::vector<std::string> events();
  std::vector<ConnectionPtr> open_connections();
  // Waits until `n` connections are open.
  bool wait_open(std::size_t n, std::chrono::milliseconds timeout = 5s);

 private:
  void record(std::string e);
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> events_;
  std::map<std::uint64_t, ConnectionPtr> open_;
};

// Limits small enough for fast tests.
NetLimits test_limits();

class TestServer {
 public:
  explicit TestServer(NetLimits limits = test_limits());
  ~TestServer();

  std::uint16_t port() const { return port_; }
  const std::filesystem::path& root() const { return root_; }
  EchoHandler& handler() { return *handler_; }
  MetricsRegistry& metrics() { return *metrics_; }
  Listener& listener() { return *listener_; }
  // Runs a graceful shutdown and waits for it; true when `done` was called in time.
  bool shutdown(std::chrono::milliseconds deadline = 2s);

 private:
  boost::asio::io_context ioc_;
  std::filesystem::path root_;
  std::shared_ptr<EchoHandler> handler_;
  std::shared_ptr<MetricsRegistry> metrics_;
  std::unique_ptr<Listener> listener_;
  std::vector<std::thread> threads_;
  std::uint16_t port_ = 0;
  bool shut_ = false;
};

// A blocking TCP client on 127.0.0.1; every read has a deadline.
class TcpClient {
 public:
  explicit TcpClient(std::uint16_t port, int receive_buffer = 0);
  ~TcpClient();
  bool connected() const { return fd_ >= 0; }
  bool send(std::string_view bytes);
  // Bytes until `n` arrived, the peer closed, or the deadline.
  std::string read(std::size_t n, std::chrono::milliseconds timeout = 5s);
  // Everything until the peer closes (true) or the deadline (false).
  bool read_until_closed(std::string& out, std::chrono::milliseconds timeout = 5s);
  // Next frame through a decoder; nullopt on close/timeout. Errors come back as "!reason".
  std::optional<std::string> next_binary(std::chrono::milliseconds timeout = 5s);
  std::optional<std::string> next_line(std::chrono::milliseconds timeout = 5s);

 private:
  template <class Decoder>
  std::optional<std::string> next(Decoder& d, std::chrono::milliseconds timeout);
  int fd_ = -1;
  framing::LengthPrefixedDecoder bin_;
  framing::LineDecoder lines_;
};

struct HttpReply {
  int status = 0;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
};
// One request with "Connection: close"; status 0 when no parsable answer came.
HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body = {},
                       const std::vector<std::string>& extra_headers = {});

struct WsOutcome {
  bool connected = false;
  std::vector<Frame> received;
  int close_code = 0;  // the server's close frame, when it closed first
  std::string close_reason;
  std::string error;  // how reading ended, when it did not end by our own close
};
// A Beast WebSocket client: handshake, send `frames`, read until `expect` frames came (then
// close normally), the server closes, or the deadline.
WsOutcome ws_session(std::uint16_t port, const std::vector<Frame>& frames, std::size_t expect,
                     std::chrono::milliseconds timeout = 5s);

}  // namespace boyi::net::test
