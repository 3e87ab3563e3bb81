#include "tools/tourney/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

namespace boyi::tourney {
namespace {

using Clock = std::chrono::steady_clock;

class Socket {
 public:
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() {
    if (fd_ >= 0) ::close(fd_);
  }
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<std::int64_t>(0, left.count()));
}

Status wait_for(int fd, short events, Clock::time_point deadline) {
  pollfd p{fd, events, 0};
  for (;;) {
    const int r = ::poll(&p, 1, remaining_ms(deadline));
    if (r > 0) return Status::Ok();
    if (r == 0) return fail("timed out");
    if (errno != EINTR) return fail(std::string("poll: ") + std::strerror(errno));
  }
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Result<std::string> dechunk(const std::string& raw) {
  std::string out;
  std::size_t pos = 0;
  for (;;) {
    const auto eol = raw.find("\r\n", pos);
    if (eol == std::string::npos) return fail("truncated chunked body");
    std::size_t size = 0;
    try {
      size = std::stoul(raw.substr(pos, eol - pos), nullptr, 16);
    } catch (...) {
      return fail("bad chunk size");
    }
    pos = eol + 2;
    if (size == 0) return out;
    if (pos + size > raw.size()) return fail("truncated chunk");
    out.append(raw, pos, size);
    pos += size + 2;
  }
}

}  // namespace

std::string basic_auth(const std::string& user, const std::string& password) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const std::string in = user + ":" + password;
  std::string out;
  std::uint32_t buf = 0;
  int bits = 0;
  for (unsigned char c : in) {
    buf = (buf << 8) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(kAlphabet[(buf >> bits) & 63]);
    }
  }
  if (bits > 0) out.push_back(kAlphabet[(buf << (6 - bits)) & 63]);
  while (out.size() % 4) out.push_back('=');
  return "Basic " + out;
}

Result<HttpReply> http_request(std::uint16_t port, const std::string& method,
                               const std::string& path, const std::string& body,
                               const std::vector<std::pair<std::string, std::string>>& headers,
                               std::chrono::milliseconds timeout, const std::string& host) {
  const auto deadline = Clock::now() + timeout;
  Socket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (s.fd() < 0) return fail(std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1) return fail("bad address " + host);
  if (::connect(s.fd(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 &&
      errno != EINPROGRESS)
    return fail(std::string("connect: ") + std::strerror(errno));
  if (auto w = wait_for(s.fd(), POLLOUT, deadline); !w) return Error{"connect: " + w.message()};
  int err = 0;
  socklen_t len = sizeof err;
  ::getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &err, &len);
  if (err != 0) return fail(std::string("connect: ") + std::strerror(err));

  std::string request = method + " " + path + " HTTP/1.1\r\nHost: " + host +
                        "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) +
                        "\r\n";
  for (const auto& [k, v] : headers) request += k + ": " + v + "\r\n";
  request += "\r\n" + body;
  std::size_t sent = 0;
  while (sent < request.size()) {
    if (auto w = wait_for(s.fd(), POLLOUT, deadline); !w) return Error{"send: " + w.message()};
    const auto n = ::send(s.fd(), request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno != EAGAIN && errno != EINTR)
      return fail(std::string("send: ") + std::strerror(errno));
    if (n > 0) sent += static_cast<std::size_t>(n);
  }
  std::string raw;
  char buf[65536];
  for (;;) {
    if (auto w = wait_for(s.fd(), POLLIN, deadline); !w) return Error{"receive: " + w.message()};
    const auto n = ::recv(s.fd(), buf, sizeof buf, 0);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return fail(std::string("receive: ") + std::strerror(errno));
    }
    raw.append(buf, static_cast<std::size_t>(n));
    if (raw.size() > (256u << 20)) return fail("reply too large");
  }
  const auto head_end = raw.find("\r\n\r\n");
  if (head_end == std::string::npos || raw.rfind("HTTP/1.", 0) != 0)
    return fail("not an HTTP reply");
  HttpReply reply;
  reply.status = std::atoi(raw.c_str() + raw.find(' ') + 1);
  bool chunked = false;
  std::size_t pos = raw.find("\r\n") + 2;
  while (pos < head_end) {
    const auto eol = raw.find("\r\n", pos);
    const std::string line = raw.substr(pos, eol - pos);
    pos = eol + 2;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    const std::string key = lower(line.substr(0, colon));
    if (key == "transfer-encoding" && lower(value).find("chunked") != std::string::npos)
      chunked = true;
    reply.headers.emplace_back(line.substr(0, colon), value);
  }
  reply.body = raw.substr(head_end + 4);
  if (chunked) {
    auto plain = dechunk(reply.body);
    if (!plain) return Error{plain.message()};
    reply.body = std::move(plain).value();
  }
  return reply;
}

}  // namespace boyi::tourney
