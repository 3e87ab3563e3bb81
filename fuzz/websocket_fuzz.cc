// WebSocket connections after the upgrade (server/net/ws_session.cc): the client's frames
// read by Beast's WebSocket stream with the server's settings (message limit, no automatic
// fragmenting), over an in-memory stream; each message decoded as the envelope it carries
// (binary protobuf or JSON text). Checks: no message passes the limit.
#include <boost/asio/io_context.hpp>
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "fuzz/fuzz_check.h"
#include "fuzz/wire_messages.h"
#include "server/net/net_limits.h"

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

// The upgrade the HTTP entry hands over (a valid key; the handshake itself is the entry's).
beast::http::request<beast::http::string_body> upgrade_request() {
  beast::http::request<beast::http::string_body> req{beast::http::verb::get, "/ws", 11};
  req.set(beast::http::field::host, "localhost");
  req.set(beast::http::field::upgrade, "websocket");
  req.set(beast::http::field::connection, "Upgrade");
  req.set(beast::http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(beast::http::field::sec_websocket_version, "13");
  return req;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  boyi::fuzz::quiet_protobuf();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const boyi::net::NetLimits limits;
  boost::asio::io_context ioc;
  beast::test::stream client(ioc);
  websocket::stream<beast::test::stream> ws(ioc);
  ws.next_layer().connect(client);
  ws.read_message_max(limits.max_frame_bytes);
  ws.auto_fragment(false);
  boost::system::error_code ec;
  ws.accept(upgrade_request(), ec);
  if (ec) boyi::fuzz::broken("the fixed handshake must be accepted", ec.message());
  ws.next_layer().append(boyi::fuzz::text_of(data, size));
  ws.next_layer().close_remote();  // the client's bytes end here
  for (;;) {
    beast::flat_buffer buffer;
    const std::size_t n = ws.read(buffer, ec);
    if (ec) break;
    BOYI_FUZZ_CHECK(n <= limits.max_frame_bytes, "message limit");
    const auto bytes = buffer.data();
    boyi::fuzz::decode_envelopes(
        std::string_view(static_cast<const char*>(bytes.data()), bytes.size()), ws.got_text());
  }
  return 0;
}
