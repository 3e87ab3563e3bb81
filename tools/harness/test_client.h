// A blocking Boyi client for tests: connect with a chosen transport, send ClientMessages,
// receive ServerMessages with a deadline (never hangs), and helpers for the usual requests.
//
// Messages are kept in arrival order in an inbox; next() takes the oldest, expect() takes the
// oldest one matching a predicate and leaves the others in order. Every message received is
// also appended to transcript() (for assertions over a whole session). Server pings are
// answered automatically. Sends are paced to the server's advertised message rate.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client/wire_connection.h"

namespace boyi::harness {

// The wire client's names, as the harness and its users say them.
using protocol::is_json;
using protocol::is_websocket;
using protocol::parse_transport;
using protocol::Transport;
using protocol::WireCallbacks;
using protocol::WireConnection;

using namespace std::chrono_literals;
using Millis = std::chrono::milliseconds;

// A process-wide io_context run by two threads, for test clients.
boost::asio::io_context& client_io();

class Client {
 public:
  static Result<std::unique_ptr<Client>> connect(std::uint16_t port, Transport transport,
                                                 Millis timeout = 5s,
                                                 const std::string& host = "127.0.0.1");
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  Transport transport() const { return transport_; }
  std::uint64_t next_request_id() { return ++last_request_id_; }

  // Sends as is (request_id untouched).
  Status send(const v1::ClientMessage& message);
  // Raw bytes (see WireConnection::send_raw).
  void send_raw(std::string bytes, bool ws_text = false);
  // Assigns a fresh request_id, sends, and waits for the reply carrying it.
  Result<v1::ServerMessage> request(v1::ClientMessage message, Millis timeout = 10s);

  // The oldest message not yet taken; nullopt when none arrives in time or the connection closed.
  std::optional<v1::ServerMessage> next(Millis timeout);
  // The oldest message matching `pred` (others stay queued); an error naming `what` on timeout.
  Result<v1::ServerMessage> expect(const std::function<bool(const v1::ServerMessage&)>& pred,
                                   const std::string& what, Millis timeout = 10s);
  // Waits until the server closes the connection.
  bool wait_closed(Millis timeout);
  bool closed();
  std::string close_reason();
  void close();

  std::vector<v1::ServerMessage> transcript();
  std::vector<std::string> decode_errors();

  // Helpers: each sends one request and returns the specific reply, or an error naming what
  // came instead (an Error reply is described with its code and message).
  Result<v1::Welcome> hello(std::uint32_t version = 1);
  Result<v1::SignedIn> sign_in_guest(const std::string& name);
  Result<v1::SignedIn> sign_up(const std::string& username, const std::string& password);
  Result<v1::SignedIn> sign_in_password(const std::string& username, const std::string& password);
  Result<v1::Seek> create_seek(const v1::MatchSetup& setup);
  Status accept_seek(const std::string& seek_id);
  Result<v1::MatchStarted> wait_match_started(Millis timeout = 10s);
  // Sends a move with a fresh request id (the reply is the match_event or an error); returns the
  // id.
  // `commitment_salt`: a 军棋 deployment the seat committed to (CommitDeployment).
  std::uint64_t send_move(const std::string& match_id, const std::string& move,
                          const std::string& commitment_salt = "");
  std::uint64_t send_sync(const std::string& match_id, std::uint32_t from_seq);

  const v1::Limits& limits() const { return limits_; }
  // Sends are paced to the server's advertised rate (true) or go out at once (a test that
  // configured the server's rate limit out of the way).
  void set_paced(bool paced) { paced_ = paced; }

 private:
  explicit Client(Transport transport);
  void pace();

  Transport transport_;
  std::unique_ptr<WireConnection> conn_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<v1::ServerMessage> inbox_;
  std::vector<v1::ServerMessage> transcript_;
  std::vector<std::string> decode_errors_;
  bool closed_ = false;
  std::string close_reason_;
  std::uint64_t last_request_id_ = 0;
  v1::Limits limits_;
  // Pacing: a token bucket refilled at 80% of the advertised rate.
  bool paced_ = true;
  double tokens_ = 10;
  std::chrono::steady_clock::time_point last_refill_ = std::chrono::steady_clock::now();
};

// "ERROR_CODE_ILLEGAL_MOVE: H9 is occupied" for an error reply, else the body's name.
std::string describe(const v1::ServerMessage& message);
std::string to_json_text(const google::protobuf::Message& message);

}  // namespace boyi::harness
