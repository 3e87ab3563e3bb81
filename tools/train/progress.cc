#include "tools/train/progress.h"

#include <algorithm>
#include <cmath>

namespace boyi::train {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<std::int64_t>(std::llround(seconds));
  char buf[48];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%llds", static_cast<long long>(s));
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%lldm%02llds", static_cast<long long>(s / 60),
                  static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%lldh%02lldm", static_cast<long long>(s / 3600),
                  static_cast<long long>(s % 3600 / 60));
  return buf;
}

std::string progress_bar(std::int64_t done, std::int64_t total, int width) {
  std::int64_t filled = total > 0 ? done * width / total : width;
  filled = std::clamp<std::int64_t>(filled, 0, width);
  return "[" + std::string(static_cast<std::size_t>(filled), '#') +
         std::string(static_cast<std::size_t>(width - filled), '.') + "]";
}

std::string format_progress(const Progress& p) {
  char buf[256];
  std::snprintf(buf, sizeof buf, " %lld/%lld games  %.0f pos/s  loss %.4g  ε %.2f  α %.3g  ",
                static_cast<long long>(p.games), static_cast<long long>(p.target),
                p.positions_per_second, p.loss, p.epsilon, p.step_size);
  std::string line = progress_bar(p.games, p.target, 20) + buf + format_duration(p.elapsed_seconds);
  if (p.eta_seconds >= 0) line += " eta " + format_duration(p.eta_seconds);
  return line;
}

void ProgressPrinter::update(const std::string& line) {
  if (!in_place_) {
    std::fprintf(out_, "%s\n", line.c_str());
  } else {
    // Blank out what is left of a longer previous line.
    const std::size_t pad = shown_ > line.size() ? shown_ - line.size() : 0;
    std::fprintf(out_, "\r%s%s", line.c_str(), std::string(pad, ' ').c_str());
    shown_ = line.size();
  }
  std::fflush(out_);
}

void ProgressPrinter::note(const std::string& line) {
  finish();
  std::fprintf(out_, "%s\n", line.c_str());
  std::fflush(out_);
}

void ProgressPrinter::finish() {
  if (in_place_ && shown_ > 0) std::fprintf(out_, "\n");
  shown_ = 0;
  std::fflush(out_);
}

}  // namespace boyi::train
