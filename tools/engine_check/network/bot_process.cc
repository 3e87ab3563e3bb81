#include "tools/engine_check/network/bot_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace boyi::engine_check {

namespace {

// posix_spawn's attributes and file actions, released on every path.
struct SpawnSetup {
  posix_spawnattr_t attr{};
  posix_spawn_file_actions_t actions{};
  SpawnSetup() {
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_init(&actions);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

}  // namespace

Result<std::unique_ptr<BotProcess>> BotProcess::spawn(const std::vector<std::string>& argv,
                                                      const std::string& output_path) {
  if (argv.empty() || argv[0].empty()) return fail("no bot command");
  SpawnSetup s;
  // Its own process group (killed as a whole), default signal handling and an empty mask
  // whatever the checker blocks or ignores.
  short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
  posix_spawnattr_setflags(&s.attr, flags);
  posix_spawnattr_setpgroup(&s.attr, 0);
  sigset_t none, defaults;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&s.attr, &none);
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigdefault(&s.attr, &defaults);
  posix_spawn_file_actions_addopen(&s.actions, 0, "/dev/null", O_RDONLY, 0);
  const std::string out = output_path.empty() ? "/dev/null" : output_path;
  posix_spawn_file_actions_addopen(&s.actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&s.actions, 1, 2);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &s.actions, &s.attr, args.data(), environ);
  if (rc != 0) return fail("cannot start " + argv[0] + ": " + std::strerror(rc));
  std::unique_ptr<BotProcess> p(new BotProcess());
  p->pid_ = pid;
  return p;
}

BotProcess::~BotProcess() {
  stop();
}

bool BotProcess::exited() {
  if (reaped_) return true;
  if (pid_ <= 0) return true;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    reaped_ = true;
    status_ = status;
    // What it started may live on in its group: gone with it.
    kill(-pid_, SIGKILL);
    return true;
  }
  return false;
}

std::string BotProcess::exit_text() const {
  if (!reaped_) return "still running";
  if (WIFEXITED(status_)) return "exit status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    const int sig = WTERMSIG(status_);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended (status " + std::to_string(status_) + ")";
}

void BotProcess::stop() {
  if (pid_ <= 0) return;
  if (!reaped_) {
    kill(-pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    status_ = status;
  }
  pid_ = -1;
}

}  // namespace boyi::engine_check
