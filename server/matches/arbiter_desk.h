// The arbiter's requests from boyi-admin (storage's arbiter_requests): polled like the
// revocations, each carried out on its match's strand as the console's Arbitrate is, and
// settled in storage with what came of it (done, or failed with why).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <mutex>
#include <set>
#include <optional>
#include <string_view>

#include "server/core/app_context.h"

namespace boyi::app {

class MatchIndex;

class ArbiterDesk : public std::enable_shared_from_this<ArbiterDesk> {
 public:
  ArbiterDesk(AppContext& app, MatchIndex& matches);
  void start();
  void stop();  // from any thread

  // "pause", "add_time", ... as boyi-admin writes them; none for anything else.
  static std::optional<v1::ArbiterAction> action_of(std::string_view name);

 private:
  void poll();
  void arm();

  AppContext& app_;
  MatchIndex& matches_;
  boost::asio::steady_timer timer_;
  std::mutex mu_;
  std::set<storage::Id> in_flight_;  // handed to a match, not settled yet: not again
};

}  // namespace boyi::app
