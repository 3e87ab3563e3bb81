#include "server/admin/cluster_command.h"

#include <iomanip>
#include <iostream>

#include "server/storage/cluster_store.h"

namespace boyi::admin {

ClusterCommand::ClusterCommand(CLI::App& app) {
  cluster_ = app.add_subcommand("cluster", "the servers sharing this database, and their matches");
  cluster_->add_option("--lease-ms", lease_ms_, "the servers' node_lease_ms")
      ->capture_default_str()
      ->check(CLI::Range(1, 3'600'000));
}

std::optional<int> ClusterCommand::run(storage::Database& db) {
  if (!cluster_->parsed()) return std::nullopt;
  storage::ClusterStore store(db);
  auto nodes = store.nodes(lease_ms_);
  if (!nodes) {
    std::cerr << "boyi-admin: " << nodes.message() << "\n";
    return 1;
  }
  if (nodes->empty()) {
    std::cout << "no server is running on this database\n";
    return 0;
  }
  std::cout << std::left << std::setw(6) << "node" << std::setw(34) << "name" << std::setw(9)
            << "state" << std::setw(14) << "heartbeat" << std::setw(9) << "matches"
            << "taken over\n";
  for (const auto& n : *nodes) {
    const char* state = n.alive ? "alive" : n.stopped ? "stopped" : "silent";
    std::cout << std::setw(6) << n.id << std::setw(34) << n.name << std::setw(9) << state
              << std::setw(14) << (std::to_string(std::max<std::int64_t>(0, n.silent_ms)) + " ms ago")
              << std::setw(9) << n.matches << n.takeovers << "\n";
  }
  return 0;
}

}  // namespace boyi::admin
