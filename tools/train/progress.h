// The progress line of a training run:
//   [######..............] 1200/5000 games  340 pos/s  loss 0.0123  ε 0.10  α 0.05  2m10s eta 5m03s
// rewritten in place on a terminal, one line per chunk otherwise (a log file
// or a pipe gets every line).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace boyi::train {

struct Progress {
  std::int64_t games = 0;   // done so far (over resumed runs too)
  std::int64_t target = 0;  // the run's --games
  double positions_per_second = 0;
  double loss = 0;
  double epsilon = 0;
  double step_size = 0;
  double elapsed_seconds = 0;  // this run's wall time
  double eta_seconds = -1;     // < 0: unknown
};

// "42s", "2m10s", "1h05m".
std::string format_duration(double seconds);
// "[#####.....]": `width` cells, done/total of them filled.
std::string progress_bar(std::int64_t done, std::int64_t total, int width);
std::string format_progress(const Progress& progress);

// Writes progress lines and notes to one stream (stderr by default).
class ProgressPrinter {
 public:
  // `in_place`: rewrite one line with '\r' (a terminal).
  ProgressPrinter(std::FILE* out, bool in_place) : out_(out), in_place_(in_place) {}
  void update(const std::string& line);
  // A line of its own (an evaluation result), keeping the progress line intact.
  void note(const std::string& line);
  // Ends the in-place line.
  void finish();

 private:
  std::FILE* out_;
  bool in_place_;
  std::size_t shown_ = 0;  // length of the line on screen (in place), 0 if none
};

}  // namespace boyi::train
