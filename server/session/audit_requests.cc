#include "server/session/audit_requests.h"

#include <algorithm>

#include "server/hosting/storage_journal.h"
#include "server/records/record_meta.h"

namespace boyi::app {

void AuditRequests::add_routes(RequestRoutes& routes) {
  routes.add(v1::ClientMessage::kGetAuditLog, Access::kAdmin, [this](const Request& r) { list(r); });
}

void AuditRequests::list(const Request& r) {
  const auto& q = r.message().get_audit_log();
  storage::Id match = 0;
  if (!q.match_id().empty()) {
    auto id = hosting::parse_match_id(q.match_id());
    if (!id) return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, "no match id " + q.match_id());
    match = *id;
  }
  const int limit = q.limit() == 0 ? 200 : static_cast<int>(std::min<std::uint32_t>(q.limit(), 1000));
  auto entries = app_.db.audit_entries(static_cast<storage::Id>(q.after_id()), limit, match);
  if (!entries) return r.error(v1::ERROR_CODE_INTERNAL, entries.message());
  auto broken = app_.db.verify_audit_chain();
  if (!broken) return r.error(v1::ERROR_CODE_INTERNAL, broken.message());
  auto newest = app_.db.audit_entries(0, 1 << 30);
  v1::ServerMessage m;
  auto* log = m.mutable_audit_log();
  for (const auto& e : *entries) {
    auto* w = log->add_entries();
    w->set_id(static_cast<std::uint64_t>(e.id));
    w->set_at(records::format_utc(e.at_ms));
    w->set_actor(e.actor);
    w->set_action(e.action);
    w->set_target(e.target);
    w->set_detail(e.detail);
    w->set_reason(e.reason);
    if (e.match != 0) w->set_match_id(hosting::match_id_text(e.match));
    w->set_hash(e.hash);
    w->set_prev_hash(e.prev_hash);
  }
  log->set_chain_holds(!broken->has_value());
  if (*broken) log->set_broken_at(**broken);
  if (newest && !newest->empty()) log->set_head_hash(newest->back().hash);
  r.reply(std::move(m));
}

}  // namespace boyi::app
