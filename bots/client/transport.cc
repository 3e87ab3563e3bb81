#include "bots/client/transport.h"

#include <charconv>

namespace boyi::bots {

Result<ServerAddress> parse_server_address(std::string_view text) {
  ServerAddress a;
  std::string_view host = text, port;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return fail("'" + std::string(text) + "': no ']'");
    host = text.substr(1, close - 1);
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return fail("'" + std::string(text) + "': ':' after ']'");
      port = rest.substr(1);
    }
  } else if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
    if (text.find(':') != colon) return fail("an IPv6 address goes in brackets: [::1]:7700");
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  if (host.empty()) return fail("'" + std::string(text) + "': no host");
  a.host = std::string(host);
  if (!port.empty() || text.back() == ':') {
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535)
      return fail("'" + std::string(port) + "' is not a port (1..65535)");
    a.port = static_cast<std::uint16_t>(value);
  }
  return a;
}

}  // namespace boyi::bots
