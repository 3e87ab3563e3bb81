// Provable fairness end to end: a 军棋 match through the real boyi-server, then boyi-verify
// checks the served JSON record against the server's published key and against the seals
// each seat and a spectator kept from their own messages; an edited record fails.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "base/crypto/crypto.h"
#include "tests/e2e/e2e_support.h"
#include "tools/tourney/http_client.h"

#ifndef BOYI_VERIFY_BIN
#define BOYI_VERIFY_BIN ""
#endif

namespace boyi::e2e {
namespace {

// boyi-verify with these arguments: its exit status and what it printed, errors included.
CommandRun verify(const std::string& args) {
  return run_command(std::string(BOYI_VERIFY_BIN) + " " + args + " 2>&1");
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// Files in a fresh temporary folder, removed at the end.
class TempFiles {
 public:
  TempFiles()
      : dir_(std::filesystem::temp_directory_path() /
             ("boyi-fairness-" + std::to_string(::getpid()) + "-" + unique_name("f"))) {
    std::filesystem::create_directories(dir_);
  }
  ~TempFiles() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

 private:
  std::filesystem::path dir_;
};

TEST(Fairness, BoyiVerifyChecksAServedJunqiRecordAndEverySeatsSeals) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  const auto port = (*server)->port();
  v1::MatchSetup setup = preset_setup("junqi-ccgc", 0);
  setup.set_rules("no_battle_limit=10");
  auto match = watched_match(port, setup);
  E2E_ASSERT_OK(match, server->get());
  auto& a = match->a;
  auto& b = match->b;
  auto& watcher = match->watcher;
  const auto* started = &match->started;
  const auto* ws = &match->watched;
  const std::string id = started->a.match_id();

  auto key_reply = tourney::http_request(port, "GET", "/api/fairness-key");
  E2E_ASSERT_OK(key_reply, server->get());
  ASSERT_EQ(key_reply->status, 200) << key_reply->body;
  const std::string key = nlohmann::json::parse(key_reply->body)["public_key"];
  EXPECT_EQ(started->a.fairness_key(), key);
  EXPECT_EQ(ws->fairness_key(), key);

  // Red commits itself to its layout before the server sees it; blue does not.
  const std::string red_layout = random_opening_action("junqi", "", 0, 4141);
  const std::string red_salt = "reds-own-salt-2026";
  v1::ClientMessage commit;
  commit.mutable_commit_deployment()->set_match_id(id);
  commit.mutable_commit_deployment()->set_commitment(
      crypto::to_hex(crypto::sha256_bytes("boyi-fair/1 client|" + red_layout + "|" + red_salt)));
  auto committed = a->request(commit);
  E2E_ASSERT_OK(committed, server->get());
  EXPECT_TRUE(committed->has_ack()) << describe(*committed);
  auto again = a->request(commit);
  E2E_ASSERT_OK(again, server->get());
  EXPECT_EQ(again->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT) << describe(*again);
  // A deployment that does not match the commitment is refused and not counted.
  v1::ClientMessage wrong_move;
  wrong_move.mutable_move()->set_match_id(id);
  wrong_move.mutable_move()->set_move(random_opening_action("junqi", "", 0, 4242));
  wrong_move.mutable_move()->set_commitment_salt(red_salt);
  const auto wrong = a->request(wrong_move);
  E2E_ASSERT_OK(wrong, server->get());
  EXPECT_EQ(wrong->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT) << describe(*wrong);

  RandomMover ma(*a, started->a, 41);
  RandomMover mb(*b, started->b, 42);
  RandomMover mw(*watcher, *ws, 43);
  ma.set_first_action(red_layout, red_salt);
  ASSERT_TRUE(play({&ma, &mb, &mw}, 60s)) << log_of(server->get());
  EXPECT_TRUE(ma.problems().empty()) << ma.problems().front();

  TempFiles files;
  auto record = tourney::http_request(port, "GET", "/api/records/" + id + ".json");
  E2E_ASSERT_OK(record, server->get());
  ASSERT_EQ(record->status, 200) << record->body;
  const auto record_path = files.write("record.json", record->body);
  Client* clients[3] = {a.get(), b.get(), watcher.get()};
  for (int k = 0; k < 3; ++k) {
    std::string log;
    int sealed = 0;
    for (const auto& m : clients[k]->transcript()) {
      sealed += m.match_event().has_seal() || m.match_ended().has_seal();
      log += to_json_text(m) + "\n";
    }
    EXPECT_GT(sealed, 2) << "client " << k;
    const auto seals = files.write("seals-" + std::to_string(k) + ".jsonl", log);
    const CommandRun r = verify(quoted(record_path.string()) +
                      " --key " + key + " --seals " + quoted(seals.string()));
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("verified: match " + id), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("seal(s) the seat kept agree with the record"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("red's deployment matches its own commitment"), std::string::npos)
        << r.out;
  }

  // Another key pinned: refused. A thinking time edited (the record still reads): the
  // transcript no longer rebuilds. A deployment edited: refused as well.
  const CommandRun other_key = verify(quoted(record_path.string()) + " --key " + std::string(64, 'a'));
  EXPECT_EQ(other_key.code, 1) << other_key.out;
  auto edited = nlohmann::json::parse(record->body);
  edited["actions"][3]["elapsed_ms"] = edited["actions"][3]["elapsed_ms"].get<int>() + 1;
  const auto time_path = files.write("time.json", edited.dump(2));
  const CommandRun time_caught = verify(quoted(time_path.string()));
  EXPECT_EQ(time_caught.code, 1) << time_caught.out;
  EXPECT_NE(time_caught.out.find("does not rebuild the transcript"), std::string::npos)
      << time_caught.out;
  edited = nlohmann::json::parse(record->body);
  std::string layout = edited["actions"][0]["text"];
  std::swap(layout[0], layout[layout.find_first_not_of(layout[0])]);
  edited["actions"][0]["text"] = layout;
  const auto layout_path = files.write("layout.json", edited.dump(2));
  const CommandRun layout_caught =
      verify(quoted(layout_path.string()));
  EXPECT_NE(layout_caught.code, 0) << layout_caught.out;
}

}  // namespace
}  // namespace boyi::e2e
