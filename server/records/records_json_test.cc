// The JSON record: a hand-checked example, and records that are malformed,
// tampered with or inconsistent are refused with an error naming the problem.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/records/json_record.h"
#include "server/records/test_support.h"

namespace boyi::records {
namespace {

using json = nlohmann::ordered_json;

// A short 五子棋 game under freestyle: black makes five on row 8.
referee::MatchRecord five_in_a_row() {
  referee::MatchRecord r;
  r.config = referee::testing::config("gomoku", "rule=freestyle");
  r.config.match_id = "m-42";
  const char* moves[] = {"H8", "A1", "J8", "A2", "K8", "A3", "L8", "A4", "I8"};
  auto game = create_game("gomoku", "rule=freestyle").value();
  std::uint64_t seq = 2;
  std::int64_t clocks[2] = {60'000, 60'000};
  for (int i = 0; i < 9; ++i) {
    const Seat s = i % 2;
    EXPECT_TRUE(game->play(s, moves[i]).ok());
    clocks[s] -= 1'000 + i;
    r.actions.push_back({seq++, s, moves[i], 1'000 + i, {clocks[0], clocks[1]}});
  }
  r.rules_text = game->rules_text();
  r.outcome = game->outcome();
  r.final_text = game->full_text();
  return r;
}

RecordMeta meta() {
  RecordMeta m;
  m.match_id = "m-42";
  m.game = "gomoku";
  m.preset = "gomoku-blitz";
  m.players = {"甲队", "乙队"};
  m.start_ms = 1'501'308'000'000;  // 2017-07-29T06:00:00Z = 14:00 in Beijing
  m.end_ms = 1'501'308'600'000;
  m.event = "2017 CCGC";
  m.place = "重庆";
  return m;
}

TEST(RecordsJson, WritesTheDocumentedSchema) {
  const json j = json::parse(to_json(five_in_a_row(), meta()));
  EXPECT_EQ(j["format"], "boyi-record/2");
  EXPECT_EQ(j["match_id"], "m-42");
  EXPECT_EQ(j["game"], "gomoku");
  EXPECT_EQ(j["game_title"], "五子棋");
  EXPECT_EQ(j["start"], "2017-07-29T06:00:00.000Z");
  EXPECT_EQ(j["end"], "2017-07-29T06:10:00.000Z");
  EXPECT_EQ(j["display_utc_offset"], "+08:00");
  EXPECT_EQ(j["players"][0]["name"], "甲队");
  EXPECT_EQ(j["players"][0]["colour"], "black");
  EXPECT_EQ(j["players"][1]["colour"], "white");
  EXPECT_EQ(j["rules"], "rule=freestyle opening=free fifth_n=2");
  EXPECT_EQ(j["config"]["time_control"]["total_ms"], 60'000);
  EXPECT_EQ(j["config"]["illegal_moves"]["policy"], "retry");
  ASSERT_EQ(j["actions"].size(), 9u);
  EXPECT_EQ(j["actions"][1]["seq"], 2);  // the MatchEvent's seq: the referee's less one
  EXPECT_EQ(j["actions"][1]["seat"], 1);
  EXPECT_EQ(j["actions"][1]["colour"], "white");
  EXPECT_EQ(j["actions"][1]["text"], "A1");
  EXPECT_EQ(j["actions"][1]["elapsed_ms"], 1'001);
  EXPECT_EQ(j["actions"][1]["clock_ms"][1], 58'999);
  EXPECT_EQ(j["outcome"]["ending"], "normal");
  EXPECT_EQ(j["outcome"]["winner"], 0);
  EXPECT_TRUE(j["final_position"].is_string());
  EXPECT_TRUE(from_json(j.dump()).ok());
}

TEST(RecordsJson, NullTimesAndNegativeOffsetsRoundTrip) {
  RecordMeta m = meta();
  m.start_ms.reset();
  m.end_ms.reset();
  m.utc_offset_minutes = -(5 * 60 + 30);
  const std::string text = to_json(five_in_a_row(), m);
  EXPECT_NE(text.find("\"start\": null"), std::string::npos);
  EXPECT_NE(text.find("\"display_utc_offset\": \"-05:30\""), std::string::npos);
  auto p = from_json(text);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->meta, m);
}

// The optional blocks: a sealed match's fairness disclosure and the arbiter's audit entries
// are written and read back exactly; their absence is the common case.
TEST(RecordsJson, FairnessAndAuditBlocksRoundTrip) {
  RecordMeta m = meta();
  EXPECT_EQ(to_json(five_in_a_row(), m).find("\"audit\""), std::string::npos);
  fairness::Disclosure d;
  d.public_key = std::string(64, 'a');
  d.seats[0] = {std::string(64, '1'), std::string(64, '2'), std::string(64, '3'), "salt-0123456789ab"};
  d.seats[1] = {std::string(64, '4'), std::string(64, '5'), "", ""};
  d.seq = 12;
  d.chain = std::string(64, '6');
  d.signature = std::string(128, '7');
  m.fairness = d;
  storage::AuditEntry e;
  e.id = 3;
  e.at_ms = 1'501'308'300'000;
  e.actor = "admin 张";
  e.action = "match.add_time";
  e.target = "match m-42";
  e.detail = "60000 ms to seat 1";
  e.reason = "the clock was stopped late";
  e.match = 42;
  e.prev_hash = std::string(64, '8');
  e.hash = std::string(64, '9');
  m.audit = {e};
  const std::string text = to_json(five_in_a_row(), m);
  auto p = from_json(text);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->meta, m);
  const json j = json::parse(text);
  EXPECT_EQ(j["audit"][0]["reason"], "the clock was stopped late");
  EXPECT_EQ(j["fairness"]["seats"][0]["client_salt"], "salt-0123456789ab");
  json bad = j;
  bad["fairness"]["seats"] = json::array();
  EXPECT_FALSE(from_json(bad.dump()).ok());
  bad = j;
  bad["audit"][0]["id"] = "three";
  EXPECT_FALSE(from_json(bad.dump()).ok());
}

TEST(RecordsJson, ActionsAreNumberedAsTheirMatchEventsAndVersionOneStillReads) {
  const auto record = five_in_a_row();
  json j = json::parse(to_json(record, meta()));
  EXPECT_EQ(j["actions"][0]["seq"], 1);  // the first MatchEvent of a match is seq 1
  auto now = from_json(j.dump());
  ASSERT_TRUE(now.ok()) << now.message();
  EXPECT_EQ(now->record.actions[0].seq, record.actions[0].seq);
  // A /1 file numbered its actions one higher (the referee's seq): the same record.
  j["format"] = "boyi-record/1";
  for (auto& a : j["actions"]) a["seq"] = a["seq"].get<int>() + 1;
  auto old = from_json(j.dump());
  ASSERT_TRUE(old.ok()) << old.message();
  ASSERT_EQ(old->record.actions.size(), record.actions.size());
  for (std::size_t i = 0; i < record.actions.size(); ++i)
    EXPECT_EQ(old->record.actions[i].seq, record.actions[i].seq) << i;
}

// Applies `edit` to a good record and expects an error containing `needle`.
void expect_refused(const std::function<void(json&)>& edit, const std::string& needle) {
  json j = json::parse(to_json(five_in_a_row(), meta()));
  edit(j);
  auto p = from_json(j.dump());
  ASSERT_FALSE(p.ok()) << "accepted after an edit; expected: " << needle;
  EXPECT_NE(p.message().find(needle), std::string::npos) << p.message();
}

TEST(RecordsJson, RefusesInconsistentRecordsNamingTheProblem) {
  expect_refused([](json& j) { j["format"] = "boyi-record/3"; }, "expected 'boyi-record/2'");
  expect_refused([](json& j) { j.erase("rules"); }, "missing field 'rules'");
  expect_refused([](json& j) { j["game"] = "chess"; }, "unknown game 'chess'");
  expect_refused([](json& j) { j["rules"] = "rule=renju opening=free fifth_n=2"; },
                 "field 'rules'");
  expect_refused([](json& j) { j["actions"][3]["seat"] = "one"; },
                 "'actions[3].seat' must be an integer");
  expect_refused([](json& j) { j["actions"][3]["text"] = "H8"; },
                 "action 4 (seq 4, seat 1, 'H8'):");
  expect_refused([](json& j) { j["actions"][2]["text"] = "j8"; }, "not in canonical notation");
  expect_refused([](json& j) { j["actions"][4]["seq"] = 2; }, "sequence numbers must increase");
  expect_refused([](json& j) { j["actions"][0]["colour"] = "white"; },
                 "action 1 (seq 1, seat 0, 'H8'): colour 'white', but seat 0 plays black");
  expect_refused([](json& j) { j["players"][1]["colour"] = "black"; }, "players[1].colour");
  expect_refused([](json& j) { j["actions"][0]["clock_ms"] = json::array({1}); },
                 "must hold two clocks");
  expect_refused([](json& j) { j["actions"][0]["elapsed_ms"] = -5; },
                 "'actions[0].elapsed_ms' must be 0 to");
  expect_refused([](json& j) { j["actions"][0]["elapsed_ms"] = 18'446'744'073'709'551'615ull; },
                 "out of range");
  expect_refused([](json& j) { j["outcome"]["winner"] = 1; }, "does not match the moves");
  expect_refused([](json& j) { j["outcome"]["ending"] = "checkmate"; }, "is not an ending");
  expect_refused([](json& j) { j["final_position"] = "nothing"; }, "final_position");
  expect_refused([](json& j) { j["start"] = "2017-13-01T00:00:00.000Z"; }, "field 'start'");
  expect_refused([](json& j) { j["display_utc_offset"] = "+15:00"; }, "not a UTC offset");
  expect_refused([](json& j) { j["config"]["time_control"]["total_ms"] = -5; },
                 "config.time_control.total_ms");
  expect_refused([](json& j) { j["match_id"] = ""; }, "match id");
  // An action after the game ended, and a game cut short with a rules ending.
  expect_refused([](json& j) { j["actions"].push_back(j["actions"][1]); }, "action 10");
  expect_refused(
      [](json& j) {
        j["actions"].erase(8);
        j["final_position"] = "x";
      },
      "not over");
  // A resignation needs no ending by the rules, but an aborted game has no winner.
  expect_refused(
      [](json& j) {
        j["actions"].erase(8);
        j["outcome"]["ending"] = "aborted";
      },
      "no winner");
}

TEST(RecordsJson, RefusesMalformedTextWithoutCrashing) {
  const std::string good = to_json(five_in_a_row(), meta());
  EXPECT_NE(from_json(good.substr(0, good.size() / 2)).message().find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(from_json("").message().find("not valid JSON"), std::string::npos);
  EXPECT_NE(from_json("[1,2]").message().find("must be a JSON object"), std::string::npos);
  std::string bad_utf8 = good;
  bad_utf8.replace(bad_utf8.find("甲队"), 1, "\xff");
  EXPECT_NE(from_json(bad_utf8).message().find("bad UTF-8 at byte"), std::string::npos);
  EXPECT_NE(from_json(std::string(100'000, '[')).message().find("nested deeper"),
            std::string::npos);
  EXPECT_NE(from_json(std::string(kMaxRecordBytes + 1, ' ')).message().find("larger than"),
            std::string::npos);
  // Every prefix and a seeded sample of byte edits: an error or a record, never a crash.
  for (std::size_t n = 0; n < good.size(); n += 7) EXPECT_FALSE(from_json(good.substr(0, n)).ok());
  Rng rng(99);
  int refused = 0;
  for (int i = 0; i < 2'000; ++i) {
    std::string t = good;
    const std::size_t at = rng.below(static_cast<std::uint32_t>(t.size()));
    t[at] = "{}[]\",:0a \xe4\x80"[rng.below(12)];
    auto p = from_json(t);
    if (!p.ok()) {
      ++refused;
      EXPECT_FALSE(p.message().empty());
    }
  }
  EXPECT_GT(refused, 1'000);
}

TEST(RecordsJson, WriterReplacesBadUtf8InNames) {
  RecordMeta m = meta();
  m.players[0] = "bad\xff";
  auto p = from_json(to_json(five_in_a_row(), m));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->meta.players[0], "bad\xEF\xBF\xBD");
}

}  // namespace
}  // namespace boyi::records
