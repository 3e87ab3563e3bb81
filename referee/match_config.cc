#include "referee/match_config.h"

namespace boyi::referee {
namespace {

std::string seconds(std::int64_t ms) {
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + "s";
  return std::to_string(ms) + "ms";
}

}  // namespace

Status TimeControl::validate() const {
  if (total_ms < 0 || total_ms > kMaxTotalMs)
    return fail("total time must be 0 (no bank) to 24 h, got " + std::to_string(total_ms) +
                " ms");
  if (per_move_ms < 0 || per_move_ms > kMaxTotalMs)
    return fail("per-move limit must be 0 (none) to 24 h, got " + std::to_string(per_move_ms) +
                " ms");
  if (increment_ms < 0 || increment_ms > kMaxTotalMs)
    return fail("increment must be 0 to 24 h, got " + std::to_string(increment_ms) + " ms");
  if (total_ms == 0 && increment_ms > 0) return fail("an increment needs a bank (total time)");
  if (grace_ms < 0 || grace_ms > kMaxGraceMs)
    return fail("network grace must be 0 to 10 min, got " + std::to_string(grace_ms) + " ms");
  return Status::Ok();
}

std::string TimeControl::to_string() const {
  std::string out = total_ms > 0 ? seconds(total_ms) + "+" + seconds(increment_ms) : "no bank";
  if (per_move_ms > 0) out += " " + seconds(per_move_ms) + "/move";
  out += " grace " + seconds(grace_ms);
  return out;
}

Status IllegalMovePolicy::validate() const {
  if (kind == Kind::kRetry && (max_attempts < 1 || max_attempts > kMaxIllegalAttempts))
    return fail("max illegal attempts must be 1 to " + std::to_string(kMaxIllegalAttempts) +
                ", got " + std::to_string(max_attempts));
  return Status::Ok();
}

Status MatchConfig::validate() const {
  if (match_id.empty() || match_id.size() > kMaxMatchIdLength)
    return fail("match id must be 1 to " + std::to_string(kMaxMatchIdLength) + " characters");
  if (game.empty()) return fail("no game named");
  if (auto s = time.validate(); !s) return s;
  if (auto s = illegal.validate(); !s) return s;
  if (disconnect_grace_ms < 0 || disconnect_grace_ms > kMaxTotalMs)
    return fail("disconnect grace must be 0 to 24 h, got " + std::to_string(disconnect_grace_ms) +
                " ms");
  if (spectator_delay_plies < 0 || spectator_delay_plies > kMaxSpectatorDelay)
    return fail("spectator delay must be 0 to " + std::to_string(kMaxSpectatorDelay) +
                " plies, got " + std::to_string(spectator_delay_plies));
  if (takebacks && spectator_delay_plies > 0)
    return fail("takebacks need a match without a spectator delay");
  return Status::Ok();
}

}  // namespace boyi::referee
