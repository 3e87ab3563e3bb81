#include "server/accounts/password.h"

#include <argon2.h>

#include "base/crypto/crypto.h"

namespace boyi::accounts {

using crypto::random_bytes;

namespace {
constexpr std::uint32_t kSaltBytes = 16;
constexpr std::uint32_t kHashBytes = 32;
}  // namespace

Result<std::string> hash_password(std::string_view password, const Argon2Params& params) {
  auto salt = random_bytes(kSaltBytes);
  if (!salt) return Error{salt.message()};
  std::string encoded(argon2_encodedlen(params.t_cost, params.m_cost_kib, params.parallelism,
                                        kSaltBytes, kHashBytes, Argon2_id),
                      '\0');
  int rc = argon2id_hash_encoded(params.t_cost, params.m_cost_kib, params.parallelism,
                                 password.data(), password.size(), salt->data(), salt->size(),
                                 kHashBytes, encoded.data(), encoded.size());
  if (rc != ARGON2_OK) return fail(std::string("argon2id: ") + argon2_error_message(rc));
  encoded.resize(encoded.find('\0') == std::string::npos ? encoded.size() : encoded.find('\0'));
  return encoded;
}

bool verify_password_hash(std::string_view encoded, std::string_view password) {
  if (encoded.empty()) return false;
  const std::string e(encoded);  // argon2 wants a NUL-terminated string
  return argon2id_verify(e.c_str(), password.data(), password.size()) == ARGON2_OK;
}

}  // namespace boyi::accounts
