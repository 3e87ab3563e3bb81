// boyi-admin's tournament and rating commands (server/tournament/README.md): create, list,
// show (standings and crosstable as text), report (the JSON report), events, join, and the
// status commands start, pause, resume, cancel; rating list and rating history. They work
// on the database like every other command; a running server notices within a second.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

#include "server/accounts/accounts.h"

namespace boyi::admin {

class TournamentCommands {
 public:
  // Adds the "tournament" and "rating" subcommands to the program.
  explicit TournamentCommands(CLI::App& app);
  // The exit code when one of them was given, else nullopt.
  std::optional<int> run(storage::Database& db, accounts::Accounts& accounts);

 private:
  int create(storage::Database& db, accounts::Accounts& accounts);
  int show(storage::Database& db);

  CLI::App* tournament_ = nullptr;
  CLI::App* create_ = nullptr;
  CLI::App* list_ = nullptr;
  CLI::App* show_ = nullptr;
  CLI::App* report_ = nullptr;
  CLI::App* events_ = nullptr;
  CLI::App* announce_ = nullptr;
  CLI::App* join_ = nullptr;
  std::vector<CLI::App*> verbs_;  // start, pause, resume, cancel
  CLI::App* rating_ = nullptr;
  CLI::App* rating_list_ = nullptr;
  CLI::App* rating_history_ = nullptr;

  std::string name_, file_, preset_, game_, rules_, format_, settings_, user_, text_;
  std::vector<std::string> entrants_;
  std::int64_t total_ms_ = -1, per_move_ms_ = -1, increment_ms_ = -1;
  std::int64_t id_ = 0;
  bool all_ = false;
  int limit_ = 50;
};

}  // namespace boyi::admin
