// Small cryptographic helpers (OpenSSL's libcrypto): OS randomness (getrandom), SHA-256,
// HMAC-SHA-256, a constant-time comparison, hex. Ed25519 signatures are in signing.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::crypto {

// n bytes from the kernel CSPRNG (getrandom); an error if it is unavailable.
Result<std::string> random_bytes(std::size_t n);

// SHA-256 (FIPS 180-4) of `data`: 32 raw bytes.
std::array<std::uint8_t, 32> sha256(std::string_view data);
std::string sha256_bytes(std::string_view data);

// HMAC-SHA-256 (RFC 2104) of `data` under `key`: 32 raw bytes.
std::string hmac_sha256(std::string_view key, std::string_view data);

std::string to_hex(std::string_view bytes);
// The bytes of lower- or upper-case hex; an error for an odd length or another character.
Result<std::string> from_hex(std::string_view hex);

// Compares in time that depends only on the lengths, never on the contents.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace boyi::crypto
