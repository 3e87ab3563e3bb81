#include "server/net/sniff.h"

#include <array>

namespace boyi::net {

Sniffed sniff_transport(std::string_view b) {
  if (b.empty()) return Sniffed::need_more;
  // JSON lines: '{' after optional whitespace.
  const auto first = b.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) {
    return b.size() > kMaxSniffWhitespace ? Sniffed::binary : Sniffed::need_more;
  }
  if (b[first] == '{') return first <= kMaxSniffWhitespace ? Sniffed::json : Sniffed::binary;
  if (first != 0) return Sniffed::binary;  // whitespace then not '{'
  // HTTP: a method token and a space.
  static constexpr std::array<std::string_view, 9> kMethods = {
      "GET ", "POST ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "PATCH ", "CONNECT ", "TRACE "};
  bool could_be = false;
  for (std::string_view m : kMethods) {
    if (b.size() >= m.size()) {
      if (b.substr(0, m.size()) == m) return Sniffed::http;
    } else if (m.substr(0, b.size()) == b) {
      could_be = true;
    }
  }
  return could_be ? Sniffed::need_more : Sniffed::binary;
}

}  // namespace boyi::net
