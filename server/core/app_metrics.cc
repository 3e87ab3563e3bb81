// The server program's own metrics (the network layer adds boyi_net_*): server/app/README.md.
#include <string>

#include "server/core/app_context.h"

namespace boyi::app {

AppMetrics::AppMetrics(net::MetricsRegistry& r)
    : registry(r),
      connections(r.gauge("boyi_sessions_open", "Protocol sessions (framed connections) open")),
      signed_in(r.gauge("boyi_sessions_signed_in", "Sessions signed in")),
      matches_running(r.gauge("boyi_matches_running", "Matches running")),
      matches_started(r.counter("boyi_matches_started_total", "Matches started")),
      moves_accepted(r.counter("boyi_moves_total", "Actions submitted", {{"result", "accepted"}})),
      moves_rejected(r.counter("boyi_moves_total", "Actions submitted", {{"result", "rejected"}})),
      relay_latency(r.histogram("boyi_move_relay_seconds",
                                "A move received -> its events queued to every recipient",
                                net::latency_buckets_seconds())) {}

void AppMetrics::match_finished(Ending ending) {
  registry
      .counter("boyi_matches_finished_total", "Matches finished, by ending",
               {{"ending", std::string(ending_name(ending))}})
      .inc();
}

void AppMetrics::error(v1::ErrorCode code) {
  registry
      .counter("boyi_errors_total", "Error replies sent, by code",
               {{"code", v1::ErrorCode_Name(code)}})
      .inc();
}

void AppMetrics::sign_in_refused(const std::string& reason) {
  registry
      .counter("boyi_sign_in_refused_total", "Password sign-ins refused (protocol and HTTP)",
               {{"reason", reason}})
      .inc();
}

}  // namespace boyi::app
