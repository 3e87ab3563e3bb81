#include "tools/harness/server_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "base/program_paths.h"

namespace boyi::harness {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

Result<pid_t> spawn_logged(std::vector<std::string> argv, const std::string& log_file) {
  if (argv.empty() || argv[0].empty()) return Error{"no program to run"};
  std::vector<char*> raw;
  for (auto& a : argv) raw.push_back(a.data());
  raw.push_back(nullptr);
  const long max_fd = ::sysconf(_SC_OPEN_MAX);
  const pid_t pid = ::fork();
  if (pid < 0) return Error{std::string("fork: ") + std::strerror(errno)};
  if (pid == 0) {
    // Only async-signal-safe calls between fork and exec.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    int fd = ::open(log_file.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
    }
    if (::close_range(3, ~0U, 0) != 0)
      for (int d = 3; d < (max_fd > 0 ? max_fd : 1024); ++d) ::close(d);
    ::execv(raw[0], raw.data());
    ::_exit(127);
  }
  return pid;
}

fs::path default_server_binary() {
  if (const char* env = std::getenv("BOYI_SERVER_BIN"); env && *env) return env;
  return program_dir() / "boyi-server";
}

Result<std::uint16_t> free_loopback_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return Error{std::string("socket: ") + std::strerror(errno)};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    ::close(fd);
    return Error{std::string("bind: ") + std::strerror(errno)};
  }
  ::close(fd);
  return static_cast<std::uint16_t>(ntohs(addr.sin_port));
}

namespace {

bool accepts(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

fs::path make_temp_root() {
  std::random_device rd;
  for (int i = 0; i < 100; ++i) {
    fs::path p = fs::temp_directory_path() /
                 ("boyi-e2e-" + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000));
    std::error_code ec;
    if (fs::create_directory(p, ec)) return p;
  }
  return {};
}

}  // namespace

Result<std::unique_ptr<ServerProcess>> ServerProcess::start(ServerOptions options) {
  std::unique_ptr<ServerProcess> s(new ServerProcess());
  if (options.binary.empty()) options.binary = default_server_binary();
  if (options.binary.empty() || !fs::exists(options.binary)) {
    return Error{"boyi-server binary not found: '" + options.binary.string() + "'"};
  }
  s->temp_root_ = make_temp_root();
  if (s->temp_root_.empty()) return Error{"cannot create a temporary directory"};
  s->data_dir_ = options.data_dir.empty() ? s->temp_root_ / "data" : options.data_dir;
  s->log_path_ = s->temp_root_ / "server.log";
  s->config_path_ = s->temp_root_ / "config.json";
  std::ofstream(s->config_path_)
      // Every client of a harness comes from loopback: no per-address quota on new accounts.
      << R"({"address": "127.0.0.1", "guests_per_address_per_hour": 0, )"
      << R"("sign_ups_per_address_per_hour": 0, )"
      << R"("argon2": {"t_cost": 1, "m_cost_kib": 1024, "parallelism": 1})"
      << (options.config_fields.empty() ? "" : ", " + options.config_fields) << "}\n";
  s->options_ = std::move(options);
  if (Status st = s->spawn(); !st.ok()) {
    return Error{st.message() + "\n--- server log ---\n" + s->log_tail()};
  }
  return s;
}

std::string ServerProcess::admin_arguments() const {
  std::string out = "--data '" + data_dir_.string() + "'";
  if (!options_.storage.empty()) out += " --storage '" + options_.storage + "'";
  return out;
}

Status ServerProcess::spawn() {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto port = free_loopback_port();
    if (!port.ok()) return Error{port.message()};
    port_ = *port;
    std::vector<std::string> args = {options_.binary.string(), "--port", std::to_string(port_),
                                     "--data", data_dir_.string()};
    if (!options_.storage.empty()) {
      args.push_back("--storage");
      args.push_back(options_.storage);
    }
    if (!config_path_.empty()) {
      args.push_back("--config");
      args.push_back(config_path_.string());
    }
    for (const auto& a : options_.extra_args) args.push_back(a);
    {
      std::ofstream log(log_path_, std::ios::app);
      log << "=== start:";
      for (const auto& a : args) log << ' ' << a;
      log << '\n';
    }
    auto pid = spawn_logged(args, log_path_.string());
    if (!pid) return Error{pid.message()};
    pid_ = *pid;
    const auto deadline = Clock::now() + options_.start_timeout;
    bool exited = false;
    while (Clock::now() < deadline) {
      if (accepts(port_)) return {};
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        exited = true;
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!exited) {
      kill_hard();
      return Error{"boyi-server did not accept connections on port " + std::to_string(port_) +
                   " in time"};
    }
    // Exited early: maybe the port was taken meanwhile; try another (a bad config fails again).
  }
  return Error{"boyi-server exited before accepting connections"};
}

bool ServerProcess::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

Result<int> ServerProcess::terminate(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return Error{"not running"};
  ::kill(pid_, SIGTERM);
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      return Error{"terminated by signal " + std::to_string(WTERMSIG(status))};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill_hard();
  return Error{"did not exit within the timeout after SIGTERM"};
}

Status ServerProcess::restart() {
  if (running()) return Error{"still running"};
  return spawn();
}

std::string ServerProcess::log_tail(std::size_t max_bytes) const {
  std::ifstream in(log_path_, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string all = ss.str();
  return all.size() > max_bytes ? all.substr(all.size() - max_bytes) : all;
}

ServerProcess::~ServerProcess() {
  kill_hard();
  std::error_code ec;
  if (!temp_root_.empty()) fs::remove_all(temp_root_, ec);
}

}  // namespace boyi::harness
