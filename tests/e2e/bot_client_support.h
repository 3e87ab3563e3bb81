// Helpers of the bot client's end-to-end tests (bot_client_test.cc): a child process with
// its output in a file, a bot account and token made by boyi-admin, the lobby steps a
// person takes to play a bot (wait until it is online, challenge it, find its seek), the
// resynchronisation of a person after a restart, and a TCP proxy that gives the bot a
// fixed address while the server comes back on another port.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "base/result.h"
#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {

// A fresh temporary directory, removed with everything in it at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

class ChildProcess {
 public:
  // Runs argv[0] (a path) with its stdout and stderr appended to `log`.
  static Result<std::unique_ptr<ChildProcess>> spawn(const std::vector<std::string>& argv,
                                                     std::filesystem::path log);
  ~ChildProcess();  // SIGKILL if still running
  void signal(int sig);
  // The exit status, or an error when it did not exit in time (or died by a signal).
  Result<int> wait_exit(std::chrono::milliseconds timeout);
  std::string log_text() const;
  std::string log_tail(std::size_t max_bytes = 4000) const;

 private:
  pid_t pid_ = -1;
  std::filesystem::path log_;
};

// `boyi-admin bot add NAME` on the server's data directory: the new bot's token.
Result<std::string> make_bot_token(const ServerProcess& server, const std::string& name);
// Polls list_online until `name` is there.
Status wait_online(Client& client, const std::string& name, Millis timeout);
// Challenges `opponent` and waits for the match to start (the challenge accepted).
Result<v1::MatchStarted> challenge(Client& client, const std::string& opponent,
                                   const v1::MatchSetup& setup);
// Challenges `opponent` and returns how the challenge closed (accepted, declined, ...).
Result<v1::ChallengeClosed> challenge_reply(Client& client, const std::string& opponent,
                                            const v1::MatchSetup& setup);
// Subscribes to the lobby and waits for an open seek owned by `owner`.
Result<v1::Seek> find_seek(Client& client, const std::string& owner, Millis timeout);

// Listens on a loopback port and forwards every connection to 127.0.0.1:target; a
// connection whose target cannot be reached is closed at once.
class TcpProxy {
 public:
  explicit TcpProxy(std::uint16_t target);
  ~TcpProxy();
  std::uint16_t port() const { return port_; }
  void retarget(std::uint16_t target) { target_ = target; }
  struct Impl;  // the asio side (bot_client_support.cc)

 private:
  std::unique_ptr<Impl> impl_;
  std::atomic<std::uint16_t> target_;
  std::uint16_t port_ = 0;
  std::thread thread_;
};

}  // namespace boyi::e2e
