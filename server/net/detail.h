// Internal to server/net: what the listener shares with its connections. Includes Asio and
// Beast — only the net layer's .cc files include this header.
#pragma once

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/net/connection.h"
#include "server/net/http_routes.h"
#include "server/net/metrics.h"
#include "server/net/net_limits.h"

namespace boyi::net::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// Anything the shutdown can close: a socket being sniffed or serving HTTP, or a Connection.
class Closable {
 public:
  virtual ~Closable() = default;
  virtual void close(std::string reason) = 0;  // graceful
  virtual void abort(std::string reason) = 0;  // at once
};

struct NetMetrics {
  explicit NetMetrics(MetricsRegistry& r);
  struct PerTransport {
    Counter* connections;
    Counter* frames_in;
    Counter* frames_out;
    Counter* bytes_in;
    Counter* bytes_out;
  };
  MetricsRegistry& registry;
  Gauge& open;
  Counter& http_connections;
  Counter& slow_readers;
  PerTransport transport[3];
  PerTransport& of(Transport t) { return transport[static_cast<int>(t)]; }
  void protocol_error(const std::string& code);
  void rejected(const std::string& why);
  void http_request(int status);
};

struct Shared;

// Counts one accepted socket against the caps for as long as any owner holds it.
class Slot {
 public:
  Slot(std::shared_ptr<Shared> shared, std::string address)
      : shared_(std::move(shared)), address_(std::move(address)) {}
  ~Slot();
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  std::shared_ptr<Shared> shared_;
  std::string address_;
};

struct Shared : std::enable_shared_from_this<Shared> {
  Shared(asio::io_context& io, std::shared_ptr<ConnectionHandler> h,
         std::shared_ptr<MetricsRegistry> m, NetLimits l, std::filesystem::path root,
         bool metrics_on)
      : ioc(io),
        handler(std::move(h)),
        registry(std::move(m)),
        metrics(*registry),
        limits(l),
        static_root(std::move(root)),
        serve_metrics(metrics_on) {}

  asio::io_context& ioc;
  std::shared_ptr<ConnectionHandler> handler;
  std::shared_ptr<MetricsRegistry> registry;
  NetMetrics metrics;
  NetLimits limits;
  std::filesystem::path static_root;
  bool serve_metrics;
  HttpRoutes routes;
  std::atomic<std::uint64_t> next_id{1};

  // Caps and the set of live sockets (for shutdown).
  std::mutex mu;
  std::size_t total = 0;
  std::unordered_map<std::string, std::size_t> per_address;
  std::unordered_map<std::uint64_t, std::weak_ptr<Closable>> live;
  std::atomic<bool> shutting_down{false};
  std::atomic<int> refusals_in_flight{0};  // sockets being told SERVER_FULL (refusal.cc)

  // A slot for a new socket from `address`, or nullptr (and the reason) past a cap.
  std::shared_ptr<Slot> admit(const std::string& address, std::string& why);
  void release(const std::string& address);
  void track(std::uint64_t id, std::weak_ptr<Closable> c);
  void untrack(std::uint64_t id);
  std::size_t count();
};

// Starts a framed TCP connection (binary or JSON lines) whose first bytes are in `initial`.
void start_tcp_session(std::shared_ptr<Shared> shared, beast::tcp_stream stream, Transport t,
                       std::string initial, std::shared_ptr<Slot> slot, std::uint64_t id,
                       std::string remote, std::string address);

// Accepts a WebSocket upgrade request and starts the connection.
void start_ws_session(std::shared_ptr<Shared> shared, beast::tcp_stream stream,
                      http::request<http::string_body> request, std::shared_ptr<Slot> slot,
                      std::uint64_t id, std::string remote, std::string address);

// Runs a freshly accepted socket: sniffs its transport, serves HTTP or hands it on.
void start_raw_link(std::shared_ptr<Shared> shared, tcp::socket socket, std::shared_ptr<Slot> slot,
                    std::string remote, std::string address);

// Tells a socket refused at a cap ("total" or "per_address") SERVER_FULL, then closes it.
void refuse_connection(std::shared_ptr<Shared> shared, tcp::socket socket, std::string why);

std::string format_endpoint(const tcp::endpoint& ep);

}  // namespace boyi::net::detail
