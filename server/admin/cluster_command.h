// boyi-admin cluster: the servers sharing this PostgreSQL database (server/cluster): each
// server run that is alive or still hosts matches, with its heartbeat, the running matches it
// hosts and those it took over, and who runs the tournaments.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>

#include "server/storage/database.h"

namespace boyi::admin {

class ClusterCommand {
 public:
  explicit ClusterCommand(CLI::App& app);
  // The exit code when `cluster` was given, else nullopt.
  std::optional<int> run(storage::Database& db);

 private:
  CLI::App* cluster_ = nullptr;
  std::int64_t lease_ms_ = 5000;
};

}  // namespace boyi::admin
