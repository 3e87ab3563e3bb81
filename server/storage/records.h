// The values stored by boyi_storage: users and their tokens, matches, and the
// durable journal of accepted actions. Plain structs; times are wall-clock
// milliseconds since the Unix epoch, durations are milliseconds.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/outcome.h"

namespace boyi::storage {

using Id = std::int64_t;

enum class UserKind { kHuman, kBot, kGuest };
enum class Role { kUser, kAdmin };
enum class MatchStatus { kWaiting, kRunning, kFinished, kAborted };
// What an illegal action costs: a rejection (and a retry, losing after N), or the game.
enum class IllegalMovePolicy { kRetry, kLoseAtOnce };

std::string_view to_string(UserKind kind);
std::string_view to_string(Role role);
std::string_view to_string(MatchStatus status);
std::string_view to_string(IllegalMovePolicy policy);
std::optional<UserKind> parse_user_kind(std::string_view text);
std::optional<Role> parse_role(std::string_view text);
std::optional<MatchStatus> parse_match_status(std::string_view text);
std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view text);

struct NewUser {
  std::string name;  // unique, compared case-insensitively (ASCII letters fold)
  UserKind kind = UserKind::kHuman;
  Role role = Role::kUser;
  std::string password_hash;  // argon2id encoded form; empty for bots and guests
  std::optional<Id> owner;    // a bot's owner
};

inline NewUser new_human(std::string name, std::string password_hash = {},
                         Role role = Role::kUser) {
  NewUser u;
  u.name = std::move(name);
  u.password_hash = std::move(password_hash);
  u.role = role;
  return u;
}
inline NewUser new_bot(std::string name, std::optional<Id> owner = std::nullopt) {
  NewUser u;
  u.name = std::move(name);
  u.kind = UserKind::kBot;
  u.owner = owner;
  return u;
}
inline NewUser new_guest(std::string name) {
  NewUser u;
  u.name = std::move(name);
  u.kind = UserKind::kGuest;
  return u;
}

struct User {
  Id id = 0;
  std::string name;
  UserKind kind = UserKind::kHuman;
  Role role = Role::kUser;
  std::string password_hash;
  std::optional<Id> owner;
  std::int64_t created_ms = 0;
  bool disabled = false;
  bool operator==(const User&) const = default;
};

// A secret token (bots; guests to come back after a restart). Only the
// token's public id and a hash of its secret are stored.
struct TokenRecord {
  Id user_id = 0;
  std::string token_id;     // public part, unique (the lookup key)
  std::string secret_hash;  // raw digest bytes
  std::int64_t created_ms = 0;
};

struct TimeControl {
  std::int64_t total_ms = 0;     // per side
  std::int64_t per_move_ms = 0;  // 0: no per-move limit
  std::int64_t increment_ms = 0;
  std::int64_t grace_ms = 0;  // network grace added to each move's allowance
  bool operator==(const TimeControl&) const = default;
};

struct NewMatch {
  std::string game;    // registry name: "junqi", "gomoku", "dots", "surakarta"
  std::string preset;  // e.g. "junqi-ccgc"; may be empty
  std::string rules;   // canonical rules text of the engine
  TimeControl time;
  std::array<std::optional<Id>, 2> seats;  // user ids; empty while a waiting seat is open
  bool rated = false;
  std::optional<Id> tournament;
  IllegalMovePolicy illegal_policy = IllegalMovePolicy::kRetry;
  int illegal_attempts = 3;  // attempts allowed per turn under kRetry
  std::int64_t disconnect_grace_ms = 30000;
  int spectator_delay_plies = 0;
};

inline NewMatch new_match(std::string game, std::string rules, TimeControl time) {
  NewMatch m;
  m.game = std::move(game);
  m.rules = std::move(rules);
  m.time = time;
  return m;
}

struct Match : NewMatch {
  Id id = 0;
  MatchStatus status = MatchStatus::kWaiting;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> started_ms;
  std::optional<std::int64_t> ended_ms;
  Outcome outcome;  // ending kNone until finished or aborted
};

// One accepted action: a row of the durable journal.
struct Action {
  Id match_id = 0;
  std::int64_t seq = 0;  // 1, 2, ... without gaps
  Seat seat = 0;
  std::string text;                        // exactly as applied (canonical notation)
  std::int64_t think_ms = 0;               // server-measured time the action took
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after it
  std::int64_t wall_ms = 0;                // when it was accepted
  bool operator==(const Action&) const = default;
};

// An action the referee refused (illegal, out of turn); counted per turn for the
// illegal-move policy, and kept for the record.
struct Rejection {
  Id match_id = 0;
  std::int64_t after_seq = 0;  // the last accepted seq when it was refused
  Seat seat = 0;
  std::string text;
  std::string reason;
  std::int64_t wall_ms = 0;
  bool operator==(const Rejection&) const = default;
};

// Everything the referee needs to resume a running match after a restart (see README.md).
struct ResumePoint {
  Match match;
  std::vector<Action> actions;                // replay these through the engine
  std::array<std::int64_t, 2> clock_ms{};     // remaining time after the last action
  std::int64_t turn_started_ms = 0;           // last action's wall time, or the start
  std::array<int, 2> rejected_this_turn{};    // rejections since the last action
  std::optional<std::int64_t> last_alive_ms;  // the server's last heartbeat before the stop
};

}  // namespace boyi::storage
