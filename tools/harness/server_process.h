// Runs the real `boyi-server` as a child process for end-to-end tests: on a free loopback port,
// with a data directory (a fresh temporary one unless given) and an optional JSON config file.
// start() returns once the server accepts TCP connections; the destructor kills it and removes
// the temporary directory. The child's stdout and stderr go to a log file whose tail is
// available for failure messages.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "base/result.h"

namespace boyi::harness {

struct ServerOptions {
  std::filesystem::path binary;    // empty: default_server_binary()
  std::filesystem::path data_dir;  // empty: a fresh temporary directory, removed at the end
  std::string storage;             // --storage: empty for the default (SQLite in data_dir)
  // Extra members of the JSON config file passed with --config (`"key": value, ...`). The file
  // always binds the server to 127.0.0.1 and uses cheap argon2 parameters (fast sign-ups).
  std::string config_fields;
  std::vector<std::string> extra_args;
  std::chrono::milliseconds start_timeout{30000};
};

// $BOYI_SERVER_BIN when set, else the boyi-server beside the running program (bin/).
std::filesystem::path default_server_binary();
// Starts argv[0] with argv, its output appended to `log_file`: with no blocked signals and
// none of this process's descriptors beyond stdin (a connection the test closes must close,
// not live on in the child). Returns the child's pid.
Result<pid_t> spawn_logged(std::vector<std::string> argv, const std::string& log_file);
// A TCP port on 127.0.0.1 that was free a moment ago.
Result<std::uint16_t> free_loopback_port();

class ServerProcess {
 public:
  static Result<std::unique_ptr<ServerProcess>> start(ServerOptions options);
  ~ServerProcess();  // SIGKILL if still running; removes an owned temporary directory
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  const std::string& storage() const { return options_.storage; }
  // "--data DIR [--storage URL]": how boyi-admin finds this server's data.
  std::string admin_arguments() const;
  bool running();

  // SIGKILL and reap: the crash the storage must survive.
  void kill_hard();
  // SIGTERM and wait up to `timeout`; the exit status (or an error: killed hard at the timeout).
  Result<int> terminate(std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // Starts the server again (after kill_hard/terminate) on the same data dir and a new port.
  Status restart();

  // The last `max_bytes` of everything the server printed (all runs).
  std::string log_tail(std::size_t max_bytes = 6000) const;

 private:
  ServerProcess() = default;
  Status spawn();

  ServerOptions options_;
  std::filesystem::path temp_root_;  // owned temporary directory (data, config, log)
  std::filesystem::path data_dir_;
  std::filesystem::path log_path_;
  std::filesystem::path config_path_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace boyi::harness
