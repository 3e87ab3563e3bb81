// A minimal blocking HTTP/1.1 client for loopback use: one request per connection
// ("Connection: close"), a deadline on the whole exchange, Content-Length and chunked bodies.
// boyi-tourney fetches the report and the records bundles with it; the end-to-end tests use
// it for the tournament API.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/result.h"

namespace boyi::tourney {

struct HttpReply {
  int status = 0;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

Result<HttpReply> http_request(std::uint16_t port, const std::string& method,
                               const std::string& path, const std::string& body = {},
                               const std::vector<std::pair<std::string, std::string>>& headers = {},
                               std::chrono::milliseconds timeout = std::chrono::seconds(20),
                               const std::string& host = "127.0.0.1");

// "Basic <base64(user:password)>".
std::string basic_auth(const std::string& user, const std::string& password);

}  // namespace boyi::tourney
