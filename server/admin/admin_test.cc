// boyi-admin end to end: runs the built program in a temp data directory.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "server/hosting/test_support.h"
#include "server/storage/database.h"
#include "server/storage/sql.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace {

using boyi::storage::testing::TempDir;
namespace storage = boyi::storage;

struct RunResult {
  int code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

class Admin : public ::testing::Test {
 protected:
  // Runs boyi-admin --data <tmp> --argon2-memory-kib 256 <args>, feeding `input` on stdin.
  RunResult run(const std::string& args, const std::string& input = "") {
    const auto in = tmp_.path() / "stdin", out = tmp_.path() / "stdout",
               err = tmp_.path() / "stderr";
    { std::ofstream(in, std::ios::binary) << input; }
    const std::string cmd = std::string("'") + BOYI_ADMIN_PATH + "' --data '" + data().string() +
                            "' --argon2-memory-kib 256 " + args + " <'" + in.string() + "' >'" +
                            out.string() + "' 2>'" + err.string() + "'";
    RunResult r;
    int status = std::system(cmd.c_str());
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }
  std::filesystem::path data() const { return tmp_.path() / "data"; }
  static std::string slurp(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
  }
  TempDir tmp_;
};

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

TEST_F(Admin, UserLifecycle) {
  ASSERT_TRUE(tmp_.ok());
  auto add = run("user add alice --admin", "s3cret-password\n");
  ASSERT_EQ(add.code, 0) << add.err;
  EXPECT_TRUE(contains(add.out, "added admin alice")) << add.out;

  { std::ofstream(tmp_.path() / "pw") << "another-password\n"; }
  auto add2 = run("user add 张三 --password-file '" + (tmp_.path() / "pw").string() + "'");
  ASSERT_EQ(add2.code, 0) << add2.err;

  auto dup = run("user add ALICE", "whatever-password\n");
  EXPECT_EQ(dup.code, 1);
  EXPECT_TRUE(contains(dup.err, "already taken")) << dup.err;
  auto short_pw = run("user add bob", "short\n");
  EXPECT_EQ(short_pw.code, 1);
  EXPECT_TRUE(contains(short_pw.err, "8 to 256")) << short_pw.err;
  auto no_pw = run("user add bob", "");
  EXPECT_EQ(no_pw.code, 1);
  EXPECT_TRUE(contains(no_pw.err, "no password")) << no_pw.err;

  ASSERT_EQ(run("user set-role 张三 admin").code, 0);
  ASSERT_EQ(run("user disable alice").code, 0);
  auto list = run("user list");
  ASSERT_EQ(list.code, 0) << list.err;
  EXPECT_TRUE(contains(list.out, "2 accounts")) << list.out;
  EXPECT_TRUE(contains(list.out, "disabled")) << list.out;

  // Check the effect in the database itself.
  auto db = storage::Database::open(storage::DatabaseOptions(data()));
  ASSERT_TRUE(db.ok()) << db.message();
  auto alice = db.value()->user_by_name("alice");
  ASSERT_TRUE(alice.ok());
  EXPECT_TRUE(alice->disabled);
  EXPECT_EQ(alice->role, storage::Role::kAdmin);
  EXPECT_EQ(alice->password_hash.rfind("$argon2id$", 0), 0u);
  auto zhang = db.value()->user_by_name("张三");
  ASSERT_TRUE(zhang.ok());
  EXPECT_EQ(zhang->role, storage::Role::kAdmin);

  EXPECT_EQ(run("user disable nobody").code, 1);
  EXPECT_EQ(run("user set-role alice king").code, 2);  // usage error
  EXPECT_EQ(run("user").code, 2);
  EXPECT_EQ(run("frobnicate").code, 2);
}

TEST_F(Admin, MuteAndUnmuteChat) {
  ASSERT_TRUE(tmp_.ok());
  ASSERT_EQ(run("user add chatty", "s3cret-password\n").code, 0);
  auto mute = run("user mute chatty --minutes 30 --reason spam");
  ASSERT_EQ(mute.code, 0) << mute.err;
  EXPECT_TRUE(contains(mute.out, "chatty muted for 30 min")) << mute.out;
  {
    auto db = storage::Database::open(storage::DatabaseOptions(data()));
    ASSERT_TRUE(db.ok()) << db.message();
    const auto id = db.value()->user_by_name("chatty")->id;
    auto until = db.value()->chat_muted_until(id, storage::wall_clock_ms());
    ASSERT_TRUE(until.ok() && until->has_value());
    EXPECT_GT(**until, storage::wall_clock_ms() + 29 * 60'000);
  }
  ASSERT_EQ(run("user unmute chatty").code, 0);
  auto db = storage::Database::open(storage::DatabaseOptions(data()));
  ASSERT_TRUE(db.ok()) << db.message();
  const auto id = db.value()->user_by_name("chatty")->id;
  EXPECT_FALSE(db.value()->chat_muted_until(id, storage::wall_clock_ms())->has_value());
  EXPECT_EQ(run("user mute nobody").code, 1);
  EXPECT_EQ(run("user mute chatty --minutes 0").code, 2);
}

TEST_F(Admin, BotTokensPrintedOnceAndRotated) {
  ASSERT_EQ(run("user add owner1", "password-123\n").code, 0);
  auto bot = run("bot add junqi-bot --owner owner1");
  ASSERT_EQ(bot.code, 0) << bot.err;
  ASSERT_EQ(bot.out.size(), 5u + 24 + 1 + 64 + 1) << bot.out;
  EXPECT_EQ(bot.out.rfind("boyi_", 0), 0u);
  EXPECT_TRUE(contains(bot.err, "will not be shown again"));
  auto rotated = run("bot rotate-token junqi-bot");
  ASSERT_EQ(rotated.code, 0) << rotated.err;
  EXPECT_NE(rotated.out, bot.out);
  EXPECT_EQ(run("bot add other --owner ghost").code, 1);
  EXPECT_EQ(run("bot rotate-token owner1").code, 1);  // not a bot

  // The stored secret is the SHA-256 only: the printed token's secret appears nowhere.
  const std::string secret = rotated.out.substr(30, 64);
  const std::string file = slurp(data() / "boyi.sqlite3") + slurp(data() / "boyi.sqlite3-wal");
  EXPECT_FALSE(contains(file, secret));
  EXPECT_FALSE(contains(file, bot.out.substr(30, 64)));
  EXPECT_TRUE(contains(file, rotated.out.substr(5, 24)));  // the public id is stored
}

TEST_F(Admin, MatchListAndShow) {
  {
    auto db = storage::Database::open(storage::DatabaseOptions(data()));
    ASSERT_TRUE(db.ok()) << db.message();
    auto& d = *db.value();
    auto a = d.create_user(storage::new_human("red"));
    auto b = d.create_user(storage::new_human("blue"));
    auto m = storage::new_match("gomoku", "rule=renju", {900000, 0, 0, 300});
    m.preset = "renju-ccgc";
    m.seats = {a->id, b->id};
    auto running = d.create_match(m);
    using storage::JournalKind;
    auto entry = [](storage::Id id, std::int64_t index, JournalKind kind, std::int64_t seq,
                    boyi::Seat seat, std::string text, std::array<std::int64_t, 2> clocks) {
      storage::JournalRow r;
      r.match_id = id;
      r.index = index;
      r.kind = kind;
      r.seq = seq;
      r.seat = seat;
      r.text = std::move(text);
      r.clock_ms = clocks;
      return r;
    };
    const storage::Id id = running->id;
    ASSERT_TRUE(d.append_journal(entry(id, 1, JournalKind::kStart, 1, boyi::kPublic, "rule=renju",
                                       {900000, 900000}),
                                 1000)
                    .ok());
    auto h8 = entry(id, 2, JournalKind::kAction, 2, 0, "h8", {898800, 900000});
    h8.elapsed_ms = 1200;
    ASSERT_TRUE(d.append_journal(h8, 2200).ok());
    auto bad = entry(id, 3, JournalKind::kIllegal, 0, 1, "h8", {898800, 900000});
    bad.reason = "occupied";
    ASSERT_TRUE(d.append_journal(bad, 3000).ok());
    auto h9 = entry(id, 4, JournalKind::kAction, 3, 1, "h9", {898800, 896600});
    h9.elapsed_ms = 3400;
    ASSERT_TRUE(d.append_journal(h9, 5600).ok());
    auto done = d.create_match(m);
    ASSERT_TRUE(d.append_journal(entry(done->id, 1, JournalKind::kStart, 1, boyi::kPublic,
                                       "rule=renju", {900000, 900000}),
                                 1000)
                    .ok());
    ASSERT_TRUE(d.finish_match(done->id, {boyi::Ending::kResignation, 1, ""}, 9000).ok());
  }
  auto all = run("match list");
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_TRUE(contains(all.out, "2 matches")) << all.out;
  EXPECT_TRUE(contains(all.out, "red vs blue")) << all.out;
  EXPECT_TRUE(contains(all.out, "seat 1 wins (resignation)")) << all.out;
  auto running = run("match list --running");
  ASSERT_EQ(running.code, 0);
  EXPECT_TRUE(contains(running.out, "1 match\n")) << running.out;
  EXPECT_FALSE(contains(running.out, "resignation"));

  auto show = run("match show 1");
  ASSERT_EQ(show.code, 0) << show.err;
  EXPECT_TRUE(contains(show.out, "actions: 2")) << show.out;
  EXPECT_TRUE(contains(show.out, "journal: 4 entries")) << show.out;
  EXPECT_TRUE(contains(show.out, "refused 'h8': occupied")) << show.out;
  const auto h8 = show.out.find("h8"), h9 = show.out.find("h9");
  ASSERT_NE(h8, std::string::npos);
  ASSERT_NE(h9, std::string::npos);
  EXPECT_LT(h8, h9);
  EXPECT_TRUE(contains(show.out, "clocks 898800 / 896600")) << show.out;
  auto ended = run("match show 2");
  ASSERT_EQ(ended.code, 0) << ended.err;
  EXPECT_TRUE(contains(ended.out, "=> seat 1 wins (resignation)")) << ended.out;
  auto missing = run("match show 99");
  EXPECT_EQ(missing.code, 1);
  EXPECT_TRUE(contains(missing.err, "no match with id 99")) << missing.err;
}

TEST_F(Admin, ExportsFinishedGamesAsJsonLinesAndNpz) {
  {
    auto db = storage::Database::open(storage::DatabaseOptions(data()));
    ASSERT_TRUE(db.ok()) << db.message();
    const std::array<storage::Id, 2> seats = {
        db.value()->create_user(storage::new_human("red"))->id,
        db.value()->create_user(storage::new_human("blue"))->id};
    boyi::hosting::testing::play_stored_match(*db.value(), "gomoku", 1, seats);
    boyi::hosting::testing::play_stored_match(*db.value(), "gomoku", 2, seats);
    boyi::hosting::testing::play_stored_match(*db.value(), "junqi", 3, seats);
  }
  const auto lines = tmp_.path() / "gomoku.jsonl";
  auto jsonl = run("export --game gomoku --format jsonl --out '" + lines.string() + "'");
  ASSERT_EQ(jsonl.code, 0) << jsonl.err;
  EXPECT_TRUE(contains(jsonl.err, "exported 2 gomoku match(es), 4 episodes")) << jsonl.err;
  std::ifstream in(lines);
  int episodes = 0;
  for (std::string line; std::getline(in, line); ++episodes)
    EXPECT_TRUE(contains(line, "\"format\":\"boyi-observations/1\"")) << line.substr(0, 200);
  EXPECT_EQ(episodes, 4);
  auto to_stdout = run("export --game junqi");
  ASSERT_EQ(to_stdout.code, 0) << to_stdout.err;
  EXPECT_EQ(std::count(to_stdout.out.begin(), to_stdout.out.end(), '\n'), 2);

  // The .npz is a zip Python's own reader accepts (every CRC checked), with the arrays.
  const auto npz = tmp_.path() / "gomoku.npz";
  auto arrays = run("export --game gomoku --format npz --out '" + npz.string() + "'");
  ASSERT_EQ(arrays.code, 0) << arrays.err;
  const std::string check = "python3 -c \"import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
                            "assert z.testzip() is None; print(' '.join(sorted(z.namelist())))\" '" +
                            npz.string() + "' > '" + (tmp_.path() / "names").string() + "'";
  ASSERT_EQ(std::system(check.c_str()), 0);
  EXPECT_EQ(slurp(tmp_.path() / "names"),
            "action.npy legal_count.npy match.npy obs.npy ply.npy result.npy seat.npy\n");

  EXPECT_EQ(run("export --game chess").code, 1);
  EXPECT_EQ(run("export --game gomoku --format npz").code, 1);  // npz needs --out
  EXPECT_NE(run("export --game gomoku --format csv").code, 0);
}

// Every change boyi-admin makes is in the audit log, with who ran it and why; an entry
// edited in the database afterwards breaks the chain that `audit verify` checks.
TEST_F(Admin, ChangesAreAuditedAndTheChainIsVerified) {
  ASSERT_EQ(run("user add li --password-file /dev/stdin", "a-good-password\n").code, 0);
  ASSERT_EQ(run("user disable li").code, 0);
  ASSERT_EQ(run("user mute li --minutes 5 --reason 'spam in chat'").code, 0);
  ASSERT_EQ(run("bot add helper").code, 0);
  auto list = run("audit list");
  ASSERT_EQ(list.code, 0) << list.err;
  EXPECT_TRUE(contains(list.out, "user.add  user li  user")) << list.out;
  EXPECT_TRUE(contains(list.out, "user.disable  user li")) << list.out;
  EXPECT_TRUE(contains(list.out, "user.mute  user li  for 5 min  (spam in chat)")) << list.out;
  EXPECT_TRUE(contains(list.out, "bot.add  user helper")) << list.out;
  EXPECT_TRUE(contains(list.out, "boyi-admin (")) << list.out;
  EXPECT_TRUE(contains(list.err, "4 entries")) << list.err;
  auto verify = run("audit verify");
  ASSERT_EQ(verify.code, 0) << verify.out << verify.err;
  EXPECT_TRUE(contains(verify.out, "4 entries, head 4 ")) << verify.out;
  {
    auto side = storage::testing::side_connection(storage::DatabaseOptions(data()));
    ASSERT_TRUE(side);
    ASSERT_TRUE(storage::execute(*side, "UPDATE audit_log SET reason = 'nothing' WHERE id = 3").ok());
  }
  auto broken = run("audit verify");
  EXPECT_EQ(broken.code, 1);
  EXPECT_TRUE(contains(broken.out, "BROKEN: audit entry 3")) << broken.out;
}

TEST_F(Admin, UnreadableDatabaseExitsThree) {
  std::filesystem::create_directories(data());
  { std::ofstream(data() / "boyi.sqlite3") << std::string(5000, 'z'); }
  auto r = run("user list");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "not a database")) << r.err;
}

}  // namespace
