// Misbehaving players against the real boyi-server: illegal moves under the retry policy,
// moving out of turn, garbage bytes, oversized frames, invalid JSON, stalling past the clock.
#include <string>

#include "protocol/framing/length_prefixed.h"
#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

constexpr const char* kRenju = "rule=renju opening=centre fifth_n=2";

class Misbehaviour : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto s = start_test_server();
    if (s.ok())
      server_ = std::move(s).value();
    else
      start_error_ = s.message();
  }
  static void TearDownTestSuite() { server_.reset(); }
  void SetUp() override { ASSERT_TRUE(server_) << start_error_; }
  std::uint16_t port() const { return server_->port(); }

  // An error with `code` (any request id); a failure naming what came instead.
  static Result<v1::Error> error_with(Client& c, v1::ErrorCode code, Millis timeout = 10s) {
    auto m = c.expect([](const v1::ServerMessage& s) { return s.has_error(); },
                      "error " + v1::ErrorCode_Name(code), timeout);
    if (!m.ok()) return Error{m.message()};
    if (m->error().code() != code)
      return Error{"expected " + v1::ErrorCode_Name(code) + ", got " + describe(*m)};
    return m->error();
  }
  // The connection still answers: ping -> pong with the same nonce.
  static bool still_alive(Client& c) {
    v1::ClientMessage ping;
    ping.mutable_ping()->set_nonce(4242);
    auto r = c.request(ping);
    return r.ok() && r->has_pong() && r->pong().nonce() == 4242;
  }

  static std::unique_ptr<ServerProcess> server_;
  static std::string start_error_;
};
std::unique_ptr<ServerProcess> Misbehaviour::server_;
std::string Misbehaviour::start_error_;

TEST_F(Misbehaviour, OutOfTurnIsNotCountedAndTheThirdIllegalMoveLoses) {
  auto a = guest(port(), Transport::tcp_json, unique_name("black"));
  E2E_ASSERT_OK(a, server_.get());
  auto b = guest(port(), Transport::tcp_json, unique_name("white"));
  E2E_ASSERT_OK(b, server_.get());
  auto started = seek_and_accept(**a, **b, game_setup("gomoku", kRenju, 300000));
  E2E_ASSERT_OK(started, server_.get());
  const std::string id = started->a.match_id();
  EXPECT_EQ(started->a.illegal_move_attempts(), 3u);

  // White moves first: not its turn, and it costs no attempt.
  const auto early = (*b)->send_move(id, "H9");
  auto e0 =
      (*b)->expect([&](const v1::ServerMessage& m) { return m.request_id() == early; }, "reply");
  E2E_ASSERT_OK(e0, server_.get());
  ASSERT_TRUE(e0->has_error()) << describe(*e0);
  EXPECT_EQ(e0->error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);
  EXPECT_EQ(e0->error().match_id(), id);

  const auto h8 = (*a)->send_move(id, "H8");
  auto ev = (*a)->expect([&](const v1::ServerMessage& m) { return m.request_id() == h8; }, "H8");
  E2E_ASSERT_OK(ev, server_.get());
  ASSERT_TRUE(ev->has_match_event()) << describe(*ev);
  EXPECT_EQ(ev->match_event().seq(), 1u);

  // Two refused tries leave 2, then 1 attempt; the third loses at once.
  const std::uint32_t expected_left[] = {2, 1};
  for (std::uint32_t left : expected_left) {
    const auto rid = (*b)->send_move(id, "H8");  // occupied
    auto r =
        (*b)->expect([&](const v1::ServerMessage& m) { return m.request_id() == rid; }, "reply");
    E2E_ASSERT_OK(r, server_.get());
    ASSERT_TRUE(r->has_error()) << describe(*r);
    EXPECT_EQ(r->error().code(), v1::ERROR_CODE_ILLEGAL_MOVE);
    EXPECT_EQ(r->error().attempts_left(), left);
    EXPECT_EQ(r->error().request_id(), rid);
    EXPECT_FALSE(r->error().message().empty());
    EXPECT_FALSE(r->error().fatal());
  }
  (void)(*b)->send_move(id, "H8");
  auto end_b = (*b)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end");
  E2E_ASSERT_OK(end_b, server_.get());
  EXPECT_EQ(end_b->match_ended().outcome().ending(), v1::ENDING_ILLEGAL_MOVE);
  EXPECT_EQ(end_b->match_ended().outcome().winner(), 0);
  EXPECT_EQ(end_b->match_ended().seq(), 2u);
  auto end_a = (*a)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end");
  E2E_ASSERT_OK(end_a, server_.get());
  EXPECT_EQ(end_a->match_ended().outcome().ending(), v1::ENDING_ILLEGAL_MOVE);
  EXPECT_EQ(end_a->match_ended().outcome().winner(), 0);

  // A move after the end.
  const auto late = (*a)->send_move(id, "I8");
  auto over =
      (*a)->expect([&](const v1::ServerMessage& m) { return m.request_id() == late; }, "reply");
  E2E_ASSERT_OK(over, server_.get());
  ASSERT_TRUE(over->has_error()) << describe(*over);
  EXPECT_EQ(over->error().code(), v1::ERROR_CODE_MATCH_OVER);
}

