// boyi-admin: the operator's tool for accounts and matches, working directly on
// the server's database (<data dir>/boyi.sqlite3; safe while the server runs,
// thanks to WAL and the busy timeout).
//
// Exit codes: 0 done, 1 the command failed (message on stderr), 2 usage error,
// 3 the database could not be opened.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "server/accounts/accounts.h"
#include "server/admin/arbiter_commands.h"
#include "server/admin/audit_trail.h"
#include "server/admin/cluster_command.h"
#include "server/admin/export_command.h"
#include "server/admin/format.h"
#include "server/admin/tournament_commands.h"
#include "server/storage/backup.h"
#include "server/storage/database.h"

namespace {

using boyi::accounts::Accounts;
namespace storage = boyi::storage;

constexpr int kFailed = 1, kNoDatabase = 3;

// The password: the first line of --password-file, or of standard input.
boyi::Result<std::string> read_password(const std::string& file) {
  std::string line;
  if (!file.empty()) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return boyi::fail("cannot read password file " + file);
    std::getline(in, line);
  } else {
    if (!std::getline(std::cin, line)) return boyi::fail("no password on standard input");
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

int report(const boyi::Status& s) {
  if (s.ok()) return 0;
  std::cerr << "boyi-admin: " << s.message() << "\n";
  return kFailed;
}

// Every command that changes something leaves an entry in the audit log.
using boyi::admin::record;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boyi-admin: manage Boyi accounts and inspect matches"};
  app.require_subcommand(1);
  std::string data_dir = "data";
  if (const char* from_env = std::getenv("BOYI_DATA")) data_dir = from_env;
  app.add_option("--data", data_dir, "data directory of the server (also BOYI_DATA)")
      ->capture_default_str();
  std::string storage_url;
  if (const char* from_env = std::getenv("BOYI_STORAGE")) storage_url = from_env;
  app.add_option("--storage", storage_url,
                 "the server's storage: \"sqlite\" (default: the file in --data) or "
                 "postgresql://user@host/db (also BOYI_STORAGE)");
  boyi::accounts::Argon2Params params;
  app.add_option("--argon2-iterations", params.t_cost, "argon2id time cost")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  app.add_option("--argon2-memory-kib", params.m_cost_kib, "argon2id memory in KiB")
      ->capture_default_str()
      ->check(CLI::Range(8u, 4u * 1024u * 1024u));

  auto* user = app.add_subcommand("user", "people and their roles")->require_subcommand(1);
  std::string name, role, password_file, owner;
  bool admin = false, running_only = false;
  int limit = 50;
  std::int64_t match_id = 0;

  auto* user_add = user->add_subcommand("add", "add a person (password on stdin or from a file)");
  user_add->add_option("NAME", name)->required();
  user_add->add_flag("--admin", admin, "give the admin role");
  user_add->add_option("--password-file", password_file, "read the password from this file");
  auto* user_list = user->add_subcommand("list", "list every account");
  auto* user_role = user->add_subcommand("set-role", "make an account admin or user");
  user_role->add_option("NAME", name)->required();
  user_role->add_option("ROLE", role)->required()->check(CLI::IsMember({"admin", "user"}));
  auto* user_disable = user->add_subcommand("disable", "stop an account from logging in");
  user_disable->add_option("NAME", name)->required();
  auto* user_enable = user->add_subcommand("enable", "let a disabled account log in again");
  user_enable->add_option("NAME", name)->required();
  int mute_minutes = 60;
  std::string mute_reason;
  auto* user_mute = user->add_subcommand("mute", "stop an account from chatting for a while");
  user_mute->add_option("NAME", name)->required();
  user_mute->add_option("--minutes", mute_minutes, "how long")
      ->capture_default_str()
      ->check(CLI::Range(1, 366 * 24 * 60));
  user_mute->add_option("--reason", mute_reason, "why (kept with the mute)");
  auto* user_unmute = user->add_subcommand("unmute", "let a muted account chat again");
  user_unmute->add_option("NAME", name)->required();

  auto* bot = app.add_subcommand("bot", "bot accounts and their tokens")->require_subcommand(1);
  auto* bot_add = bot->add_subcommand("add", "add a bot; prints its token once");
  bot_add->add_option("NAME", name)->required();
  bot_add->add_option("--owner", owner, "the person who owns the bot");
  auto* bot_rotate = bot->add_subcommand("rotate-token", "new token; the old one stops working");
  bot_rotate->add_option("NAME", name)->required();

  auto* match = app.add_subcommand("match", "inspect matches")->require_subcommand(1);
  auto* match_list = match->add_subcommand("list", "list matches, newest first");
  match_list->add_flag("--running", running_only, "only running matches");
  match_list->add_option("--limit", limit, "at most this many")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  auto* match_show = match->add_subcommand("show", "a match and its journal in order");
  match_show->add_option("ID", match_id)->required();
  boyi::admin::TournamentCommands tournaments(app);  // tournament ..., rating ...
  boyi::admin::ExportCommand export_command(app);     // export
  boyi::admin::AuditCommands audit_commands(app);     // audit list, audit verify
  boyi::admin::ArbiterCommands arbiter_commands(app);  // arbiter pause|...|void MATCH
  boyi::admin::ClusterCommand cluster_command(app);    // cluster
  std::string backup_file;
  auto* backup = app.add_subcommand(
      "backup", "write a consistent backup of the database while the server runs");
  backup->add_option("FILE", backup_file, "the backup file (must not exist)")->required();
  auto* restore =
      app.add_subcommand("restore",
                         "restore a backup into an empty database (a fresh --data, or an empty "
                         "PostgreSQL database)");
  restore->add_option("FILE", backup_file, "a file made by backup")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // help is not an error; CLI11's own codes are 100+
  }

