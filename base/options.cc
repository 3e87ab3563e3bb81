#include "base/options.h"

#include <charconv>

namespace boyi {

Result<OptionList> parse_options(std::string_view text) {
  OptionList out;
  std::size_t i = 0;
  auto is_sep = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; };
  while (i < text.size()) {
    while (i < text.size() && is_sep(text[i])) ++i;
    if (i == text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !is_sep(text[j])) ++j;
    std::string_view token = text.substr(i, j - i);
    i = j;
    const auto eq = token.find('=');
    if (eq == std::string_view::npos)
      return fail("rules option '" + std::string(token) + "' is not of the form key=value");
    std::string key(token.substr(0, eq));
    if (key.empty()) return fail("rules option '" + std::string(token) + "' has no key");
    for (const auto& [k, v] : out)
      if (k == key) return fail("rules option '" + key + "' is given twice");
    out.emplace_back(std::move(key), std::string(token.substr(eq + 1)));
  }
  return out;
}

Result<int> parse_int_option(std::string_view key, std::string_view value, int lo, int hi) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (ec != std::errc() || ptr != value.data() + value.size() || value.empty())
    return fail(std::string(key) + " must be an integer in " + range + ", got '" +
                std::string(value) + "'");
  if (v < lo || v > hi)
    return fail(std::string(key) + " must be in " + range + ", got " + std::to_string(v));
  return v;
}

Result<int> parse_enum_option(std::string_view key, std::string_view value,
                              const std::vector<std::string_view>& names) {
  std::string allowed;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == value) return static_cast<int>(i);
    if (i) allowed += '|';
    allowed += names[i];
  }
  return fail(std::string(key) + " must be one of " + allowed + ", got '" + std::string(value) +
              "'");
}

std::string join_options(const OptionList& options) {
  std::string s;
  for (const auto& [k, v] : options) {
    if (!s.empty()) s += ' ';
    s.append(k).append(1, '=').append(v);
  }
  return s;
}

}  // namespace boyi
