#include "bots/bridges/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

#include "bots/search/stop_signal.h"

extern char** environ;

namespace boyi::bots {

namespace {

constexpr int kStopPollMs = 20;

int poll_timeout_ms(SteadyTime deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
  if (left <= 0) return 0;
  return left > 1'000'000 ? 1'000'000 : static_cast<int>(left) + 1;
}

// Writing to a pipe whose reader is gone raises SIGPIPE, which would end this
// process: block it on this thread around the write and swallow one raised by it.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~SigpipeGuard() {
    if (!was_pending_) {
      sigset_t pending;
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        const timespec zero{0, 0};
        sigtimedwait(&pipe_, nullptr, &zero);
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;

 private:
  sigset_t pipe_{};
  sigset_t old_{};
  bool was_pending_ = false;
};

std::string printable(std::string_view line) {
  std::string out;
  for (char c : line.substr(0, 200)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      out += hex;
    } else {
      out += c;
    }
  }
  if (line.size() > 200) out += "...";
  return out;
}

}  // namespace

std::string describe_ms(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(ms) / 1000.0);
  return text;
}

Result<std::unique_ptr<EngineProcess>> EngineProcess::spawn(const std::vector<std::string>& argv,
                                                            std::size_t max_line,
                                                            const std::string& log_path,
                                                            bool append, bool hold_transcript) {
  if (argv.empty() || argv[0].empty()) return fail("no engine program given");
  std::unique_ptr<EngineProcess> p(new EngineProcess());
  p->max_line_ = max_line;
  p->started_ = std::chrono::steady_clock::now();
  p->hold_log_ = hold_transcript && log_path.empty();
  if (!log_path.empty()) {
    p->log_.open(log_path, std::ios::out | (append ? std::ios::app : std::ios::trunc));
    if (!p->log_) return fail("cannot write the engine transcript " + log_path);
  }
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return fail(std::string("pipe: ") + std::strerror(errno));
  if (pipe2(out, O_CLOEXEC) != 0) {
    const int e = errno;
    close(in[0]);
    close(in[1]);
    return fail(std::string("pipe: ") + std::strerror(e));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group (so its helpers die with it), default signal handling
  // and an empty mask whatever this process does with them.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  sigdelset(&all, SIGKILL);
  sigdelset(&all, SIGSTOP);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const bool search_path = argv[0].find('/') == std::string::npos;
  const int rc = search_path ? posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ)
                             : posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    return fail("cannot start engine '" + argv[0] + "': " + std::strerror(rc));
  }
  p->pid_ = pid;
  p->in_fd_ = in[1];
  p->out_fd_ = out[0];
  fcntl(p->in_fd_, F_SETFL, fcntl(p->in_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(p->out_fd_, F_SETFL, fcntl(p->out_fd_, F_GETFL) | O_NONBLOCK);
  std::string cmd;
  for (const auto& a : argv) cmd += (cmd.empty() ? "" : " ") + a;
  p->note("started pid " + std::to_string(pid) + ": " + cmd);
  return p;
}

EngineProcess::~EngineProcess() {
  stop(std::chrono::milliseconds(0));
}

void EngineProcess::log(char direction, std::string_view line) {
  if (!log_.is_open() && !hold_log_) return;
  const double t =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  char stamp[32];
  std::snprintf(stamp, sizeof stamp, "[%9.3f] %c ", t, direction);
  if (hold_log_) {
    held_log_ += stamp + printable(line) + '\n';
    return;
  }
  log_ << stamp << printable(line) << '\n';
  log_.flush();
}

Status EngineProcess::attach_log(const std::string& path) {
  const std::string held = std::move(held_log_);
  held_log_.clear();
  hold_log_ = false;
  if (path.empty()) return Status::Ok();
  log_.open(path, std::ios::out | std::ios::trunc);
  if (!log_) return fail("cannot write the engine transcript " + path);
  log_ << held;
  log_.flush();
  return Status::Ok();
}

void EngineProcess::note(std::string_view text) {
  log('#', text);
}

Status EngineProcess::send(std::string_view line, SteadyTime deadline) {
  if (in_fd_ < 0) return fail("the engine's input is closed");
  log('>', line);
  std::string data(line);
  data += '\n';
  SigpipeGuard guard;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(in_fd_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd pfd{in_fd_, POLLOUT, 0};
      const int timeout = poll_timeout_ms(deadline);
      if (timeout == 0) return fail("the engine does not read its input");
      poll(&pfd, 1, timeout);
      continue;
    }
    if (n < 0 && errno == EPIPE) {
      std::string why = "the engine closed its input";
      if (exited_within(std::chrono::milliseconds(100))) {
        kill_and_reap();
        why = exit_text();
      }
      return fail(why);
    }
    return fail(std::string("writing to the engine: ") + std::strerror(errno));
  }
  return Status::Ok();
}

