// Metrics for the whole server: counters, gauges and fixed-bucket histograms with labels,
// rendered in the Prometheus text exposition format 0.0.4.
//
// Looking a metric up (counter(), gauge(), histogram()) takes a lock; keep the returned
// reference (it lives as long as the registry) and update it on hot paths: updates are
// lock-free atomics, safe from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace boyi::net {

using Labels = std::vector<std::pair<std::string, std::string>>;

class Counter {
 public:
  void inc(double v = 1) {
    if (v > 0) value_.fetch_add(v, std::memory_order_relaxed);
  }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

class Gauge {
 public:
  void set(double v) { value_.store(v, std::memory_order_relaxed); }
  void inc(double v = 1) { value_.fetch_add(v, std::memory_order_relaxed); }
  void dec(double v = 1) { value_.fetch_sub(v, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

class Histogram {
 public:
  // `bounds`: the upper bounds of the buckets, sorted ascending (+Inf is implicit).
  explicit Histogram(std::vector<double> bounds);
  void observe(double v);
  const std::vector<double>& bounds() const { return bounds_; }
  // Cumulative count of observations <= bounds()[i]; i == bounds().size() gives the total.
  std::uint64_t cumulative_count(std::size_t i) const;
  std::uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  double sum() const { return sum_.load(std::memory_order_relaxed); }

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // per bucket, not cumulative
  std::atomic<std::uint64_t> count_{0};
  std::atomic<double> sum_{0};
};

// Bucket bounds for latencies in seconds: 100 us .. 10 s.
std::vector<double> latency_buckets_seconds();

class MetricsRegistry {
 public:
  MetricsRegistry() = default;
  MetricsRegistry(const MetricsRegistry&) = delete;
  MetricsRegistry& operator=(const MetricsRegistry&) = delete;

  // The metric with this name and labels, created on first use. `help` is taken from the
  // first registration of the name. Names are sanitised to [a-zA-Z_:][a-zA-Z0-9_:]*; a name
  // already registered as another type yields a working metric that is not rendered.
  Counter& counter(const std::string& name, const std::string& help, const Labels& labels = {});
  Gauge& gauge(const std::string& name, const std::string& help, const Labels& labels = {});
  Histogram& histogram(const std::string& name, const std::string& help,
                       const std::vector<double>& bounds, const Labels& labels = {});

  // Prometheus text format 0.0.4 (content type "text/plain; version=0.0.4").
  std::string render() const;

 private:
  enum class Type { counter, gauge, histogram };
  struct Family {
    Type type;
    std::string help;
    std::map<std::string, std::unique_ptr<Counter>> counters;  // by rendered label set
    std::map<std::string, std::unique_ptr<Gauge>> gauges;
    std::map<std::string, std::unique_ptr<Histogram>> histograms;
  };
  Family* family(const std::string& name, const std::string& help, Type type);

  mutable std::mutex mu_;
  std::map<std::string, Family> families_;
  std::vector<std::unique_ptr<Counter>> stray_counters_;
  std::vector<std::unique_ptr<Gauge>> stray_gauges_;
  std::vector<std::unique_ptr<Histogram>> stray_histograms_;
};

inline constexpr const char* kPrometheusContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace boyi::net
