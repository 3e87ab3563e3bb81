// The name rules of accounts (names.h).
#include <gtest/gtest.h>

#include <set>

#include "server/accounts/names.h"

namespace boyi::accounts {
namespace {

TEST(Names, AcceptsLettersDigitsUnderscoreDashAndCjk) {
  for (const char* ok : {"ab", "Alice_99", "deep-blue", "张三", "棋手_007", "x-", "𠀀𠀁",
                         "abcdefghijklmnopqrstuvwx"})
    EXPECT_TRUE(check_name(ok).ok()) << ok;
}

TEST(Names, RejectsBadLengthCharactersAndEncoding) {
  EXPECT_FALSE(check_name("a").ok());
  EXPECT_FALSE(check_name("").ok());
  EXPECT_FALSE(check_name("abcdefghijklmnopqrstuvwxy").ok());  // 25
  EXPECT_TRUE(check_name(std::string(24 * 3 / 3, 'z')).ok());
  std::string cjk25;
  for (int i = 0; i < 25; ++i) cjk25 += "棋";
  EXPECT_FALSE(check_name(cjk25).ok());
  EXPECT_TRUE(check_name(cjk25.substr(3)).ok());  // 24 characters, 72 bytes
  for (const char* bad : {"a b", "a.b", "a@b", "ab\n", "é-accent", "ab😀", "ｆｕｌｌ"})
    EXPECT_FALSE(check_name(bad).ok()) << bad;
  EXPECT_FALSE(check_name("ab\xff").ok());
  EXPECT_FALSE(check_name("ab\xc0\xaf").ok());      // overlong '/'
  EXPECT_FALSE(check_name("ab\xed\xa0\x80").ok());  // surrogate
  EXPECT_FALSE(check_name("ab\xe6\xa3").ok());      // truncated
  auto msg = check_name("a");
  EXPECT_NE(msg.message().find("2 to 24"), std::string::npos) << msg.message();
}

TEST(Names, GuestPrefixReservedAndPasswordLength) {
  EXPECT_FALSE(check_account_name("guest-1234").ok());
  EXPECT_FALSE(check_account_name("GUEST-x").ok());
  EXPECT_TRUE(check_account_name("guest").ok());
  EXPECT_TRUE(check_name("guest-1234").ok());
  EXPECT_FALSE(check_password("1234567").ok());
  EXPECT_TRUE(check_password("12345678").ok());
  EXPECT_TRUE(check_password(std::string(256, 'p')).ok());
  EXPECT_FALSE(check_password(std::string(257, 'p')).ok());
}

}  // namespace
}  // namespace boyi::accounts
