// The one listening port of the server: accepts TCP connections, tells each one's transport
// from its first bytes (see sniff.h) and runs it:
//   - TCP binary (length-prefixed protobuf), TCP JSON lines and WebSocket connections become
//     Connections reported to the ConnectionHandler (see connection.h for threading);
//   - plain HTTP requests are served here: GET /metrics, the route table (routes()), then
//     static files from `static_root`.
// Every accepted socket gets its own strand; the io_context may be run by any number of threads.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "base/result.h"
#include "server/net/connection.h"
#include "server/net/http_routes.h"
#include "server/net/metrics.h"
#include "server/net/net_limits.h"

namespace boost::asio {
class io_context;
}

namespace boyi::net {

struct ListenerConfig {
  std::string address = "0.0.0.0";  // "::" listens on IPv6 and IPv4 (dual-stack)
  std::uint16_t port = 7700;        // 0: an ephemeral port, see Listener::port()
  NetLimits limits;
  std::filesystem::path static_root;  // empty: no static files (404)
  bool serve_metrics = true;          // GET /metrics
};

class Listener {
 public:
  // `handler` and `metrics` are shared with the connections, which may outlive the Listener
  // object by the time they take to close.
  Listener(boost::asio::io_context& ioc, std::shared_ptr<ConnectionHandler> handler,
           std::shared_ptr<MetricsRegistry> metrics, ListenerConfig config);
  ~Listener();  // stops accepting; use shutdown() to close the connections too
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  // Register API routes before start() (adding later is safe but races with requests).
  HttpRoutes& routes();

  // Binds and starts accepting. Returns the bound port (useful with port 0).
  Result<std::uint16_t> start();
  std::uint16_t port() const;
  // Accepted sockets not yet closed (every transport, HTTP and not yet sniffed included).
  std::size_t connection_count() const;

  // Graceful shutdown: stop accepting, call handler->on_shutdown(), close every connection
  // with `reason` (queued frames are flushed first), then call `done` once all are gone or
  // `deadline` passed (the rest are then closed hard). `done` runs on an io_context thread;
  // the io_context must keep running until then. Calling it again only adds nothing.
  void shutdown(std::string reason, std::chrono::milliseconds deadline, std::function<void()> done);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace boyi::net
