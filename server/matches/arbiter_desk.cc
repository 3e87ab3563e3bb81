#include "server/matches/arbiter_desk.h"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>

#include "server/hosting/storage_journal.h"
#include "server/matches/match_index.h"

namespace boyi::app {

ArbiterDesk::ArbiterDesk(AppContext& app, MatchIndex& matches)
    : app_(app), matches_(matches), timer_(boost::asio::make_strand(app.ioc)) {}

void ArbiterDesk::start() { arm(); }

// The timer lives on its own strand, where its handler (poll, arm) runs too: a cancel
// posted to the io_context alone could run on another thread at the same time.
void ArbiterDesk::stop() {
  boost::asio::post(timer_.get_executor(), [self = shared_from_this()] { self->timer_.cancel(); });
}

void ArbiterDesk::arm() {
  timer_.expires_after(std::chrono::milliseconds(app_.config.revocation_poll_ms));
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->poll();
  });
}

std::optional<v1::ArbiterAction> ArbiterDesk::action_of(std::string_view name) {
  if (name == "pause") return v1::ARBITER_ACTION_PAUSE;
  if (name == "unpause") return v1::ARBITER_ACTION_UNPAUSE;
  if (name == "add_time") return v1::ARBITER_ACTION_ADD_TIME;
  if (name == "adjudicate") return v1::ARBITER_ACTION_ADJUDICATE;
  if (name == "forfeit") return v1::ARBITER_ACTION_FORFEIT;
  if (name == "void") return v1::ARBITER_ACTION_VOID;
  return std::nullopt;
}

void ArbiterDesk::poll() {
  auto pending = app_.db.pending_arbiter_requests();
  if (!pending) app_.log.warn("arbiter_requests_not_read", {{"reason", pending.message()}});
  for (const auto& r : pending ? *pending : std::vector<storage::ArbiterRequest>{}) {
    {
      std::lock_guard lock(mu_);
      if (!in_flight_.insert(r.id).second) continue;
    }
    const auto settle = [self = shared_from_this(), id = r.id](Status s) {
      auto& app = self->app_;
      if (auto settled = app.db.settle_arbiter_request(id, s.ok(), s.ok() ? "done" : s.message());
          !settled)
        app.log.warn("arbiter_request_not_settled", {{"id", id}, {"reason", settled.message()}});
      std::lock_guard lock(self->mu_);
      self->in_flight_.erase(id);
    };
    const auto action = action_of(r.action);
    if (!action) {
      settle(fail("no arbiter action '" + r.action + "'"));
      continue;
    }
    const std::string id = hosting::match_id_text(r.match);
    auto host = matches_.find(id);
    if (!host && matches_.hosted_elsewhere(id)) {  // the server hosting it carries it out
      std::lock_guard lock(mu_);
      in_flight_.erase(r.id);
      continue;
    }
    if (!host) {
      settle(fail("no match " + id));
      continue;
    }
    v1::Arbitrate a;
    a.set_match_id(id);
    a.set_action(*action);
    a.set_seat(r.seat);
    a.set_ms(static_cast<std::uint32_t>(std::clamp<std::int64_t>(r.ms, 0, UINT32_MAX)));
    a.set_winner(r.winner);
    a.set_reason(r.reason);
    host->arbitrate_queued(std::move(a), r.requested_by, settle);
  }
  arm();
}

}  // namespace boyi::app
