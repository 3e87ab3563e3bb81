#include "tools/harness/test_client.h"

#include <future>

#include "protocol/client/io_threads.h"
#include "protocol/wire/json.h"

namespace boyi::harness {

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

boost::asio::io_context& client_io() {
  static protocol::IoThreads pool(2);
  return pool.context();
}

std::string to_json_text(const google::protobuf::Message& message) {
  auto line = protocol::to_json_line(message, 64 * 1024 * 1024);
  return line.ok() ? line.value() : "<unprintable: " + line.message() + ">";
}

std::string describe(const v1::ServerMessage& message) {
  if (message.has_error()) {
    return v1::ErrorCode_Name(message.error().code()) + ": " + message.error().message();
  }
  const auto* field = message.GetDescriptor()->FindFieldByNumber(message.body_case());
  return field ? field->name() : "empty";
}

Client::Client(Transport transport) : transport_(transport) {
  limits_.set_max_messages_per_second(50);
}

Client::~Client() {
  close();
}

Result<std::unique_ptr<Client>> Client::connect(std::uint16_t port, Transport transport,
                                                Millis timeout, const std::string& host) {
  std::unique_ptr<Client> c(new Client(transport));
  c->conn_ = std::make_unique<WireConnection>(client_io(), transport);
  auto connected = std::make_shared<std::promise<Status>>();
  Client* raw = c.get();
  WireCallbacks cb;
  cb.on_connected = [connected](Status st) { connected->set_value(std::move(st)); };
  cb.on_message = [raw](v1::ServerMessage&& m) {
    std::lock_guard lock(raw->mu_);
    raw->transcript_.push_back(m);
    raw->inbox_.push_back(std::move(m));
    raw->cv_.notify_all();
  };
  cb.on_decode_error = [raw](std::string reason) {
    std::lock_guard lock(raw->mu_);
    raw->decode_errors_.push_back(std::move(reason));
    raw->cv_.notify_all();
  };
  cb.on_closed = [raw](std::string reason) {
    std::lock_guard lock(raw->mu_);
    raw->closed_ = true;
    raw->close_reason_ = std::move(reason);
    raw->cv_.notify_all();
  };
  auto future = connected->get_future();
  c->conn_->start(host, port, std::move(cb));
  if (future.wait_for(timeout) != std::future_status::ready) {
    c->conn_->close();
    future.wait_for(2s);
    return Error{"connect to " + host + ":" + std::to_string(port) + " timed out"};
  }
  Status st = future.get();
  if (!st.ok()) return Error{st.message()};
  return c;
}

void Client::pace() {
  if (!paced_) return;
  const double rate = std::max<double>(1.0, limits_.max_messages_per_second() * 0.8);
  const double burst = std::max(1.0, rate / 4);
  for (int i = 0; i < 10000; ++i) {
    auto now = Clock::now();
    tokens_ =
        std::min(burst, tokens_ + rate * std::chrono::duration<double>(now - last_refill_).count());
    last_refill_ = now;
    if (tokens_ >= 1) break;
    std::this_thread::sleep_for(std::chrono::duration<double>((1 - tokens_) / rate));
  }
  tokens_ -= 1;
}

Status Client::send(const v1::ClientMessage& message) {
  pace();
  return conn_->send(message);
}

void Client::send_raw(std::string bytes, bool ws_text) {
  pace();
  conn_->send_raw(std::move(bytes), ws_text);
}

Result<v1::ServerMessage> Client::request(v1::ClientMessage message, Millis timeout) {
  const std::uint64_t id = next_request_id();
  message.set_request_id(id);
  if (Status st = send(message); !st.ok()) return Error{"send: " + st.message()};
  return expect([id](const v1::ServerMessage& m) { return m.request_id() == id; },
                "the reply to request " + std::to_string(id), timeout);
}

std::optional<v1::ServerMessage> Client::next(Millis timeout) {
  std::unique_lock lock(mu_);
  cv_.wait_for(lock, timeout, [&] { return !inbox_.empty() || closed_; });
  if (inbox_.empty()) return std::nullopt;
  v1::ServerMessage m = std::move(inbox_.front());
  inbox_.pop_front();
  return m;
}

Result<v1::ServerMessage> Client::expect(const std::function<bool(const v1::ServerMessage&)>& pred,
                                         const std::string& what, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  std::unique_lock lock(mu_);
  std::size_t scanned = 0;
  for (;;) {
    for (; scanned < inbox_.size(); ++scanned) {
      if (pred(inbox_[scanned])) {
        v1::ServerMessage m = std::move(inbox_[scanned]);
        inbox_.erase(inbox_.begin() + static_cast<std::ptrdiff_t>(scanned));
        return m;
      }
    }
    if (closed_)
      return Error{"connection closed (" + close_reason_ + ") while waiting for " + what};
    if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && scanned == inbox_.size()) {
      std::string got;
      for (const auto& m : inbox_) got += " " + describe(m);
      return Error{"timed out waiting for " + what + "; queued:" + (got.empty() ? " none" : got)};
    }
  }
}

