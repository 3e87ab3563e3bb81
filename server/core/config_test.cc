// The server program's settings: defaults, the JSON config file, errors.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "server/core/config.h"
#include "server/storage/test_support.h"

namespace boyi::app {
namespace {

TEST(ServerConfig, DefaultsAreSensible) {
  ServerConfig c;
  EXPECT_EQ(c.port, 7700);
  EXPECT_EQ(c.data_dir, std::filesystem::path("data"));
  EXPECT_EQ(c.disconnect_grace_ms, 30000);
  EXPECT_EQ(c.illegal_move_attempts, 3);
  EXPECT_TRUE(c.house_bots);
  EXPECT_EQ(c.account_threads, 2);
  EXPECT_EQ(c.limits.max_frame_bytes, 65536u);
  EXPECT_TRUE(c.validate().ok());
}

TEST(ServerConfig, JsonSetsAnySettingAndRefusesUnknownKeys) {
  ServerConfig c;
  ASSERT_TRUE(apply_config_json(R"({"port": 9000, "data": "/tmp/x", "disconnect_grace_ms": 500,
      "limits": {"max_frame_bytes": 4096, "idle_timeout_ms": 1000},
      "default_time": {"total_ms": 60000}, "house_bots": false, "log_format": "json",
      "account_threads": 3})",
                                c)
                  .ok());
  EXPECT_EQ(c.port, 9000);
  EXPECT_EQ(c.data_dir, std::filesystem::path("/tmp/x"));
  EXPECT_EQ(c.disconnect_grace_ms, 500);
  EXPECT_EQ(c.limits.max_frame_bytes, 4096u);
  EXPECT_EQ(c.limits.idle_timeout, std::chrono::milliseconds(1000));
  EXPECT_EQ(c.default_time.total_ms, 60000);
  EXPECT_FALSE(c.house_bots);
  EXPECT_EQ(c.log_format, "json");
  EXPECT_EQ(c.account_threads, 3);

  ServerConfig d;
  auto s = apply_config_json(R"({"prot": 1})", d);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("prot"), std::string::npos);
  s = apply_config_json(R"({"limits": {"max_frame": 1}})", d);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("max_frame"), std::string::npos);
  EXPECT_FALSE(apply_config_json(R"({"port": "7700"})", d).ok());
  EXPECT_FALSE(apply_config_json(R"({"port": 70000})", d).ok());
  EXPECT_FALSE(apply_config_json(R"({"log_format": "xml"})", d).ok());
  EXPECT_FALSE(apply_config_json("not json", d).ok());
  EXPECT_FALSE(apply_config_json("[1]", d).ok());
  EXPECT_EQ(d.port, 7700);  // nothing applied from a refused file
}

TEST(ServerConfig, FileLoadingNamesTheFile) {
  storage::testing::TempDir dir;
  const auto path = dir.path() / "boyi.json";
  { std::ofstream(path) << R"({"port": 0, "illegal_move_attempts": 1})"; }
  ServerConfig c;
  ASSERT_TRUE(load_config_file(path, c).ok());
  EXPECT_EQ(c.port, 0);
  EXPECT_EQ(c.illegal_move_attempts, 1);
  auto s = load_config_file(dir.path() / "missing.json", c);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("missing.json"), std::string::npos);
}

TEST(ServerConfig, StorageIsSqliteOrAPostgresUrl) {
  ServerConfig c;
  EXPECT_EQ(c.storage, "sqlite");
  ASSERT_TRUE(apply_config_json(R"({"storage": "postgresql://boyi@db/boyi"})", c).ok());
  EXPECT_EQ(c.storage, "postgresql://boyi@db/boyi");
  auto bad = apply_config_json(R"({"storage": "mysql://db"})", c);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("storage"), std::string::npos) << bad.message();
  EXPECT_EQ(c.storage, "postgresql://boyi@db/boyi");  // a refused file changes nothing
}

TEST(ServerConfig, EnvironmentVariablesSetTopLevelKeys) {
  const std::map<std::string, std::string> env = {
      {"BOYI_PORT", "9100"},
      {"BOYI_STORAGE", "postgresql://boyi:pw@db:5432/boyi"},
      {"BOYI_HOUSE_BOTS", "false"},
      {"BOYI_DATA", "2024"},  // a number, but data is a path
      {"BOYI_LIMITS", R"({"max_frame_bytes": 4096})"},
      {"BOYI_TEST_POSTGRES_DIR", "/not/a/setting"},
  };
  auto getenv = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  ServerConfig c;
  ASSERT_TRUE(apply_config_environment(c, getenv).ok());
  EXPECT_EQ(c.port, 9100);
  EXPECT_EQ(c.storage, "postgresql://boyi:pw@db:5432/boyi");
  EXPECT_FALSE(c.house_bots);
  EXPECT_EQ(c.data_dir, std::filesystem::path("2024"));
  EXPECT_EQ(c.limits.max_frame_bytes, 4096u);

  const std::map<std::string, std::string> wrong = {{"BOYI_PORT", "seventy"}};
  auto bad = apply_config_environment(c, [&](const char* name) -> const char* {
    auto it = wrong.find(name);
    return it == wrong.end() ? nullptr : it->second.c_str();
  });
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("BOYI_PORT"), std::string::npos) << bad.message();
  EXPECT_EQ(c.port, 9100);
}

}  // namespace
}  // namespace boyi::app

namespace boyi::app {
namespace {

// The operator's example configuration must stay loadable and mean what it says.
TEST(ServerConfig, DeployExampleLoads) {
  ServerConfig config;
  const auto s = load_config_file(BOYI_SOURCE_DIR "/deploy/boyi.example.json", config);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(config.port, 7700);
  EXPECT_EQ(config.data_dir, std::filesystem::path("/var/lib/boyi"));
  EXPECT_EQ(config.log_format, "json");
  EXPECT_EQ(config.match_threads, 32);
  EXPECT_TRUE(config.storage_sync_full);
  EXPECT_EQ(config.storage, "sqlite");
  EXPECT_TRUE(config.validate().ok());
}

// The several-servers example: the same settings on a shared PostgreSQL database.
TEST(ServerConfig, PostgresDeployExampleLoads) {
  ServerConfig config;
  const auto s = load_config_file(BOYI_SOURCE_DIR "/deploy/boyi-postgres.example.json", config);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(config.storage.starts_with("postgresql://boyi:change-me@"));
  EXPECT_EQ(config.limits.max_connections_per_address, 20000u);
  EXPECT_TRUE(config.validate().ok());
}

}  // namespace
}  // namespace boyi::app
