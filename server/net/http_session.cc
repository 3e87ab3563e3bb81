// A freshly accepted socket: sniff its transport, then serve HTTP here (metrics, API routes,
// static files) or hand it to a TCP or WebSocket session.
#include <boost/beast/websocket.hpp>

#include <cctype>
#include <string_view>

#include "server/net/detail.h"
#include "server/net/sniff.h"
#include "server/net/static_files.h"

namespace boyi::net::detail {
namespace {

namespace websocket = boost::beast::websocket;

// RFC 6455 4.2.1: the client's key is 16 random bytes in base64 (24 characters, the last
// two "=", and the one before them holding only two bits). Anything else is a bad handshake.
bool valid_websocket_key(std::string_view key) {
  if (key.size() != 24 || !key.ends_with("==")) return false;
  for (char c : key.substr(0, 22))
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/') return false;
  return std::string_view("AQgw").find(key[21]) != std::string_view::npos;
}

std::string json_error(std::string_view message) {
  std::string out = "{\"error\":\"";
  for (char c : message) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + "\"}";
}

class RawLink final : public Closable, public std::enable_shared_from_this<RawLink> {
 public:
  RawLink(std::shared_ptr<Shared> shared, tcp::socket socket, std::shared_ptr<Slot> slot,
          std::uint64_t id, std::string remote, std::string address)
      : shared_(std::move(shared)),
        stream_(std::move(socket)),
        slot_(std::move(slot)),
        id_(id),
        remote_(std::move(remote)),
        address_(std::move(address)) {}

  void go() {
    shared_->track(id_, weak_from_this());
    asio::co_spawn(
        stream_.get_executor(),
        [self = shared_from_this()]() -> asio::awaitable<void> { co_await self->run(); },
        asio::detached);
  }

  void close(std::string) override { abort({}); }
  void abort(std::string) override {
    asio::post(stream_.get_executor(), [self = shared_from_this()] {
      if (self->handed_off_) return;
      self->closed_ = true;
      boost::system::error_code ec;
      self->stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
      self->stream_.socket().close(ec);
    });
  }

 private:
  asio::awaitable<void> run() {
    const Sniffed kind = co_await sniff();
    if (kind == Sniffed::need_more) {
      finish();
      co_return;
    }
    if (kind == Sniffed::http) {
      co_await serve_http();
      finish();
      co_return;
    }
    handed_off_ = true;
    shared_->untrack(id_);
    std::string initial = beast::buffers_to_string(buffer_.data());
    start_tcp_session(shared_, std::move(stream_),
                      kind == Sniffed::json ? Transport::tcp_json : Transport::tcp_binary,
                      std::move(initial), std::move(slot_), id_, remote_, address_);
  }

  // Reads until the first bytes tell the transport; need_more on timeout or error.
  asio::awaitable<Sniffed> sniff() {
    stream_.expires_after(shared_->limits.sniff_timeout);
    while (!closed_) {
      boost::system::error_code ec;
      const std::size_t n = co_await stream_.async_read_some(
          buffer_.prepare(512), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec == beast::error::timeout) shared_->metrics.protocol_error("sniff_timeout");
        co_return Sniffed::need_more;
      }
      buffer_.commit(n);
      const auto data = buffer_.data();
      const Sniffed s =
          sniff_transport(std::string_view(static_cast<const char*>(data.data()), data.size()));
      if (s != Sniffed::need_more) co_return s;
    }
    co_return Sniffed::need_more;
  }

