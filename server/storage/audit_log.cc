// The audit log: every admin action and every change of a result — who, when, what, why —
// append-only, each entry chained to the one before by a SHA-256 hash over that hash and all
// its own fields, so an entry edited or removed inside the log breaks the chain at that
// point (verify_audit_chain). Removing the newest entries leaves a shorter chain that still
// holds: the head hash (boyi-admin audit verify prints it) is what to note down or publish.
#include "base/crypto/crypto.h"
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {
namespace {

const std::string kGenesis(64, '0');

constexpr const char* kColumns =
    "id, at_ms, actor, action, target, detail, reason, match_id, prev_hash, hash";

AuditEntry read_entry(const Statement& q) {
  AuditEntry e;
  e.id = q.int64(0);
  e.at_ms = q.int64(1);
  e.actor = q.text(2);
  e.action = q.text(3);
  e.target = q.text(4);
  e.detail = q.text(5);
  e.reason = q.text(6);
  e.match = q.int64(7);
  e.prev_hash = q.text(8);
  e.hash = q.text(9);
  return e;
}

}  // namespace

std::string Database::audit_hash(const AuditEntry& e) {
  // Lengths first: no field's text can shift into another's.
  std::string text = "boyi-audit/1";
  for (const std::string& field :
       {e.prev_hash, std::to_string(e.id), std::to_string(e.at_ms), e.actor, e.action, e.target,
        e.detail, e.reason, std::to_string(e.match)})
    text += "|" + std::to_string(field.size()) + ":" + field;
  return crypto::to_hex(crypto::sha256_bytes(text));
}

Result<AuditEntry> Database::append_audit(AuditEntry entry) {
  std::lock_guard lock(mutex_);
  // Another process (boyi-admin beside the server) may append at once: the id is unique and
  // hashed, so the loser of a race starts again from the new last entry.
  for (int attempt = 0; attempt < 8; ++attempt) {
    Transaction tx(*conn_);
    if (auto s = tx.begin(); !s) return Error{s.message()};
    auto last = conn_->query("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1");
    if (!last) return Error{last.message()};
    auto row = last.value()->step();
    if (!row) return Error{row.message()};
    entry.id = *row ? last.value()->int64(0) + 1 : 1;
    entry.prev_hash = *row ? last.value()->text(1) : kGenesis;
    last.value()->reset();
    entry.hash = audit_hash(entry);
    auto q = conn_->query(
        "INSERT INTO audit_log(id, at_ms, actor, action, target, detail, reason, match_id, "
        "prev_hash, hash) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    if (!q) return Error{q.message()};
    if (auto s = q.value()->bind_all(entry.id, entry.at_ms, entry.actor, entry.action,
                                     entry.target, entry.detail, entry.reason, entry.match,
                                     entry.prev_hash, entry.hash);
        !s)
      return Error{s.message()};
    if (auto s = q.value()->run(); !s) {
      if (conn_->last_error_kind() == SqlErrorKind::kUniqueViolation) continue;
      return Error{"appending to the audit log: " + s.message()};
    }
    if (auto s = tx.commit(); !s) {
      if (conn_->last_error_kind() == SqlErrorKind::kUniqueViolation) continue;
      return Error{s.message()};
    }
    return entry;
  }
  return fail("appending to the audit log: too many concurrent appends");
}

Result<std::vector<AuditEntry>> Database::audit_entries(Id after, int limit, Id match) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kColumns +
                          " FROM audit_log WHERE id > ?1 AND (?2 = 0 OR match_id = ?2) "
                          "ORDER BY id LIMIT ?3";
  auto q = conn_->query(sql.c_str());
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(after, match, static_cast<std::int64_t>(limit)); !s)
    return Error{s.message()};
  std::vector<AuditEntry> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    out.push_back(read_entry(*q.value()));
  }
  return out;
}

Result<std::optional<std::string>> Database::verify_audit_chain() {
  std::string prev = kGenesis;
  Id expected = 1;
  for (Id after = 0;;) {
    auto page = audit_entries(after, 1000);
    if (!page) return Error{page.message()};
    if (page->empty()) break;
    for (const AuditEntry& e : *page) {
      const std::string at = "audit entry " + std::to_string(e.id);
      if (e.id != expected)
        return std::optional<std::string>(at + ": entries " + std::to_string(expected) + ".." +
                                          std::to_string(e.id - 1) + " are missing");
      if (e.prev_hash != prev)
        return std::optional<std::string>(at + ": it does not follow the entry before it");
      if (audit_hash(e) != e.hash)
        return std::optional<std::string>(at + ": its contents were changed after it was written");
      prev = e.hash;
      ++expected;
      after = e.id;
    }
  }
  return std::optional<std::string>();
}

}  // namespace boyi::storage
