#include "bots/learned/weights.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace boyi::bots::learned {
namespace {

TEST(Weights, ExplicitPathWins) {
  EXPECT_EQ(weights_path("gomoku-bptd.pt", "/tmp/x.pt"), std::filesystem::path("/tmp/x.pt"));
}

TEST(Weights, EnvironmentChoosesTheFolder) {
  ::setenv("BOYI_WEIGHTS_DIR", "/opt/boyi-weights", 1);
  EXPECT_EQ(weights_path("m.pt"), std::filesystem::path("/opt/boyi-weights/m.pt"));
  ::unsetenv("BOYI_WEIGHTS_DIR");
  EXPECT_EQ(weights_path("m.pt").filename(), "m.pt");
  EXPECT_EQ(weights_path("m.pt").parent_path().filename(), "weights");
}

TEST(Weights, WarnsOncePerModel) {
  testing::internal::CaptureStderr();
  warn_once("a.pt", "missing");
  warn_once("a.pt", "missing");
  warn_once("b.pt", "missing");
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, "warning: a.pt: missing\nwarning: b.pt: missing\n");
}

}  // namespace
}  // namespace boyi::bots::learned