  asio::awaitable<void> serve_http() {
    const auto& limits = shared_->limits;
    shared_->metrics.http_connections.inc();
    for (int i = 0; i < limits.max_http_requests_per_connection && !closed_; ++i) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(static_cast<std::uint32_t>(limits.max_http_header_bytes));
      parser.body_limit(limits.max_http_body_bytes);
      stream_.expires_after(limits.http_request_timeout);
      boost::system::error_code ec;
      co_await http::async_read(stream_, buffer_, parser,
                                asio::redirect_error(asio::use_awaitable, ec));
      if (ec == http::error::header_limit || ec == http::error::body_limit) {
        const int status = ec == http::error::header_limit ? 431 : 413;
        const std::string message = ec.message();
        co_await write_simple(status, message, 11, false);
        co_return;
      }
      if (ec) {
        if (ec != http::error::end_of_stream && ec != beast::error::timeout &&
            ec != asio::error::operation_aborted && ec != asio::error::connection_reset) {
          const std::string message = "bad request: " + ec.message();
          co_await write_simple(400, message, 11, false);
        }
        co_return;
      }
      http::request<http::string_body> req = parser.release();
      if (websocket::is_upgrade(req)) {
        if (!valid_websocket_key(req[http::field::sec_websocket_key])) {
          co_await write_simple(400, "bad Sec-WebSocket-Key", req.version(), false);
          co_return;
        }
        handed_off_ = true;
        shared_->untrack(id_);
        start_ws_session(shared_, std::move(stream_), std::move(req), std::move(slot_), id_,
                         remote_, address_);
        co_return;
      }
      const bool keep_alive = req.keep_alive() && !shared_->shutting_down.load();
      if (!co_await handle(req, keep_alive)) co_return;
      if (!keep_alive) co_return;
    }
  }

  // Answers one request; false when the connection must close.
  asio::awaitable<bool> handle(const http::request<http::string_body>& req, bool keep_alive) {
    const unsigned version = req.version();
    const std::string method(req.method_string());
    const std::string_view target = req.target();
    const auto q = target.find('?');
    std::string path;
    if (!percent_decode(target.substr(0, q), path) || path.empty() || path.front() != '/') {
      co_return co_await write_simple(400, "bad request target", version, false);
    }
    const std::string query = q == std::string_view::npos ? "" : std::string(target.substr(q + 1));
    const bool head = req.method() == http::verb::head;

    if (shared_->serve_metrics && path == "/metrics" && (req.method() == http::verb::get || head)) {
      HttpResponse r{200, kPrometheusContentType, shared_->registry->render(), {}};
      co_return co_await write_response(std::move(r), version, keep_alive, head);
    }
    bool path_matched = false;
    if (auto route = shared_->routes.find(method, path, &path_matched)) {
      HttpRequest hr;
      hr.method = method;
      hr.path = path;
      hr.query = query;
      hr.body = req.body();
      hr.remote = remote_;
      hr.remote_address = address_;
      for (const auto& field : req) {
        hr.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
      }
      HttpResponse r = co_await call_route(*route, hr);
      co_return co_await write_response(std::move(r), version, keep_alive, head);
    }
    if (req.method() == http::verb::get || head) {
      if (!shared_->static_root.empty()) co_return co_await serve_file(req, path, keep_alive);
      if (path_matched) {
        co_return co_await write_simple(405, "method not allowed", version, keep_alive);
      }
      co_return co_await write_simple(404, "not found", version, keep_alive, head);
    }
    const std::string_view message = path_matched ? "method not allowed" : "not found";
    co_return co_await write_simple(path_matched ? 405 : 404, message, version, keep_alive);
  }

  asio::awaitable<HttpResponse> call_route(const AsyncHttpHandler& route, const HttpRequest& hr) {
    co_return co_await asio::async_initiate<decltype(asio::use_awaitable), void(HttpResponse)>(
        [&](auto handler) {
          auto h = std::make_shared<decltype(handler)>(std::move(handler));
          HttpResponder responder([h](HttpResponse r) {
            auto ex = asio::get_associated_executor(*h);
            asio::post(ex, [h, r = std::move(r)]() mutable { (*h)(std::move(r)); });
          });
          try {
            route(hr, responder);
          } catch (const std::exception& e) {
            responder(HttpResponse{500, "application/json", json_error(e.what()), {}});
          } catch (...) {
            responder(HttpResponse{500, "application/json", json_error("handler failed"), {}});
          }
        },
        asio::use_awaitable);
  }

