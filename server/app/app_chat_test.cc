// A match's chat rooms over the protocol: who writes and hears which room, the limits, an
// operator's mute, and the recent lines after a Sync.
#include <gtest/gtest.h>

#include "server/app/app_match_fixture.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {
namespace {

v1::ClientMessage chat_msg(const std::string& match, v1::ChatRoom room, const std::string& text) {
  v1::ClientMessage m;
  m.mutable_send_chat()->set_match_id(match);
  m.mutable_send_chat()->set_room(room);
  m.mutable_send_chat()->set_text(text);
  return m;
}

TEST_F(MatchTest, ChatRoomsLimitsMutesAndWhoHearsIt) {
  // Two players who want chat, a spectator who wants it, and a bot-like client that does not.
  auto a = Client::connect(app_->port(), C::json);
  auto b = Client::connect(app_->port(), C::binary);
  ASSERT_TRUE(a && a->hello(true) && a->sign_up("xray", "password-xray"));
  ASSERT_TRUE(b && b->hello(true) && b->sign_up("yankee", "password-yankee"));
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  auto watcher = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(watcher && watcher->hello(true) && watcher->guest("zulu"));
  auto deaf = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(deaf && deaf->hello(false) && deaf->guest("quiet"));
  for (auto* c : {watcher.get(), deaf.get()}) {
    v1::ClientMessage spectate;
    spectate.mutable_spectate()->set_match_id(sa.match);
    ASSERT_TRUE(c->call(spectate));
  }

  // The players' room: both seats hear it (control characters become spaces), nobody else.
  auto ack = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "  good\nluck  "));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  for (auto* c : {a.get(), b.get()}) {
    auto line = c->wait_for([](const SM& m) { return m.has_chat_message(); });
    ASSERT_TRUE(line);
    EXPECT_EQ(line->chat_message().text(), "good luck");
    EXPECT_EQ(line->chat_message().from().name(), "xray");
    EXPECT_EQ(line->chat_message().room(), v1::CHAT_ROOM_PLAYERS);
  }
  // The spectators' room: spectators only; the seats may neither write nor hear it.
  ASSERT_TRUE(watcher->call(chat_msg(sa.match, v1::CHAT_ROOM_SPECTATORS, "H8 wins"))->has_ack());
  auto heard = watcher->wait_for([](const SM& m) { return m.has_chat_message(); });
  ASSERT_TRUE(heard);
  EXPECT_EQ(heard->chat_message().room(), v1::CHAT_ROOM_SPECTATORS);
  auto refused = b->call(chat_msg(sa.match, v1::CHAT_ROOM_SPECTATORS, "hello?"));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  refused = watcher->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "psst"));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  EXPECT_FALSE(a->wait_for([](const SM& m) { return m.has_chat_message(); }, 300ms));
  EXPECT_FALSE(deaf->wait_for([](const SM& m) { return m.has_chat_message(); }, 300ms));

  // Too long, empty, too fast.
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, std::string(301, 'x')));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, " \t "));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  int sent = 0;
  std::optional<SM> last;
  for (int i = 0; i < 8; ++i) {
    last = b->call(chat_msg(sb.match, v1::CHAT_ROOM_PLAYERS, "line " + std::to_string(i)));
    if (!last || !last->has_ack()) break;
    ++sent;
  }
  EXPECT_EQ(sent, 5);
  ASSERT_TRUE(last && last->has_error());
  EXPECT_EQ(last->error().code(), v1::ERROR_CODE_RATE_LIMITED);

  // An admin's mute holds at once.
  {
    auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(db.ok()) << db.message();
    auto user = db.value()->user_by_name("xray");
    ASSERT_TRUE(user.ok());
    ASSERT_TRUE(db.value()->mute_chat(user->id, storage::wall_clock_ms() + 60'000, "test").ok());
  }
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "still here"));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  EXPECT_NE(refused->error().message().find("muted until"), std::string::npos);

  // A seat that syncs again gets the players' room's recent lines.
  auto again = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(again && again->hello(true) && again->password("yankee", "password-yankee"));
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(sa.match);
  sync.mutable_sync()->set_from_seq(1);
  again->send(sync);
  auto replayed = again->wait_for([](const SM& m) { return m.has_chat_message(); });
  ASSERT_TRUE(replayed);
  EXPECT_EQ(replayed->chat_message().text(), "good luck");
}

}  // namespace
}  // namespace boyi::app::test
