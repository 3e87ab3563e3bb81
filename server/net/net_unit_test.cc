// Socket-free parts of the network layer: sniffing, metrics, static paths, rate limit, routes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "server/net/http_routes.h"
#include "server/net/metrics.h"
#include "server/net/rate_limiter.h"
#include "server/net/sniff.h"
#include "server/net/static_files.h"

namespace boyi::net {
namespace {

TEST(NetSniff, DetectsEveryTransport) {
  EXPECT_EQ(sniff_transport(""), Sniffed::need_more);
  EXPECT_EQ(sniff_transport("G"), Sniffed::need_more);
  EXPECT_EQ(sniff_transport("GE"), Sniffed::need_more);
  EXPECT_EQ(sniff_transport("GET "), Sniffed::http);
  EXPECT_EQ(sniff_transport("POST /api HTTP/1.1"), Sniffed::http);
  EXPECT_EQ(sniff_transport("HEAD / HTTP/1.1"), Sniffed::http);
  EXPECT_EQ(sniff_transport("OPTIONS "), Sniffed::http);
  EXPECT_EQ(sniff_transport("{\"hello\":1}\n"), Sniffed::json);
  EXPECT_EQ(sniff_transport("  \r\n\t{"), Sniffed::json);
  EXPECT_EQ(sniff_transport("   "), Sniffed::need_more);
  EXPECT_EQ(sniff_transport(std::string("\0\0\0\x05hello", 9)), Sniffed::binary);
  EXPECT_EQ(sniff_transport(std::string(1, '\0')), Sniffed::binary);
  EXPECT_EQ(sniff_transport("GEX"), Sniffed::binary);
  EXPECT_EQ(sniff_transport("get /"), Sniffed::binary);  // methods are case-sensitive
  EXPECT_EQ(sniff_transport("  x"), Sniffed::binary);
  EXPECT_EQ(sniff_transport(std::string(kMaxSniffWhitespace + 1, ' ')), Sniffed::binary);
}

TEST(NetMetrics, RendersPrometheusText) {
  MetricsRegistry r;
  r.counter("moves_total", "Moves played", {{"game", "gomoku"}}).inc(3);
  r.counter("moves_total", "ignored", {{"game", "junqi"}}).inc();
  r.gauge("open", "Open things\nsecond line").set(-2.5);
  auto& h = r.histogram("lat_seconds", "Latency", {0.125, 1}, {{"path", "a\"b\\c"}});
  h.observe(0.0625);
  h.observe(0.125);
  h.observe(0.5);
  h.observe(7);
  const std::string text = r.render();
  const std::string want =
      "# HELP lat_seconds Latency\n"
      "# TYPE lat_seconds histogram\n"
      "lat_seconds_bucket{path=\"a\\\"b\\\\c\",le=\"0.125\"} 2\n"
      "lat_seconds_bucket{path=\"a\\\"b\\\\c\",le=\"1\"} 3\n"
      "lat_seconds_bucket{path=\"a\\\"b\\\\c\",le=\"+Inf\"} 4\n"
      "lat_seconds_sum{path=\"a\\\"b\\\\c\"} 7.6875\n"
      "lat_seconds_count{path=\"a\\\"b\\\\c\"} 4\n"
      "# HELP moves_total Moves played\n"
      "# TYPE moves_total counter\n"
      "moves_total{game=\"gomoku\"} 3\n"
      "moves_total{game=\"junqi\"} 1\n"
      "# HELP open Open things\\nsecond line\n"
      "# TYPE open gauge\n"
      "open -2.5\n";
  EXPECT_EQ(text, want);
}

TEST(NetMetrics, SameNameSameMetricAndTypeClashIsDetached) {
  MetricsRegistry r;
  Counter& a = r.counter("x_total", "x", {{"k", "v"}});
  Counter& b = r.counter("x_total", "x", {{"k", "v"}});
  EXPECT_EQ(&a, &b);
  Gauge& g = r.gauge("x_total", "clash");
  g.set(5);
  EXPECT_EQ(r.render().find("gauge"), std::string::npos);
  r.counter("bad name-1", "sanitised").inc();
  EXPECT_NE(r.render().find("bad_name_1 1\n"), std::string::npos);
}

TEST(NetMetrics, ConcurrentUpdatesAreNotLost) {
  MetricsRegistry r;
  Counter& c = r.counter("c_total", "c");
  Histogram& h = r.histogram("h", "h", latency_buckets_seconds());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20000; ++i) {
        c.inc();
        h.observe(0.001);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(c.value(), 80000);
  EXPECT_EQ(h.count(), 80000u);
  EXPECT_EQ(h.cumulative_count(h.bounds().size()), 80000u);
}

class NetStaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    dir_ = std::filesystem::temp_directory_path() / ("boyi-static-" + std::to_string(rd()));
    std::filesystem::create_directories(dir_ / "www" / "css");
    std::ofstream(dir_ / "www" / "index.html") << "hi";
    std::ofstream(dir_ / "www" / "css" / "a b.css") << "body{}";
    std::ofstream(dir_ / "outside.txt") << "no";
    std::filesystem::create_symlink(dir_ / "outside.txt", dir_ / "www" / "link.txt");
    std::filesystem::create_directory_symlink(dir_, dir_ / "www" / "up");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(NetStaticFiles, ResolvesInsideTheRootOnly) {
  const auto root = dir_ / "www";
  auto idx = resolve_static_file(root, "/");
  ASSERT_EQ(idx.status, 200);
  EXPECT_EQ(idx.path.filename(), "index.html");
  EXPECT_EQ(idx.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(idx.size, 2u);
  EXPECT_FALSE(idx.etag.empty());
  std::string decoded;
  ASSERT_TRUE(percent_decode("/css/a%20b.css", decoded));
  auto css = resolve_static_file(root, decoded);
  ASSERT_EQ(css.status, 200);
  EXPECT_EQ(css.content_type, "text/css; charset=utf-8");
  EXPECT_EQ(resolve_static_file(root, "/css").status, 404);  // a directory without index.html
  EXPECT_EQ(resolve_static_file(root, "/missing.js").status, 404);
  EXPECT_EQ(resolve_static_file(root, "/../outside.txt").status, 403);
  EXPECT_EQ(resolve_static_file(root, "/css/../index.html").status, 403);
  EXPECT_EQ(resolve_static_file(root, "/./index.html").status, 403);
  EXPECT_EQ(resolve_static_file(root, "/css//a b.css").status, 403);
  EXPECT_EQ(resolve_static_file(root, "/link.txt").status, 403);  // symlink out of the root
  EXPECT_EQ(resolve_static_file(root, "/up/outside.txt").status, 403);
  EXPECT_EQ(resolve_static_file(root, "\\index.html").status, 403);
  EXPECT_FALSE(percent_decode("/a%2", decoded));
  EXPECT_FALSE(percent_decode("/a%00b", decoded));
  EXPECT_FALSE(percent_decode("/a%zz", decoded));
  EXPECT_EQ(content_type_for("x.wasm"), "application/wasm");
  EXPECT_EQ(content_type_for("x.unknown"), "application/octet-stream");
}

TEST(NetRateLimiter, TokenBucketRefillsAtRateUpToBurst) {
  using C = RateLimiter::Clock;
  const C::time_point t0{};
  RateLimiter r(10, 3, t0);
  EXPECT_TRUE(r.try_take(t0));
  EXPECT_TRUE(r.try_take(t0));
  EXPECT_TRUE(r.try_take(t0));
  EXPECT_FALSE(r.try_take(t0));
  EXPECT_FALSE(r.try_take(t0 + std::chrono::milliseconds(50)));  // half a token
  EXPECT_TRUE(r.try_take(t0 + std::chrono::milliseconds(100)));
  EXPECT_FALSE(r.try_take(t0 + std::chrono::milliseconds(100)));
  // A long pause refills only up to the burst.
  const auto t1 = t0 + std::chrono::seconds(60);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(r.try_take(t1));
  EXPECT_FALSE(r.try_take(t1));
}

TEST(NetHttpRoutes, LongestPrefixAndMethod) {
  HttpRoutes routes;
  routes.add_route("GET", "/api", [](const HttpRequest&) {
    return HttpResponse{200, "a", "api", {}};
  });
  routes.add_route("GET", "/api/games/", [](const HttpRequest&) {
    return HttpResponse{200, "a", "games", {}};
  });
  auto call = [&](const std::string& m, const std::string& p) -> std::string {
    auto h = routes.find(m, p);
    if (!h) return "none";
    std::string got;
    (*h)(HttpRequest{}, HttpResponder([&](HttpResponse r) { got = r.body; }));
    return got;
  };
  EXPECT_EQ(call("GET", "/api/games/7"), "games");
  EXPECT_EQ(call("GET", "/api/games"), "games");
  EXPECT_EQ(call("HEAD", "/api/games"), "games");
  EXPECT_EQ(call("GET", "/api/records"), "api");
  EXPECT_EQ(call("GET", "/apix"), "none");
  bool matched = false;
  EXPECT_FALSE(routes.find("POST", "/api/games", &matched));
  EXPECT_TRUE(matched);
}

TEST(NetHttpRoutes, DroppedResponderAnswers500Once) {
  std::vector<int> statuses;
  {
    HttpResponder r([&](HttpResponse resp) { statuses.push_back(resp.status); });
  }
  EXPECT_EQ(statuses, std::vector<int>{500});
  {
    HttpResponder r([&](HttpResponse resp) { statuses.push_back(resp.status); });
    r(HttpResponse{204, "", "", {}});
    r(HttpResponse{200, "", "", {}});
  }
  EXPECT_EQ(statuses, (std::vector<int>{500, 204}));
}

}  // namespace
}  // namespace boyi::net
