// The shared port's entry (server/net/http_session.cc): the transport sniffer on the first
// bytes, then, for HTTP, the requests of one keep-alive connection read by Beast's parser with
// the server's limits, their targets percent-decoded, routed and mapped onto static files.
// Checks: the sniffer never changes its mind as more bytes arrive, a decoded path has no NUL,
// and a static file found is inside the web root.
#include <unistd.h>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz/fuzz_check.h"
#include "fuzz/memory_stream.h"
#include "server/net/http_routes.h"
#include "server/net/net_limits.h"
#include "server/net/sniff.h"
#include "server/net/static_files.h"

namespace boyi::fuzz {
namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;

// A web root like web/dist: an index, a folder, a file outside the root and a link to it.
struct WebRoot {
  fs::path outer = fs::temp_directory_path() / ("boyi-http-fuzz-" + std::to_string(::getpid()));
  fs::path root = outer / "dist";
  WebRoot() {
    fs::create_directories(root / "assets");
    std::ofstream(root / "index.html") << "<html></html>";
    std::ofstream(root / "assets" / "app.js") << "1";
    std::ofstream(outer / "secret.txt") << "secret";
    std::error_code ec;
    fs::create_symlink(outer / "secret.txt", root / "link.txt", ec);
    root = fs::canonical(root);
  }
  ~WebRoot() {
    std::error_code ec;
    fs::remove_all(outer, ec);
  }
};

const WebRoot& web_root() {
  static const WebRoot root;
  return root;
}

net::HttpRoutes& routes() {
  static net::HttpRoutes* r = [] {
    auto* out = new net::HttpRoutes;
    auto ok = [](const net::HttpRequest&) { return net::HttpResponse{}; };
    for (const char* prefix : {"/api/games", "/api/matches", "/api/users", "/api"})
      out->add_route("GET", prefix, ok);
    out->add_route("POST", "/api/matches", ok);
    return out;
  }();
  return *r;
}

// What http_session.cc's handle() does with a request before any handler runs.
void route(const http::request<http::string_body>& req) {
  const std::string_view target = req.target();
  const auto q = target.find('?');
  std::string path;
  if (!net::percent_decode(target.substr(0, q), path) || path.empty() || path.front() != '/')
    return;
  BOYI_FUZZ_CHECK(path.find('\0') == std::string::npos, path);
  bool matched = false;
  (void)routes().find(std::string(req.method_string()), path, &matched);
  const net::StaticFile f = net::resolve_static_file(web_root().root, path);
  if (f.status == 200) {
    const std::string found = fs::canonical(f.path).string();
    const std::string root = web_root().root.string() + "/";
    BOYI_FUZZ_CHECK(found.compare(0, root.size(), root) == 0, found);
  } else {
    BOYI_FUZZ_CHECK(f.status == 403 || f.status == 404, path);
  }
  (void)net::content_type_for(f.path);
}

void serve_http(std::string_view bytes) {
  const net::NetLimits limits;
  MemoryStream stream(bytes);
  boost::beast::flat_buffer buffer;
  for (int i = 0; i < limits.max_http_requests_per_connection; ++i) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(limits.max_http_header_bytes));
    parser.body_limit(limits.max_http_body_bytes);
    boost::system::error_code ec;
    http::read(stream, buffer, parser, ec);
    if (ec) return;
    const http::request<http::string_body> req = parser.release();
    BOYI_FUZZ_CHECK(req.body().size() <= limits.max_http_body_bytes, "body limit");
    if (boost::beast::websocket::is_upgrade(req)) return;  // handed to the WebSocket session
    route(req);
    if (!req.keep_alive()) return;
  }
}

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi::fuzz;
  using boyi::net::Sniffed;
  const std::string_view bytes = text_of(data, size);
  // The listener sniffs ever longer prefixes until one decides; every longer prefix must
  // decide the same.
  Sniffed decided = Sniffed::need_more;
  for (std::size_t n = 1; n <= std::min<std::size_t>(size, 2 * boyi::net::kMaxSniffWhitespace);
       ++n) {
    const Sniffed s = boyi::net::sniff_transport(bytes.substr(0, n));
    if (decided != Sniffed::need_more) BOYI_FUZZ_CHECK(s == decided, bytes.substr(0, n));
    decided = s;
  }
  if (boyi::net::sniff_transport(bytes) == Sniffed::http) serve_http(bytes);
  return 0;
}
