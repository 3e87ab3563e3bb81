// The audit log for the arbiter's console (GetAuditLog, admins only): the entries asked for
// and whether the whole chain holds (server/storage/audit_log.cc).
#pragma once

#include "server/core/app_context.h"
#include "server/core/request.h"

namespace boyi::app {

class AuditRequests {
 public:
  explicit AuditRequests(AppContext& app) : app_(app) {}
  void add_routes(RequestRoutes& routes);

 private:
  void list(const Request& r);
  AppContext& app_;
};

}  // namespace boyi::app
