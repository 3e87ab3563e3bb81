// The bot's command-line vocabulary: server addresses and transport names.
#include "bots/client/transport.h"

#include <gtest/gtest.h>

namespace boyi::bots {
namespace {

TEST(ServerAddress, HostAndPortForms) {
  auto a = parse_server_address("example.org:7800");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->host, "example.org");
  EXPECT_EQ(a->port, 7800);
  a = parse_server_address("10.0.0.1");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->host, "10.0.0.1");
  EXPECT_EQ(a->port, 7700);
  a = parse_server_address("[::1]:9000");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->host, "::1");
  EXPECT_EQ(a->port, 9000);
  a = parse_server_address("[fe80::1]");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->port, 7700);
}

TEST(ServerAddress, MalformedAddressesAreErrors) {
  for (const char* bad : {"", ":7700", "host:", "host:0", "host:65536", "host:12ab", "::1:7700",
                          "[::1", "[::1]7700", "host:-1"})
    EXPECT_FALSE(parse_server_address(bad).ok()) << bad;
}

TEST(TransportNames, RoundTripAndTheBotsShortNames) {
  for (Transport t :
       {Transport::tcp_binary, Transport::tcp_json, Transport::ws_binary, Transport::ws_text}) {
    auto back = parse_transport(to_string(t));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, t);
  }
  EXPECT_EQ(*parse_transport("tcp"), Transport::tcp_binary);
  EXPECT_EQ(*parse_transport("json"), Transport::tcp_json);
  EXPECT_EQ(*parse_transport("ws"), Transport::ws_binary);
  EXPECT_FALSE(parse_transport("udp").ok());
}

}  // namespace
}  // namespace boyi::bots
