#include "server/accounts/accounts.h"

#include <optional>
#include <type_traits>
#include <utility>

#include "base/crypto/crypto.h"
#include "server/accounts/names.h"

namespace boyi::accounts {

using crypto::constant_time_equal;
using crypto::random_bytes;
using crypto::sha256_bytes;
using crypto::to_hex;

namespace {

constexpr std::string_view kTokenPrefix = "boyi_";
constexpr std::size_t kTokenIdBytes = 12, kSecretBytes = 32;
const std::string kBadLogin = "wrong name or password";
const std::string kBadToken = "invalid token";
const std::string kBadSession = "the sign-in has ended; sign in with your password";

bool is_hex(std::string_view s) {
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// Splits "boyi_<id>_<secret>"; nullopt when the shape is wrong.
std::optional<std::pair<std::string_view, std::string_view>> split_token(std::string_view t) {
  if (t.substr(0, kTokenPrefix.size()) != kTokenPrefix) return std::nullopt;
  t.remove_prefix(kTokenPrefix.size());
  if (t.size() != 2 * kTokenIdBytes + 1 + 2 * kSecretBytes || t[2 * kTokenIdBytes] != '_')
    return std::nullopt;
  auto id = t.substr(0, 2 * kTokenIdBytes);
  auto secret = t.substr(2 * kTokenIdBytes + 1);
  if (!is_hex(id) || !is_hex(secret)) return std::nullopt;
  return std::pair{id, secret};
}

// The stored record of `token` (found by its public id with `lookup`) when the token's secret
// matches its hash; nullopt for anything else.
template <class Lookup>
auto record_of(std::string_view token, Lookup lookup)
    -> std::optional<std::remove_cvref_t<decltype(lookup(std::string_view()).value())>> {
  auto parts = split_token(token);
  if (!parts) return std::nullopt;
  auto record = lookup(parts->first);
  if (!record || !constant_time_equal(sha256_bytes(parts->second), record->secret_hash))
    return std::nullopt;
  return std::move(record).value();
}

}  // namespace

const std::string& Accounts::dummy_hash() {
  std::call_once(dummy_once_, [this] {
    auto h = hash_password("not a real password", params_);
    dummy_hash_ = h ? *h : std::string();
  });
  return dummy_hash_;
}

Result<User> Accounts::create_human(std::string_view name, std::string_view password, Role role) {
  if (auto s = check_account_name(name); !s) return Error{s.message()};
  if (auto s = check_password(password); !s) return Error{s.message()};
  auto hash = hash_password(password, params_);
  if (!hash) return Error{hash.message()};
  return db_.create_user(storage::new_human(std::string(name), std::move(hash).value(), role));
}

Result<User> Accounts::verify_password(std::string_view name, std::string_view password) {
  auto user = db_.user_by_name(name);
  if (!user || user->kind != storage::UserKind::kHuman || user->password_hash.empty()) {
    (void)verify_password_hash(dummy_hash(), password);  // same cost as a real check
    return fail(kBadLogin);
  }
  if (!verify_password_hash(user->password_hash, password)) return fail(kBadLogin);
  if (user->disabled) return fail("account '" + user->name + "' is disabled");
  return user;
}

Result<User> Accounts::verify_password(std::string_view name, std::string_view password,
                                       std::string_view address, SignInThrottle::Wait& waited) {
  const auto now = SignInThrottle::Clock::now();
  waited = throttle_.wait(name, address, now);
  if (waited)
    return fail("too many failed sign-ins; try again in " +
                std::to_string((waited.delay.count() + 999) / 1000) + " s");
  auto user = verify_password(name, password);
  if (user)
    throttle_.succeeded(name);
  else
    throttle_.failed(name, address, SignInThrottle::Clock::now());
  return user;
}

Status Accounts::change_password(std::string_view name, std::string_view new_password) {
  if (auto s = check_password(new_password); !s) return s;
  auto user = db_.user_by_name(name);
  if (!user) return user.status();
  if (user->kind != storage::UserKind::kHuman) return fail("only people have passwords");
  auto hash = hash_password(new_password, params_);
  if (!hash) return hash.status();
  return db_.set_password_hash(user->id, *hash);
}

Result<std::string> Accounts::issue_token(storage::Id user) {
  auto id = random_bytes(kTokenIdBytes);
  if (!id) return Error{id.message()};
  auto secret = random_bytes(kSecretBytes);
  if (!secret) return Error{secret.message()};
  const std::string id_hex = to_hex(*id), secret_hex = to_hex(*secret);
  storage::TokenRecord record{user, id_hex, sha256_bytes(secret_hex), storage::wall_clock_ms()};
  if (auto s = db_.put_token(record); !s) return Error{s.message()};
  return std::string(kTokenPrefix) + id_hex + "_" + secret_hex;
}

Result<Credentials> Accounts::create_bot(std::string_view name,
                                         std::optional<std::string_view> owner) {
  if (auto s = check_account_name(name); !s) return Error{s.message()};
  std::optional<storage::Id> owner_id;
  if (owner) {
    auto o = db_.user_by_name(*owner);
    if (!o) return fail("owner: " + o.message());
    if (o->kind != storage::UserKind::kHuman) return fail("a bot's owner must be a person");
    owner_id = o->id;
  }
  auto user = db_.create_user(storage::new_bot(std::string(name), owner_id));
  if (!user) return Error{user.message()};
  auto token = issue_token(user->id);
  if (!token) return Error{token.message()};
  return Credentials{std::move(user).value(), std::move(token).value()};
}

Result<User> Accounts::verify_token(std::string_view token) {
  auto record = record_of(token, [this](std::string_view id) { return db_.token_by_id(id); });
  if (!record) return fail(kBadToken);
  auto user = db_.user_by_id(record->user_id);
  if (!user) return fail(kBadToken);
  if (user->disabled) return fail("account '" + user->name + "' is disabled");
  return user;
}

std::string Accounts::token_id_of(std::string_view token) {
  const auto parts = split_token(token);
  return parts ? std::string(parts->first) : std::string();
}

Result<std::string> Accounts::rotate_token(std::string_view bot_name) {
  auto user = db_.user_by_name(bot_name);
  if (!user) return Error{user.message()};
  if (user->kind != storage::UserKind::kBot) return fail("'" + user->name + "' is not a bot");
  return issue_token(user->id);
}

Result<Accounts::SignInSession> Accounts::remember_sign_in(storage::Id user,
                                                           std::int64_t lifetime_ms) {
  auto id = random_bytes(kTokenIdBytes);
  if (!id) return Error{id.message()};
  auto secret = random_bytes(kSecretBytes);
  if (!secret) return Error{secret.message()};
  const std::string id_hex = to_hex(*id), secret_hex = to_hex(*secret);
  const std::int64_t now = storage::wall_clock_ms();
  storage::SignInSessionRecord record{user, id_hex, sha256_bytes(secret_hex), now,
                                      now + lifetime_ms};
  if (auto s = db_.put_sign_in_session(record); !s) return Error{s.message()};
  return SignInSession{std::string(kTokenPrefix) + id_hex + "_" + secret_hex, record.expires_ms};
}

Result<User> Accounts::verify_sign_in_session(std::string_view token) {
  auto record = record_of(token, [this](std::string_view id) { return db_.sign_in_session(id); });
  if (!record) return fail(kBadSession);
  if (record->expires_ms <= storage::wall_clock_ms()) return fail(kBadSession);
  auto user = db_.user_by_id(record->user_id);
  if (!user || user->kind != storage::UserKind::kHuman) return fail(kBadSession);
  if (user->disabled) return fail("account '" + user->name + "' is disabled");
  return user;
}

Status Accounts::end_sign_in_session(std::string_view token_id) {
  if (token_id.empty()) return Status::Ok();
  auto ended = db_.end_sign_in_session(token_id);
  if (!ended) return Error{ended.message()};
  return Status::Ok();
}

Result<Credentials> Accounts::create_guest() {
  // 4 hex digits first; on repeated collisions, longer names.
  for (int attempt = 0; attempt < 32; ++attempt) {
    auto r = random_bytes(attempt < 16 ? 2 : 4);
    if (!r) return Error{r.message()};
    auto user = db_.create_user(storage::new_guest(std::string(kGuestPrefix) + to_hex(*r)));
    if (!user) {
      if (user.message().find("already taken") != std::string::npos) continue;
      return Error{user.message()};
    }
    auto token = issue_token(user->id);
    if (!token) return Error{token.message()};
    return Credentials{std::move(user).value(), std::move(token).value()};
  }
  return fail("could not find a free guest name");
}

Status Accounts::set_role(std::string_view name, Role role) {
  auto user = db_.user_by_name(name);
  if (!user) return user.status();
  if (role == Role::kAdmin && user->kind == storage::UserKind::kGuest)
    return fail("a guest cannot be an admin");
  return db_.set_role(user->id, role);
}

Status Accounts::disable(std::string_view name) {
  auto user = db_.user_by_name(name);
  if (!user) return user.status();
  return db_.set_disabled(user->id, true);
}

Status Accounts::enable(std::string_view name) {
  auto user = db_.user_by_name(name);
  if (!user) return user.status();
  return db_.set_disabled(user->id, false);
}

}  // namespace boyi::accounts
