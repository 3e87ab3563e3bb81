// boyi-admin export: finished games as training data (server/export): one episode per seat —
// what the seat was told, its views, legal moves and actions, and the result — as JSON lines
// or as NumPy arrays (.npz).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "server/storage/database.h"

namespace boyi::admin {

class ExportCommand {
 public:
  explicit ExportCommand(CLI::App& app);
  // The exit code when `export` was given, else nullopt.
  std::optional<int> run(storage::Database& db);

 private:
  CLI::App* export_ = nullptr;
  std::string game_, format_ = "jsonl", out_;
  int limit_ = 100000;
};

}  // namespace boyi::admin
