// Shared helpers of the end-to-end tests: signed-in clients and a seek/accept pairing.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>

#include <atomic>
#include <memory>
#include <ostream>
#include <string>
#include <utility>

#include "server/storage/test_database.h"
#include "tools/harness/random_mover.h"
#include "tools/harness/server_process.h"
#include "tools/harness/test_client.h"

namespace boyi::protocol {
// Test names and messages print transports by name.
inline void PrintTo(Transport t, std::ostream* os) {
  *os << to_string(t);
}
}  // namespace boyi::protocol

namespace boyi::e2e {

using namespace ::boyi::harness;  // the clients, the server process and the random movers

// A shell command's exit status and what it printed on standard output (add 2>&1 to the
// command for its errors too), without the trailing newlines.
struct CommandRun {
  int code = -1;
  std::string out;
};
inline CommandRun run_command(const std::string& command) {
  CommandRun r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return r;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) r.out.append(buffer, n);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  while (!r.out.empty() && (r.out.back() == '\n' || r.out.back() == '\r')) r.out.pop_back();
  return r;
}

// Unique names across one test program.
inline std::string unique_name(const std::string& prefix) {
  static std::atomic<int> counter{0};
  return prefix + "-" + std::to_string(::getpid() % 100000) + "-" + std::to_string(++counter);
}

// Starts boyi-server for a test: on the test's storage engine (on PostgreSQL, a database
// of its own; see server/storage/test_database.h).
inline Result<std::unique_ptr<ServerProcess>> start_test_server(ServerOptions options = {}) {
  if (options.storage.empty() && storage::testing::testing_postgres())
    options.storage = storage::testing::test_storage(std::filesystem::temp_directory_path() /
                                                     unique_name("e2e-server"));
  return ServerProcess::start(std::move(options));
}

// Connects, says hello and signs in as a guest.
inline Result<std::unique_ptr<Client>> guest(std::uint16_t port, Transport t,
                                             const std::string& name) {
  auto c = Client::connect(port, t);
  if (!c.ok()) return Error{c.message()};
  if (auto w = (*c)->hello(); !w.ok()) return Error{"hello: " + w.message()};
  if (auto s = (*c)->sign_in_guest(name); !s.ok()) return Error{"guest sign-in: " + s.message()};
  return std::move(c).value();
}

// Connects, says hello and signs up (`create`) or signs in with a password.
inline Result<std::unique_ptr<Client>> person(std::uint16_t port, Transport t,
                                              const std::string& username, bool create,
                                              v1::SignedIn* signed_in = nullptr) {
  auto c = Client::connect(port, t);
  if (!c.ok()) return Error{c.message()};
  if (auto w = (*c)->hello(); !w.ok()) return Error{"hello: " + w.message()};
  const std::string password = "pw-" + username + "-secret";
  auto s = create ? (*c)->sign_up(username, password) : (*c)->sign_in_password(username, password);
  if (!s.ok()) return Error{(create ? "sign-up: " : "sign-in: ") + s.message()};
  if (signed_in) *signed_in = *s;
  return std::move(c).value();
}

inline v1::MatchSetup preset_setup(const std::string& preset, int seat = 0) {
  v1::MatchSetup s;
  s.set_preset(preset);
  s.set_seat(seat);
  return s;
}

inline v1::MatchSetup game_setup(const std::string& game, const std::string& rules,
                                 std::uint32_t total_ms, std::uint32_t per_move_ms = 0,
                                 int seat = 0) {
  v1::MatchSetup s;
  s.set_game(game);
  s.set_rules(rules);
  s.mutable_time_control()->set_total_ms(total_ms);
  s.mutable_time_control()->set_per_move_ms(per_move_ms);
  s.set_seat(seat);
  return s;
}

struct Started {
  v1::MatchStarted a;  // the seek's owner
  v1::MatchStarted b;  // who accepted it
};

// `a` seeks, `b` accepts, both receive match_started.
inline Result<Started> seek_and_accept(Client& a, Client& b, const v1::MatchSetup& setup) {
  auto seek = a.create_seek(setup);
  if (!seek.ok()) return Error{"create_seek: " + seek.message()};
  if (Status st = b.accept_seek(seek->seek_id()); !st.ok()) {
    return Error{"accept_seek: " + st.message()};
  }
  auto sa = a.wait_match_started();
  if (!sa.ok()) return Error{"owner: " + sa.message()};
  auto sb = b.wait_match_started();
  if (!sb.ok()) return Error{"acceptor: " + sb.message()};
  return Started{*sa, *sb};
}

// A match of `setup` between two guests (seat 0 over JSON lines, seat 1 over binary TCP) and a
// third guest watching it from its start over WebSocket text.
struct WatchedMatch {
  std::unique_ptr<Client> a, b, watcher;
  Started started;
  v1::MatchStarted watched;  // the spectator's match_started
};
inline Result<WatchedMatch> watched_match(std::uint16_t port, const v1::MatchSetup& setup) {
  WatchedMatch m;
  auto a = guest(port, Transport::tcp_json, unique_name("red"));
  if (!a.ok()) return Error{a.message()};
  auto b = guest(port, Transport::tcp_binary, unique_name("blue"));
  if (!b.ok()) return Error{b.message()};
  auto watcher = guest(port, Transport::ws_text, unique_name("watcher"));
  if (!watcher.ok()) return Error{watcher.message()};
  auto started = seek_and_accept(**a, **b, setup);
  if (!started.ok()) return Error{started.message()};
  v1::ClientMessage spectate;
  spectate.set_request_id((*watcher)->next_request_id());
  spectate.mutable_spectate()->set_match_id(started->a.match_id());
  if (auto sent = (*watcher)->send(spectate); !sent.ok()) return Error{sent.message()};
  auto watched = (*watcher)->wait_match_started();
  if (!watched.ok()) return Error{"spectator: " + watched.message()};
  m.a = std::move(a).value();
  m.b = std::move(b).value();
  m.watcher = std::move(watcher).value();
  m.started = *started;
  m.watched = *watched;
  return m;
}

// The server's log, for failure messages.
inline std::string log_of(const ServerProcess* server) {
  return server ? "\n--- boyi-server log (tail) ---\n" + server->log_tail() : std::string();
}

}  // namespace boyi::e2e

#define E2E_ASSERT_OK(expr, server)                                                               \
  do {                                                                                            \
    const auto& e2e_r_ = (expr);                                                                  \
    ASSERT_TRUE(e2e_r_.ok()) << #expr << ": " << e2e_r_.message() << ::boyi::e2e::log_of(server); \
  } while (0)
