#include "server/matches/stored_match.h"

#include "server/hosting/storage_journal.h"

namespace boyi::app {
namespace {

StoredMatch from_row(const storage::Match& m) {
  StoredMatch out;
  out.config = hosting::config_of(m);
  out.seats = {m.seats[0].value_or(0), m.seats[1].value_or(0)};
  out.preset = m.preset;
  out.rated = m.rated;
  out.started_ms = m.started_ms.value_or(m.created_ms);
  out.ended_ms = m.ended_ms;
  return out;
}

// What is stored beside the journal: the seats' commitments and the movers' comments.
Status load_side_tables(storage::Database& db, storage::Id id, StoredMatch& m) {
  auto commitments = db.deployment_commitments(id);
  if (!commitments) return Error{commitments.message()};
  m.commitments = *commitments;
  auto comments = db.move_comments(id);
  if (!comments) return Error{comments.message()};
  m.comments = std::move(comments).value();
  return Status::Ok();
}

}  // namespace

Result<StoredMatch> load_stored_match(storage::Database& db, storage::Id id) {
  auto m = db.match_by_id(id);
  if (!m) return Error{m.message()};
  StoredMatch out = from_row(*m);
  auto rows = db.journal_of(id);
  if (!rows) return Error{rows.message()};
  for (const auto& r : *rows) {
    auto e = hosting::to_entry(r);
    if (!e) return Error{"match " + std::to_string(id) + ": " + e.message()};
    out.entries.push_back(std::move(e).value());
  }
  if (auto s = load_side_tables(db, id, out); !s) return Error{s.message()};
  return out;
}

Result<std::vector<StoredMatch>> load_running_matches(storage::Database& db) {
  auto all = hosting::load_resumable(db);
  if (!all) return Error{all.message()};
  std::vector<StoredMatch> out;
  for (auto& r : all.value()) {
    StoredMatch m = from_row(r.match);
    m.config = std::move(r.config);
    m.entries = std::move(r.entries);
    m.seats = r.seats;
    if (auto s = load_side_tables(db, r.match.id, m); !s) return Error{s.message()};
    out.push_back(std::move(m));
  }
  return out;
}

records::RecordMeta record_meta(const StoredMatch& m, const std::array<std::string, 2>& players) {
  records::RecordMeta meta;
  meta.match_id = m.config.match_id;
  meta.game = m.config.game;
  meta.preset = m.preset;
  meta.players = players;
  meta.start_ms = m.started_ms;
  meta.end_ms = m.ended_ms;
  meta.rated = m.rated;
  meta.event = "Boyi";
  meta.comments = m.comments;
  return meta;
}

}  // namespace boyi::app
