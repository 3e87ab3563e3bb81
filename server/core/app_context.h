// What every part of the server program shares: its settings, storage, the io_context,
// metrics and the structured log. App-internal.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string>

#include "base/crypto/signing.h"
#include "server/core/config.h"
#include "server/core/log.h"
#include "server/core/wire_out.h"
#include "server/net/metrics.h"
#include "server/storage/database.h"

namespace boyi::app {

struct AppMetrics {
  explicit AppMetrics(net::MetricsRegistry& r);
  net::MetricsRegistry& registry;
  net::Gauge& connections;
  net::Gauge& signed_in;
  net::Gauge& matches_running;
  net::Counter& matches_started;
  net::Counter& moves_accepted;
  net::Counter& moves_rejected;
  net::Histogram& relay_latency;
  void match_finished(Ending ending);
  void error(v1::ErrorCode code);
  // A password sign-in refused: "wrong_password" or "throttled" (sign_in_throttle.h).
  void sign_in_refused(const std::string& reason);
};

struct AppContext {
  ServerConfig config;
  storage::Database& db;
  boost::asio::io_context& ioc;
  AppMetrics& metrics;
  Log& log;
  // Where match strands run (a pool of config.match_threads), apart from the io threads.
  boost::asio::any_io_executor match_executor;
  // Where house bots think (a pool of config.house_bot_threads); empty: on match_executor.
  boost::asio::any_io_executor house_executor;
  // Signs the fairness seals of hidden-information matches (protocol/fairness).
  const crypto::SigningKey* signing_key = nullptr;
  std::size_t max_frame() const { return config.limits.max_frame_bytes; }
};

}  // namespace boyi::app
