#include "server/net/metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace boyi::net {

Histogram::Histogram(std::vector<double> bounds) : bounds_(std::move(bounds)) {
  std::sort(bounds_.begin(), bounds_.end());
  bounds_.erase(std::unique(bounds_.begin(), bounds_.end()), bounds_.end());
  bounds_.erase(std::remove_if(bounds_.begin(), bounds_.end(),
                               [](double b) { return std::isnan(b) || std::isinf(b); }),
                bounds_.end());
  buckets_ = std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1);
  for (std::size_t i = 0; i <= bounds_.size(); ++i) buckets_[i].store(0);
}

void Histogram::observe(double v) {
  if (std::isnan(v)) return;
  const auto it = std::lower_bound(bounds_.begin(), bounds_.end(), v);
  buckets_[static_cast<std::size_t>(it - bounds_.begin())].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(v, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t Histogram::cumulative_count(std::size_t i) const {
  std::uint64_t total = 0;
  for (std::size_t k = 0; k <= std::min(i, bounds_.size()); ++k) {
    total += buckets_[k].load(std::memory_order_relaxed);
  }
  return total;
}

std::vector<double> latency_buckets_seconds() {
  return {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
          0.05,   0.1,     0.25,   0.5,   1,      2.5,   5,    10};
}

namespace {

std::string sanitize_name(const std::string& name) {
  std::string out = name.empty() ? std::string("_") : name;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
                    (i > 0 && c >= '0' && c <= '9');
    if (!ok) out[i] = '_';
  }
  return out;
}

std::string escape(const std::string& s, bool quote) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (quote && c == '"') {
      out += "\\\"";
    } else {
      out += c;
    }
  }
  return out;
}

// {a="x",b="y"} or "" — also the key that identifies a metric within its family.
std::string render_labels(const Labels& labels, const std::string& extra = {}) {
  if (labels.empty() && extra.empty()) return {};
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : labels) {
    if (!first) out += ',';
    first = false;
    out += sanitize_name(k) + "=\"" + escape(v, true) + "\"";
  }
  if (!extra.empty()) {
    if (!first) out += ',';
    out += extra;
  }
  out += '}';
  return out;
}

// Adds `extra` (le="...") to an already rendered label set.
std::string with_label(const std::string& rendered, const std::string& extra) {
  if (rendered.empty()) return "{" + extra + "}";
  return rendered.substr(0, rendered.size() - 1) + "," + extra + "}";
}

std::string format_value(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace

MetricsRegistry::Family* MetricsRegistry::family(const std::string& name, const std::string& help,
                                                 Type type) {
  auto [it, inserted] = families_.try_emplace(sanitize_name(name));
  if (inserted) {
    it->second.type = type;
    it->second.help = help;
  }
  return it->second.type == type ? &it->second : nullptr;
}

Counter& MetricsRegistry::counter(const std::string& name, const std::string& help,
                                  const Labels& labels) {
  std::lock_guard lock(mu_);
  Family* f = family(name, help, Type::counter);
  if (!f) return *stray_counters_.emplace_back(std::make_unique<Counter>());
  auto& slot = f->counters[render_labels(labels)];
  if (!slot) slot = std::make_unique<Counter>();
  return *slot;
}

Gauge& MetricsRegistry::gauge(const std::string& name, const std::string& help,
                              const Labels& labels) {
  std::lock_guard lock(mu_);
  Family* f = family(name, help, Type::gauge);
  if (!f) return *stray_gauges_.emplace_back(std::make_unique<Gauge>());
  auto& slot = f->gauges[render_labels(labels)];
  if (!slot) slot = std::make_unique<Gauge>();
  return *slot;
}

Histogram& MetricsRegistry::histogram(const std::string& name, const std::string& help,
                                      const std::vector<double>& bounds, const Labels& labels) {
  std::lock_guard lock(mu_);
  Family* f = family(name, help, Type::histogram);
  if (!f) return *stray_histograms_.emplace_back(std::make_unique<Histogram>(bounds));
  auto& slot = f->histograms[render_labels(labels)];
  if (!slot) slot = std::make_unique<Histogram>(bounds);
  return *slot;
}

std::string MetricsRegistry::render() const {
  std::lock_guard lock(mu_);
  std::string out;
  for (const auto& [name, f] : families_) {
    static constexpr const char* kTypeNames[] = {"counter", "gauge", "histogram"};
    out += "# HELP " + name + " " + escape(f.help, false) + "\n";
    out += "# TYPE " + name + " " + kTypeNames[static_cast<int>(f.type)] + "\n";
    for (const auto& [labels, c] : f.counters) {
      out += name + labels + " " + format_value(c->value()) + "\n";
    }
    for (const auto& [labels, g] : f.gauges) {
      out += name + labels + " " + format_value(g->value()) + "\n";
    }
    for (const auto& [labels, h] : f.histograms) {
      const auto& bounds = h->bounds();
      for (std::size_t i = 0; i <= bounds.size(); ++i) {
        const std::string le =
            "le=\"" + (i < bounds.size() ? format_value(bounds[i]) : std::string("+Inf")) + "\"";
        out += name + "_bucket" + with_label(labels, le) + " " +
               std::to_string(h->cumulative_count(i)) + "\n";
      }
      out += name + "_sum" + labels + " " + format_value(h->sum()) + "\n";
      out += name + "_count" + labels + " " + std::to_string(h->cumulative_count(bounds.size())) +
             "\n";
    }
  }
  return out;
}

}  // namespace boyi::net
