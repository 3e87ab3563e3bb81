// boyi-admin's tournament and rating commands, end to end: the built program in a temp
// data directory.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "server/storage/test_support.h"

namespace {

using boyi::storage::testing::TempDir;

struct RunResult {
  int code = -1;
  std::string out;
};

class TournamentAdmin : public ::testing::Test {
 protected:
  RunResult run(const std::string& args) {
    const auto out = tmp_.path() / "stdout";
    const std::string cmd = std::string("'") + BOYI_ADMIN_PATH + "' --data '" +
                            (tmp_.path() / "data").string() + "' --argon2-memory-kib 256 " + args +
                            " </dev/null >'" + out.string() + "' 2>/dev/null";
    RunResult r;
    const int status = std::system(cmd.c_str());
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream f(out, std::ios::binary);
    r.out.assign(std::istreambuf_iterator<char>(f), {});
    return r;
  }
  TempDir tmp_;
};

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TEST_F(TournamentAdmin, CreateRunCommandsAndInspect) {
  ASSERT_TRUE(tmp_.ok());
  ASSERT_EQ(run("bot add alpha").code, 0);
  ASSERT_EQ(run("bot add beta").code, 0);
  auto made =
      run("tournament create --name 'club night' --game dots --total-ms 30000 --format swiss "
          "--settings '{\"rounds\": 2, \"concurrency\": 2}' --entrant alpha --entrant beta "
          "--entrant house:4");
  ASSERT_EQ(made.code, 0) << made.out;
  EXPECT_EQ(made.out, "1\n");
  EXPECT_NE(run("tournament create --name bad --game dots --entrant alpha --entrant ghost").code,
            0);
  EXPECT_NE(run("tournament create --name bad --game dots --format ladder --entrant alpha "
                "--entrant beta")
                .code,
            0);

  auto list = run("tournament list");
  EXPECT_TRUE(contains(list.out, "club night")) << list.out;
  EXPECT_TRUE(contains(list.out, "created")) << list.out;

  EXPECT_NE(run("tournament pause 1").code, 0);  // not running
  EXPECT_EQ(run("tournament start 1").code, 0);
  EXPECT_EQ(run("tournament pause 1").code, 0);
  EXPECT_EQ(run("tournament resume 1").code, 0);
  EXPECT_NE(run("tournament join 1 alpha").code, 0);  // started: too late
  EXPECT_EQ(run("tournament cancel 1").code, 0);
  EXPECT_NE(run("tournament start 1").code, 0);
  EXPECT_NE(run("tournament start 42").code, 0);

  auto show = run("tournament show 1");
  ASSERT_EQ(show.code, 0);
  EXPECT_TRUE(contains(show.out, "\"club night\": dots, swiss, cancelled")) << show.out;
  EXPECT_TRUE(contains(show.out, "house-4")) << show.out;
  EXPECT_TRUE(contains(show.out, "crosstable")) << show.out;

  auto report = run("tournament report 1");
  ASSERT_EQ(report.code, 0);
  auto j = nlohmann::json::parse(report.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << report.out;
  EXPECT_EQ(j["tournament"]["status"], "cancelled");
  EXPECT_EQ(j["settings"]["rounds"], 2);
  EXPECT_EQ(j["entrants"].size(), 3u);

  auto events = run("tournament events 1");
  for (const char* kind : {"created", "started", "paused", "resumed", "cancelled"})
    EXPECT_TRUE(contains(events.out, kind)) << kind << "\n" << events.out;

  ASSERT_EQ(run("tournament create --name later --game dots --entrant alpha").code, 0);
  EXPECT_EQ(run("tournament join 2 beta").code, 0);
  EXPECT_NE(run("tournament join 2 beta").code, 0);
  EXPECT_TRUE(contains(run("tournament show 2").out, "beta"));

  EXPECT_EQ(run("rating list").code, 0);
  EXPECT_EQ(run("rating history alpha --game dots").code, 0);
  EXPECT_NE(run("rating history nobody").code, 0);
}

}  // namespace
