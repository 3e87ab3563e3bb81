#include "server/core/http_json.h"

namespace boyi::app {

net::HttpResponse json_response(int status, std::string body) {
  net::HttpResponse r;
  r.status = status;
  r.content_type = "application/json";
  r.body = std::move(body);
  if (r.body.empty() || r.body.back() != '\n') r.body += '\n';
  return r;
}

net::HttpResponse json_response(int status, const nlohmann::json& body) {
  return json_response(status, body.dump(2));
}

net::HttpResponse json_error(int status, const std::string& message) {
  return json_response(status, nlohmann::json{{"error", message}}.dump());
}

std::string query_value(const std::string& query, const std::string& key) {
  std::size_t pos = 0;
  while (pos <= query.size()) {
    const auto amp = query.find('&', pos);
    const std::string part =
        query.substr(pos, amp == std::string::npos ? std::string::npos : amp - pos);
    if (part.rfind(key + "=", 0) == 0) return part.substr(key.size() + 1);
    if (amp == std::string::npos) break;
    pos = amp + 1;
  }
  return {};
}

}  // namespace boyi::app