// CannotPlay (a bridge that cannot tell its engine the game) makes a match void, but only
// from a seat that has not played: a seat that has moved can resign, not take its game back.
TEST_F(Misbehaviour, CannotPlayVoidsAMatchOnlyBeforeTheSeatHasPlayed) {
  auto a = guest(port(), Transport::tcp_json, unique_name("black"));
  E2E_ASSERT_OK(a, server_.get());
  auto b = guest(port(), Transport::tcp_binary, unique_name("white"));
  E2E_ASSERT_OK(b, server_.get());
  auto started = seek_and_accept(**a, **b, game_setup("gomoku", kRenju, 300000));
  E2E_ASSERT_OK(started, server_.get());
  const std::string id = started->a.match_id();
  const auto h8 = (*a)->send_move(id, "H8");
  auto ev = (*a)->expect([&](const v1::ServerMessage& m) { return m.request_id() == h8; }, "H8");
  E2E_ASSERT_OK(ev, server_.get());

  auto cannot_play = [&](Client& c, const std::string& reason) {
    v1::ClientMessage m;
    m.mutable_cannot_play()->set_match_id(id);
    m.mutable_cannot_play()->set_reason(reason);
    return c.request(m);
  };
  auto refused = cannot_play(**a, "too late");
  E2E_ASSERT_OK(refused, server_.get());
  ASSERT_TRUE(refused->has_error()) << describe(*refused);
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED);
  EXPECT_NE(refused->error().message().find("can resign, not make it void"), std::string::npos)
      << refused->error().message();

  auto taken = cannot_play(**b, "the sau protocol cannot tell the engine\nof it");
  E2E_ASSERT_OK(taken, server_.get());
  EXPECT_TRUE(taken->has_ack()) << describe(*taken);
  for (Client* c : {a->get(), b->get()}) {
    auto end = c->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end");
    E2E_ASSERT_OK(end, server_.get());
    const auto& o = end->match_ended().outcome();
    EXPECT_EQ(o.ending(), v1::ENDING_ABORTED);
    EXPECT_EQ(o.winner(), -1);
    EXPECT_NE(o.detail().find("void: seat 1's player could not play: the sau protocol cannot "
                              "tell the engine of it"),
              std::string::npos)
        << o.detail();
  }
  auto over = cannot_play(**b, "again");
  E2E_ASSERT_OK(over, server_.get());
  ASSERT_TRUE(over->has_error()) << describe(*over);
  EXPECT_EQ(over->error().code(), v1::ERROR_CODE_MATCH_OVER);
}

