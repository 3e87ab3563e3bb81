#include "tools/engine_check/network/network_scenarios.h"

#include <algorithm>
#include <cstdio>

namespace boyi::engine_check {

namespace {

constexpr std::uint32_t kKeepaliveIdleMs = 1500;
constexpr std::int64_t kReconnectMs = 10000;  // how long a dropped bot has to come back

std::string seconds(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

// "seat 0 over TCP JSON lines: 24 actions (12 its own), stopped at the cap of 24".
std::string common_summary(const Script& script, const Observed& seen) {
  if (!seen.signed_in) return "never played: it did not sign in";
  std::string out = "seat " + std::to_string(script.bot_seat) + " over " + wire_name(seen.wire) +
                    ": " + std::to_string(seen.actions) + " actions (" +
                    std::to_string(seen.bot_moves) + " its own), ";
  const Outcome& o = seen.outcome;
  if (!o.finished()) return out + "stopped unfinished";
  if (seen.capped) return out + "ended by the check after " + std::to_string(script.max_actions);
  const std::string how =
      std::string(ending_name(o.ending)) + (o.detail.empty() ? "" : ": " + o.detail);
  if (!o.winner) return out + "drawn (" + how + ")";
  return out + (*o.winner == script.bot_seat ? "won (" : "lost (") + how + ")";
}

bool nothing_checked(const Observed& seen, bool happened, const std::string& what,
                     ScenarioResult& result) {
  if (happened || !seen.signed_in || result.failed()) return happened;
  result.warn("the game ended before " + what +
              ", so this scenario checked nothing more than "
              "'plain'");
  return false;
}

}  // namespace

std::vector<std::string> network_scenarios() {
  return {"plain", "duplicates", "reordered", "reconnect", "refused", "keepalive"};
}

std::optional<Script> scenario_script(const std::string& name, const NetworkCheckOptions& options) {
  const auto names = network_scenarios();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  Script s;
  s.name = name;
  // The seat alternates over the list, whichever scenarios are run.
  s.bot_seat = static_cast<Seat>((it - names.begin()) % 2);
  s.per_move_ms = options.move_ms;
  s.max_actions = 24;
  if (name == "plain") {
    s.max_actions = 60;  // a whole game of 点格棋 between quick players
  } else if (name == "duplicates") {
    s.duplicate_events = true;
    s.reply_ms = 150;  // a second move for one turn then arrives while it is not its turn
    s.max_actions = 16;
  } else if (name == "reordered") {
    s.swap_after = {2, 4, 6};
  } else if (name == "reconnect") {
    s.drop_after = 3;
    s.disconnect_grace_ms = kReconnectMs;
    s.per_move_ms = options.move_ms + kReconnectMs;  // the clock runs while it is away
    s.max_actions = 20;
  } else if (name == "refused") {
    s.refuse_move = 2;
    s.max_actions = 16;
  } else if (name == "keepalive") {
    s.idle_timeout_ms = kKeepaliveIdleMs;
    s.long_think_at = 2;
    s.long_think_ms = kKeepaliveIdleMs + 1000;
    s.per_move_ms = std::max<std::int64_t>(options.move_ms, s.long_think_ms + 2000);
    s.max_actions = 12;
  }
  return s;
}

void judge(const Script& script, const Observed& seen, ScenarioResult& result) {
  std::string summary = common_summary(script, seen);
  if (script.duplicate_events) {
    if (nothing_checked(seen, seen.duplicates > 0, "an event could be sent twice", result))
      summary += "; " + std::to_string(seen.duplicates) + " events sent twice";
  }
  if (!script.swap_after.empty()) {
    if (nothing_checked(seen, seen.swaps > 0, "two events could be swapped", result)) {
      summary += "; " + std::to_string(seen.swaps) + " pairs of events swapped, ";
      if (seen.syncs.empty()) {
        summary += "it put them in order itself";
      } else {
        summary += "it asked sync from";
        for (auto from : seen.syncs) summary += " " + std::to_string(from);
      }
    }
  }
  if (script.drop_after > 0 &&
      nothing_checked(seen, seen.dropped, "the connection could be dropped", result)) {
    summary += "; dropped after seq " + std::to_string(seen.drop_seq);
    if (!seen.back) {
      if (!result.failed())
        result.fail("did not connect again after the server dropped its connection at seq " +
                    std::to_string(seen.drop_seq) +
                    ": connect, hello, sign_in and sync from 1 + the last seq it processed "
                    "(§6 Disconnection and reconnection)");
      summary += ", it did not come back";
    } else {
      summary += ", back after " + seconds(seen.back_ms);
      if (seen.resync_from) {
        summary += ", sync from " + std::to_string(*seen.resync_from);
      } else if (seen.moves_after_drop > 0 && !result.failed()) {
        // It knew the position (nothing happened while it was away), so its move was right;
        // after a longer absence it would have missed the other seat's moves.
        result.warn(
            "after signing in again it did not send sync but moved on from what it knew. That "
            "worked only because nothing happened while it was away: §6 Disconnection and "
            "reconnection asks for {\"sync\": {\"match_id\": ..., \"from_seq\": 1 + the last "
            "seq}} after every reconnect (signed_in.active_matches lists the match and its "
            "last_seq), and a seat that has not synced is sent no events");
        summary += ", no sync";
      } else if (!result.failed()) {
        result.fail(
            "after signing in again it neither sent sync nor moved: send {\"sync\": "
            "{\"match_id\": ..., \"from_seq\": 1 + the last seq it processed}} for every match "
            "in signed_in.active_matches (§6 Disconnection and reconnection)");
        summary += ", no sync";
      }
    }
  }
  if (script.refuse_move > 0 &&
      nothing_checked(seen, seen.refused, "one of its moves could be refused", result)) {
    summary += "; its move \"" + seen.refused_move + "\" refused on purpose, ";
    if (seen.move_after_refusal) {
      summary += "then it sent \"" + *seen.move_after_refusal + "\"";
    } else {
      summary += "no move after it";
      if (!result.failed())
        result.fail("after its legal move \"" + seen.refused_move +
                    "\" was refused (ILLEGAL_MOVE, attempts_left 2) it sent no other move: a "
                    "refused move may be followed by another (§6 Illegal moves and moving out "
                    "of turn)");
    }
  }
  if (script.long_think_at > 0 &&
      nothing_checked(seen, seen.long_think, "the other seat could think long", result)) {
    summary += "; the other seat thought " + seconds(script.long_think_ms) +
               " with "
               "idle_timeout_ms " +
               std::to_string(script.idle_timeout_ms) + ", " + std::to_string(seen.pings) +
               " pings";
    if (seen.idle_closed) summary += ", closed for idleness";
  }
  result.summary = summary;
}

}  // namespace boyi::engine_check
