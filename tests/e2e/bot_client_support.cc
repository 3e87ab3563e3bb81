#include "tests/e2e/bot_client_support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

namespace boyi::e2e {

namespace fs = std::filesystem;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

#ifndef BOYI_ADMIN_BIN
#define BOYI_ADMIN_BIN ""
#endif

TempDir::TempDir() {
  std::random_device rd;
  for (int i = 0; i < 100 && path_.empty(); ++i) {
    fs::path p = fs::temp_directory_path() / ("boyi-bot-e2e-" + std::to_string(::getpid()) + "-" +
                                              std::to_string(rd() % 1000000));
    std::error_code ec;
    if (fs::create_directory(p, ec)) path_ = p;
  }
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) fs::remove_all(path_, ec);
}

Result<std::unique_ptr<ChildProcess>> ChildProcess::spawn(const std::vector<std::string>& argv,
                                                          fs::path log) {
  if (argv.empty() || argv[0].empty()) return Error{"no program to run"};
  std::unique_ptr<ChildProcess> child(new ChildProcess());
  child->log_ = std::move(log);
  auto pid = spawn_logged(argv, child->log_.string());
  if (!pid) return Error{pid.message()};
  child->pid_ = *pid;
  return child;
}

ChildProcess::~ChildProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
}

void ChildProcess::signal(int sig) {
  if (pid_ > 0) ::kill(pid_, sig);
}

Result<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return Error{"not running"};
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      return Error{"killed by signal " + std::to_string(WTERMSIG(status))};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return Error{"did not exit in time\n" + log_tail()};
}

std::string ChildProcess::log_text() const {
  std::ifstream in(log_, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string ChildProcess::log_tail(std::size_t max_bytes) const {
  std::string all = log_text();
  if (all.size() > max_bytes) all = all.substr(all.size() - max_bytes);
  return "\n--- child log (tail) ---\n" + all;
}

Result<std::string> make_bot_token(const ServerProcess& server, const std::string& name) {
  const auto r = run_command(std::string("'") + BOYI_ADMIN_BIN + "' " + server.admin_arguments() +
                             " bot add '" + name + "' 2>/dev/null");
  if (r.code != 0 || r.out.empty()) return Error{"boyi-admin bot add " + name + " failed"};
  return r.out;
}

Status wait_online(Client& client, const std::string& name, Millis timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    v1::ClientMessage m;
    m.mutable_list_online();
    auto reply = client.request(m);
    if (!reply.ok()) return Error{reply.message()};
    for (const auto& u : reply->online_list().users())
      if (u.user().name() == name) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return Error{name + " did not come online"};
}

Result<v1::ChallengeClosed> challenge_reply(Client& client, const std::string& opponent,
                                            const v1::MatchSetup& setup) {
  v1::ClientMessage m;
  m.mutable_send_challenge()->set_opponent(opponent);
  *m.mutable_send_challenge()->mutable_setup() = setup;
  auto sent = client.request(m);
  if (!sent.ok()) return Error{sent.message()};
  if (!sent->has_challenge_sent()) return Error{"send_challenge: " + describe(*sent)};
  const std::string id = sent->challenge_sent().challenge().challenge_id();
  auto closed = client.expect(
      [&](const v1::ServerMessage& s) {
        return s.has_lobby_update() && s.lobby_update().has_challenge_closed() &&
               s.lobby_update().challenge_closed().challenge_id() == id;
      },
      "the answer to challenge " + id, 20s);
  if (!closed.ok()) return Error{closed.message()};
  return closed->lobby_update().challenge_closed();
}

Result<v1::MatchStarted> challenge(Client& client, const std::string& opponent,
                                   const v1::MatchSetup& setup) {
  auto closed = challenge_reply(client, opponent, setup);
  if (!closed.ok()) return Error{closed.message()};
  if (closed->reason() != v1::ChallengeClosed::REASON_ACCEPTED)
    return Error{"challenge not accepted: " + v1::ChallengeClosed::Reason_Name(closed->reason()) +
                 " " + closed->message()};
  return client.wait_match_started(20s);
}

Result<v1::Seek> find_seek(Client& client, const std::string& owner, Millis timeout) {
  v1::ClientMessage m;
  m.mutable_subscribe_lobby();
  auto snapshot = client.request(m);
  if (!snapshot.ok()) return Error{snapshot.message()};
  if (!snapshot->has_lobby_snapshot()) return Error{"subscribe_lobby: " + describe(*snapshot)};
  for (const auto& s : snapshot->lobby_snapshot().seeks())
    if (s.owner().name() == owner) return s;
  auto opened = client.expect(
      [&](const v1::ServerMessage& s) {
        return s.has_lobby_update() && s.lobby_update().has_seek_opened() &&
               s.lobby_update().seek_opened().owner().name() == owner;
      },
      "a seek of " + owner, timeout);
  if (!opened.ok()) return Error{opened.message()};
  return opened->lobby_update().seek_opened();
}

// --- the proxy ------------------------------------------------------------------------------

namespace {

constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

struct Pair {
  explicit Pair(asio::io_context& ioc) : down(ioc), up(ioc) {}
  tcp::socket down, up;
  void close() {
    boost::system::error_code ignored;
    down.close(ignored);
    up.close(ignored);
  }
};

asio::awaitable<void> pump(std::shared_ptr<Pair> pair, tcp::socket& from, tcp::socket& to) {
  std::string chunk(16 * 1024, '\0');
  for (;;) {
    auto in = asio::buffer(chunk);
    auto [ec, n] = co_await from.async_read_some(in, kNoThrow);
    if (ec) break;
    auto out = asio::buffer(chunk.data(), n);
    auto [wec, written] = co_await asio::async_write(to, out, kNoThrow);
    if (wec) break;
  }
  pair->close();
}

}  // namespace

struct TcpProxy::Impl {
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
};

namespace {

asio::awaitable<void> accept_loop(TcpProxy::Impl* impl, const std::atomic<std::uint16_t>* target) {
  for (;;) {
    auto pair = std::make_shared<Pair>(impl->ioc);
    auto [aec] = co_await impl->acceptor.async_accept(pair->down, kNoThrow);
    if (aec) co_return;
    const tcp::endpoint server(asio::ip::address_v4::loopback(), target->load());
    auto [cec] = co_await pair->up.async_connect(server, kNoThrow);
    if (cec) {
      pair->close();
      continue;
    }
    asio::co_spawn(impl->ioc, pump(pair, pair->down, pair->up), asio::detached);
    asio::co_spawn(impl->ioc, pump(pair, pair->up, pair->down), asio::detached);
  }
}

}  // namespace

TcpProxy::TcpProxy(std::uint16_t target) : impl_(std::make_unique<Impl>()), target_(target) {
  boost::system::error_code ec;
  const tcp::endpoint local(asio::ip::address_v4::loopback(), 0);
  impl_->acceptor.open(local.protocol(), ec);
  if (!ec) impl_->acceptor.bind(local, ec);
  if (!ec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return;
  port_ = impl_->acceptor.local_endpoint().port();
  asio::co_spawn(impl_->ioc, accept_loop(impl_.get(), &target_), asio::detached);
  thread_ = std::thread([this] { impl_->ioc.run(); });
}

TcpProxy::~TcpProxy() {
  impl_->ioc.stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace boyi::e2e
