// The options of one refereed match: which game under which rules, the clocks,
// what happens to an illegal move, and the grace periods. Plain values,
// validated before a match starts (a bad value is an error, never a crash).
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"

namespace boyi::referee {

// Server-authoritative clocks. All values in milliseconds.
struct TimeControl {
  std::int64_t total_ms = 900'000;  // per side, for the whole game; 0 = no bank (local matches)
  std::int64_t per_move_ms = 0;     // limit for one turn; 0 = none
  std::int64_t increment_ms = 0;    // Fischer increment, added when a seat's turn ends
  std::int64_t grace_ms = 1'000;    // network grace: a flag falls only below -grace

  Status validate() const;
  std::string to_string() const;  // "900s+0s grace 1s" or "900s+0s 10s/move grace 1s"
  bool operator==(const TimeControl&) const = default;
};

// What an illegal attempt costs. Wrong-turn and malformed texts are illegal
// attempts too: the referee cannot tell a confused client from a cheating one.
struct IllegalMovePolicy {
  enum class Kind : std::uint8_t { kRetry, kLoseAtOnce };
  Kind kind = Kind::kRetry;
  int max_attempts = 3;  // kRetry: the max_attempts-th rejected attempt in the match loses

  static IllegalMovePolicy retry(int max_attempts = 3) { return {Kind::kRetry, max_attempts}; }
  static IllegalMovePolicy lose_at_once() { return {Kind::kLoseAtOnce, 1}; }
  // How many rejected attempts a seat may make in the match before it loses.
  int limit() const { return kind == Kind::kLoseAtOnce ? 1 : max_attempts; }

  Status validate() const;
  bool operator==(const IllegalMovePolicy&) const = default;
};

struct MatchConfig {
  std::string match_id;
  std::string game;        // "junqi", "gomoku", "dots", "surakarta"
  std::string rules_text;  // the engine's rules text; "" = the game's defaults
  TimeControl time;
  IllegalMovePolicy illegal;
  std::int64_t disconnect_grace_ms = 30'000;  // a seat away longer than this forfeits
  int spectator_delay_plies = 0;              // spectators see actions this many plies late
  // What the seats may propose to each other (proposals.h). A draw only where the game's
  // rules can end in one; a takeback only in a game without hidden information and without
  // a spectator delay. The host decides (the server: takebacks in casual games only).
  bool draw_offers = true;
  bool takebacks = false;

  // Checks every value (the game and rules text are checked when the match is made).
  Status validate() const;
  bool operator==(const MatchConfig&) const = default;
};

// Bounds enforced by validate(): generous, but nothing absurd from a config file.
inline constexpr std::int64_t kMaxTotalMs = 24LL * 3600 * 1000;
inline constexpr std::int64_t kMaxGraceMs = 10LL * 60 * 1000;
inline constexpr int kMaxIllegalAttempts = 100;
inline constexpr int kMaxSpectatorDelay = 1000;
inline constexpr std::size_t kMaxMatchIdLength = 128;

}  // namespace boyi::referee
