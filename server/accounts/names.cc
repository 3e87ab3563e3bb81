#include "server/accounts/names.h"

#include <cstdint>
#include <optional>
#include <string>

namespace boyi::accounts {

namespace {

// Decodes one UTF-8 code point at s[i], advancing i; nullopt when malformed
// (overlong, surrogate, out of range, truncated).
std::optional<char32_t> next_code_point(std::string_view s, std::size_t& i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + static_cast<std::size_t>(len) > s.size()) return std::nullopt;
  char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1f) : len == 3 ? (c & 0x0f) : (c & 0x07);
  for (int k = 1; k < len; ++k) {
    unsigned char cc = byte(i + static_cast<std::size_t>(k));
    if ((cc >> 6) != 2) return std::nullopt;
    cp = (cp << 6) | (cc & 0x3f);
  }
  static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
  i += static_cast<std::size_t>(len);
  return cp;
}

bool allowed(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  if (c == '_' || c == '-') return true;
  return (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) ||
         (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x2fa1f);
}

}  // namespace

Status check_name(std::string_view name) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size();) {
    auto cp = next_code_point(name, i);
    if (!cp) return fail("a name must be valid UTF-8");
    if (!allowed(*cp))
      return fail("a name may contain only letters a-z, A-Z, digits, '_', '-' and CJK characters");
    if (++chars > kMaxNameChars) break;
  }
  if (chars < kMinNameChars || chars > kMaxNameChars)
    return fail("a name must be " + std::to_string(kMinNameChars) + " to " +
                std::to_string(kMaxNameChars) + " characters long");
  return Status::Ok();
}

Status check_account_name(std::string_view name) {
  if (auto s = check_name(name); !s) return s;
  if (name.size() >= kGuestPrefix.size()) {
    bool guest = true;
    for (std::size_t i = 0; i < kGuestPrefix.size(); ++i) {
      char c = name[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      guest = guest && c == kGuestPrefix[i];
    }
    if (guest) return fail("names beginning with 'guest-' are reserved for guests");
  }
  return Status::Ok();
}

namespace {

// The name lower-cased with the separators people use to dress a name up left out.
std::string skeleton(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '_' || c == '-' || c == '.') continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

}  // namespace

bool is_reserved_name(std::string_view name) {
  static constexpr std::string_view kWords[] = {
      "root",  "system",   "server", "boyi", "moderator", "mod",  "arbiter", "referee",
      "staff", "official", "管理员", "管理", "裁判",      "系统", "官方",    "博弈"};
  static constexpr std::string_view kPrefixes[] = {"house", "admin", "guest"};
  const std::string s = skeleton(name);
  for (auto w : kWords)
    if (s == w) return true;
  for (auto p : kPrefixes)
    if (s.starts_with(p)) return true;
  return s.ends_with("admin");
}

Result<std::string> clean_display_name(std::string_view shown) {
  if (shown.ends_with(kGuestSuffix)) shown.remove_suffix(kGuestSuffix.size());
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < shown.size();) {
    const std::size_t start = i;
    auto cp = next_code_point(shown, i);
    if (!cp) return fail("a display name must be valid UTF-8");
    if (*cp == ' ') {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    if (!allowed(*cp))
      return fail(
          "a display name may contain only letters a-z, A-Z, digits, '_', '-', spaces and CJK "
          "characters");
    if (++chars > kMaxNameChars)
      return fail("a display name is at most " + std::to_string(kMaxNameChars) + " characters");
    out += shown.substr(start, i - start);
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.empty()) return fail("a display name needs at least one letter or digit");
  if (is_reserved_name(out)) return fail("the display name '" + out + "' is reserved");
  return out;
}

std::string guest_display_name(std::string_view nickname) {
  return std::string(nickname) + std::string(kGuestSuffix);
}

Status check_password(std::string_view password) {
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes)
    return fail("a password must be " + std::to_string(kMinPasswordBytes) + " to " +
                std::to_string(kMaxPasswordBytes) + " bytes long");
  return Status::Ok();
}

}  // namespace boyi::accounts
