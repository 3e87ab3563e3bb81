// Training data from real games: random matches of every game played through a referee into
// storage, exported as episodes per seat (nothing a seat was not told, its decisions with
// their legal moves and the result), as JSON lines and as .npz arrays read back here.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>

#include "server/export/npz.h"
#include "server/export/npz_export.h"
#include "server/export/observations.h"
#include "server/export/stored_episodes.h"
#include "server/hosting/test_support.h"

namespace boyi::data_export {
namespace {

using hosting::testing::play_stored_match;

TEST(Export, AJunqiSeatsEpisodeHoldsOnlyWhatItWasTold) {
  hosting::testing::Db s;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) play_stored_match(*s.db, "junqi", seed, s.seats);
  play_stored_match(*s.db, "gomoku", 9, s.seats);  // another game: not exported
  auto got = stored_episodes(*s.db, "junqi", 100);
  ASSERT_TRUE(got.ok()) << got.message();
  EXPECT_EQ(got->matches, 3);
  EXPECT_TRUE(got->skipped.empty());
  ASSERT_EQ(got->episodes.size(), 6u);
  for (std::size_t i = 0; i < got->episodes.size(); i += 2) {
    const Episode& red = got->episodes[i];
    const Episode& blue = got->episodes[i + 1];
    ASSERT_EQ(red.seat, 0);
    ASSERT_EQ(blue.seat, 1);
    EXPECT_EQ(red.result, -blue.result);
    std::array<std::string, 2> layouts;
    for (const Episode* e : {&red, &blue})
      for (const auto& step : e->steps)
        if (step.actor == e->seat && step.action.size() == 25) layouts[e->seat] = step.action;
    ASSERT_EQ(layouts[0].size(), 25u);
    ASSERT_EQ(layouts[1].size(), 25u);
    for (const Episode* e : {&red, &blue}) {
      const std::string line = to_json_line(*e);
      const std::string& enemy = layouts[static_cast<std::size_t>(1 - e->seat)];
      EXPECT_EQ(line.find(enemy), std::string::npos) << "seat " << e->seat << " sees the enemy layout";
      int decisions = 0;
      for (const auto& step : e->steps) {
        if (step.actor != e->seat) {
          EXPECT_FALSE(step.view_before.has_value());
          if (step.told_move.empty()) {
            EXPECT_TRUE(step.redacted);
          }
          continue;
        }
        ++decisions;
        ASSERT_TRUE(step.view_before.has_value());
        EXPECT_EQ(step.view_before->viewer(), e->seat);
        for (const auto& post : step.view_before->junqi().posts())
          if (post.owner() >= 0 && post.owner() != e->seat) {
            EXPECT_TRUE(post.piece().empty() || post.piece() == "l") << "an enemy piece named";
          }
      }
      EXPECT_GT(decisions, 1);
      const auto parsed = nlohmann::json::parse(line);
      EXPECT_EQ(parsed["format"], "boyi-observations/1");
      EXPECT_EQ(parsed["seat"], e->seat);
      EXPECT_EQ(parsed["steps"].size(), e->steps.size());
    }
  }
}

TEST(Export, GomokuDecisionsNameTheirLegalMoveAndTheNpzReadsBack) {
  hosting::testing::Db s;
  play_stored_match(*s.db, "gomoku", 4, s.seats);
  play_stored_match(*s.db, "gomoku", 5, s.seats);
  auto got = stored_episodes(*s.db, "gomoku", 100);
  ASSERT_TRUE(got.ok()) << got.message();
  ASSERT_EQ(got->episodes.size(), 4u);
  int decisions = 0;
  for (const auto& e : got->episodes)
    for (const auto& step : e.steps) {
      if (!step.view_before) continue;
      ++decisions;
      ASSERT_GE(step.action_index, 0) << step.action;
      EXPECT_EQ(step.view_before->legal_moves(step.action_index), step.action);
      // The observation shows every stone from the decider's side: as many own as the
      // seat's colour has on the board.
      const auto cells = observation(*step.view_before, e.seat);
      ASSERT_EQ(cells.size(), 225u);
      const auto& g = step.view_before->gomoku();
      const auto own = g.black_seat() == e.seat ? g.black_size() : g.white_size();
      EXPECT_EQ(std::count(cells.begin(), cells.end(), 1), own);
    }
  const auto file = s.tmp.path() / "gomoku.npz";
  ASSERT_TRUE(write_npz(got->episodes, "gomoku", file).ok());
  std::ifstream in(file, std::ios::binary);
  const std::string zip(std::istreambuf_iterator<char>(in), {});
  ASSERT_GE(zip.size(), 22u);
  EXPECT_EQ(zip.substr(0, 4), "PK\x03\x04");
  EXPECT_EQ(zip.substr(zip.size() - 22, 4), "PK\x05\x06");
  const std::string shape = "'shape': (" + std::to_string(decisions) + ", 225)";
  EXPECT_NE(zip.find("obs.npy"), std::string::npos);
  EXPECT_NE(zip.find(shape), std::string::npos) << "no " << shape;
  EXPECT_NE(zip.find("'shape': (" + std::to_string(decisions) + ",)"), std::string::npos);
  for (const char* name : {"seat.npy", "ply.npy", "action.npy", "legal_count.npy", "result.npy",
                           "match.npy"})
    EXPECT_NE(zip.find(name), std::string::npos) << name;
  EXPECT_FALSE(write_npz(got->episodes, "junqi", file).ok());  // episodes of another game
}

TEST(Export, NpyHeadersAreAlignedAndDescribeTheArray) {
  const std::string npy = NpzWriter::npy("<i4", {2, 3}, le_bytes(std::vector<std::int32_t>{1, 2, 3, 4, 5, 6}));
  ASSERT_GT(npy.size(), 10u);
  EXPECT_EQ(npy.substr(0, 6), "\x93NUMPY");
  const std::size_t header = static_cast<unsigned char>(npy[8]) | static_cast<unsigned char>(npy[9]) << 8;
  EXPECT_EQ((10 + header) % 64, 0u);
  EXPECT_EQ(npy[10 + header - 1], '\n');
  EXPECT_NE(npy.find("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }"), std::string::npos);
  EXPECT_EQ(npy.size(), 10 + header + 24);
  EXPECT_EQ(npy.substr(10 + header, 4), std::string("\x01\x00\x00\x00", 4));
}

TEST(Export, EveryGameHasAnObservation) {
  for (const char* game : {"junqi", "gomoku", "dots", "surakarta"}) {
    hosting::testing::Db s;
    play_stored_match(*s.db, game, 7, s.seats, 60);
    auto got = stored_episodes(*s.db, game, 10);
    ASSERT_TRUE(got.ok()) << game << ": " << got.message();
    ASSERT_EQ(got->episodes.size(), 2u) << game;
    EXPECT_TRUE(write_npz(got->episodes, game, s.tmp.path() / "x.npz").ok()) << game;
    for (const auto& step : got->episodes[0].steps)
      if (step.view_before) {
        EXPECT_EQ(observation(*step.view_before, 0).size(),
                  static_cast<std::size_t>(observation_cells(game)));
      }
  }
}

}  // namespace
}  // namespace boyi::data_export
