// Group commit of journal appends: concurrent append_journal calls share one
// transaction, so one fsync makes a whole batch durable.
//
// Leader/follower: each caller queues its entry and waits. Whenever no commit is
// in progress, one waiting caller becomes the leader: it takes up to max_batch
// queued entries (oldest first), and under the connection's mutex runs
//   BEGIN (IMMEDIATE)
//   for each entry: checks (one read), then writes if they pass
//   COMMIT                       -- the one fsync (synchronous=FULL)
// (an entry whose statement fails is refused and the rest run again: commit_batch).
// then marks every entry of the batch done with its own result and wakes the
// waiters. The next batch starts as soon as this commit returns: no timers; the
// entries that queued up during the fsync form it. A caller returns only when its
// own entry is done, so "OK" still means "on disk".
#include <algorithm>
#include <utility>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

struct Database::PendingAppend {
  const JournalRow* row;
  std::int64_t wall_ms;
  Status result;
  bool done = false;  // guarded by queue_mutex_
};

Status Database::append_journal(const JournalRow& row, std::int64_t wall_ms) {
  if (!group_commit_) {
    std::lock_guard lock(mutex_);
    return append_locked(row, wall_ms);
  }
  return append_grouped(row, wall_ms);
}

Status Database::append_grouped(const JournalRow& row, std::int64_t wall_ms) {
  PendingAppend mine{&row, wall_ms, Status::Ok()};
  std::unique_lock queue_lock(queue_mutex_);
  queue_.push_back(&mine);
  while (!mine.done) {
    if (leader_active_) {
      queue_cv_.wait(queue_lock);
      continue;
    }
    // Lead one batch: the oldest entries, which include ours unless more than
    // max_batch_ were queued before it (then we lead or wait again).
    leader_active_ = true;
    batch_.clear();
    while (!queue_.empty() && batch_.size() < max_batch_) {
      batch_.push_back(queue_.front());
      queue_.pop_front();
    }
    queue_lock.unlock();
    {
      std::lock_guard db_lock(mutex_);
      commit_batch();
    }
    queue_lock.lock();
    for (PendingAppend* p : batch_) p->done = true;
    stats_.appends += static_cast<std::int64_t>(batch_.size());
    stats_.batches += 1;
    stats_.largest_batch = std::max(stats_.largest_batch, static_cast<std::int64_t>(batch_.size()));
    batch_.clear();
    leader_active_ = false;
    queue_cv_.notify_all();
  }
  return std::move(mine.result);
}

GroupCommitStats Database::group_commit_stats() {
  std::lock_guard lock(queue_mutex_);
  GroupCommitStats out = stats_;
  out.queued = static_cast<std::int64_t>(queue_.size());
  out.committing = leader_active_ ? static_cast<std::int64_t>(batch_.size()) : 0;
  return out;
}

void Database::commit_batch() {
  // Fails every entry not already refused for its own reason and ends the
  // transaction: nothing of this batch is on disk.
  auto abort_batch = [this](const std::string& why) {
    for (PendingAppend* p : batch_)
      if (p->result.ok()) p->result = fail(refused_prefix(*p->row) + why);
    if (conn_->in_transaction()) (void)conn_->exec("ROLLBACK");
  };
  // Each pass runs the entries not refused yet. An entry refused by its checks wrote
  // nothing and the pass goes on. An entry whose statement failed may have left writes
  // behind (and PostgreSQL refuses everything after a failed statement until the
  // transaction ends): it is refused, the pass rolls back, and the next pass runs the
  // others again. Every pass but the last refuses one more entry, so there are at most
  // batch-size passes; in the usual case (no statement fails) there is one, with no
  // savepoint round trips.
  for (;;) {
    if (auto s = conn_->begin(); !s) return abort_batch(s.message());
    int accepted = 0;
    bool rolled_back = false;
    for (PendingAppend* p : batch_) {
      if (!p->result.ok()) continue;  // refused in an earlier pass
      bool statement_failed = false;
      Status s = append_in_transaction(*p->row, p->wall_ms, &statement_failed);
      if (s) {
        ++accepted;
        continue;
      }
      p->result = std::move(s);
      if (statement_failed) {
        (void)conn_->exec("ROLLBACK");
        rolled_back = true;
        break;
      }
    }
    if (rolled_back) continue;
    if (accepted == 0) {  // every entry refused: nothing to make durable
      (void)conn_->exec("ROLLBACK");
      return;
    }
    // SQLite synchronous=FULL / PostgreSQL synchronous_commit: on disk when COMMIT returns.
    if (auto s = conn_->commit(); !s) abort_batch("commit: " + s.message());
    return;
  }
}

}  // namespace boyi::storage
