// Bounds: oversized and garbage input, slow readers, idle and sniff timeouts, the rate limit,
// connection caps and graceful shutdown.
#include <gtest/gtest.h>

#include "server/net/net_test_util.h"

namespace boyi::net::test {
namespace {

TEST(NetLimits, OversizedBinaryFrameGetsErrorThenClose) {
  TestServer server;  // frame limit 1024
  TcpClient c(server.port());
  c.send(framing::encode_length_prefixed("ok") +
         framing::encode_length_prefixed(std::string(2000, 'x')));
  EXPECT_EQ(c.next_binary(), "ok");
  EXPECT_EQ(c.next_binary(), "error:frame_too_large");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest));
  EXPECT_TRUE(server.handler().wait_event("error:frame_too_large:fatal"));
  EXPECT_TRUE(server.handler().wait_event("close:frame of 2000 bytes exceeds"));
}

TEST(NetLimits, ZeroLengthFrameIsFatal) {
  TestServer server;
  TcpClient c(server.port());
  c.send(std::string("\0\0\0\0", 4));
  EXPECT_EQ(c.next_binary(), "error:zero_length_frame");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest));
}

TEST(NetLimits, OversizedJsonLineIsSkippedAndTheStreamGoesOn) {
  TestServer server;
  TcpClient c(server.port());
  c.send("{\"a\":1}\n{" + std::string(3000, ' ') + "}\n{\"b\":2}\n");
  EXPECT_EQ(c.next_line(), "{\"a\":1}");
  EXPECT_EQ(c.next_line(), "{\"error\":\"line_too_long\"}");
  EXPECT_EQ(c.next_line(), "{\"b\":2}");
  EXPECT_TRUE(server.handler().wait_event("error:line_too_long:ok"));
  EXPECT_EQ(server.handler().open_connections().size(), 1u);
}

TEST(NetLimits, GarbageIsAFramingErrorAndTheServerStaysHealthy) {
  TestServer server;
  {
    TcpClient c(server.port());
    c.send("\xff\xfe garbage \x01\x02\x03 garbage");
    EXPECT_EQ(c.next_binary(), "error:frame_too_large");
    std::string rest;
    EXPECT_TRUE(c.read_until_closed(rest));
  }
  {
    TcpClient c(server.port());  // letters that are no HTTP method: binary, then too large
    c.send("HELLO THERE\n");
    EXPECT_EQ(c.next_binary(), "error:frame_too_large");
  }
  TcpClient ok(server.port());
  ok.send(framing::encode_length_prefixed("still here"));
  EXPECT_EQ(ok.next_binary(), "still here");
}

TEST(NetLimits, OversizedWebSocketMessageClosesWithTooBig) {
  TestServer server;
  const WsOutcome ws =
      ws_session(server.port(), {Frame{std::string(5000, 'x'), FrameKind::binary}}, 1);
  ASSERT_TRUE(ws.connected);
  EXPECT_TRUE(ws.received.empty());
  // The server closes with 1009 (too big); the client may instead see the reset that follows.
  EXPECT_TRUE(ws.close_code == 1009 || !ws.error.empty()) << ws.close_code;
  EXPECT_TRUE(server.handler().wait_event("error:frame_too_large:fatal"));
  EXPECT_TRUE(server.handler().wait_event("close:"));
}

TEST(NetLimits, SlowReaderIsDisconnectedAndServerStaysHealthy) {
  TestServer server;  // send queue: 64 KiB / 256 frames
  TcpClient slow(server.port(), 4096);
  slow.send(framing::encode_length_prefixed("hi"));
  ASSERT_TRUE(server.handler().wait_open(1));
  auto conn = server.handler().open_connections().at(0);
  const std::string chunk(1000, 'p');
  bool refused = false;
  const auto until = std::chrono::steady_clock::now() + 10s;
  for (int i = 0; i < 100000 && std::chrono::steady_clock::now() < until; ++i) {
    if (!conn->send(Frame{chunk, FrameKind::binary}).ok()) {
      refused = true;
      break;
    }
  }
  EXPECT_TRUE(refused);
  EXPECT_TRUE(server.handler().wait_event("close:send queue full"));
  EXPECT_FALSE(conn->is_open());
  EXPECT_EQ(server.metrics().counter("boyi_net_slow_readers_dropped_total", "").value(), 1);
  TcpClient ok(server.port());
  ok.send(framing::encode_length_prefixed("fine"));
  EXPECT_EQ(ok.next_binary(), "fine");
}

TEST(NetLimits, IdleConnectionIsClosed) {
  NetLimits limits = test_limits();
  limits.idle_timeout = 300ms;
  TestServer server(limits);
  TcpClient c(server.port());
  c.send("{\"hi\":1}\n");
  EXPECT_EQ(c.next_line(), "{\"hi\":1}");
  EXPECT_EQ(c.next_line(3s), "{\"error\":\"idle_timeout\"}");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest, 3s));
  EXPECT_TRUE(server.handler().wait_event("close:nothing received for 300 ms"));
}

TEST(NetLimits, WebSocketPeerAnsweringPingsStaysOpenPastIdleTimeout) {
  NetLimits limits = test_limits();
  limits.idle_timeout = 400ms;
  TestServer server(limits);
  // The client reads (and so answers the server's pings) for 1.5 s without sending anything.
  const WsOutcome ws = ws_session(server.port(), {}, 1, 1500ms);
  ASSERT_TRUE(ws.connected);
  EXPECT_EQ(ws.close_code, 0) << ws.error << " " << ws.close_reason;
  EXPECT_FALSE(server.handler().wait_event("error:idle_timeout", 10ms));
}

