// Rules for account names and passwords.
//
// A name is 2-24 characters (Unicode code points) of ASCII letters, digits, '_',
// '-' and CJK ideographs (U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+20000-2FA1F),
// in valid UTF-8. Only ASCII letters have case, so SQLite's NOCASE collation makes
// uniqueness fully case-insensitive. Names beginning "guest-" are reserved for
// guests. A password is 8-256 bytes.
//
// Display names are what others see. Nobody may pass for the house bots, a role or
// another account: a chosen display name is 1-24 characters of what a name may hold and
// single inner spaces (so no control, bidi, zero-width or look-alike punctuation), not a
// reserved word, and a guest's is always shown with the suffix " (guest)".
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::accounts {

inline constexpr std::size_t kMinNameChars = 2, kMaxNameChars = 24;
inline constexpr std::size_t kMinPasswordBytes = 8, kMaxPasswordBytes = 256;
inline constexpr std::string_view kGuestPrefix = "guest-";

Status check_name(std::string_view name);
// A human's or bot's name: check_name and not the guest prefix.
Status check_account_name(std::string_view name);
Status check_password(std::string_view password);

inline constexpr std::string_view kGuestSuffix = " (guest)";
// True for names people may not choose, as an account or a display name: the house bots'
// accounts ("house", "house-3", ...) and the words of roles ("admin", "root", "system",
// "裁判", ...), compared case-insensitively with spaces, '_', '-' and '.' ignored.
bool is_reserved_name(std::string_view name);
// A chosen display name with spaces trimmed and runs of spaces made one, or why it is not
// allowed (a guest's own " (guest)" suffix, sent back by a client, is dropped first).
Result<std::string> clean_display_name(std::string_view shown);
std::string guest_display_name(std::string_view nickname);

}  // namespace boyi::accounts
