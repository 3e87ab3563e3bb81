#include "server/admin/audit_trail.h"

#include <pwd.h>
#include <unistd.h>

#include <iostream>

#include "server/storage/records.h"
#include "server/tournament/ops/report.h"

namespace boyi::admin {

std::string operator_name() {
  if (const passwd* pw = ::getpwuid(::geteuid()); pw && pw->pw_name) {
    return std::string("boyi-admin (") + pw->pw_name + ")";
  }
  return "boyi-admin (uid " + std::to_string(::geteuid()) + ")";
}

Status record(storage::Database& db, const std::string& action, const std::string& target,
              const std::string& detail, const std::string& reason, storage::Id match) {
  storage::AuditEntry e;
  e.at_ms = storage::wall_clock_ms();
  e.actor = operator_name();
  e.action = action;
  e.target = target;
  e.detail = detail;
  e.reason = reason;
  e.match = match;
  if (auto stored = db.append_audit(e); !stored)
    return fail("done, but not in the audit log (" + action + " " + target +
                "): " + stored.message());
  return Status::Ok();
}

AuditCommands::AuditCommands(CLI::App& app) {
  auto* audit = app.add_subcommand("audit", "the audit log of admin actions")->require_subcommand(1);
  list_ = audit->add_subcommand("list", "the log, oldest first");
  list_->add_option("--match", match_, "only the entries of this match");
  list_->add_option("--limit", limit_, "at most this many")->capture_default_str();
  verify_ = audit->add_subcommand("verify", "check the hash chain; print its head");
}

std::optional<int> AuditCommands::run(storage::Database& db) {
  if (list_->parsed()) {
    auto entries = db.audit_entries(0, limit_, match_);
    if (!entries) {
      std::cerr << "boyi-admin: " << entries.message() << "\n";
      return 1;
    }
    for (const auto& e : *entries) {
      std::cout << e.id << "  " << tournament::rfc3339(e.at_ms) << "  " << e.actor << "  "
                << e.action << "  " << e.target;
      if (!e.detail.empty()) std::cout << "  " << e.detail;
      if (!e.reason.empty()) std::cout << "  (" << e.reason << ")";
      std::cout << "\n";
    }
    std::cerr << entries->size() << " entr" << (entries->size() == 1 ? "y" : "ies") << "\n";
    return 0;
  }
  if (verify_->parsed()) {
    auto broken = db.verify_audit_chain();
    if (!broken) {
      std::cerr << "boyi-admin: " << broken.message() << "\n";
      return 1;
    }
    if (*broken) {
      std::cout << "BROKEN: " << **broken << "\n";
      return 1;
    }
    auto all = db.audit_entries(0, 1 << 30);
    if (!all) return 1;
    std::cout << "the audit log holds: " << all->size() << " entries";
    if (!all->empty()) std::cout << ", head " << all->back().id << " " << all->back().hash;
    std::cout << "\n";
    return 0;
  }
  return std::nullopt;
}

}  // namespace boyi::admin
