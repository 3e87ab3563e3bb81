// The HTTP API route table the server fills: method + path prefix -> handler.
// Beast-free, so the server's API code does not include Beast.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace boyi::net {

struct HttpRequest {
  std::string method;  // "GET", "POST", ... (HEAD is routed as GET, the body then dropped)
  std::string path;    // percent-decoded, without the query
  std::string query;   // raw, after '?', without it
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string remote;          // "address:port"
  std::string remote_address;  // the address alone

  // The first header with this name (case-insensitive).
  std::optional<std::string> header(std::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers
};

// Completes a request. Call it once, from any thread; a responder dropped without being
// called answers 500 so that no request hangs.
class HttpResponder {
 public:
  using Complete = std::function<void(HttpResponse)>;
  explicit HttpResponder(Complete complete);
  void operator()(HttpResponse response) const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

using AsyncHttpHandler = std::function<void(const HttpRequest&, HttpResponder)>;
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

class HttpRoutes {
 public:
  // `prefix` matches the path exactly or up to a '/' ("/api/games" matches "/api/games"
  // and "/api/games/12", not "/api/gamesx"); the longest matching prefix wins. Handlers
  // run on the connection's strand: answer quickly or complete the responder later.
  void add_route(std::string method, std::string prefix, AsyncHttpHandler handler);
  void add_route(std::string method, std::string prefix, HttpHandler handler);

  // The handler for this request; HEAD finds GET routes. nullopt when none matches;
  // `path_matched` then says whether some route has the path under another method (405).
  std::optional<AsyncHttpHandler> find(const std::string& method, const std::string& path,
                                       bool* path_matched = nullptr) const;

 private:
  struct Route {
    std::string method;
    std::string prefix;
    AsyncHttpHandler handler;
  };
  mutable std::mutex mu_;
  std::vector<Route> routes_;
};

}  // namespace boyi::net
