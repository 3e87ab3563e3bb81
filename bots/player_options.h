// The "name:key=value,key=value" form of a player spec.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::bots {

struct PlayerSpec {
  std::string name;
  std::map<std::string, std::string> options;

  // Reads "name" or "name:k=v,k=v" (keys may appear once).
  static Result<PlayerSpec> parse(std::string_view text);
  // Errors for a key not in `known`.
  Status only(const std::vector<std::string_view>& known) const;
  Result<std::int64_t> integer(std::string_view key, std::int64_t fallback, std::int64_t lo,
                               std::int64_t hi) const;
  Result<double> real(std::string_view key, double fallback, double lo, double hi) const;
  Result<std::string> word(std::string_view key, std::string fallback,
                           const std::vector<std::string_view>& allowed) const;
};

}  // namespace boyi::bots
