// The socket side of the scripted server: one listening port on 127.0.0.1 that tells the
// transports apart by the first bytes as the real server does (protocol/README.md §1: '{'
// TCP JSON lines, an HTTP request a WebSocket — binary frames protobuf, text frames JSON —,
// anything else 4-byte big-endian length frames of protobuf), decodes what the bot sends and
// encodes what the script answers. Single-threaded: the script calls next() to wait for
// whatever arrives, and the sockets make progress only inside it, so the script decides
// exactly when and in which order every message goes out.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "boyi/v1/boyi.pb.h"
#include "tools/engine_check/network/check_log.h"

namespace boyi::engine_check {

using CheckClock = std::chrono::steady_clock;
using CheckTime = CheckClock::time_point;

enum class Wire { kUnknown, kTcpBinary, kTcpJson, kWebSocket };
std::string wire_name(Wire wire);  // "TCP protobuf frames", ...

// One thing that happened on the sockets.
struct Inbound {
  enum class Kind { kOpened, kMessage, kUnreadable, kClosed };
  Kind kind = Kind::kOpened;
  int link = 0;
  CheckTime at{};                                   // when its bytes arrived
  v1::ClientMessage message;                        // kMessage
  std::string text;                                 // kUnreadable: why; kClosed: how
  v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;  // kUnreadable: the real server's answer
  bool fatal = false;  // kUnreadable: the stream cannot be read on; the link is dropped
  // kMessage: it arrived after the server dropped the link, so the server never read it
  // (what the bot sent as the connection went down is lost).
  bool after_drop = false;
};

class ScriptedServer {
 public:
  static constexpr std::size_t kMaxFrameBytes = 64 * 1024;

  explicit ScriptedServer(CheckLog& log);
  ~ScriptedServer();
  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  // Listens on 127.0.0.1 on a free port; returns it.
  Result<std::uint16_t> listen();
  // Runs the sockets until something arrives or `deadline` passes.
  std::optional<Inbound> next(CheckTime deadline);
  // Queues one message in the link's encoding (a WebSocket answers in the kind of frame
  // the bot last sent). Nothing for a link that is closed or being dropped.
  void send(int link, const v1::ServerMessage& message);
  // Ends the link like a dropped connection: what was queued is delivered, then EOF.
  void drop(int link);
  // A WebSocket ping control frame (what the real server sends on an idle WebSocket).
  void ws_ping(int link);

  bool is_open(int link) const;  // connected and not being dropped
  Wire wire(int link) const;
  CheckTime last_inbound(int link) const;  // the last bytes (or WebSocket pong) from it
  // When the newest message queued on the link was handed over.
  CheckTime last_sent(int link) const;

 private:
  struct Link;
  void accept();
  void read_tcp(Link& l);
  void upgrade(Link& l);
  void read_ws(Link& l);
  void feed(Link& l, const std::string& bytes, CheckTime at);
  void deliver(Link& l, const std::string& payload, bool json, CheckTime at);
  void write_next(Link& l);
  void closed(Link& l, const std::string& why);
  void push(Inbound in);
  Link* find(int link) const;

  struct Io;  // Asio objects, declared in the .cc
  CheckLog& log_;
  std::unique_ptr<Io> io_;
  std::map<int, std::unique_ptr<Link>> links_;
  std::deque<Inbound> inbox_;
  int next_id_ = 0;
};

}  // namespace boyi::engine_check
