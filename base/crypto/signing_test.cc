// Ed25519 signing keys: the RFC 8032 test vector, key files, and tampered signatures.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/crypto/crypto.h"
#include "base/crypto/signing.h"

namespace boyi::crypto {
namespace {

// RFC 8032 section 7.1, TEST 2 (one-byte message 0x72).
constexpr char kSecretPem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEIEzNCJso/5banbbDRuwRTg9bijGfNaumJNqM9u1PuKb7\n"
    "-----END PRIVATE KEY-----\n";
constexpr char kPublic[] = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
constexpr char kSignature[] =
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
    "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00";

TEST(SigningKey, MatchesTheRfc8032Vector) {
  auto key = SigningKey::from_pem(kSecretPem);
  ASSERT_TRUE(key.ok()) << key.message();
  EXPECT_EQ(key->public_hex(), kPublic);
  EXPECT_EQ(key->sign("\x72"), kSignature);
  EXPECT_TRUE(verify_signature(kPublic, "\x72", kSignature));
}

TEST(SigningKey, RefusesEveryChange) {
  auto key = SigningKey::generate();
  ASSERT_TRUE(key.ok()) << key.message();
  const std::string message = "boyi-fair/1|match 7|seq 3";
  const std::string signature = key->sign(message);
  ASSERT_TRUE(verify_signature(key->public_hex(), message, signature));
  EXPECT_FALSE(verify_signature(key->public_hex(), message + " ", signature));
  std::string flipped = signature;
  flipped[10] = flipped[10] == '0' ? '1' : '0';
  EXPECT_FALSE(verify_signature(key->public_hex(), message, flipped));
  EXPECT_FALSE(verify_signature(kPublic, message, signature));  // another key
  EXPECT_FALSE(verify_signature("zz", message, signature));
  EXPECT_FALSE(verify_signature(key->public_hex(), message, signature.substr(2)));
  EXPECT_FALSE(verify_signature(key->public_hex(), message, ""));
}

TEST(SigningKey, KeyFileIsMadeOnceOwnerOnlyAndReadBack) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("boyi-key-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "signing-key.pem";
  auto made = SigningKey::load_or_create(path);
  ASSERT_TRUE(made.ok()) << made.message();
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  auto again = SigningKey::load_or_create(path);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->public_hex(), made->public_hex());
  EXPECT_EQ(again->derivation_secret(), made->derivation_secret());
  EXPECT_NE(made->derivation_secret(), "");
  // A damaged key file is an error, never silently replaced by a new key.
  { std::ofstream(path, std::ios::trunc) << "not a key"; }
  EXPECT_FALSE(SigningKey::load_or_create(path).ok());
  std::filesystem::remove_all(dir);
}

TEST(Crypto, HmacAndHexRoundTrip) {
  // RFC 4231 test case 2.
  EXPECT_EQ(to_hex(hmac_sha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(*from_hex("007fFF"), std::string("\x00\x7f\xff", 3));
  EXPECT_FALSE(from_hex("abc").ok());
  EXPECT_FALSE(from_hex("zz").ok());
}

}  // namespace
}  // namespace boyi::crypto
