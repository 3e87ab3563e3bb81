// Ed25519 signatures (RFC 8032) through OpenSSL: the server's signing key, kept in a PEM
// file, and the check anyone can run with the public key alone.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::crypto {

class SigningKey {
 public:
  // A fresh key from the system's randomness.
  static Result<SigningKey> generate();
  // A PEM private key (PKCS #8, "-----BEGIN PRIVATE KEY-----") that must be Ed25519.
  static Result<SigningKey> from_pem(std::string_view pem);
  // Reads `path`; when it does not exist, makes a fresh key and writes it there, readable by
  // the owner only (a key file that exists but does not read is an error, never replaced).
  static Result<SigningKey> load_or_create(const std::filesystem::path& path);

  SigningKey(SigningKey&&) noexcept;
  SigningKey& operator=(SigningKey&&) noexcept;
  ~SigningKey();

  // The 64-byte signature of `message`, as 128 hex digits.
  std::string sign(std::string_view message) const;
  // The 32-byte public key as 64 hex digits.
  const std::string& public_hex() const { return public_hex_; }
  std::string to_pem() const;
  // 32 bytes derived from the private key for keyed hashing (HMAC), never the key itself.
  const std::string& derivation_secret() const { return derivation_secret_; }

 private:
  struct Key;
  explicit SigningKey(std::unique_ptr<Key> key);
  std::unique_ptr<Key> key_;
  std::string public_hex_;
  std::string derivation_secret_;
};

// Whether `signature_hex` is `public_hex`'s Ed25519 signature of `message`; false for any
// malformed key or signature.
bool verify_signature(std::string_view public_hex, std::string_view message,
                      std::string_view signature_hex);

}  // namespace boyi::crypto