  storage::DatabaseOptions options(data_dir);
  options.storage = storage_url;
  // These two work on the database as a whole, before (or instead of) opening it.
  if (backup->parsed()) {
    if (auto s = storage::backup_database(options, backup_file); !s) return report(s);
    std::cout << "backed up to " << backup_file << "\n";
    return 0;
  }
  if (restore->parsed()) {
    if (auto s = storage::restore_database(backup_file, options); !s) return report(s);
    std::cout << "restored " << backup_file << "\n";
    return 0;
  }
  auto opened = storage::Database::open(options);
  if (!opened) {
    std::cerr << "boyi-admin: " << opened.message() << "\n";
    return kNoDatabase;
  }
  storage::Database& db = *opened.value();
  Accounts accounts(db, params);

  if (user_add->parsed()) {
    auto password = read_password(password_file);
    if (!password) return report(password.status());
    auto u = accounts.create_human(name, *password,
                                   admin ? storage::Role::kAdmin : storage::Role::kUser);
    if (!u) return report(u.status());
    std::cout << "added " << to_string(u->role) << " " << u->name << " (id " << u->id << ")\n";
    return report(record(db, "user.add", "user " + u->name, std::string(to_string(u->role))));
  }
  if (user_list->parsed()) {
    auto users = db.list_users();
    if (!users) return report(users.status());
    boyi::admin::print_users(std::cout, *users);
    return 0;
  }
  if (user_role->parsed()) {
    auto r = storage::parse_role(role);
    if (auto s = accounts.set_role(name, *r); !s) return report(s);
    std::cout << name << " is now " << role << "\n";
    return report(record(db, "user.set_role", "user " + name, role));
  }
  if (user_disable->parsed() || user_enable->parsed()) {
    const bool off = user_disable->parsed();
    if (auto s = off ? accounts.disable(name) : accounts.enable(name); !s) return report(s);
    std::cout << name << (off ? " disabled\n" : " enabled\n");
    return report(record(db, off ? "user.disable" : "user.enable", "user " + name));
  }
  if (user_mute->parsed() || user_unmute->parsed()) {
    auto found = db.user_by_name(name);
    if (!found) return report(found.status());
    const std::int64_t until = storage::wall_clock_ms() + std::int64_t{mute_minutes} * 60'000;
    if (auto s = user_mute->parsed() ? db.mute_chat(found->id, until, mute_reason)
                                     : db.unmute_chat(found->id);
        !s)
      return report(s);
    if (user_mute->parsed()) {
      std::cout << name << " muted for " << mute_minutes << " min\n";
      return report(record(db, "user.mute", "user " + name,
                          "for " + std::to_string(mute_minutes) + " min", mute_reason));
    }
    std::cout << name << " may chat again\n";
    return report(record(db, "user.unmute", "user " + name));
  }
  if (bot_add->parsed()) {
    auto created = owner.empty() ? accounts.create_bot(name) : accounts.create_bot(name, owner);
    if (!created) return report(created.status());
    std::cerr << "added bot " << created->user.name << " (id " << created->user.id
              << "); its token follows and will not be shown again\n";
    std::cout << created->token << "\n";
    return report(record(db, "bot.add", "user " + created->user.name,
                        owner.empty() ? "" : "owner " + owner));
  }
  if (bot_rotate->parsed()) {
    auto token = accounts.rotate_token(name);
    if (!token) return report(token.status());
    std::cerr << "new token for " << name << "; the old one no longer works\n";
    std::cout << *token << "\n";
    return report(record(db, "bot.rotate_token", "user " + name));
  }
  if (auto code = tournaments.run(db, accounts)) return *code;
  if (auto code = export_command.run(db)) return *code;
  if (auto code = audit_commands.run(db)) return *code;
  if (auto code = arbiter_commands.run(db)) return *code;
  if (auto code = cluster_command.run(db)) return *code;
  if (match_list->parsed()) {
    auto matches = running_only ? db.running_matches() : db.list_matches(std::nullopt, limit);
    if (!matches) return report(matches.status());
    boyi::admin::print_matches(std::cout, db, *matches);
    return 0;
  }
  if (match_show->parsed()) {
    auto m = db.match_by_id(match_id);
    if (!m) return report(m.status());
    auto journal = db.journal_of(match_id);
    if (!journal) return report(journal.status());
    boyi::admin::print_match(std::cout, db, *m, *journal);
    return 0;
  }
  return 2;
}
