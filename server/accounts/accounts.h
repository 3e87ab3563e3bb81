// Accounts: people (argon2id password hashes), bots (secret tokens), guests, roles.
//
// Tokens look like "boyi_<24 hex: token id>_<64 hex: secret>". The id is a public
// lookup key (an indexed unique column, so verification never scans); the
// secret is 32 bytes from getrandom and only its SHA-256 is stored. A fast hash is
// enough here: unlike a password, a 256-bit random secret cannot be guessed, so
// a stolen table gives nothing to brute-force, and a bot's every connection does
// not pay argon2's deliberate cost. Hashes are compared in constant time.
// People who ask for it get remembered sign-ins (several per person: one per browser), with
// an expiry, in a table of their own; they end on signing out and with the password.
// Guests get a token too, so that they can reconnect to their match (even after a
// server restart); guests that never played are removed by purge_unused_guests().
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "server/accounts/password.h"
#include "server/accounts/sign_in_throttle.h"
#include "server/storage/database.h"

namespace boyi::accounts {

using storage::Role;
using storage::User;

// A new bot or guest with its token; the token is not stored and cannot be shown again.
struct Credentials {
  User user;
  std::string token;
};

class Accounts {
 public:
  explicit Accounts(storage::Database& db, Argon2Params params = {},
                    SignInThrottle::Limits throttle = {})
      : db_(db), params_(params), throttle_(throttle) {}

  Result<User> create_human(std::string_view name, std::string_view password,
                            Role role = Role::kUser);
  // The user when name and password match an enabled human account. Wrong name and
  // wrong password give the same message (and take about the same time).
  Result<User> verify_password(std::string_view name, std::string_view password);
  // verify_password for a client at `address` (empty when unknown), behind the throttle
  // (sign_in_throttle.h): while the name or the address must wait, refused at once with
  // `waited` set; otherwise checked, and the failure or success counted.
  Result<User> verify_password(std::string_view name, std::string_view password,
                               std::string_view address, SignInThrottle::Wait& waited);
  Status change_password(std::string_view name, std::string_view new_password);

  Result<Credentials> create_bot(std::string_view name,
                                 std::optional<std::string_view> owner = std::nullopt);
  // The bot or guest the token belongs to, if valid and the account is enabled.
  Result<User> verify_token(std::string_view token);
  // The public id of a token ("" when it is not shaped like one): what a revocation names.
  static std::string token_id_of(std::string_view token);
  // A new token for the bot; the old one stops working at once.
  Result<std::string> rotate_token(std::string_view bot_name);

  // A remembered sign-in for a person (SignedIn.session_token), valid `lifetime_ms`: a
  // token of the same shape as a bot's, stored apart (several per user, each expiring).
  struct SignInSession {
    std::string token;
    std::int64_t expires_ms = 0;
  };
  Result<SignInSession> remember_sign_in(storage::Id user, std::int64_t lifetime_ms);
  // The person a remembered sign-in belongs to, while it is unexpired and the account enabled.
  Result<User> verify_sign_in_session(std::string_view token);
  // Signing out of a connection signed in with the remembered sign-in `token_id`
  // (token_id_of): it ends, and (through a revocation) every connection signed in with it.
  // An id that names none (a bot's token, one ended already) is no error.
  Status end_sign_in_session(std::string_view token_id);

  Result<Credentials> create_guest();
  Result<int> purge_unused_guests(
      std::int64_t created_before_ms = std::numeric_limits<std::int64_t>::max(),
      const std::set<storage::Id>& keep = {}) {
    return db_.purge_unused_guests(created_before_ms, keep);
  }

  Status set_role(std::string_view name, Role role);
  Status disable(std::string_view name);
  Status enable(std::string_view name);

 private:
  Result<std::string> issue_token(storage::Id user);
  const std::string& dummy_hash();

  storage::Database& db_;
  Argon2Params params_;
  SignInThrottle throttle_;
  std::once_flag dummy_once_;
  std::string dummy_hash_;
};

}  // namespace boyi::accounts
