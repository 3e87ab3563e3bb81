// boyi-load: a load generator for a live Boyi server, with a WebSocket echo baseline.
//
//   boyi-load --host H --port P --matches N --duration S [--transport tcp-binary|tcp-json|
//             ws-binary|ws-text] [--preset surakarta-ccgc] [--server-pid PID]
//   boyi-load --server-bin path/to/boyi-server ...   (starts its own server on a free port)
//   boyi-load --games 10000 --presets all --think-ms 20 --think-max-ms 100 --per-move-ms 1000
//             ...   (soak: that many complete games, every one not ended by the rules listed)
//
// Reports moves per second, relay latency percentiles (a move sent -> the opponent receives the
// event), the server's memory (VmRSS/VmHWM from /proc/<pid>/status), games lost on time (random
// movers answer at once, so any is not their fault), and the same pattern against a minimal
// Beast WebSocket echo server in this process, with the ratio. Exit status 1 when nothing was
// played (no connection, no accepted move), else 0; never a judgement on speed.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tools/harness/server_process.h"
#include "tools/load/echo_baseline.h"
#include "tools/load/load_run.h"

namespace {

void print_latency(const char* name, const boyi::load::Latencies::Summary& s) {
  std::printf("%-28s n=%zu p50=%.3f ms p90=%.3f ms p99=%.3f ms max=%.3f ms\n", name, s.count,
              s.p50_ms, s.p90_ms, s.p99_ms, s.max_ms);
}

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> out;
  for (std::size_t at = 0; !list.empty() && at <= list.size();) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    if (comma > at) out.push_back(list.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boyi-load: concurrent random matches against a Boyi server"};
  boyi::load::LoadOptions opt;
  std::string transport = "tcp-binary";
  long server_pid = 0;
  std::string server_bin;
  bool no_echo = false;
  int echo_threads = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
  std::size_t echo_bytes = 600;
  app.add_option("--host", opt.host, "server host")->capture_default_str();
  app.add_option("--port", opt.port, "server port")->capture_default_str();
  app.add_option("--matches", opt.matches, "concurrent matches (2 connections each)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--duration", opt.duration_s, "seconds measured (after the ramp)")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  app.add_option("--transport", transport, "tcp-binary, tcp-json, ws-binary or ws-text")
      ->capture_default_str();
  app.add_option("--preset", opt.preset, "the preset every match plays")->capture_default_str();
  app.add_option("--think-ms", opt.think_ms,
                 "delay before each move (keep under the server's message rate limit)")
      ->capture_default_str();
  app.add_option("--threads", opt.threads, "client io threads")->capture_default_str();
  app.add_option("--ramp", opt.ramp_s, "seconds over which connections are opened")
      ->capture_default_str();
  app.add_option("--server-pid", server_pid, "read the server's memory from /proc/<pid>/status");
  app.add_option("--server-bin", server_bin,
                 "start this boyi-server on a free loopback port with a temporary data dir");
  std::string storage;
  app.add_option("--storage", storage,
                 "with --server-bin: the server's storage (default sqlite in its temporary data "
                 "dir; or postgresql://user@host/db, which should be empty)");
  app.add_flag("--no-echo", no_echo, "skip the WebSocket echo baseline");
  app.add_option("--echo-threads", echo_threads, "threads of the echo server")
      ->capture_default_str();
  app.add_option("--echo-bytes", echo_bytes, "message size for the echo baseline")
      ->capture_default_str();
  std::string presets;
  std::string ports;
  app.add_option("--ports", ports,
                 "several servers of one cluster: comma-separated ports; match i plays on the "
                 "(i mod n)th");
  app.add_flag("--relay", opt.relay,
               "with --ports: each match's second seat plays from the next server, through "
               "the relay between servers");
  long grace_ms = -1;
  app.add_option("--games", opt.games,
                 "soak: play exactly this many complete games, then stop (--duration caps the "
                 "wait; no echo baseline)")
      ->check(CLI::Range(0, 100000000));
  app.add_option("--presets", presets,
                 "soak: comma-separated presets rotated game by game, or 'all' (the four "
                 "*-ccgc)");
  app.add_option("--think-max-ms", opt.think_max_ms,
                 "each move's delay is uniform in [--think-ms, this]");
  app.add_option("--per-move-ms", opt.per_move_ms,
                 "play the presets' games and rules with this limit per move and no bank");
  app.add_option("--grace-ms", grace_ms,
                 "with --server-bin: the server's network grace for custom time controls");
  CLI11_PARSE(app, argc, argv);
  if (presets == "all") presets = "junqi-ccgc,renju-ccgc,dots-ccgc,surakarta-ccgc";
  opt.presets = split_commas(presets);
  if (opt.games > 0) no_echo = true;
  for (const auto& text : split_commas(ports)) {
    const long port = std::strtol(text.c_str(), nullptr, 10);
    if (port <= 0 || port > 65535) {
      std::fprintf(stderr, "boyi-load: --ports: '%s' is not a port\n", text.c_str());
      return 2;
    }
    opt.ports.push_back(static_cast<std::uint16_t>(port));
  }
  if (opt.relay && opt.ports.size() < 2) {
    std::fprintf(stderr, "boyi-load: --relay needs two or more --ports\n");
    return 2;
  }

  auto parsed = boyi::protocol::parse_transport(transport);
  if (!parsed.ok()) {
    std::fprintf(stderr, "boyi-load: %s\n", parsed.message().c_str());
    return 2;
  }
  opt.transport = *parsed;

  std::unique_ptr<boyi::harness::ServerProcess> own_server;
  if (!server_bin.empty()) {
    boyi::harness::ServerOptions so;
    so.binary = server_bin;
    so.storage = storage;
    so.config_fields =
        "\"limits\": {\"max_connections_per_address\": " + std::to_string(2 * opt.matches + 64) +
        "}";
    if (grace_ms >= 0) {
      so.config_fields += ", \"default_time\": {\"grace_ms\": " + std::to_string(grace_ms) + "}";
    }
    auto started = boyi::harness::ServerProcess::start(so);
    if (!started.ok()) {
      std::fprintf(stderr, "boyi-load: cannot start the server: %s\n", started.message().c_str());
      return 2;
    }
    own_server = std::move(started).value();
    opt.host = "127.0.0.1";
    opt.port = own_server->port();
    server_pid = own_server->pid();
  }

  if (!opt.ports.empty())
    std::printf("cluster: %zu servers (ports %s)%s\n", opt.ports.size(), ports.c_str(),
                opt.relay ? ", each second seat through the relay" : "");
  std::printf("boyi-load: %d matches (%d connections), %s, preset %s, %.1f s, think %d ms%s\n",
              opt.matches, 2 * opt.matches, transport.c_str(),
              presets.empty() ? opt.preset.c_str() : presets.c_str(), opt.duration_s, opt.think_ms,
              own_server
                  ? (own_server->storage().empty() ? ", storage sqlite" : ", storage postgresql")
                  : "");
  if (opt.games > 0) {
    std::printf("soak: %d games, think %d-%d ms, %s\n", opt.games, opt.think_ms,
                std::max(opt.think_ms, opt.think_max_ms),
                opt.per_move_ms > 0
                    ? ("no bank, " + std::to_string(opt.per_move_ms) + " ms per move").c_str()
                    : "the presets' time controls");
  }
  const long rss_before = server_pid > 0 ? boyi::load::proc_status_kib(server_pid, "VmRSS") : -1;
  const boyi::load::LoadReport r = boyi::load::run_load(opt);
  const long rss_after = server_pid > 0 ? boyi::load::proc_status_kib(server_pid, "VmRSS") : -1;
  const long hwm = server_pid > 0 ? boyi::load::proc_status_kib(server_pid, "VmHWM") : -1;

  std::printf("connections: %llu handshaken, %llu failed, %llu closed by the server\n",
              static_cast<unsigned long long>(r.connected),
              static_cast<unsigned long long>(r.connect_failures),
              static_cast<unsigned long long>(r.closed_early));
  std::printf("matches: %llu started, %llu finished; lost on time: %llu\n",
              static_cast<unsigned long long>(r.matches_started),
              static_cast<unsigned long long>(r.matches_finished),
              static_cast<unsigned long long>(r.time_forfeits));
  for (const auto& [ending, n] : r.endings) {
    std::printf("  %-28s %llu\n", ending.c_str(), static_cast<unsigned long long>(n));
  }
  for (const auto& [code, n] : r.errors) {
    std::printf("  error %-22s %llu\n", code.c_str(), static_cast<unsigned long long>(n));
  }
  for (const auto& [preset, endings] : r.endings_by_preset) {
    std::uint64_t games = 0;
    std::string parts;
    for (const auto& [ending, n] : endings) {
      games += n;
      parts += " " + ending + "=" + std::to_string(n);
    }
    std::printf("  %-16s %llu games:%s\n", preset.c_str(), static_cast<unsigned long long>(games),
                parts.c_str());
  }
  std::printf("games not ended by the rules of play: %zu\n", r.abnormal.size());
  for (const auto& g : r.abnormal) {
    std::printf("  %s %s %s loser %d after ply %d\n", g.match_id.c_str(), g.preset.c_str(),
                g.ending.c_str(), g.loser, g.ply);
  }
  std::printf("moves: %llu in %.2f s = %.1f moves/s\n", static_cast<unsigned long long>(r.moves),
              r.seconds, r.seconds > 0 ? static_cast<double>(r.moves) / r.seconds : 0.0);
  print_latency("relay latency (boyi):", r.relay);
  if (server_pid > 0) {
    std::printf("server memory: VmRSS %ld KiB before, %ld KiB after, peak VmHWM %ld KiB\n",
                rss_before, rss_after, hwm);
  }
  std::printf("load generator memory: VmHWM %ld KiB\n", boyi::load::proc_status_kib(0, "VmHWM"));

  if (!no_echo) {
    boyi::load::EchoOptions eo;
    eo.pairs = opt.matches;
    eo.duration_s = opt.duration_s;
    eo.think_ms = opt.think_ms;
    eo.message_bytes = echo_bytes;
    eo.server_threads = echo_threads;
    eo.client_threads = opt.threads;
    eo.ramp_s = opt.ramp_s;
    const boyi::load::EchoReport e = boyi::load::run_echo_baseline(eo);
    std::printf("echo baseline: %llu connections, %llu messages in %.2f s = %.1f msg/s\n",
                static_cast<unsigned long long>(e.connected),
                static_cast<unsigned long long>(e.messages), e.seconds,
                e.seconds > 0 ? static_cast<double>(e.messages) / e.seconds : 0.0);
    print_latency("round trip (echo):", e.latency);
    if (e.latency.p50_ms > 0 && e.latency.p99_ms > 0) {
      std::printf("ratio boyi/echo: p50 %.2fx, p99 %.2fx\n", r.relay.p50_ms / e.latency.p50_ms,
                  r.relay.p99_ms / e.latency.p99_ms);
    }
  }
  if (own_server) {
    auto status = own_server->terminate();
    std::printf("server stopped: %s\n", status.ok() ? ("exit " + std::to_string(*status)).c_str()
                                                    : status.message().c_str());
  }
  const bool played = r.connected > 0 && r.moves > 0;
  if (!played) std::fprintf(stderr, "boyi-load: no move was played\n");
  return played ? 0 : 1;
}