TEST(NetLimits, SilentConnectionIsClosedAfterSniffTimeout) {
  NetLimits limits = test_limits();
  limits.sniff_timeout = 200ms;
  TestServer server(limits);
  TcpClient c(server.port());
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest, 3s));
  EXPECT_TRUE(rest.empty());
  // The socket closes a moment before the count is taken: wait for it (bounded).
  Counter& timeouts =
      server.metrics().counter("boyi_net_protocol_errors_total", "", {{"reason", "sniff_timeout"}});
  for (int i = 0; i < 200 && timeouts.value() < 1; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(timeouts.value(), 1);
}

TEST(NetLimits, RateLimitDropsWithErrorsThenCloses) {
  NetLimits limits = test_limits();
  limits.max_messages_per_second = 1;
  limits.message_burst = 5;
  limits.max_protocol_errors = 3;
  TestServer server(limits);
  TcpClient c(server.port());
  std::string burst;
  for (int i = 0; i < 20; ++i) framing::append_length_prefixed(burst, "m" + std::to_string(i));
  c.send(burst);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(c.next_binary(), "m" + std::to_string(i));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(c.next_binary(), "error:rate_limited");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest));
  EXPECT_TRUE(
      server.handler().wait_event("close:more than the allowed messages per second; "
                                  "message dropped; too many protocol errors"));
}

TEST(NetLimits, RateLimitClosePolicyClosesAtOnce) {
  NetLimits limits = test_limits();
  limits.max_messages_per_second = 1;
  limits.message_burst = 2;
  limits.rate_limit_policy = RateLimitPolicy::close;
  TestServer server(limits);
  TcpClient c(server.port());
  c.send("{\"1\":1}\n{\"2\":2}\n{\"3\":3}\n{\"4\":4}\n");
  EXPECT_EQ(c.next_line(), "{\"1\":1}");
  EXPECT_EQ(c.next_line(), "{\"2\":2}");
  EXPECT_EQ(c.next_line(), "{\"error\":\"rate_limited\"}");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest));
  EXPECT_TRUE(rest.empty()) << rest;
}

TEST(NetLimits, ConnectionCapsPerAddressAndTotal) {
  NetLimits limits = test_limits();
  limits.max_connections_per_address = 2;
  TestServer server(limits);
  TcpClient a(server.port()), b(server.port()), c(server.port());
  a.send(framing::encode_length_prefixed("a"));
  b.send(framing::encode_length_prefixed("b"));
  EXPECT_EQ(a.next_binary(), "a");
  EXPECT_EQ(b.next_binary(), "b");
  // The third is told why, in the framing it speaks, and closed.
  c.send(framing::encode_length_prefixed("c"));
  EXPECT_EQ(c.next_binary(3s), "full:too many connections from your address; try again later");
  std::string rest;
  EXPECT_TRUE(c.read_until_closed(rest, 3s));
  EXPECT_EQ(server.metrics()
                .counter("boyi_net_connections_rejected_total", "", {{"reason", "per_address"}})
                .value(),
            1);
  EXPECT_EQ(server.listener().connection_count(), 2u);
}

TEST(NetLimits, ARefusedConnectionHearsServerFullOnEveryTransport) {
  NetLimits limits = test_limits();
  limits.max_connections = 1;
  TestServer server(limits);
  TcpClient holder(server.port());
  holder.send(framing::encode_length_prefixed("x"));
  ASSERT_EQ(holder.next_binary(), "x");

  TcpClient json(server.port());
  json.send("{\"hello\":1}\n");
  EXPECT_EQ(json.next_line(3s), "{\"error\":\"server_full\"}");

  const auto page = http_request(server.port(), "GET", "/");
  EXPECT_EQ(page.status, 503);
  EXPECT_EQ(page.headers.count("retry-after"), 1u);

  const auto ws = ws_session(server.port(), {}, 2, 3s);  // reads until the close
  ASSERT_TRUE(ws.connected);
  ASSERT_EQ(ws.received.size(), 1u);
  EXPECT_EQ(ws.received[0].bytes, "{\"error\":\"server_full\"}");
  EXPECT_EQ(ws.close_code, 1013);
  EXPECT_EQ(server.listener().connection_count(), 1u);
}

TEST(NetLimits, GracefulShutdownFlushesAndClosesEveryConnection) {
  TestServer server;
  TcpClient bin(server.port()), json(server.port());
  bin.send(framing::encode_length_prefixed("x"));
  json.send("{}\n");
  ASSERT_EQ(bin.next_binary(), "x");
  ASSERT_EQ(json.next_line(), "{}");
  TcpClient silent(server.port());  // still being sniffed
  ASSERT_TRUE(server.handler().wait_open(2));
  ASSERT_TRUE(server.shutdown(2s));
  EXPECT_EQ(bin.next_binary(), "bye");
  EXPECT_EQ(json.next_line(), "{\"bye\":1}");
  std::string rest;
  EXPECT_TRUE(bin.read_until_closed(rest, 1s));
  EXPECT_TRUE(json.read_until_closed(rest, 1s));
  EXPECT_TRUE(silent.read_until_closed(rest, 1s));
  EXPECT_EQ(server.listener().connection_count(), 0u);
  EXPECT_TRUE(server.handler().wait_event("close:server shutting down"));
  EXPECT_TRUE(server.handler().open_connections().empty());
  TcpClient late(server.port());  // no longer accepting
  if (late.connected()) {
    EXPECT_TRUE(late.read_until_closed(rest, 1s));
  }
}

}  // namespace
}  // namespace boyi::net::test
