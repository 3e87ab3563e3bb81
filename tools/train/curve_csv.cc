#include "tools/train/curve_csv.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace boyi::train {

std::string column_name(std::string_view text) {
  std::string name;
  for (char c : text) name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return name.empty() ? "_" : name;
}

const std::vector<std::string>& base_columns() {
  static const std::vector<std::string> columns = {"games", "positions", "seconds",
                                                   "loss",  "epsilon",   "step_size"};
  return columns;
}

namespace {

std::string format_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::vector<std::string> split_header(const std::string& line) {
  std::vector<std::string> columns;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) {
    if (!cell.empty() && cell.back() == '\r') cell.pop_back();
    columns.push_back(cell);
  }
  return columns;
}

}  // namespace

Result<CurveCsv> CurveCsv::open(const std::filesystem::path& file,
                                std::vector<std::string> eval_columns) {
  CurveCsv csv;
  csv.file_ = file;
  csv.eval_columns_ = std::move(eval_columns);
  std::ifstream in(file, std::ios::binary);
  std::string header;
  if (in && std::getline(in, header) && !header.empty()) {
    auto columns = split_header(header);
    const auto& base = base_columns();
    if (columns.size() < base.size() || !std::equal(base.begin(), base.end(), columns.begin()))
      return fail(file.string() + ": not a learning curve of boyi-train (header '" + header + "')");
    csv.columns_ = std::move(columns);
  }
  return csv;
}

Status CurveCsv::append(const CurveRow& row) {
  std::string text;
  if (columns_.empty()) {
    columns_ = base_columns();
    for (const auto& [key, value] : row.extra) columns_.push_back(column_name(key));
    for (const auto& name : eval_columns_) columns_.push_back(column_name(name));
    for (std::size_t i = 0; i < columns_.size(); ++i) text += (i ? "," : "") + columns_[i];
    text += "\n";
  } else {
    // A run killed in the middle of a row leaves no newline: start a fresh line.
    std::ifstream in(file_, std::ios::binary | std::ios::ate);
    if (in && in.tellg() > 0) {
      in.seekg(-1, std::ios::end);
      if (in.get() != '\n') text += "\n";
    }
  }
  std::map<std::string, std::string> cells = {
      {"games", std::to_string(row.games)},    {"positions", std::to_string(row.positions)},
      {"seconds", format_number(row.seconds)}, {"loss", format_number(row.loss)},
      {"epsilon", format_number(row.epsilon)}, {"step_size", format_number(row.step_size)}};
  for (const auto& [key, value] : row.extra) cells.emplace(column_name(key), format_number(value));
  for (const auto& [key, value] : row.eval) cells.emplace(column_name(key), format_number(value));
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (i) text += ",";
    if (auto it = cells.find(columns_[i]); it != cells.end()) text += it->second;
  }
  text += "\n";
  std::ofstream out(file_, std::ios::binary | std::ios::app);
  out << text;
  out.flush();
  if (!out) return fail("cannot write " + file_.string());
  return Status::Ok();
}

}  // namespace boyi::train
