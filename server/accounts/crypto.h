// Small cryptographic helpers for accounts: OS randomness (getrandom), SHA-256
// and a constant-time comparison (OpenSSL's libcrypto), hex.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::accounts {

// n bytes from the kernel CSPRNG (getrandom); an error if it is unavailable.
Result<std::string> random_bytes(std::size_t n);

// SHA-256 (FIPS 180-4) of `data`: 32 raw bytes.
std::array<std::uint8_t, 32> sha256(std::string_view data);
std::string sha256_bytes(std::string_view data);

std::string to_hex(std::string_view bytes);

// Compares in time that depends only on the lengths, never on the contents.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace boyi::accounts