TEST_F(Misbehaviour, HandshakeRequiredAndUnsupportedVersionAreFatal) {
  auto c = Client::connect(port(), Transport::tcp_binary);
  E2E_ASSERT_OK(c, server_.get());
  v1::ClientMessage ping;
  ping.set_request_id(1);
  ping.mutable_ping()->set_nonce(1);
  ASSERT_TRUE((*c)->send(ping).ok());
  auto e = error_with(**c, v1::ERROR_CODE_HANDSHAKE_REQUIRED);
  E2E_ASSERT_OK(e, server_.get());
  EXPECT_TRUE(e->fatal());
  EXPECT_TRUE((*c)->wait_closed(10s));

  auto d = Client::connect(port(), Transport::ws_text);
  E2E_ASSERT_OK(d, server_.get());
  auto w = (*d)->hello(99);
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.message().find("ERROR_CODE_UNSUPPORTED_VERSION"), std::string::npos) << w.message();
  EXPECT_TRUE((*d)->wait_closed(10s));
}

TEST_F(Misbehaviour, GarbagePayloadInAnIntactFrameIsAnErrorAndTheStreamGoesOn) {
  auto c = Client::connect(port(), Transport::tcp_binary);
  E2E_ASSERT_OK(c, server_.get());
  E2E_ASSERT_OK((*c)->hello(), server_.get());
  (*c)->send_raw(framing::encode_length_prefixed("\xff\xff\xff\xff\xff\x07garbage"));
  auto m = (*c)->expect([](const v1::ServerMessage& s) { return s.has_error(); }, "error");
  E2E_ASSERT_OK(m, server_.get());
  EXPECT_TRUE(m->error().code() == v1::ERROR_CODE_BAD_FRAME ||
              m->error().code() == v1::ERROR_CODE_BAD_MESSAGE)
      << describe(*m);
  EXPECT_FALSE(m->error().fatal());
  EXPECT_FALSE(m->error().message().empty());
  EXPECT_TRUE(still_alive(**c));
}

TEST_F(Misbehaviour, ABrokenLengthPrefixIsFatal) {
  auto c = Client::connect(port(), Transport::tcp_binary);
  E2E_ASSERT_OK(c, server_.get());
  E2E_ASSERT_OK((*c)->hello(), server_.get());
  (*c)->send_raw(std::string("\0\0\0\0", 4));  // a zero length: no message is empty
  auto m = (*c)->expect([](const v1::ServerMessage& s) { return s.has_error(); }, "error");
  E2E_ASSERT_OK(m, server_.get());
  EXPECT_EQ(m->error().code(), v1::ERROR_CODE_BAD_FRAME) << describe(*m);
  EXPECT_TRUE(m->error().fatal());
  EXPECT_TRUE((*c)->wait_closed(10s));
}

TEST_F(Misbehaviour, AnOversizedBinaryFrameGetsAnErrorThenAClose) {
  auto c = Client::connect(port(), Transport::tcp_binary);
  E2E_ASSERT_OK(c, server_.get());
  auto welcome = (*c)->hello();
  E2E_ASSERT_OK(welcome, server_.get());
  const std::uint32_t limit = welcome->limits().max_frame_bytes();
  ASSERT_GT(limit, 0u);
  const std::uint32_t n = limit + 1;
  std::string header = {static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                        static_cast<char>(n >> 8), static_cast<char>(n)};
  (*c)->send_raw(header + std::string(1000, 'x'));
  auto e = error_with(**c, v1::ERROR_CODE_FRAME_TOO_LARGE);
  E2E_ASSERT_OK(e, server_.get());
  EXPECT_TRUE(e->fatal());
  EXPECT_TRUE((*c)->wait_closed(10s));
}

TEST_F(Misbehaviour, AnOversizedJsonLineIsSkippedAndTheStreamGoesOn) {
  auto c = Client::connect(port(), Transport::tcp_json);
  E2E_ASSERT_OK(c, server_.get());
  auto welcome = (*c)->hello();
  E2E_ASSERT_OK(welcome, server_.get());
  std::string line = "{\"request_id\": 9, \"ping\": {\"nonce\": 1}, \"pad\": \"" +
                     std::string(welcome->limits().max_frame_bytes() + 100, 'y') + "\"}\n";
  (*c)->send_raw(line);
  auto e = error_with(**c, v1::ERROR_CODE_FRAME_TOO_LARGE);
  E2E_ASSERT_OK(e, server_.get());
  EXPECT_FALSE(e->fatal());
  EXPECT_TRUE(still_alive(**c));
}