bool Client::wait_closed(Millis timeout) {
  std::unique_lock lock(mu_);
  return cv_.wait_for(lock, timeout, [&] { return closed_; });
}

bool Client::closed() {
  std::lock_guard lock(mu_);
  return closed_;
}

std::string Client::close_reason() {
  std::lock_guard lock(mu_);
  return close_reason_;
}

void Client::close() {
  if (conn_) conn_->close();
  wait_closed(2s);
}

std::vector<v1::ServerMessage> Client::transcript() {
  std::lock_guard lock(mu_);
  return transcript_;
}

std::vector<std::string> Client::decode_errors() {
  std::lock_guard lock(mu_);
  return decode_errors_;
}

namespace {
template <class T>
Result<T> body_or_error(const Result<v1::ServerMessage>& reply,
                        bool (v1::ServerMessage::*has)() const,
                        const T& (v1::ServerMessage::*get)() const, const char* what) {
  if (!reply.ok()) return Error{reply.message()};
  if (!((*reply).*has)())
    return Error{std::string("expected ") + what + ", got " + describe(*reply)};
  return ((*reply).*get)();
}
}  // namespace

Result<v1::Welcome> Client::hello(std::uint32_t version) {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(version);
  m.mutable_hello()->set_client_name("boyi-e2e");
  m.mutable_hello()->set_client_version("1");
  auto welcome = body_or_error(request(m), &v1::ServerMessage::has_welcome,
                               &v1::ServerMessage::welcome, "welcome");
  if (welcome.ok() && welcome->has_limits()) limits_ = welcome->limits();
  return welcome;
}

Result<v1::SignedIn> Client::sign_in_guest(const std::string& name) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_guest()->set_display_name(name);
  return body_or_error(request(m), &v1::ServerMessage::has_signed_in, &v1::ServerMessage::signed_in,
                       "signed_in");
}

Result<v1::SignedIn> Client::sign_up(const std::string& username, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_up()->set_username(username);
  m.mutable_sign_up()->set_password(password);
  return body_or_error(request(m, 30s), &v1::ServerMessage::has_signed_in,
                       &v1::ServerMessage::signed_in, "signed_in");
}

Result<v1::SignedIn> Client::sign_in_password(const std::string& username,
                                              const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_password()->set_username(username);
  m.mutable_sign_in()->mutable_password()->set_password(password);
  return body_or_error(request(m, 30s), &v1::ServerMessage::has_signed_in,
                       &v1::ServerMessage::signed_in, "signed_in");
}

Result<v1::Seek> Client::create_seek(const v1::MatchSetup& setup) {
  v1::ClientMessage m;
  *m.mutable_create_seek()->mutable_setup() = setup;
  auto created = body_or_error(request(m), &v1::ServerMessage::has_seek_created,
                               &v1::ServerMessage::seek_created, "seek_created");
  if (!created.ok()) return Error{created.message()};
  return created->seek();
}

Status Client::accept_seek(const std::string& seek_id) {
  v1::ClientMessage m;
  m.mutable_accept_seek()->set_seek_id(seek_id);
  auto ack = body_or_error(request(m), &v1::ServerMessage::has_ack, &v1::ServerMessage::ack, "ack");
  return ack.ok() ? Status{} : Status(Error{ack.message()});
}

Result<v1::MatchStarted> Client::wait_match_started(Millis timeout) {
  auto m = expect([](const v1::ServerMessage& s) { return s.has_match_started(); }, "match_started",
                  timeout);
  if (!m.ok()) return Error{m.message()};
  return m->match_started();
}

std::uint64_t Client::send_move(const std::string& match_id, const std::string& move,
                               const std::string& commitment_salt) {
  v1::ClientMessage m;
  m.set_request_id(next_request_id());
  m.mutable_move()->set_match_id(match_id);
  m.mutable_move()->set_move(move);
  if (!commitment_salt.empty()) m.mutable_move()->set_commitment_salt(commitment_salt);
  (void)send(m);
  return m.request_id();
}

std::uint64_t Client::send_sync(const std::string& match_id, std::uint32_t from_seq) {
  v1::ClientMessage m;
  m.set_request_id(next_request_id());
  m.mutable_sync()->set_match_id(match_id);
  m.mutable_sync()->set_from_seq(from_seq);
  (void)send(m);
  return m.request_id();
}

}  // namespace boyi::harness
