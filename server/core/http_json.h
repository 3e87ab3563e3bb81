// What the HTTP JSON routes (http_api.cc, http_web_api.cc, tournament_http.cc) share:
// JSON replies, error replies, and reading a query string.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "server/net/http_routes.h"

namespace boyi::app {

// `body` (one JSON text) as an application/json reply ending in a newline.
net::HttpResponse json_response(int status, std::string body);
net::HttpResponse json_response(int status, const nlohmann::json& body);
// {"error": message}.
net::HttpResponse json_error(int status, const std::string& message);

// The value of `key` in "a=1&b=2" (as sent, not percent-decoded); "" when absent.
std::string query_value(const std::string& query, const std::string& key);

}  // namespace boyi::app
