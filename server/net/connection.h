// The connection handle the server sees and the handler interface it implements.
//
// Threading: every connection lives on its own strand. All ConnectionHandler calls for
// one connection are made on that connection's strand, one at a time, in order:
// on_open, then any number of on_frame / on_protocol_error, then on_close exactly once
// (on_close also follows a failed on_open-time close). Calls for different connections
// may run concurrently on different threads, so a handler shared between connections
// must synchronise its own state. Handlers should be quick: they run on the reader's
// path; post longer work elsewhere (e.g. to a match's strand).
//
// Connection::send and Connection::close are thread-safe and may be called from any
// thread or strand, including from inside a handler call.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "protocol/framing/frame.h"

namespace boyi::net {

using framing::Frame;
using framing::FrameKind;

enum class Transport : std::uint8_t {
  tcp_binary,  // 4-byte big-endian length-prefixed protobuf frames
  tcp_json,    // JSON lines
  websocket,   // binary messages = protobuf frames, text messages = JSON frames
};

std::string_view to_string(Transport t);

// A framing or policy violation by the peer.
struct ProtocolError {
  std::string code;     // short stable label, also the metrics label ("frame_too_large", ...)
  std::string message;  // what a person reads
  bool fatal = false;   // true: the layer closes the connection after the handler returns
  // The frame the error refused (a rate-limited message), valid during the handler call,
  // so the handler can answer it by its request id; null when no frame was refused.
  const Frame* dropped = nullptr;
};

class Connection {
 public:
  virtual ~Connection() = default;

  std::uint64_t id() const { return id_; }
  Transport transport() const { return transport_; }
  // The peer as "address:port" ("[v6]:port" for IPv6) and its address alone.
  const std::string& remote() const { return remote_; }
  const std::string& remote_address() const { return remote_address_; }

  // Whether this connection carries frames of this kind: binary-only for tcp_binary,
  // JSON-only for tcp_json, both for WebSocket.
  bool accepts(FrameKind kind) const {
    return transport_ == Transport::websocket ||
           (transport_ == Transport::tcp_binary) == (kind == FrameKind::binary);
  }

  // Queues a frame; returns at once. Fails (with a reason) when the connection is closing
  // or closed, the kind does not fit the transport, or the frame is over the frame limit.
  // Passing the send queue bounds closes the connection ("slow reader") and fails.
  virtual Status send(Frame frame) = 0;
  // Graceful close: frames already queued are flushed (bounded by close_flush_timeout),
  // then the connection is closed; a WebSocket peer gets the reason in the close frame.
  virtual void close(std::string reason) = 0;
  virtual bool is_open() const = 0;

 protected:
  Connection(std::uint64_t id, Transport transport, std::string remote, std::string address)
      : id_(id),
        transport_(transport),
        remote_(std::move(remote)),
        remote_address_(std::move(address)) {}

 private:
  std::uint64_t id_;
  Transport transport_;
  std::string remote_;
  std::string remote_address_;
};

using ConnectionPtr = std::shared_ptr<Connection>;

class ConnectionHandler {
 public:
  virtual ~ConnectionHandler() = default;
  virtual void on_open(const ConnectionPtr& conn) = 0;
  virtual void on_frame(const ConnectionPtr& conn, Frame frame) = 0;
  virtual void on_close(const ConnectionPtr& conn, const std::string& reason) = 0;
  // The peer broke framing or a limit. The handler may send() an error frame; when
  // error.fatal the layer then flushes it and closes the connection.
  virtual void on_protocol_error(const ConnectionPtr& conn, const ProtocolError& error) = 0;
  // Graceful shutdown began (called once, on no particular strand, before connections
  // are closed): the last chance to send final messages.
  virtual void on_shutdown() {}
  // What a connection refused at a connection cap is told before it is closed, in the
  // kind of frame it speaks (the error's code is "server_full"); nothing when empty. Called
  // on no particular strand, without a Connection: the refused socket never becomes one.
  virtual std::optional<Frame> refusal(FrameKind kind, const ProtocolError& error) {
    (void)kind;
    (void)error;
    return std::nullopt;
  }
};

}  // namespace boyi::net
