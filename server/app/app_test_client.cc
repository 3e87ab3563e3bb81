#include "server/app/app_test_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <random>

#include "protocol/wire/json.h"

namespace boyi::app::test {

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "boyi-app-XXXXXX").string();
  if (char* p = mkdtemp(tmpl.data())) path_ = p;
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

ServerConfig test_config(const std::filesystem::path& data) {
  ServerConfig c;
  c.address = "127.0.0.1";
  c.port = 0;
  c.data_dir = data;
  c.log_level = "warn";
  c.argon2 = accounts::Argon2Params::cheap_for_tests();
  c.storage_sync_full = false;
  c.house_bot_delay_ms = 0;
  c.threads = 2;
  c.limits.max_messages_per_second = 10000;
  c.limits.message_burst = 10000;
  c.shutdown_deadline = std::chrono::seconds(2);
  return c;
}

std::unique_ptr<Client> Client::connect(std::uint16_t port, Mode mode) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return nullptr;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return nullptr;
  }
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return std::unique_ptr<Client>(new Client(fd, mode));
}

Client::~Client() {
  close();
}

void Client::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool Client::send_raw(std::string_view bytes) {
  while (!bytes.empty() && fd_ >= 0) {
    const auto n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return fd_ >= 0;
}

std::uint64_t Client::send(v1::ClientMessage m) {
  if (m.request_id() == 0 && m.body_case() != v1::ClientMessage::kPong)
    m.set_request_id(++next_rid_);
  if (mode_ == Mode::json) {
    auto line = protocol::to_json_line(m, 1 << 24);
    if (line) send_raw(framing::encode_json_line(*line));
  } else {
    auto bytes = protocol::to_binary(m, 1 << 24);
    if (bytes) send_raw(framing::encode_length_prefixed(*bytes));
  }
  return m.request_id();
}

bool Client::decode_pending() {
  bool any = false;
  for (int guard = 0; guard < 100000; ++guard) {
    framing::DecodeStep step = mode_ == Mode::json ? lines_.next() : frames_.next();
    if (!step.is_frame()) break;
    v1::ServerMessage m;
    const Status s = mode_ == Mode::json ? protocol::from_json(step.payload, &m, 1 << 24)
                                         : protocol::parse_binary(step.payload, &m, 1 << 24);
    if (s) {
      pending_.push_back(std::move(m));
      any = true;
    }
  }
  return any;
}

bool Client::read_some(std::chrono::steady_clock::time_point deadline) {
  if (fd_ < 0 || eof_) return false;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
  char buf[65536];
  const auto n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) {
    eof_ = true;
    return false;
  }
  if (mode_ == Mode::json)
    lines_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
  else
    frames_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
  decode_pending();
  return true;
}

std::optional<v1::ServerMessage> Client::next(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (pending_.empty()) {
    if (!read_some(deadline)) {
      if (eof_ || std::chrono::steady_clock::now() >= deadline) break;
    }
  }
  if (pending_.empty()) return std::nullopt;
  auto m = std::move(pending_.front());
  pending_.pop_front();
  return m;
}

std::optional<v1::ServerMessage> Client::wait_for(
    const std::function<bool(const v1::ServerMessage&)>& pred, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::size_t checked = 0;
  for (;;) {
    for (; checked < pending_.size(); ++checked) {
      if (pred(pending_[checked])) {
        auto m = std::move(pending_[checked]);
        pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(checked));
        return m;
      }
    }
    if (std::chrono::steady_clock::now() >= deadline || eof_) return std::nullopt;
    read_some(deadline);
  }
}

std::optional<v1::ServerMessage> Client::reply(std::uint64_t rid,
                                               std::chrono::milliseconds timeout) {
  return wait_for([rid](const v1::ServerMessage& m) { return m.request_id() == rid; }, timeout);
}

bool Client::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!eof_ && std::chrono::steady_clock::now() < deadline) read_some(deadline);
  return eof_;
}

std::optional<v1::ServerMessage> Client::call(v1::ClientMessage m,
                                              std::chrono::milliseconds timeout) {
  return reply(send(std::move(m)), timeout);
}

bool Client::hello() {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(1);
  m.mutable_hello()->set_client_name("app-test");
  auto r = call(std::move(m));
  return r && r->has_welcome();
}

std::optional<v1::SignedIn> Client::guest(const std::string& name) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_guest()->set_display_name(name);
  auto r = call(std::move(m));
  if (!r || !r->has_signed_in()) return std::nullopt;
  return r->signed_in();
}

std::optional<v1::SignedIn> Client::sign_up(const std::string& user, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_up()->set_username(user);
  m.mutable_sign_up()->set_password(password);
  auto r = call(std::move(m));
  if (!r || !r->has_signed_in()) return std::nullopt;
  return r->signed_in();
}

std::optional<v1::SignedIn> Client::password(const std::string& user, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_password()->set_username(user);
  m.mutable_sign_in()->mutable_password()->set_password(password);
  auto r = call(std::move(m));
  if (!r || !r->has_signed_in()) return std::nullopt;
  return r->signed_in();
}

std::pair<int, std::string> http_get(std::uint16_t port, const std::string& path) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return {0, ""};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return {0, ""};
  }
  const std::string req =
      "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  (void)::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
  std::string all;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  char buf[65536];
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    const auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    all.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const auto sp = all.find(' ');
  const auto body = all.find("\r\n\r\n");
  if (sp == std::string::npos || body == std::string::npos) return {0, ""};
  return {std::atoi(all.c_str() + sp + 1), all.substr(body + 4)};
}

}  // namespace boyi::app::test
