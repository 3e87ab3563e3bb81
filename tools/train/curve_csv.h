// The learning curve as CSV: one row per chunk of training, appended as it
// happens (and on resume), so a plot or a spreadsheet can follow a run live.
//
// The columns are fixed at the first row ever written to the file: games,
// positions, seconds, loss, epsilon, step_size, then the method's extra keys
// (sorted, as the first row has them), then the evaluation columns. A later
// row leaves a column empty when it has no value for it (an evaluation column
// outside evaluation rows) and drops keys that have no column. Reopening a
// file that already has a header keeps that header's columns.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::train {

struct CurveRow {
  std::int64_t games = 0;      // total games so far
  std::int64_t positions = 0;  // total positions so far
  double seconds = 0;          // total wall seconds so far
  double loss = 0;             // this chunk's loss
  double epsilon = 0;
  double step_size = 0;
  std::map<std::string, double> extra;  // the method's own figures
  std::map<std::string, double> eval;   // evaluation column -> score; empty when none
};

// A name usable as a CSV column and a gnuplot column header: letters, digits
// and '_' kept, anything else becomes '_' ("alphabeta:depth=4" ->
// "alphabeta_depth_4").
std::string column_name(std::string_view text);

// The fixed leading columns.
const std::vector<std::string>& base_columns();

class CurveCsv {
 public:
  // A curve in `file`; `eval_columns` are the evaluation columns a new file
  // gets. An existing file's header must start with the base columns.
  static Result<CurveCsv> open(const std::filesystem::path& file,
                               std::vector<std::string> eval_columns);

  // Appends one row (writing the header first when the file has none).
  Status append(const CurveRow& row);

  // The columns, once fixed (empty before the first row of a new file).
  const std::vector<std::string>& columns() const { return columns_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  std::vector<std::string> eval_columns_;
  std::vector<std::string> columns_;
};

}  // namespace boyi::train
