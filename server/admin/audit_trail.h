// boyi-admin's part of the audit log (server/storage/audit_log.cc): every command that
// changes something records who ran it, what it changed and why; `audit list` shows the log
// (all of it, or one match's) and `audit verify` checks its hash chain and prints its head.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "server/storage/database.h"

namespace boyi::admin {

// "boyi-admin (<the operating-system user>)": who ran a command.
std::string operator_name();

// Appends one entry now as the operator; an error names the change that went unrecorded.
Status record(storage::Database& db, const std::string& action, const std::string& target,
              const std::string& detail = "", const std::string& reason = "",
              storage::Id match = 0);

class AuditCommands {
 public:
  explicit AuditCommands(CLI::App& app);
  std::optional<int> run(storage::Database& db);

 private:
  CLI::App* list_ = nullptr;
  CLI::App* verify_ = nullptr;
  storage::Id match_ = 0;
  int limit_ = 1000;
};

}  // namespace boyi::admin