  asio::awaitable<bool> serve_file(const http::request<http::string_body>& req,
                                   const std::string& path, bool keep_alive) {
    const unsigned version = req.version();
    const bool head = req.method() == http::verb::head;
    const StaticFile f = resolve_static_file(shared_->static_root, path);
    if (f.status != 200) {
      const std::string_view message = f.status == 404 ? "not found" : "forbidden";
      co_return co_await write_simple(f.status, message, version, keep_alive, head);
    }
    auto inm = req.find(http::field::if_none_match);
    if (inm != req.end() && inm->value() == f.etag) {
      http::response<http::empty_body> res{http::status::not_modified, version};
      res.set(http::field::etag, f.etag);
      res.set(http::field::cache_control, "no-cache");
      res.keep_alive(keep_alive);
      co_return co_await write(res, 304, keep_alive);
    }
    http::file_body::value_type body;
    beast::error_code ec;
    body.open(f.path.c_str(), beast::file_mode::scan, ec);
    if (ec) co_return co_await write_simple(404, "not found", version, keep_alive, head);
    const auto size = body.size();
    auto fill = [&](auto& res) {
      res.set(http::field::server, "boyi");
      res.set(http::field::content_type, f.content_type);
      res.set(http::field::etag, f.etag);
      res.set(http::field::last_modified, f.last_modified);
      res.set(http::field::cache_control, "no-cache");
      res.set("X-Content-Type-Options", "nosniff");
      res.keep_alive(keep_alive);
    };
    if (head) {
      http::response<http::empty_body> res{http::status::ok, version};
      fill(res);
      res.content_length(size);
      co_return co_await write(res, 200, keep_alive);
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, version)};
    fill(res);
    res.content_length(size);
    co_return co_await write(res, 200, keep_alive);
  }

  // GCC 12 destroys some temporaries in co_await expressions twice: every argument of an
  // awaited call in this file is a named local or trivially destructible.
  asio::awaitable<bool> write_simple(int status, std::string_view message, unsigned version,
                                     bool keep_alive, bool head = false) {
    HttpResponse r{status, "application/json", json_error(message), {}};
    co_return co_await write_response(std::move(r), version, keep_alive, head);
  }

  asio::awaitable<bool> write_response(HttpResponse r, unsigned version, bool keep_alive,
                                       bool head) {
    if (r.status < 100 || r.status > 999) r.status = 500;
    auto fill = [&](auto& res) {
      res.set(http::field::server, "boyi");
      res.set(http::field::content_type, r.content_type);
      res.set(http::field::cache_control, "no-store");
      for (auto& [k, v] : r.headers) res.set(k, v);
      res.keep_alive(keep_alive);
      res.content_length(r.body.size());
    };
    if (head) {  // the headers say the length; no body follows
      http::response<http::empty_body> res{static_cast<http::status>(r.status), version};
      fill(res);
      co_return co_await write(res, r.status, keep_alive);
    }
    http::response<http::string_body> res{static_cast<http::status>(r.status), version};
    fill(res);
    res.body() = std::move(r.body);
    co_return co_await write(res, r.status, keep_alive);
  }

  template <class Response>
  asio::awaitable<bool> write(Response& res, int status, bool keep_alive) {
    shared_->metrics.http_request(status);
    stream_.expires_after(shared_->limits.http_request_timeout);
    boost::system::error_code ec;
    co_await http::async_write(stream_, res, asio::redirect_error(asio::use_awaitable, ec));
    co_return !ec && keep_alive;
  }

  void finish() {
    shared_->untrack(id_);
    boost::system::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.socket().close(ec);
  }

  std::shared_ptr<Shared> shared_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<Slot> slot_;
  std::uint64_t id_;
  std::string remote_;
  std::string address_;
  bool handed_off_ = false;
  bool closed_ = false;
};

}  // namespace

void start_raw_link(std::shared_ptr<Shared> shared, tcp::socket socket, std::shared_ptr<Slot> slot,
                    std::string remote, std::string address) {
  const std::uint64_t id = shared->next_id.fetch_add(1);
  auto link = std::make_shared<RawLink>(std::move(shared), std::move(socket), std::move(slot), id,
                                        std::move(remote), std::move(address));
  link->go();
}

}  // namespace boyi::net::detail
