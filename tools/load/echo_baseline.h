// The baseline of boyi-load: a minimal Beast WebSocket echo server inside the tool (its own
// io_context and threads, 127.0.0.1, an ephemeral port) driven by the same number of connections
// in the same pattern as the Boyi phase — pairs taking turns, one message in flight per pair, the
// same think time and a message of the size of a move event — measuring the time from a send to
// the echo's arrival. What the network stack alone costs.
#pragma once

#include <cstddef>

#include "tools/load/stats.h"

namespace boyi::load {

struct EchoOptions {
  int pairs = 100;  // connections = 2 * pairs
  double duration_s = 10;
  int think_ms = 25;
  std::size_t message_bytes = 600;
  int server_threads = 2;
  int client_threads = 2;
  double ramp_s = 5;
};

struct EchoReport {
  double seconds = 0;
  std::uint64_t connected = 0;
  std::uint64_t messages = 0;  // echoes received while measuring
  Latencies::Summary latency;
};

EchoReport run_echo_baseline(const EchoOptions& options);

}  // namespace boyi::load
