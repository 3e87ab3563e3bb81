#include "server/net/http_routes.h"

#include <algorithm>
#include <cctype>

namespace boyi::net {

std::optional<std::string> HttpRequest::header(std::string_view name) const {
  for (const auto& [k, v] : headers) {
    if (k.size() == name.size() && std::equal(k.begin(), k.end(), name.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return v;
    }
  }
  return std::nullopt;
}

struct HttpResponder::State {
  Complete complete;
  std::once_flag once;
  ~State() {
    if (complete) {
      std::call_once(once, [&] {
        complete(HttpResponse{
            500, "application/json", "{\"error\":\"the handler dropped the request\"}", {}});
      });
    }
  }
};

HttpResponder::HttpResponder(Complete complete) : state_(std::make_shared<State>()) {
  state_->complete = std::move(complete);
}

void HttpResponder::operator()(HttpResponse response) const {
  std::call_once(state_->once, [&] { state_->complete(std::move(response)); });
}

void HttpRoutes::add_route(std::string method, std::string prefix, AsyncHttpHandler handler) {
  while (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
  std::lock_guard lock(mu_);
  routes_.push_back({std::move(method), std::move(prefix), std::move(handler)});
}

void HttpRoutes::add_route(std::string method, std::string prefix, HttpHandler handler) {
  add_route(std::move(method), std::move(prefix),
            AsyncHttpHandler(
                [h = std::move(handler)](const HttpRequest& req, HttpResponder r) { r(h(req)); }));
}

static bool prefix_matches(const std::string& prefix, const std::string& path) {
  if (prefix == "/") return true;
  if (path.compare(0, prefix.size(), prefix) != 0) return false;
  return path.size() == prefix.size() || path[prefix.size()] == '/';
}

std::optional<AsyncHttpHandler> HttpRoutes::find(const std::string& method, const std::string& path,
                                                 bool* path_matched) const {
  const std::string& m = method == "HEAD" ? std::string("GET") : method;
  std::lock_guard lock(mu_);
  const Route* best = nullptr;
  bool any = false;
  for (const auto& r : routes_) {
    if (!prefix_matches(r.prefix, path)) continue;
    any = true;
    if (r.method == m && (!best || r.prefix.size() > best->prefix.size())) best = &r;
  }
  if (path_matched) *path_matched = any;
  if (!best) return std::nullopt;
  return best->handler;
}

}  // namespace boyi::net
