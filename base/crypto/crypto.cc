#include "base/crypto/crypto.h"

#include <sys/random.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cerrno>
#include <cstring>

namespace boyi::crypto {

Result<std::string> random_bytes(std::size_t n) {
  std::string out(n, '\0');
  std::size_t got = 0;
  for (int attempts = 0; got < n && attempts < 1000; ++attempts) {
    ssize_t r = ::getrandom(out.data() + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      return fail(std::string("getrandom: ") + std::strerror(errno));
    }
    got += static_cast<std::size_t>(r);
  }
  if (got < n) return fail("getrandom: not enough randomness");
  return out;
}

std::array<std::uint8_t, 32> sha256(std::string_view data) {
  std::array<std::uint8_t, 32> digest{};
  unsigned int length = 0;
  // EVP_Digest cannot fail for SHA-256 on in-memory data short of memory exhaustion.
  EVP_Digest(data.data(), data.size(), digest.data(), &length, EVP_sha256(), nullptr);
  return digest;
}

std::string sha256_bytes(std::string_view data) {
  const auto d = sha256(data);
  return std::string(reinterpret_cast<const char*>(d.data()), d.size());
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::string out(32, '\0');
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(),
       reinterpret_cast<unsigned char*>(out.data()), &length);
  out.resize(length);
  return out;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

Result<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return fail("hex: odd length");
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out(hex.size() / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return fail("hex: not a hex digit at " + std::to_string(2 * i));
    out[i] = static_cast<char>(hi * 16 + lo);
  }
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace boyi::crypto
