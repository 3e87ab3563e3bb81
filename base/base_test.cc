// The base vocabulary: key=value option lists, the deterministic random generator and the
// paths of what a program ships with.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "base/options.h"
#include "base/program_paths.h"
#include "base/rng.h"
#include "base/words.h"

namespace boyi {
namespace {

TEST(Options, ParsesKeyValuePairs) {
  auto opts = parse_options("rule=renju  opening=ccgc,fifth_n=3\n");
  ASSERT_TRUE(opts.ok()) << opts.message();
  ASSERT_EQ(opts->size(), 3u);
  EXPECT_EQ((*opts)[0], (std::pair<std::string, std::string>{"rule", "renju"}));
  EXPECT_EQ((*opts)[2], (std::pair<std::string, std::string>{"fifth_n", "3"}));
  EXPECT_EQ(join_options(*opts), "rule=renju opening=ccgc fifth_n=3");
  EXPECT_TRUE(parse_options("").ok());
  EXPECT_TRUE(parse_options("   ").value().empty());
}

TEST(Options, RejectsMalformedText) {
  EXPECT_NE(parse_options("rule").message().find("key=value"), std::string::npos);
  EXPECT_NE(parse_options("=3").message().find("no key"), std::string::npos);
  EXPECT_NE(parse_options("a=1 a=2").message().find("twice"), std::string::npos);
}

TEST(Options, IntegerAndEnumValues) {
  EXPECT_EQ(parse_int_option("n", "31", 10, 31).value(), 31);
  EXPECT_NE(parse_int_option("n", "32", 10, 31).message().find("10..31"), std::string::npos);
  EXPECT_FALSE(parse_int_option("n", "", 0, 9).ok());
  EXPECT_FALSE(parse_int_option("n", "3x", 0, 9).ok());
  EXPECT_FALSE(parse_int_option("n", "99999999999999999999", 0, 9).ok());
  EXPECT_EQ(parse_enum_option("rule", "standard", {"renju", "standard"}).value(), 1);
  EXPECT_NE(parse_enum_option("rule", "x", {"renju", "standard"}).message().find("renju|standard"),
            std::string::npos);
}

TEST(Rng, IsDeterministicAndInRange) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a();
    EXPECT_EQ(x, b());
    differs |= x != c();
  }
  EXPECT_TRUE(differs);
  std::set<std::uint32_t> seen;
  for (int i = 0; i < 10000; ++i) {
    const auto v = a.below(7);
    ASSERT_LT(v, 7u);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
}

TEST(ProgramPaths, AreFoundRelativeToTheRunningProgram) {
  const auto dir = program_dir();
  ASSERT_FALSE(dir.empty());
  EXPECT_TRUE(std::filesystem::exists(dir / "base_test"));  // this very program
  EXPECT_EQ(shipped_path("share/boyi/web"),
            (dir.parent_path() / "share/boyi/web").lexically_normal());
  EXPECT_EQ(shipped_path("lib/boyi/x.so").parent_path().filename(), "boyi");
}

}  // namespace
}  // namespace boyi

namespace boyi {
namespace {

TEST(Words, SplitOnSpacesAndTabsDroppingEmptyWords) {
  EXPECT_EQ(split_words("  move 2\tAAA  BAB "),
            (std::vector<std::string_view>{"move", "2", "AAA", "BAB"}));
  EXPECT_TRUE(split_words("").empty());
  EXPECT_TRUE(split_words(" \t ").empty());
  EXPECT_EQ(split_words("one"), (std::vector<std::string_view>{"one"}));
}

}  // namespace
}  // namespace boyi