TEST_F(Misbehaviour, InvalidJsonAndUnknownFieldsAreErrorsButNotFatal) {
  auto c = Client::connect(port(), Transport::tcp_json);
  E2E_ASSERT_OK(c, server_.get());
  E2E_ASSERT_OK((*c)->hello(), server_.get());
  (*c)->send_raw("{\"request_id\": 5, \"ping\": \n");
  auto bad = error_with(**c, v1::ERROR_CODE_BAD_FRAME);
  E2E_ASSERT_OK(bad, server_.get());
  EXPECT_FALSE(bad->fatal());
  (*c)->send_raw("{\"request_id\": 6, \"ping\": {\"nonce\": 1, \"colour\": \"blue\"}}\n");
  auto unknown = error_with(**c, v1::ERROR_CODE_BAD_MESSAGE);
  E2E_ASSERT_OK(unknown, server_.get());
  EXPECT_FALSE(unknown->fatal());
  EXPECT_NE(unknown->message().find("colour"), std::string::npos) << unknown->message();
  EXPECT_TRUE(still_alive(**c));
}

TEST_F(Misbehaviour, WebSocketBadTextFrameIsAnErrorAndAnOversizedFrameCloses) {
  auto c = Client::connect(port(), Transport::ws_text);
  E2E_ASSERT_OK(c, server_.get());
  auto welcome = (*c)->hello();
  E2E_ASSERT_OK(welcome, server_.get());
  (*c)->send_raw("{not json", /*ws_text=*/true);
  auto bad = error_with(**c, v1::ERROR_CODE_BAD_FRAME);
  E2E_ASSERT_OK(bad, server_.get());
  EXPECT_FALSE(bad->fatal());
  EXPECT_TRUE(still_alive(**c));
  (*c)->send_raw(std::string(welcome->limits().max_frame_bytes() + 10, 'z'), false);
  // The error may or may not make it out before the close; the close must come.
  EXPECT_TRUE((*c)->wait_closed(10s));
  for (const auto& m : (*c)->transcript()) {
    if (m.has_error() && m.error().code() == v1::ERROR_CODE_FRAME_TOO_LARGE) {
      EXPECT_TRUE(m.error().fatal());
    }
  }
}

TEST_F(Misbehaviour, AStallingPlayerLosesOnTime) {
  auto a = guest(port(), Transport::ws_binary, unique_name("staller"));
  E2E_ASSERT_OK(a, server_.get());
  auto b = guest(port(), Transport::ws_binary, unique_name("waiter"));
  E2E_ASSERT_OK(b, server_.get());
  // 1.5 s for the whole game; seat 0 never moves.
  auto started = seek_and_accept(**a, **b, game_setup("surakarta", "", 1500));
  E2E_ASSERT_OK(started, server_.get());
  auto end =
      (*b)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end", 30s);
  E2E_ASSERT_OK(end, server_.get());
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_TIME_FORFEIT);
  EXPECT_EQ(end->match_ended().outcome().winner(), 1);
  EXPECT_EQ(end->match_ended().clocks().remaining_ms(0), 0u);
}

TEST_F(Misbehaviour, APerMoveLimitIsEnforced) {
  auto a = guest(port(), Transport::tcp_binary, unique_name("quick"));
  E2E_ASSERT_OK(a, server_.get());
  auto b = guest(port(), Transport::tcp_binary, unique_name("slow"));
  E2E_ASSERT_OK(b, server_.get());
  auto started = seek_and_accept(**a, **b, game_setup("dots", "", 600000, 1500));
  E2E_ASSERT_OK(started, server_.get());
  const auto rid = (*a)->send_move(started->a.match_id(), started->a.view().legal_moves(0));
  auto ev = (*a)->expect([&](const v1::ServerMessage& m) { return m.request_id() == rid; }, "move");
  E2E_ASSERT_OK(ev, server_.get());
  ASSERT_TRUE(ev->has_match_event()) << describe(*ev);
  // Seat 1 lets its 1.5 s per-move limit pass.
  auto end =
      (*a)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end", 30s);
  E2E_ASSERT_OK(end, server_.get());
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_TIME_FORFEIT);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);
}

}  // namespace
}  // namespace boyi::e2e
