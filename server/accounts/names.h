// Rules for account names and passwords.
//
// A name is 2-24 characters (Unicode code points) of ASCII letters, digits, '_',
// '-' and CJK ideographs (U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+20000-2FA1F),
// in valid UTF-8. Only ASCII letters have case, so SQLite's NOCASE collation makes
// uniqueness fully case-insensitive. Names beginning "guest-" are reserved for
// guests. A password is 8-256 bytes.
#pragma once

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

}  // namespace boyi::accounts
