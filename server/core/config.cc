#include "server/core/config.h"

#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/program_paths.h"

namespace boyi::app {
namespace {

using Json = nlohmann::json;

// One setter per key: reads the JSON value into the config or says why not.
using Setter = std::function<Status(const Json&, ServerConfig&)>;

template <class T>
Result<T> integer(const Json& v, std::string_view key, std::int64_t lo, std::int64_t hi) {
  if (!v.is_number_integer()) return Error{std::string(key) + ": expected an integer"};
  const auto x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    return Error{std::string(key) + ": " + std::to_string(x) + " is outside " + std::to_string(lo) +
                 ".." + std::to_string(hi)};
  return static_cast<T>(x);
}

template <class T>
Setter int_field(std::string key, T ServerConfig::*field, std::int64_t lo, std::int64_t hi) {
  return [key, field, lo, hi](const Json& v, ServerConfig& c) -> Status {
    auto x = integer<T>(v, key, lo, hi);
    if (!x) return x.status();
    c.*field = *x;
    return Status::Ok();
  };
}

template <class Obj, class T>
Setter nested_int(std::string key, Obj ServerConfig::*obj, T Obj::*field, std::int64_t lo,
                  std::int64_t hi) {
  return [key, obj, field, lo, hi](const Json& v, ServerConfig& c) -> Status {
    auto x = integer<T>(v, key, lo, hi);
    if (!x) return x.status();
    (c.*obj).*field = *x;
    return Status::Ok();
  };
}

Setter ms_limit(std::string key, std::chrono::milliseconds net::NetLimits::*field) {
  return [key, field](const Json& v, ServerConfig& c) -> Status {
    auto x = integer<std::int64_t>(v, key, 1, 24LL * 3600 * 1000);
    if (!x) return x.status();
    c.limits.*field = std::chrono::milliseconds(*x);
    return Status::Ok();
  };
}

Setter bool_field(std::string key, bool ServerConfig::*field) {
  return [key, field](const Json& v, ServerConfig& c) -> Status {
    if (!v.is_boolean()) return Error{key + ": expected true or false"};
    c.*field = v.get<bool>();
    return Status::Ok();
  };
}

Setter string_field(std::string key, std::string ServerConfig::*field) {
  return [key, field](const Json& v, ServerConfig& c) -> Status {
    if (!v.is_string()) return Error{key + ": expected a string"};
    c.*field = v.get<std::string>();
    return Status::Ok();
  };
}

Setter path_field(std::string key, std::filesystem::path ServerConfig::*field) {
  return [key, field](const Json& v, ServerConfig& c) -> Status {
    if (!v.is_string()) return Error{key + ": expected a string"};
    c.*field = v.get<std::string>();
    return Status::Ok();
  };
}

Status apply_object(const Json& obj, const std::map<std::string, Setter>& setters,
                    const std::string& where, ServerConfig& c) {
  if (!obj.is_object()) return Error{where + ": expected an object"};
  for (const auto& [key, value] : obj.items()) {
    auto it = setters.find(key);
    if (it == setters.end()) return Error{where + ": unknown key \"" + key + "\""};
    if (auto s = it->second(value, c); !s) return Error{where + "." + s.message()};
  }
  return Status::Ok();
}

const std::map<std::string, Setter>& limit_setters() {
  using L = net::NetLimits;
  static const std::map<std::string, Setter> m = {
      {"max_frame_bytes",
       nested_int("max_frame_bytes", &ServerConfig::limits, &L::max_frame_bytes, 256, 16 << 20)},
      {"max_send_queue_bytes", nested_int("max_send_queue_bytes", &ServerConfig::limits,
                                          &L::max_send_queue_bytes, 1024, 1LL << 30)},
      {"max_send_queue_frames", nested_int("max_send_queue_frames", &ServerConfig::limits,
                                           &L::max_send_queue_frames, 1, 1 << 24)},
      {"max_protocol_errors", nested_int("max_protocol_errors", &ServerConfig::limits,
                                         &L::max_protocol_errors, 0, 1 << 20)},
      {"max_connections",
       nested_int("max_connections", &ServerConfig::limits, &L::max_connections, 1, 1 << 22)},
      {"max_connections_per_address",
       nested_int("max_connections_per_address", &ServerConfig::limits,
                  &L::max_connections_per_address, 1, 1 << 22)},
      {"max_http_body_bytes", nested_int("max_http_body_bytes", &ServerConfig::limits,
                                         &L::max_http_body_bytes, 0, 16 << 20)},
      {"max_messages_per_second",
       [](const Json& v, ServerConfig& c) -> Status {
         if (!v.is_number() || v.get<double>() <= 0)
           return Error{"max_messages_per_second: expected a positive number"};
         c.limits.max_messages_per_second = v.get<double>();
         return Status::Ok();
       }},
      {"message_burst",
       [](const Json& v, ServerConfig& c) -> Status {
         if (!v.is_number() || v.get<double>() < 1)
           return Error{"message_burst: expected a number >= 1"};
         c.limits.message_burst = v.get<double>();
         return Status::Ok();
       }},
      {"idle_timeout_ms", ms_limit("idle_timeout_ms", &L::idle_timeout)},
      {"sniff_timeout_ms", ms_limit("sniff_timeout_ms", &L::sniff_timeout)},
      {"close_flush_timeout_ms", ms_limit("close_flush_timeout_ms", &L::close_flush_timeout)},
      {"http_request_timeout_ms", ms_limit("http_request_timeout_ms", &L::http_request_timeout)},
  };
  return m;
}

const std::map<std::string, Setter>& setters() {
  using C = ServerConfig;
  static const std::map<std::string, Setter> m = {
      {"address", string_field("address", &C::address)},
      {"port", int_field("port", &C::port, 0, 65535)},
      {"data", path_field("data", &C::data_dir)},
      {"storage", string_field("storage", &C::storage)},
      {"web", path_field("web", &C::web_dir)},
      {"signing_key", path_field("signing_key", &C::signing_key_file)},
      {"log_level", string_field("log_level", &C::log_level)},
      {"log_format", string_field("log_format", &C::log_format)},
      {"threads", int_field("threads", &C::threads, 0, 256)},
      {"account_threads", int_field("account_threads", &C::account_threads, 1, 64)},
      {"match_threads", int_field("match_threads", &C::match_threads, 1, 1024)},
      {"storage_sync_full", bool_field("storage_sync_full", &C::storage_sync_full)},
      {"disconnect_grace_ms",
       int_field("disconnect_grace_ms", &C::disconnect_grace_ms, 0, referee::kMaxGraceMs)},
      {"illegal_move_attempts", int_field("illegal_move_attempts", &C::illegal_move_attempts, 1,
                                          referee::kMaxIllegalAttempts)},
      {"spectator_delay_plies", int_field("spectator_delay_plies", &C::spectator_delay_plies, 0,
                                          referee::kMaxSpectatorDelay)},
      {"event_views", bool_field("event_views", &C::event_views)},
      {"finished_match_linger_ms",
       int_field("finished_match_linger_ms", &C::finished_match_linger_ms, 0, 3'600'000)},
      {"finished_matches_kept",
       int_field("finished_matches_kept", &C::finished_matches_kept, 0, 1'000'000)},
      {"challenge_expiry_ms",
       int_field("challenge_expiry_ms", &C::challenge_expiry_ms, 1000, 24LL * 3600 * 1000)},
      {"house_bots", bool_field("house_bots", &C::house_bots)},
      {"house_bot_delay_ms", int_field("house_bot_delay_ms", &C::house_bot_delay_ms, 0, 60'000)},
      {"house_bot_threads", int_field("house_bot_threads", &C::house_bot_threads, 1, 256)},
      {"max_house_matches_per_user",
       int_field("max_house_matches_per_user", &C::max_house_matches_per_user, 1, 1000)},
      {"max_house_matches", int_field("max_house_matches", &C::max_house_matches, 1, 100'000)},
      {"clock_update_interval_ms",
       int_field("clock_update_interval_ms", &C::clock_update_interval_ms, 0, 3'600'000)},
      {"heartbeat_interval_ms",
       int_field("heartbeat_interval_ms", &C::heartbeat_interval_ms, 100, 3'600'000)},
      {"node_name", string_field("node_name", &C::node_name)},
      {"node_lease_ms", int_field("node_lease_ms", &C::node_lease_ms, 300, 3'600'000)},
      {"revocation_poll_ms",
       int_field("revocation_poll_ms", &C::revocation_poll_ms, 50, 3'600'000)},
      {"guests_per_address_per_hour",
       int_field("guests_per_address_per_hour", &C::guests_per_address_per_hour, 0, 1'000'000)},
      {"sign_ups_per_address_per_hour",
       int_field("sign_ups_per_address_per_hour", &C::sign_ups_per_address_per_hour, 0,
                 1'000'000)},
      {"guest_lifetime_ms",
       int_field("guest_lifetime_ms", &C::guest_lifetime_ms, 0, 30LL * 24 * 3600 * 1000)},
      {"sign_in_lifetime_ms",
       int_field("sign_in_lifetime_ms", &C::sign_in_lifetime_ms, 60'000, 366LL * 24 * 3600 * 1000)},
      {"max_bots_per_owner", int_field("max_bots_per_owner", &C::max_bots_per_owner, 0, 1000)},
      {"analysis_ms", int_field("analysis_ms", &C::analysis_ms, 0, 60'000)},
      {"guest_purge_interval_ms",
       int_field("guest_purge_interval_ms", &C::guest_purge_interval_ms, 1000, 24LL * 3600 * 1000)},
      {"shutdown_deadline_ms",
       [](const Json& v, ServerConfig& c) -> Status {
         auto x = integer<std::int64_t>(v, "shutdown_deadline_ms", 0, 600'000);
         if (!x) return x.status();
         c.shutdown_deadline = std::chrono::milliseconds(*x);
         return Status::Ok();
       }},
      {"limits", [](const Json& v,
                    ServerConfig& c) { return apply_object(v, limit_setters(), "limits", c); }},
      {"argon2",
       [](const Json& v, ServerConfig& c) {
         using A = accounts::Argon2Params;
         static const std::map<std::string, Setter> a = {
             {"t_cost", nested_int("t_cost", &C::argon2, &A::t_cost, 1, 100)},
             {"m_cost_kib", nested_int("m_cost_kib", &C::argon2, &A::m_cost_kib, 8, 4 << 20)},
             {"parallelism", nested_int("parallelism", &C::argon2, &A::parallelism, 1, 64)},
         };
         return apply_object(v, a, "argon2", c);
       }},
      {"default_time",
       [](const Json& v, ServerConfig& c) {
         using T = referee::TimeControl;
         static const std::map<std::string, Setter> t = {
             {"total_ms",
              nested_int("total_ms", &C::default_time, &T::total_ms, 1, referee::kMaxTotalMs)},
             {"per_move_ms", nested_int("per_move_ms", &C::default_time, &T::per_move_ms, 0,
                                        referee::kMaxTotalMs)},
             {"increment_ms", nested_int("increment_ms", &C::default_time, &T::increment_ms, 0,
                                         referee::kMaxTotalMs)},
             {"grace_ms",
              nested_int("grace_ms", &C::default_time, &T::grace_ms, 0, referee::kMaxGraceMs)},
         };
         return apply_object(v, t, "default_time", c);
       }},
  };
  return m;
}

}  // namespace

Status ServerConfig::validate() const {
  static constexpr std::string_view kLevels[] = {"trace", "debug",    "info", "warn",
                                                 "error", "critical", "off"};
  bool level_ok = false;
  for (auto l : kLevels) level_ok = level_ok || l == log_level;
  if (!level_ok)
    return Error{"log_level: '" + log_level +
                 "' is not one of trace, debug, info, warn, error, critical, off"};
  if (log_format != "text" && log_format != "json")
    return Error{"log_format: '" + log_format + "' is not text or json"};
  if (data_dir.empty()) return Error{"data: the data directory may not be empty"};
  if (storage != "sqlite" && !storage.starts_with("postgresql://") &&
      !storage.starts_with("postgres://"))
    return Error{"storage: expected \"sqlite\" or a postgresql:// URL"};
  if (auto s = default_time.validate(); !s) return Error{"default_time: " + s.message()};
  if (node_lease_ms < 3 * heartbeat_interval_ms)
    return Error{"node_lease_ms: at least three heartbeats (heartbeat_interval_ms " +
                 std::to_string(heartbeat_interval_ms) + ")"};
  return Status::Ok();
}

Status apply_config_json(std::string_view json_text, ServerConfig& config) {
  Json j = Json::parse(json_text.begin(), json_text.end(), nullptr, /*allow_exceptions=*/false,
                       /*ignore_comments=*/true);
  if (j.is_discarded()) return Error{"the configuration is not valid JSON"};
  ServerConfig next = config;
  if (auto s = apply_object(j, setters(), "config", next); !s) return s;
  if (auto s = next.validate(); !s) return s;
  config = std::move(next);
  return Status::Ok();
}

Status load_config_file(const std::filesystem::path& path, ServerConfig& config) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read the config file " + path.string()};
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > 1 << 20) return Error{path.string() + ": larger than 1 MiB"};
  if (auto s = apply_config_json(text.str(), config); !s)
    return Error{path.string() + ": " + s.message()};
  return Status::Ok();
}

Status apply_config_environment(ServerConfig& config,
                                const std::function<const char*(const char*)>& getenv) {
  ServerConfig next = config;
  for (const auto& [key, setter] : setters()) {
    std::string name = "BOYI_";
    for (char c : key) name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const char* text = getenv(name.c_str());
    if (!text) continue;
    // A number, a boolean or an object as JSON; anything else (a path, a URL) as a string.
    Json value = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (value.is_discarded() || value.is_string() || value.is_null() || value.is_array())
      value = std::string(text);
    Status s = setter(value, next);
    if (!s && !value.is_string()) s = setter(Json(std::string(text)), next);  // "data": "2024"
    if (!s) return Error{name + ": " + s.message()};
  }
  if (auto s = next.validate(); !s) return s;
  config = std::move(next);
  return Status::Ok();
}

std::filesystem::path default_web_dir() {
  std::error_code ec;
  const auto dir = shipped_path("share/boyi/web");
  if (!dir.empty() && std::filesystem::is_directory(dir, ec)) return dir;
  return {};
}

}  // namespace boyi::app
