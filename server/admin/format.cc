#include "server/admin/format.h"

#include <ctime>
#include <iomanip>
#include <map>
#include <string>

namespace boyi::admin {

namespace {

std::string utc(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string seat_name(storage::Database& db, const std::optional<storage::Id>& id,
                      std::map<storage::Id, std::string>& cache) {
  if (!id) return "(open)";
  auto it = cache.find(*id);
  if (it != cache.end()) return it->second;
  auto u = db.user_by_id(*id);
  return cache[*id] = u ? u->name : "#" + std::to_string(*id);
}

std::string outcome_text(const storage::Match& m) {
  if (!m.outcome.finished()) return "-";
  return describe(m.outcome);
}

}  // namespace

void print_users(std::ostream& out, const std::vector<storage::User>& users) {
  out << std::left << std::setw(6) << "id" << std::setw(26) << "name" << std::setw(7) << "kind"
      << std::setw(7) << "role" << std::setw(9) << "status"
      << "created\n";
  for (const auto& u : users)
    out << std::setw(6) << u.id << std::setw(26) << u.name << std::setw(7) << to_string(u.kind)
        << std::setw(7) << to_string(u.role) << std::setw(9) << (u.disabled ? "disabled" : "active")
        << utc(u.created_ms) << "\n";
  out << users.size() << (users.size() == 1 ? " account\n" : " accounts\n");
}

void print_matches(std::ostream& out, storage::Database& db,
                   const std::vector<storage::Match>& matches) {
  std::map<storage::Id, std::string> names;
  out << std::left << std::setw(6) << "id" << std::setw(11) << "game" << std::setw(16) << "preset"
      << std::setw(10) << "status" << std::setw(40) << "players"
      << "outcome\n";
  for (const auto& m : matches)
    out << std::setw(6) << m.id << std::setw(11) << m.game << std::setw(16)
        << (m.preset.empty() ? "-" : m.preset) << std::setw(10) << to_string(m.status)
        << std::setw(40)
        << (seat_name(db, m.seats[0], names) + " vs " + seat_name(db, m.seats[1], names))
        << outcome_text(m) << "\n";
  out << matches.size() << (matches.size() == 1 ? " match\n" : " matches\n");
}

void print_match(std::ostream& out, storage::Database& db, const storage::Match& m,
                 const std::vector<storage::JournalRow>& journal) {
  std::map<storage::Id, std::string> names;
  out << "match " << m.id << ": " << m.game << (m.preset.empty() ? "" : " (" + m.preset + ")")
      << "\n"
      << "rules: " << (m.rules.empty() ? "(defaults)" : m.rules) << "\n"
      << "time: " << m.time.total_ms << " ms per side, per move " << m.time.per_move_ms
      << " ms, increment " << m.time.increment_ms << " ms, grace " << m.time.grace_ms << " ms\n"
      << "seat 0: " << seat_name(db, m.seats[0], names) << "\n"
      << "seat 1: " << seat_name(db, m.seats[1], names) << "\n"
      << "status: " << to_string(m.status) << "\n"
      << "created: " << utc(m.created_ms) << "\n";
  if (m.started_ms) out << "started: " << utc(*m.started_ms) << "\n";
  if (m.ended_ms) out << "ended: " << utc(*m.ended_ms) << "\n";
  std::size_t actions = 0;
  for (const auto& e : journal) actions += e.kind == storage::JournalKind::kAction ? 1 : 0;
  out << "outcome: " << outcome_text(m) << "\n"
      << "illegal moves: " << to_string(m.illegal_policy) << " (" << m.illegal_attempts
      << " attempts)" << (m.rated ? ", rated" : "") << "\n"
      << "actions: " << actions << "\n"
      << "journal: " << journal.size() << (journal.size() == 1 ? " entry\n" : " entries\n");
  // One line per entry: index, kind, event seq (- for none), seat, text, time, clocks.
  for (const auto& e : journal) {
    out << std::right << std::setw(5) << e.index << "  " << std::left << std::setw(8)
        << to_string(e.kind) << std::right << std::setw(5)
        << (e.seq > 0 ? std::to_string(e.seq) : "-") << "  "
        << (e.seat == boyi::kPublic ? "-     " : "seat " + std::to_string(e.seat)) << "  ";
    switch (e.kind) {
      case storage::JournalKind::kStart:
        out << "rules " << (e.text.empty() ? "(defaults)" : e.text);
        break;
      case storage::JournalKind::kAction:
        out << std::left << std::setw(24) << e.text << " " << std::right << std::setw(8)
            << e.elapsed_ms << " ms";
        break;
      case storage::JournalKind::kIllegal:
        out << "refused '" << e.text << "': " << e.reason;
        break;
      case storage::JournalKind::kEnd:
        out << "end";
        break;
      case storage::JournalKind::kTakeback:
        out << "took back " << e.text << (e.text == "1" ? " action" : " actions");
        break;
      case storage::JournalKind::kArbiter:
        out << "arbiter: " << e.text;
        break;
    }
    out << "  clocks " << e.clock_ms[0] << " / " << e.clock_ms[1];
    if (e.outcome.finished()) out << "  => " << describe(e.outcome);
    out << "\n" << std::left;
  }
}

}  // namespace boyi::admin
