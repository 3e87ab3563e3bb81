// The PostgreSQL engine itself: SQL text, URLs, connection loss, concurrent migration.
// Suites named Postgres* run only in the "postgres." registration, on the test cluster.
#include <gtest/gtest.h>

#include <thread>

#include "server/storage/database.h"
#include "server/storage/postgres.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::TempDir;

TEST(SqlText, NumberedParametersBecomeDollarsOutsideQuotes) {
  EXPECT_EQ(postgres_parameters("SELECT a FROM t WHERE b = ?1 AND c = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = $12");
  EXPECT_EQ(postgres_parameters("SELECT '?1', \"?2\", 'it''s ?3' WHERE x = ?4"),
            "SELECT '?1', \"?2\", 'it''s ?3' WHERE x = $4");
  EXPECT_EQ(postgres_parameters("SELECT ? , ?x"), "SELECT ? , ?x");  // not numbered: untouched
}

TEST(SqlText, UrlsShowNoPassword) {
  EXPECT_EQ(redacted_url("postgresql://boyi:s3cret@db.example:5432/boyi"),
            "postgresql://boyi:***@db.example:5432/boyi");
  EXPECT_EQ(redacted_url("postgresql://boyi@db/boyi"), "postgresql://boyi@db/boyi");
  EXPECT_EQ(redacted_url("postgresql://db/boyi?user=a"), "postgresql://db/boyi?user=a");
  EXPECT_EQ(redacted_url("postgresql://db/boyi?user=a&password=s3cret&sslmode=require"),
            "postgresql://db/boyi?user=a&password=***&sslmode=require");
  EXPECT_EQ(redacted_url("postgresql://db/boyi?password=s3cret"),
            "postgresql://db/boyi?password=***");
  EXPECT_TRUE(is_postgres_url("postgresql://x/y"));
  EXPECT_TRUE(is_postgres_url("postgres://x/y"));
  EXPECT_FALSE(is_postgres_url("sqlite"));
}

TEST(SqlText, UnknownStorageIsRefusedByName) {
  TempDir tmp;
  DatabaseOptions options(tmp.path());
  options.storage = "mysql://root:pw@localhost/boyi";
  auto db = Database::open(options);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.message().find("unknown storage 'mysql://root:***@localhost/boyi'"),
            std::string::npos)
      << db.message();
}

TEST(PostgresEngine, UnreachableServerGivesAClearErrorWithoutThePassword) {
  TempDir tmp;
  DatabaseOptions options(tmp.path());
  options.storage = "postgresql://boyi:hunter2@127.0.0.1:1/boyi?connect_timeout=2";
  auto db = Database::open(options);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.message().find("cannot open PostgreSQL database postgresql://boyi:***@127.0.0.1:1"),
            std::string::npos)
      << db.message();
  EXPECT_EQ(db.message().find("hunter2"), std::string::npos) << db.message();
}

// The database server cut the connection (a restart, an idle timeout): the next
// statements run on a new one, prepared statements and all.
TEST(PostgresEngine, ReconnectsAfterTheServerCutTheConnection) {
  TempDir tmp;
  const DatabaseOptions options = testing::test_database_options(tmp.path());
  auto opened = Database::open(options);
  ASSERT_TRUE(opened.ok()) << opened.message();
  Database& db = *opened.value();
  ASSERT_TRUE(db.create_user(new_human("before")).ok());
  ASSERT_TRUE(db.user_by_name("before").ok());  // prepared on the first connection
  {
    auto side = testing::side_connection(options);
    ASSERT_TRUE(side);
    ASSERT_TRUE(side->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")
                    .ok());
  }
  auto again = db.user_by_name("before");  // a read: retried on a new connection
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->name, "before");
  auto after = db.create_user(new_human("after"));
  ASSERT_TRUE(after.ok()) << after.message();
  EXPECT_TRUE(db.user_by_name("after").ok());
}

// Two servers starting at once on one new database: one migrates, the other waits and
// finds it done.
TEST(PostgresEngine, ServersStartingTogetherMigrateOnce) {
  TempDir tmp;
  const DatabaseOptions options = testing::test_database_options(tmp.path());
  constexpr int kServers = 4;
  std::vector<Result<std::unique_ptr<Database>>> opened;
  for (int i = 0; i < kServers; ++i) opened.emplace_back(fail("not opened"));
  std::vector<std::thread> threads;
  for (int i = 0; i < kServers; ++i)
    threads.emplace_back([&, i] { opened[i] = Database::open(options); });
  for (auto& t : threads) t.join();
  for (auto& db : opened) {
    ASSERT_TRUE(db.ok()) << db.message();
    EXPECT_EQ(*db.value()->schema_version(), Database::latest_schema_version());
  }
  ASSERT_TRUE(opened[0].value()->create_user(new_human("shared")).ok());
  EXPECT_TRUE(opened[kServers - 1].value()->user_by_name("SHARED").ok());
  EXPECT_TRUE(opened[0].value()->is_postgres());
  EXPECT_TRUE(opened[0].value()->integrity_check().ok());
}

}  // namespace
}  // namespace boyi::storage
