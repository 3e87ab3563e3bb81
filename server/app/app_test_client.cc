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
#include "server/storage/test_database.h"

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
  if (storage::testing::testing_postgres()) c.storage = storage::testing::test_storage(data);
  c.log_level = "warn";
  c.argon2 = accounts::Argon2Params::cheap_for_tests();
  c.storage_sync_full = false;
  c.house_bot_delay_ms = 0;
  c.sign_ups_per_address_per_hour = 0;  // every test client comes from loopback
  c.threads = 2;
  c.limits.max_messages_per_second = 10000;
  c.limits.message_burst = 10000;
  c.shutdown_deadline = std::chrono::seconds(2);
  return c;
}

std::unique_ptr<Client> Client::connect(std::uint16_t port, Mode mode) {
  auto c = harness::Client::connect(
      port, mode == Mode::json ? harness::Transport::tcp_json : harness::Transport::tcp_binary);
  if (!c) return nullptr;
  (*c)->set_paced(false);  // test_config() lifts the server's rate limit
  return std::unique_ptr<Client>(new Client(std::move(c).value(), mode));
}

Client::~Client() {
  close();
}

void Client::close() {
  client_->close();
}

bool Client::send_raw(std::string_view bytes) {
  if (client_->closed()) return false;
  client_->send_raw(std::string(bytes));
  return true;
}

std::uint64_t Client::send(v1::ClientMessage m) {
  if (m.request_id() == 0) m.set_request_id(++next_rid_);
  (void)client_->send(m);
  return m.request_id();
}

std::optional<v1::ServerMessage> Client::next(std::chrono::milliseconds timeout) {
  return client_->next(timeout);
}

std::optional<v1::ServerMessage> Client::wait_for(
    const std::function<bool(const v1::ServerMessage&)>& pred, std::chrono::milliseconds timeout) {
  auto m = client_->expect(pred, "a matching message", timeout);
  if (!m) return std::nullopt;
  return std::move(m).value();
}

std::optional<v1::ServerMessage> Client::reply(std::uint64_t rid,
                                               std::chrono::milliseconds timeout) {
  return wait_for([rid](const v1::ServerMessage& m) { return m.request_id() == rid; }, timeout);
}

bool Client::wait_closed(std::chrono::milliseconds timeout) {
  return client_->wait_closed(timeout);
}

std::optional<v1::ServerMessage> Client::call(v1::ClientMessage m,
                                              std::chrono::milliseconds timeout) {
  return reply(send(std::move(m)), timeout);
}

bool Client::hello(bool receive_chat) {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(1);
  m.mutable_hello()->set_client_name("app-test");
  m.mutable_hello()->set_receive_chat(receive_chat);
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

HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& path,
                       const std::string& headers, const std::string& body) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return {};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return {};
  }
  const std::string req = method + " " + path +
                          " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + headers +
                          "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
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
  const auto end = all.find("\r\n\r\n");
  if (sp == std::string::npos || end == std::string::npos) return {};
  return {std::atoi(all.c_str() + sp + 1), all.substr(0, end), all.substr(end + 4)};
}

std::pair<int, std::string> http_get(std::uint16_t port, const std::string& path) {
  auto reply = http_request(port, "GET", path);
  return {reply.status, std::move(reply.body)};
}

}  // namespace boyi::app::test
