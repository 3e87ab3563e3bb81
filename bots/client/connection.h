// One connection of a bot to a Boyi server over one of the bot transports:
// TCP with 4-byte length-prefixed protobuf frames, TCP JSON lines, or WebSocket binary
// frames (protobuf). Runs on a caller's io_context driven by ONE thread (the bot's),
// and calls back on it: opened (or why not), each decoded ServerMessage, the close.
// Every size is bounded; bytes that do not decode are reported, never trusted.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "bots/client/transport.h"
#include "boyi/v1/boyi.pb.h"
#include "base/result.h"

namespace boost::asio {
class io_context;
}

namespace boyi::bots {

struct ConnectionCallbacks {
  // Connected (WebSocket: and upgraded), or why not. Called exactly once.
  std::function<void(Status)> on_open;
  std::function<void(v1::ServerMessage&&)> on_message;
  // A message that did not decode (the stream goes on when it can).
  std::function<void(const std::string&)> on_bad_message;
  // The connection ended after it opened: the reason. Called at most once.
  std::function<void(const std::string&)> on_closed;
};

class ServerConnection {
 public:
  // Limits: what we send (the server's frame limit) and what we accept from the server
  // (larger: records of long games).
  ServerConnection(boost::asio::io_context& ioc, Transport transport,
                   std::size_t max_send_bytes = 64 * 1024,
                   std::size_t max_receive_bytes = 4 * 1024 * 1024);
  ~ServerConnection();  // closes without calling back
  ServerConnection(const ServerConnection&) = delete;
  ServerConnection& operator=(const ServerConnection&) = delete;

  // Starts connecting to host:port; gives up after `timeout` (on_open with the error).
  void open(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout,
            ConnectionCallbacks callbacks);
  // Encodes and queues one message (on the io thread). An error if it cannot be encoded
  // within the limit or the connection is closed.
  Status send(const v1::ClientMessage& message);
  // Closes now; on_closed follows (if it was open).
  void close(const std::string& reason = "closed by the bot");
  bool is_open() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace boyi::bots
