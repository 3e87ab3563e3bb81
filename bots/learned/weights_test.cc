#include "bots/learned/weights.h"

#include "bots/learned/model_cache.h"

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

TEST(ModelCache, OneModelPerFileWhileHeld) {
  int loads = 0;
  auto load = [&] { return std::make_shared<int>(++loads); };
  auto a = shared_model<int>("models/x.pt", load);
  auto b = shared_model<int>("models/./x.pt", load);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(loads, 1);
  auto c = shared_model<int>("models/y.pt", load);
  EXPECT_NE(a.get(), c.get());
  a.reset();
  b.reset();
  auto d = shared_model<int>("models/x.pt", load);  // released: loaded again
  EXPECT_EQ(*d, 3);
  EXPECT_EQ(shared_model<int>("models/z.pt", [] { return std::shared_ptr<int>(); }), nullptr);
}

}  // namespace
}  // namespace boyi::bots::learned
