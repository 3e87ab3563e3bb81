#include "bots/player_options.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "base/options.h"

namespace boyi::bots {

Result<PlayerSpec> PlayerSpec::parse(std::string_view text) {
  PlayerSpec spec;
  const auto colon = text.find(':');
  spec.name = std::string(text.substr(0, colon));
  if (spec.name.empty()) return fail("player spec '" + std::string(text) + "' has no name");
  if (colon == std::string_view::npos) return spec;
  auto opts = parse_options(text.substr(colon + 1));
  if (!opts) return fail("player '" + spec.name + "': " + opts.message());
  for (auto& [k, v] : *opts) spec.options[k] = v;
  return spec;
}

Status PlayerSpec::only(const std::vector<std::string_view>& known) const {
  for (const auto& [k, v] : options) {
    bool ok = false;
    for (auto key : known) ok = ok || k == key;
    if (!ok) {
      std::string list;
      for (auto key : known) list += (list.empty() ? "" : ", ") + std::string(key);
      return fail("player '" + name + "' has no option '" + k +
                  "' (options: " + (list.empty() ? "none" : list) + ")");
    }
  }
  return Status::Ok();
}

Result<std::int64_t> PlayerSpec::integer(std::string_view key, std::int64_t fallback,
                                         std::int64_t lo, std::int64_t hi) const {
  const auto it = options.find(std::string(key));
  if (it == options.end()) return fallback;
  std::int64_t v = 0;
  const auto& s = it->second;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi)
    return fail("player '" + name + "': " + std::string(key) + " must be an integer in " +
                std::to_string(lo) + ".." + std::to_string(hi) + ", got '" + s + "'");
  return v;
}

Result<double> PlayerSpec::real(std::string_view key, double fallback, double lo, double hi) const {
  const auto it = options.find(std::string(key));
  if (it == options.end()) return fallback;
  const std::string& s = it->second;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v < lo || v > hi)
    return fail("player '" + name + "': " + std::string(key) + " must be a number in [" +
                std::to_string(lo) + ", " + std::to_string(hi) + "], got '" + s + "'");
  return v;
}

Result<std::string> PlayerSpec::word(std::string_view key, std::string fallback,
                                     const std::vector<std::string_view>& allowed) const {
  const auto it = options.find(std::string(key));
  if (it == options.end()) return fallback;
  for (auto a : allowed)
    if (it->second == a) return it->second;
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : "|") + std::string(a);
  return fail("player '" + name + "': " + std::string(key) + " must be " + list + ", got '" +
              it->second + "'");
}

}  // namespace boyi::bots
