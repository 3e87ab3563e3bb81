// The Boyi phase of boyi-load: N concurrent matches, each between two guest connections that
// play uniformly random legal moves from their own views; when a match ends the same pair
// starts another, until the duration is over — or, in soak mode (`games` > 0), until that many
// complete games have been played.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "protocol/client/wire_connection.h"
#include "tools/load/stats.h"

namespace boyi::load {

struct LoadOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 7700;
  // Several servers of one cluster (server/cluster): pair i plays on ports[i % n] (empty:
  // `port` only). With `relay`, its second seat plays from ports[(i + 1) % n] instead: signed
  // in there again (the guest's resume token) and Syncing the match, so every move and event
  // of that seat crosses the relay between the two servers.
  std::vector<std::uint16_t> ports;
  bool relay = false;
  int matches = 100;
  double duration_s = 30;
  protocol::Transport transport = protocol::Transport::tcp_binary;
  std::string preset = "surakarta-ccgc";
  int think_ms = 25;  // a mover waits this long before sending (stay under the rate limit)
  int threads = 2;    // client io threads
  double ramp_s = 5;  // spread the connects over this long

  // Soak mode: > 0 starts exactly this many games and runs until each has ended (duration_s
  // then only caps the wait); everything is measured from the first connection.
  int games = 0;
  std::vector<std::string> presets;  // rotated game by game; empty: `preset` only
  int think_max_ms = 0;  // > think_ms: each delay is uniform in [think_ms, think_max_ms]
  // > 0: instead of the preset's time control, no bank and this limit per move (the preset's
  // game and rules; the server's default grace).
  std::int64_t per_move_ms = 0;
};

// One game that did not end by the rules of play.
struct AbnormalGame {
  std::string match_id;
  std::string preset;
  std::string ending;  // v1::Ending name
  int loser = -1;      // the seat that lost (-1: draw or none)
  int ply = 0;         // the last ply the mover's opponent saw
};

struct LoadReport {
  double seconds = 0;           // the measured (playing) period
  std::uint64_t connected = 0;  // connections that completed the handshake
  std::uint64_t connect_failures = 0;
  std::uint64_t matches_started = 0;
  std::uint64_t matches_finished = 0;
  std::uint64_t moves = 0;          // accepted actions (each counted once)
  std::uint64_t time_forfeits = 0;  // lost on time: random movers answer at once, so never
                                    // the movers' fault
  std::uint64_t closed_early = 0;   // connections the server closed during the run
  std::map<std::string, std::uint64_t> endings;
  std::map<std::string, std::uint64_t> errors;  // error replies by code
  Latencies::Summary relay;                     // move sent -> opponent received the event
  std::map<std::string, std::map<std::string, std::uint64_t>> endings_by_preset;
  std::vector<AbnormalGame> abnormal;  // resignations, time and other forfeits, aborts
};

LoadReport run_load(const LoadOptions& options);

}  // namespace boyi::load
