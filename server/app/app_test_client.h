// Test support for the server program: a temporary data directory, the real server started
// in-process on 127.0.0.1 with an ephemeral port, and a small blocking client speaking TCP
// JSON lines or length-prefixed protobuf, where every read has a deadline: the harness's client
// (tools/harness/test_client.h, over the one wire client) with the API these tests use.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "boyi/v1/boyi.pb.h"
#include "server/app/server_app.h"
#include "tools/harness/test_client.h"

namespace boyi::app::test {

namespace v1 = boyi::v1;
using namespace std::chrono_literals;

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Settings for fast tests: loopback, port 0, cheap argon2, no fsync per commit.
ServerConfig test_config(const std::filesystem::path& data);

class Client {
 public:
  enum class Mode { json, binary };
  // Connects to 127.0.0.1:port (nullptr if it cannot).
  static std::unique_ptr<Client> connect(std::uint16_t port, Mode mode);
  ~Client();

  Mode mode() const { return mode_; }
  // Sends with the next request id (returned) unless the message has one already.
  std::uint64_t send(v1::ClientMessage m);
  bool send_raw(std::string_view bytes);
  // The next message (pending ones first), or nullopt after `timeout` / when closed.
  std::optional<v1::ServerMessage> next(std::chrono::milliseconds timeout = 10s);
  // The first message matching `pred` within `timeout`; the others stay pending.
  std::optional<v1::ServerMessage> wait_for(
      const std::function<bool(const v1::ServerMessage&)>& pred,
      std::chrono::milliseconds timeout = 10s);
  // The reply to request `rid` (its request_id), within `timeout`.
  std::optional<v1::ServerMessage> reply(std::uint64_t rid,
                                         std::chrono::milliseconds timeout = 10s);
  // Whether the server closed the connection (reads until EOF or `timeout`).
  bool wait_closed(std::chrono::milliseconds timeout = 5s);
  void close();

  // Request helpers: send and wait for the reply.
  std::optional<v1::ServerMessage> call(v1::ClientMessage m,
                                        std::chrono::milliseconds timeout = 10s);
  bool hello(bool receive_chat = false);  // Welcome received
  std::optional<v1::SignedIn> guest(const std::string& name);
  std::optional<v1::SignedIn> sign_up(const std::string& user, const std::string& password);
  std::optional<v1::SignedIn> password(const std::string& user, const std::string& password);

 private:
  Client(std::unique_ptr<harness::Client> client, Mode mode)
      : client_(std::move(client)), mode_(mode) {}

  std::unique_ptr<harness::Client> client_;
  Mode mode_;
  std::uint64_t next_rid_ = 0;
};

// Messages of one kind.
inline bool is(const v1::ServerMessage& m, v1::ServerMessage::BodyCase c) {
  return m.body_case() == c;
}

// A blocking HTTP request on 127.0.0.1:port; `headers` are whole lines ("Name: value\r\n").
struct HttpReply {
  int status = 0;    // 0: no answer
  std::string head;  // the status line and the headers
  std::string body;
};
HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& path,
                       const std::string& headers = "", const std::string& body = "");
// A GET: the status and body ({0, ""} on failure).
std::pair<int, std::string> http_get(std::uint16_t port, const std::string& path);

}  // namespace boyi::app::test