Result<std::string> EngineProcess::read_line(SteadyTime deadline, const StopSignal* stop) {
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      // The limit counts the line's text: a CR LF ending is no longer than an LF one.
      const std::size_t length = nl > 0 && buffer_[nl - 1] == '\r' ? nl - 1 : nl;
      if (length > max_line_)
        return fail("the engine sent a line longer than " + std::to_string(max_line_) + " bytes");
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      last_cr_ = !line.empty() && line.back() == '\r';
      if (last_cr_) line.pop_back();
      log('<', line);
      return line;
    }
    if (buffer_.size() > max_line_ + 1)  // + 1: the CR of a CR LF still waiting for its LF
      return fail("the engine sent a line longer than " + std::to_string(max_line_) + " bytes");
    if (eof_ || out_fd_ < 0) {
      if (!buffer_.empty()) {  // a last line without its newline
        std::string line = std::move(buffer_);
        buffer_.clear();
        log('<', line);
        return line;
      }
      std::string why = "the engine closed its output";
      if (exited_within(std::chrono::milliseconds(200))) {
        kill_and_reap();
        why = exit_text();
      }
      note(why);
      return fail(why);
    }
    char chunk[4096];
    const ssize_t n = read(out_fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {
      eof_ = true;
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      eof_ = true;
      continue;
    }
    int timeout = poll_timeout_ms(deadline);
    if (timeout == 0) {
      note("no answer before the deadline");
      return fail("the engine did not answer in time");
    }
    if (stop) {
      if (stop->raised()) {
        note("stopped while waiting for an answer");
        return fail("stopped while the engine thought");
      }
      timeout = std::min(timeout, kStopPollMs);  // looks at the signal this often
    }
    pollfd pfd{out_fd_, POLLIN, 0};
    poll(&pfd, 1, timeout);
  }
}

std::string EngineProcess::collect_after_close(std::chrono::milliseconds wait) {
  if (in_fd_ >= 0) {
    close(in_fd_);
    in_fd_ = -1;
  }
  const SteadyTime until = std::chrono::steady_clock::now() + wait;
  std::string got;
  while (!eof_ && out_fd_ >= 0) {
    char chunk[4096];
    const ssize_t n = read(out_fd_, chunk, sizeof chunk);
    if (n > 0) {
      got.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {
      eof_ = true;
      break;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) break;
    const int timeout = poll_timeout_ms(until);
    if (timeout == 0) break;
    pollfd pfd{out_fd_, POLLIN, 0};
    poll(&pfd, 1, timeout);
  }
  if (!got.empty()) note("after its input closed it printed: " + printable(got));
  buffer_ += got;
  return got;
}

bool EngineProcess::exited_within(std::chrono::milliseconds wait) {
  if (pid_ < 0 || reaped_) return true;
  const auto until = std::chrono::steady_clock::now() + wait;
  auto pause = std::chrono::microseconds(200);
  for (;;) {
    siginfo_t info{};
    info.si_pid = 0;
    // WNOWAIT: the zombie keeps the process group alive until kill_and_reap().
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_)
      return true;
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(10)) pause *= 2;
  }
}

void EngineProcess::kill_and_reap() {
  if (pid_ < 0 || reaped_) return;
  kill(-pid_, SIGKILL);
  kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  status_ = status;
  reaped_ = true;
}

std::string EngineProcess::exit_text() const {
  if (!reaped_) return "the engine is still running";
  if (WIFEXITED(status_))
    return "the engine exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    const int sig = WTERMSIG(status_);
    const char* name = sigabbrev_np(sig);
    return "the engine was killed by signal " + std::to_string(sig) +
           (name ? std::string(" (SIG") + name + ")" : std::string());
  }
  return "the engine ended";
}

bool EngineProcess::running() {
  return !exited_within(std::chrono::milliseconds(0));
}

std::string EngineProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ < 0) return "no engine";
  if (in_fd_ >= 0) {
    close(in_fd_);
    in_fd_ = -1;
  }
  std::string how;
  if (reaped_) {
    how = exit_text();
  } else if (exited_within(grace)) {
    kill_and_reap();
    how = exit_text();
  } else {
    kill_and_reap();
    how = "the engine was stopped (killed)";
  }
  if (out_fd_ >= 0) {
    close(out_fd_);
    out_fd_ = -1;
  }
  if (!stopped_noted_) {
    note(how);
    stopped_noted_ = true;
  }
  return how;
}

}  // namespace boyi::bots
