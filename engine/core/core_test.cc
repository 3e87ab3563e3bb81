#include <gtest/gtest.h>

#include <set>

#include "engine/core/move_list.h"
#include "engine/core/outcome.h"
#include "engine/core/zobrist.h"

namespace boyi {
namespace {

TEST(Outcome, NamesRoundTripAndDescribe) {
  for (int i = 0; i <= static_cast<int>(Ending::kAborted); ++i) {
    const auto e = static_cast<Ending>(i);
    EXPECT_EQ(parse_ending(ending_name(e)), e);
  }
  EXPECT_FALSE(parse_ending("checkmate").has_value());
  Outcome o{Ending::kNormal, 1, "flag captured"};
  EXPECT_EQ(describe(o), "seat 1 wins (normal: flag captured)");
  Outcome draw{Ending::kAdjudication, std::nullopt, "6-6"};
  EXPECT_TRUE(draw.is_draw());
  EXPECT_EQ(describe(draw), "draw (adjudication: 6-6)");
  EXPECT_EQ(describe(Outcome{}), "in progress");
}

TEST(Zobrist, KeysAreFixedAndDistinct) {
  constexpr auto keys = make_zobrist_keys<512>(7);
  constexpr auto again = make_zobrist_keys<512>(7);
  static_assert(keys == again);
  std::set<std::uint64_t> distinct(keys.begin(), keys.end());
  EXPECT_EQ(distinct.size(), keys.size());
}

TEST(MoveList, HoldsMovesWithoutAllocating) {
  MoveList<int, 4> list;
  EXPECT_TRUE(list.empty());
  list.push_back(3);
  list.push_back(5);
  EXPECT_EQ(list.size(), 2u);
  int sum = 0;
  for (int m : list) sum += m;
  EXPECT_EQ(sum, 8);
  list.clear();
  EXPECT_TRUE(list.empty());
}

}  // namespace
}  // namespace boyi
