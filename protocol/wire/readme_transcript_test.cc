// The worked session of protocol/README.md is real: every line between the
// transcript markers parses with from_json into the right envelope, every
// reply echoes a request the client sent, and the game in it replays through
// create_wire_game with the same events, renderings, clocks order and outcome.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/wire/json.h"
#include "protocol/wire/wire_game.h"

namespace boyi::protocol {
namespace {

using google::protobuf::util::MessageDifferencer;

struct Line {
  bool from_client = false;
  std::string json;
  int number = 0;  // line number in the README
};

std::vector<Line> transcript_lines() {
  std::ifstream in(std::string(BOYI_SOURCE_DIR) + "/protocol/README.md");
  EXPECT_TRUE(in.good()) << "cannot read protocol/README.md";
  std::vector<Line> lines;
  std::string text;
  bool inside = false;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text == "<!-- transcript:begin -->") inside = true;
    if (text == "<!-- transcript:end -->") inside = false;
    if (!inside) continue;
    if (text.rfind("> ", 0) == 0) lines.push_back({true, text.substr(2), number});
    if (text.rfind("< ", 0) == 0) lines.push_back({false, text.substr(2), number});
  }
  return lines;
}

TEST(ReadmeTranscript, EveryLineParsesIntoItsEnvelope) {
  const auto lines = transcript_lines();
  int client = 0, server = 0;
  std::set<std::uint64_t> requests;
  for (const auto& line : lines) {
    if (line.from_client) {
      v1::ClientMessage m;
      const Status s = from_json(line.json, &m);
      EXPECT_TRUE(s.ok()) << "README line " << line.number << ": " << s.message();
      EXPECT_GT(m.request_id(), 0u) << "README line " << line.number;
      EXPECT_TRUE(requests.insert(m.request_id()).second) << "request id reused";
      ++client;
    } else {
      v1::ServerMessage m;
      const Status s = from_json(line.json, &m);
      EXPECT_TRUE(s.ok()) << "README line " << line.number << ": " << s.message();
      if (m.request_id() != 0) {
        EXPECT_TRUE(requests.count(m.request_id()))
            << "README line " << line.number << " answers a request never sent";
      }
      // What the server writes is exactly what to_json_line makes of it.
      auto again = to_json_line(m);
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(*again, line.json) << "README line " << line.number;
      ++server;
    }
  }
  EXPECT_GE(client, 10);
  EXPECT_GE(server, 10);
}

TEST(ReadmeTranscript, TheGameReplaysThroughTheWireAdapter) {
  std::unique_ptr<WireGame> game;
  Seat seat = kPublic;
  std::uint32_t last_seq = 0;
  std::string pending_move;  // the client's last move text, until answered
  bool ended = false, saw_illegal = false, saw_hello = false;
  for (const auto& line : transcript_lines()) {
    if (line.from_client) {
      v1::ClientMessage m;
      ASSERT_TRUE(from_json(line.json, &m).ok());
      if (m.has_hello()) {
        saw_hello = true;
        EXPECT_EQ(m.hello().protocol_version(), 1u);
      }
      if (m.has_move()) pending_move = m.move().move();
      continue;
    }
    v1::ServerMessage m;
    ASSERT_TRUE(from_json(line.json, &m).ok());
    const std::string where = "README line " + std::to_string(line.number);
    if (m.has_match_started()) {
      const auto& s = m.match_started();
      auto created = create_wire_game(s.game(), s.rules());
      ASSERT_TRUE(created.ok()) << created.message();
      game = std::move(created).value();
      seat = s.seat();
      EXPECT_TRUE(MessageDifferencer::Equals(s.view(), game->wire_view(seat))) << where;
    } else if (m.has_error()) {
      ASSERT_NE(game, nullptr);
      EXPECT_EQ(m.error().code(), v1::ERROR_CODE_ILLEGAL_MOVE) << where;
      auto refused = game->clone_wire()->play_wire(seat, pending_move);
      ASSERT_FALSE(refused.ok()) << where << ": " << pending_move << " is legal";
      EXPECT_EQ(m.error().message(), refused.message()) << where;
      EXPECT_EQ(m.error().request_id(), m.request_id());
      saw_illegal = true;
    } else if (m.has_match_event()) {
      ASSERT_NE(game, nullptr);
      const auto& e = m.match_event();
      EXPECT_EQ(e.seq(), last_seq + 1) << where;
      last_seq = e.seq();
      if (e.actor() == seat) {
        EXPECT_EQ(e.move(), pending_move) << where;
      }
      EXPECT_EQ(m.request_id() != 0, e.actor() == seat) << where;
      auto action = game->play_wire(e.actor(), e.move());
      ASSERT_TRUE(action.ok()) << where << ": " << action.message();
      const auto i = viewer_index(seat);
      EXPECT_EQ(e.move(), action->move[i]) << where;
      EXPECT_EQ(e.redacted(), action->redacted[i]) << where;
      EXPECT_EQ(e.rendering(), action->applied.renderings[i]) << where;
      ASSERT_EQ(e.events_size(), static_cast<int>(action->events[i].size())) << where;
      for (int k = 0; k < e.events_size(); ++k)
        EXPECT_TRUE(MessageDifferencer::Equals(e.events(k), action->events[i][k])) << where;
      EXPECT_EQ(e.ply(), game->ply()) << where;
      EXPECT_EQ(e.to_move(), game->to_move()) << where;
      EXPECT_EQ(e.clocks().running(), game->to_move()) << where;
    } else if (m.has_match_ended()) {
      ASSERT_NE(game, nullptr);
      EXPECT_EQ(m.match_ended().seq(), last_seq + 1) << where;
      EXPECT_TRUE(game->is_terminal());
      EXPECT_TRUE(MessageDifferencer::Equals(m.match_ended().outcome(), to_wire(game->outcome())))
          << where;
      EXPECT_TRUE(MessageDifferencer::Equals(m.match_ended().final_view(), game->full_view()))
          << where;
      ended = true;
    }
  }
  EXPECT_TRUE(saw_hello);
  EXPECT_TRUE(saw_illegal);
  EXPECT_TRUE(ended);
  EXPECT_GE(last_seq, 5u);
}

}  // namespace
}  // namespace boyi::protocol
