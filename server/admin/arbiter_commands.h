// boyi-admin arbiter ...: the arbiter's console from the command line. The request goes
// through storage to the server running the match (server/matches/arbiter_desk.h), which
// carries it out as the web console's would and records it in the audit log; the command
// waits for what came of it.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace boyi::admin {

class ArbiterCommands {
 public:
  explicit ArbiterCommands(CLI::App& app);
  std::optional<int> run(storage::Database& db);

 private:
  std::vector<CLI::App*> verbs_;
  storage::Id match_ = 0;
  int seat_ = -1;
  double seconds_ = 0;
  std::string winner_, reason_;
  double wait_ = 10;
};

}  // namespace boyi::admin
