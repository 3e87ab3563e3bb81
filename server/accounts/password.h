// Password hashing with argon2id (libargon2), stored in the PHC encoded form
// "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>", which carries its own
// parameters: changing the defaults later keeps old hashes verifiable.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::accounts {

// Defaults follow the OWASP Password Storage Cheat Sheet's argon2id minimum:
// 19 MiB of memory, 2 iterations, 1 lane.
struct Argon2Params {
  std::uint32_t t_cost = 2;
  std::uint32_t m_cost_kib = 19456;
  std::uint32_t parallelism = 1;
  static Argon2Params cheap_for_tests() {
    Argon2Params p;
    p.t_cost = 1;
    p.m_cost_kib = 256;
    return p;
  }
};

Result<std::string> hash_password(std::string_view password, const Argon2Params& params);
// True when `password` matches `encoded` (argon2id's own constant-time check).
bool verify_password_hash(std::string_view encoded, std::string_view password);

}  // namespace boyi::accounts
