// The server's config file (server/core/config.h, --config): a JSON object applied over the
// defaults, every key checked. The input's first line is also read as BOYI_<KEY>=value
// environment settings (one per ';'), which go through the same setters. Checks: a config
// accepted from the file validates.
#include <map>
#include <string>

#include "fuzz/fuzz_check.h"
#include "server/core/config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi;
  const std::string_view text = fuzz::text_of(data, size);
  app::ServerConfig config;
  if (app::apply_config_json(text, config)) {
    const Status valid = config.validate();
    BOYI_FUZZ_CHECK(valid.ok(), valid.message());
  }

  std::map<std::string, std::string> environment;
  std::string_view first = text.substr(0, text.find('\n'));
  while (!first.empty()) {
    const std::string_view item = first.substr(0, first.find(';'));
    const auto eq = item.find('=');
    if (eq != std::string_view::npos)
      environment[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
    first.remove_prefix(std::min(first.size(), item.size() + 1));
  }
  app::ServerConfig from_env;
  const Status applied = app::apply_config_environment(from_env, [&](const char* name) {
    auto it = environment.find(name);
    return it == environment.end() ? static_cast<const char*>(nullptr) : it->second.c_str();
  });
  if (applied) BOYI_FUZZ_CHECK(from_env.validate().ok(), "environment");
  return 0;
}
