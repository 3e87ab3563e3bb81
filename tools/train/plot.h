// The learning curve's PNG: a gnuplot script written next to the CSV and run
// with gnuplot's pngcairo terminal. Two panels against games: the loss (and ε
// on the right axis when the method explores), and the evaluation scores.
// gnuplot is started without a shell (posix_spawnp), and every path in the
// script is a quoted gnuplot string, so no out dir name can inject commands.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::train {

// `text` as a single-quoted gnuplot string ('' stands for a quote inside).
std::string gnuplot_quote(std::string_view text);

struct PlotRequest {
  std::filesystem::path csv, png, script, log;  // log: gnuplot's messages
  std::string title;
};

// The script for a curve.csv whose text is `csv_text`: its header says which
// columns there are; evaluation columns (vs_...) without any value, and ε
// when it is always 0, are left out of the plot.
std::string gnuplot_script(const PlotRequest& request, const std::string& csv_text);

// Writes the script and runs gnuplot on it. An error (gnuplot missing or
// failing) is for the caller to warn about; training goes on without a plot.
Status plot_curve(const PlotRequest& request);

}  // namespace boyi::train
