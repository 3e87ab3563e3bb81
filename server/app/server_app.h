// The Boyi server as a library: storage, accounts, the parts (sessions, lobby, matches,
// tournaments, HTTP API), the listener (one port, every transport, /metrics) and the io
// threads. boyi-server's
// main() and the tests run the same object. Beast-free header.
#pragma once

#include <cstdint>
#include <memory>

#include "base/result.h"
#include "server/core/config.h"

namespace boyi::net {
class MetricsRegistry;
}

namespace boyi::app {

class ServerApp {
 public:
  // Opens storage (creating the data directory), purges unused guests, resumes every
  // running match, binds the port and starts serving on its own threads.
  static Result<std::unique_ptr<ServerApp>> start(ServerConfig config);
  ~ServerApp();  // shuts down (gracefully) if still running
  ServerApp(const ServerApp&) = delete;
  ServerApp& operator=(const ServerApp&) = delete;

  std::uint16_t port() const;
  std::size_t resumed_matches() const;
  std::size_t running_matches() const;
  std::size_t matches_in_memory() const;  // running and recently finished
  net::MetricsRegistry& metrics();

  // Graceful shutdown: stop accepting, tell every client (SHUTTING_DOWN), flush and close
  // the connections, stop the matches' timers, join the threads. Every accepted action was
  // journaled before it was sent, so nothing is lost. Idempotent; blocks until done.
  void shutdown();
  // Blocks until shutdown() has finished (from another thread or a signal).
  void wait();

 private:
  struct Impl;
  explicit ServerApp(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace boyi::app
