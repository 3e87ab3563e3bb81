// SHA-256, randomness, hex and constant-time comparison.
#include <gtest/gtest.h>

#include <set>

#include "base/crypto/crypto.h"

namespace boyi::crypto {
namespace {

std::string hex_sha(std::string_view s) {
  return to_hex(sha256_bytes(s));
}

TEST(Sha256, NistVectors) {
  EXPECT_EQ(hex_sha(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex_sha("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex_sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hex_sha(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {  // expected values from coreutils sha256sum
  EXPECT_EQ(hex_sha(std::string(55, 'x')),
            "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
  EXPECT_EQ(hex_sha(std::string(63, 'x')),
            "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2");
  EXPECT_EQ(hex_sha(std::string(64, 'x')),
            "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
  EXPECT_EQ(hex_sha(std::string(65, 'x')),
            "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9");
  EXPECT_EQ(hex_sha(std::string(119, 'x')),
            "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c");
}

TEST(Crypto, RandomBytesAreFreshAndSized) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    auto r = random_bytes(16);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->size(), 16u);
    seen.insert(*r);
  }
  EXPECT_EQ(seen.size(), 50u);
  EXPECT_EQ(random_bytes(0)->size(), 0u);
}

TEST(Crypto, ConstantTimeEqualAndHex) {
  EXPECT_TRUE(constant_time_equal("secret", "secret"));
  EXPECT_FALSE(constant_time_equal("secret", "secreT"));
  EXPECT_FALSE(constant_time_equal("secret", "secret2"));
  EXPECT_TRUE(constant_time_equal("", ""));
  EXPECT_EQ(to_hex(std::string("\x00\x7f\xff", 3)), "007fff");
}

}  // namespace
}  // namespace boyi::crypto
