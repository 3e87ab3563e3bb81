#include "tools/train/plot.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "tools/train/run_dir.h"

extern char** environ;

namespace boyi::train {

std::string gnuplot_quote(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'')
      quoted += "''";
    else if (c == '\n' || c == '\r')
      quoted += ' ';
    else
      quoted += c;
  }
  return quoted + "'";
}

namespace {

// The CSV's cells by column: header names, then for each column whether any
// row has a non-empty, non-zero value there.
struct ColumnsSeen {
  std::vector<std::string> names;
  std::vector<bool> any_value, any_nonzero;
};

ColumnsSeen scan_csv(const std::string& text) {
  ColumnsSeen seen;
  std::istringstream in(text);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream row(line);
    std::string cell;
    while (std::getline(row, cell, ',')) cells.push_back(cell);
    if (header) {
      seen.names = cells;
      seen.any_value.assign(cells.size(), false);
      seen.any_nonzero.assign(cells.size(), false);
      header = false;
      continue;
    }
    for (std::size_t i = 0; i < cells.size() && i < seen.names.size(); ++i) {
      if (cells[i].empty()) continue;
      seen.any_value[i] = true;
      if (std::strtod(cells[i].c_str(), nullptr) != 0) seen.any_nonzero[i] = true;
    }
  }
  return seen;
}

}  // namespace

std::string gnuplot_script(const PlotRequest& r, const std::string& csv_text) {
  const ColumnsSeen seen = scan_csv(csv_text);
  bool plot_epsilon = false;
  std::vector<std::string> evals;
  for (std::size_t i = 0; i < seen.names.size(); ++i) {
    if (seen.names[i] == "epsilon") plot_epsilon = seen.any_nonzero[i];
    if (seen.names[i].rfind("vs_", 0) == 0 && seen.any_value[i]) evals.push_back(seen.names[i]);
  }
  const std::string csv = gnuplot_quote(r.csv.string());
  std::ostringstream s;
  s << "# The learning curve of a boyi-train run: gnuplot " << gnuplot_quote(r.script.string())
    << "\n";
  s << "set terminal pngcairo size 1000,800 noenhanced font ',10'\n";
  s << "set output " << gnuplot_quote(r.png.string()) << "\n";
  s << "set datafile separator ','\n";
  s << "set datafile missing ''\n";
  s << "set multiplot layout 2,1 title " << gnuplot_quote(r.title) << "\n";
  s << "set grid\nset key top right\nset xlabel 'games'\nset xrange [0:*]\n";
  s << "set ylabel 'loss'\n";
  if (plot_epsilon) s << "set y2label 'epsilon'\nset y2tics\nset ytics nomirror\n";
  s << "plot " << csv << " using 'games':'loss' with linespoints pt 7 ps 0.4 title 'loss'";
  if (plot_epsilon) {
    s << ", \\\n     " << csv
      << " using 'games':'epsilon' axes x1y2 with lines dt 2 title 'epsilon'";
  }
  s << "\n";
  s << "unset y2label\nunset y2tics\nset ytics mirror\n";
  s << "set ylabel 'score (points per game)'\nset yrange [0:1]\n";
  if (evals.empty()) {
    s << "set label 1 'no evaluation yet' at graph 0.5, graph 0.5 center\n";
    s << "plot 0.5 with lines lt 0 title 'even'\n";
  } else {
    s << "plot 0.5 with lines lt 0 title 'even'";
    for (const auto& name : evals)
      s << ", \\\n     " << csv << " using 'games':'" << name << "' with linespoints pt 7 title "
        << gnuplot_quote(name);
    s << "\n";
  }
  s << "unset multiplot\n";
  return s.str();
}

Status plot_curve(const PlotRequest& r) {
  std::ifstream in(r.csv, std::ios::binary);
  if (!in) return fail("cannot read " + r.csv.string());
  std::ostringstream csv;
  csv << in.rdbuf();
  if (auto st = write_file_atomically(r.script, gnuplot_script(r, csv.str())); !st) return st;

  // gnuplot's messages go to the log file, not over the progress line.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log = r.log.string();
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::string program = "gnuplot", script = r.script.string();
  char* argv[] = {program.data(), script.data(), nullptr};
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return fail(std::string("cannot run gnuplot: ") + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return fail(std::string("waiting for gnuplot: ") + std::strerror(errno));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fail("gnuplot failed (see " + log + ")");
  return Status::Ok();
}

}  // namespace boyi::train
