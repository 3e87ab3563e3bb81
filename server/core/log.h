// Structured logs over spdlog: every line is one event with named fields, written as
// "event key=value ..." (text) or as one JSON object {"time","level","event",...fields}.
#pragma once

#include <spdlog/spdlog.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::app {

class Log {
 public:
  // format "text" or "json"; level as spdlog names it ("info", ...). Logs go to stderr.
  static Result<std::shared_ptr<Log>> create(std::string_view format, std::string_view level);

  void info(std::string_view event, nlohmann::json fields = nlohmann::json::object()) {
    write(spdlog::level::info, event, std::move(fields));
  }
  void warn(std::string_view event, nlohmann::json fields = nlohmann::json::object()) {
    write(spdlog::level::warn, event, std::move(fields));
  }
  void error(std::string_view event, nlohmann::json fields = nlohmann::json::object()) {
    write(spdlog::level::err, event, std::move(fields));
  }
  void debug(std::string_view event, nlohmann::json fields = nlohmann::json::object()) {
    write(spdlog::level::debug, event, std::move(fields));
  }
  void write(spdlog::level::level_enum level, std::string_view event, nlohmann::json fields);
  bool enabled(spdlog::level::level_enum level) const { return logger_->should_log(level); }

 private:
  Log(std::shared_ptr<spdlog::logger> logger, bool json)
      : logger_(std::move(logger)), json_(json) {}
  std::shared_ptr<spdlog::logger> logger_;
  bool json_;
};

}  // namespace boyi::app
