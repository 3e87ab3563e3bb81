#include "server/core/log.h"

#include <spdlog/sinks/stdout_sinks.h>

namespace boyi::app {

Result<std::shared_ptr<Log>> Log::create(std::string_view format, std::string_view level) {
  if (format != "text" && format != "json") return Error{"log format must be text or json"};
  const auto lvl = spdlog::level::from_str(std::string(level));
  if (lvl == spdlog::level::off && level != "off")
    return Error{"unknown log level '" + std::string(level) + "'"};
  auto sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  auto logger = std::make_shared<spdlog::logger>("boyi", std::move(sink));
  logger->set_level(lvl);
  logger->flush_on(spdlog::level::info);
  if (format == "json")
    logger->set_pattern(R"({"time":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l",%v})",
                        spdlog::pattern_time_type::utc);
  else
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %l %v", spdlog::pattern_time_type::utc);
  return std::shared_ptr<Log>(new Log(std::move(logger), format == "json"));
}

void Log::write(spdlog::level::level_enum level, std::string_view event, nlohmann::json fields) {
  if (!logger_->should_log(level)) return;
  std::string line;
  const auto dump = [](const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  if (json_) {
    line = "\"event\":" + dump(nlohmann::json(std::string(event)));
    if (fields.is_object())
      for (const auto& [k, v] : fields.items())
        if (k != "time" && k != "level" && k != "event")
          line += "," + dump(nlohmann::json(k)) + ":" + dump(v);
  } else {
    line = std::string(event);
    if (fields.is_object())
      for (const auto& [k, v] : fields.items())
        line += " " + k + "=" + (v.is_string() ? v.get<std::string>() : dump(v));
  }
  logger_->log(level, "{}", line);
}

}  // namespace boyi::app
