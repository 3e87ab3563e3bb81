// Every transport on one port, detected from the first bytes and echoing; HTTP and metrics.
#include <gtest/gtest.h>

#include <sstream>

#include "server/net/net_test_util.h"

namespace boyi::net::test {
namespace {

TEST(NetTransport, BinaryTcpEchoesFrames) {
  TestServer server;
  ASSERT_NE(server.port(), 0);
  TcpClient c(server.port());
  ASSERT_TRUE(c.connected());
  const std::string with_nul("\x00\x01\x02zz", 5);
  c.send(framing::encode_length_prefixed("hello") + framing::encode_length_prefixed(with_nul));
  EXPECT_EQ(c.next_binary(), "hello");
  EXPECT_EQ(c.next_binary(), with_nul);
  // Split across writes, one byte at a time.
  const std::string f = framing::encode_length_prefixed("slow");
  for (char ch : f) c.send(std::string_view(&ch, 1));
  EXPECT_EQ(c.next_binary(), "slow");
  EXPECT_TRUE(server.handler().wait_event("open:tcp-binary"));
  EXPECT_TRUE(server.handler().wait_event("frame:binary:hello"));
}

TEST(NetTransport, JsonLinesEchoWithWhitespaceAndCrLf) {
  TestServer server;
  TcpClient c(server.port());
  ASSERT_TRUE(c.connected());
  c.send("  \r\n{\"a\":1}\r\n\n{\"b\":\"two\"}\n");
  EXPECT_EQ(c.next_line(), "{\"a\":1}");
  EXPECT_EQ(c.next_line(), "{\"b\":\"two\"}");
  EXPECT_TRUE(server.handler().wait_event("open:tcp-json"));
  auto conns = server.handler().open_connections();
  ASSERT_EQ(conns.size(), 1u);
  EXPECT_EQ(conns[0]->transport(), Transport::tcp_json);
  EXPECT_EQ(conns[0]->remote_address(), "127.0.0.1");
  // A JSON connection refuses binary frames; a JSON frame with raw newlines stays one line.
  EXPECT_FALSE(conns[0]->send(Frame{"x", FrameKind::binary}).ok());
  EXPECT_TRUE(conns[0]->send(Frame{"{\"c\":\n3}", FrameKind::json}).ok());
  EXPECT_EQ(c.next_line(), "{\"c\": 3}");
}

TEST(NetTransport, WebSocketBinaryAndTextMessages) {
  TestServer server;
  const WsOutcome ws = ws_session(
      server.port(),
      {Frame{std::string("\x08\x01", 2), FrameKind::binary}, Frame{"{\"t\":1}", FrameKind::json}},
      2);
  ASSERT_TRUE(ws.connected) << ws.error;
  ASSERT_EQ(ws.received.size(), 2u) << ws.error;
  EXPECT_EQ(ws.received[0], (Frame{std::string("\x08\x01", 2), FrameKind::binary}));
  EXPECT_EQ(ws.received[1], (Frame{"{\"t\":1}", FrameKind::json}));
  EXPECT_TRUE(server.handler().wait_event("open:ws"));
  EXPECT_TRUE(server.handler().wait_event("close:"));
}

TEST(NetTransport, ServerPushFromAnotherThread) {
  TestServer server;
  TcpClient c(server.port());
  c.send(framing::encode_length_prefixed("hi"));
  ASSERT_EQ(c.next_binary(), "hi");
  auto conns = server.handler().open_connections();
  ASSERT_EQ(conns.size(), 1u);
  std::thread pusher([conn = conns[0]] {
    for (int i = 0; i < 50; ++i) {
      EXPECT_TRUE(conn->send(Frame{"push" + std::to_string(i), FrameKind::binary}).ok());
    }
  });
  pusher.join();
  for (int i = 0; i < 50; ++i) ASSERT_EQ(c.next_binary(), "push" + std::to_string(i));
}

TEST(NetTransport, HttpStaticFilesHeadAndCaching) {
  TestServer server;
  auto index = http_request(server.port(), "GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<h1>boyi</h1>");
  EXPECT_EQ(index.headers["content-type"], "text/html; charset=utf-8");
  ASSERT_FALSE(index.headers["etag"].empty());
  EXPECT_FALSE(index.headers["last-modified"].empty());
  auto js = http_request(server.port(), "GET", "/app.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.headers["content-type"], "text/javascript; charset=utf-8");
  auto head = http_request(server.port(), "HEAD", "/sub/data.json");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.headers["content-length"], "7");
  EXPECT_EQ(head.body, "");
  auto cached =
      http_request(server.port(), "GET", "/", "", {"If-None-Match: " + index.headers["etag"]});
  EXPECT_EQ(cached.status, 304);
  EXPECT_EQ(cached.body, "");
  EXPECT_EQ(http_request(server.port(), "GET", "/nope.html").status, 404);
  EXPECT_EQ(http_request(server.port(), "POST", "/index.html", "x").status, 404);
}

TEST(NetTransport, HttpPathTraversalRefused) {
  TestServer server;
  for (const char* target : {"/../secret.txt", "/%2e%2e/secret.txt", "/sub/..%2f..%2fsecret.txt",
                             "/escape.txt", "/sub/%00x"}) {
    const auto r = http_request(server.port(), "GET", target);
    EXPECT_TRUE(r.status == 403 || r.status == 400) << target << " -> " << r.status;
    EXPECT_EQ(r.body.find("top secret"), std::string::npos) << target;
  }
}

TEST(NetTransport, HttpJsonRoutesSyncAsyncAndDropped) {
  TestServer server;
  auto r = http_request(server.port(), "GET", "/api/echo/x%20y?a=1&b=2");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers["content-type"], "application/json");
  EXPECT_EQ(r.body, "{\"path\":\"/api/echo/x y\",\"query\":\"a=1&b=2\"}");
  auto later = http_request(server.port(), "POST", "/api/later", "abc");
  EXPECT_EQ(later.status, 201);
  EXPECT_EQ(later.body, "got abc");
  EXPECT_EQ(http_request(server.port(), "GET", "/api/dropped").status, 500);
  EXPECT_EQ(http_request(server.port(), "DELETE", "/api/echo").status, 405);
  EXPECT_EQ(http_request(server.port(), "POST", "/api/later", std::string(5000, 'b')).status, 413);
}

// RFC 6455: a handshake whose key is not 16 bytes in base64 is refused with 400, not upgraded.
TEST(NetTransport, WebSocketUpgradeWithABadKeyIsRefused) {
  TestServer server;
  auto handshake = [&](const std::string& key) {
    TcpClient c(server.port());
    c.send(
        "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " +
        key + "\r\n\r\n");
    return c.read(12);
  };
  EXPECT_EQ(handshake("dGhlIHNhbXBsZSBub25jZQ=="), "HTTP/1.1 101");  // RFC 6455's example
  for (const char* bad :
       {"", "x", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ=!",
        "dGhlIHNhbXBsZSBub25jZR==", "!GhlIHNhbXBsZSBub25jZQ==", "dGhlIHNhbXBsZSBub25jZQ==dGhl"})
    EXPECT_EQ(handshake(bad), "HTTP/1.1 400") << "key '" << bad << "'";
}

TEST(NetTransport, MetricsEndpointParsesBack) {
  TestServer server;
  {
    TcpClient c(server.port());
    c.send(framing::encode_length_prefixed("m1") + framing::encode_length_prefixed("m2"));
    ASSERT_EQ(c.next_binary(), "m1");
    ASSERT_EQ(c.next_binary(), "m2");
  }
  ASSERT_TRUE(server.handler().wait_event("close:"));
  // The closed socket's slot is released when its session is gone, a moment after the
  // handler heard of the close: read until the TCP connection no longer counts as open.
  std::map<std::string, double> samples;
  HttpReply r;
  for (int attempt = 0; attempt < 100; ++attempt) {
    r = http_request(server.port(), "GET", "/metrics");
    ASSERT_EQ(r.status, 200);
    // Every sample line is "name{labels} value"; collect them.
    samples.clear();
    std::istringstream in(r.body);
    std::string line;
    int lines = 0;
    while (std::getline(in, line) && ++lines < 10000) {
      if (line.empty() || line[0] == '#') continue;
      const auto sp = line.rfind(' ');
      ASSERT_NE(sp, std::string::npos) << line;
      samples[line.substr(0, sp)] = std::stod(line.substr(sp + 1));
    }
    if (samples["boyi_net_connections_open"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(r.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(samples["boyi_net_connections_total{transport=\"tcp-binary\"}"], 1);
  EXPECT_EQ(samples["boyi_net_frames_in_total{transport=\"tcp-binary\"}"], 2);
  EXPECT_EQ(samples["boyi_net_frames_out_total{transport=\"tcp-binary\"}"], 2);
  EXPECT_EQ(samples["boyi_net_bytes_in_total{transport=\"tcp-binary\"}"], 12);
  EXPECT_GE(samples["boyi_net_connections_total{transport=\"http\"}"], 1);
  EXPECT_EQ(samples["boyi_net_connections_open"], 1);  // this request
  EXPECT_NE(r.body.find("# TYPE boyi_net_frames_in_total counter"), std::string::npos);
}

}  // namespace
}  // namespace boyi::net::test
