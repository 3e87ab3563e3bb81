// The values stored by boyi_storage: users and their tokens, matches, and the
// durable journal of each match. Plain structs; times are wall-clock
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

// A remembered sign-in (SignedIn.session_token): several per user (one per browser), each
// until it expires or is ended. Like a token, only the secret's SHA-256 is stored.
struct SignInSessionRecord {
  Id user_id = 0;
  std::string token_id;     // public part, unique (the lookup key)
  std::string secret_hash;  // raw digest bytes
  std::int64_t created_ms = 0;
  std::int64_t expires_ms = 0;
};

// Credentials withdrawn: the sessions of `user` (only those signed in with `token_id`
// when it is not empty) must end. Written with the change that caused it.
struct Revocation {
  Id id = 0;
  Id user = 0;
  std::string token_id;
  std::string reason;  // "disabled", "role changed", "password changed", "token rotated"
  std::int64_t at_ms = 0;
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
  // When creating: the tournament game (state 'starting', of `tournament`) this match plays.
  // The match is linked to it in the same transaction; creating fails if it is not starting.
  std::optional<Id> tournament_game;
  IllegalMovePolicy illegal_policy = IllegalMovePolicy::kRetry;
  int illegal_attempts = 3;  // rejected attempts per seat in the match; the last one loses
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

// The kinds of journal entries, in the order a match makes them: one start,
// then actions, counted illegal attempts and agreed takebacks, and at most one end.
enum class JournalKind { kStart, kAction, kIllegal, kEnd, kTakeback, kArbiter };
// "start", "action", "illegal", "end", "takeback", "arbiter"
std::string_view to_string(JournalKind kind);
std::optional<JournalKind> parse_journal_kind(std::string_view text);

// One entry of a match's durable journal: every change of the match's state, in
// order (see README.md). Two facts are not stored in the row but read from the
// match row, so they exist once: the start entry's text (the match's rules) and
// the outcome of the entry that ended the match (the match's outcome).
// An arbiter's action asked for by boyi-admin, carried out by the server running the match
// (arbiter_requests.cc): action "pause", "unpause", "add_time", "adjudicate", "forfeit" or
// "void", as the protocol's Arbitrate has them.
struct ArbiterRequest {
  Id id = 0;
  Id match = 0;
  std::string action;
  int seat = 0;
  std::int64_t ms = 0;
  int winner = 0;  // adjudicate: 0, 1, -1 a draw
  std::string reason;
  std::string requested_by;
  std::int64_t requested_ms = 0;
  std::string state = "pending";  // pending, done, failed
  std::string result;             // what came of it
  bool operator==(const ArbiterRequest&) const = default;
};

// One entry of the audit log: who did what to what, why, and when (audit_log.cc). `hash`
// chains it to the entry before: SHA-256 over the previous hash and every field.
struct AuditEntry {
  Id id = 0;
  std::int64_t at_ms = 0;
  std::string actor;   // "admin root1", "boyi-admin (operator)", "server"
  std::string action;  // "match.adjudicate", "user.disable", ...
  std::string target;  // "match 17", "user alice"
  std::string detail;  // what changed
  std::string reason;  // why (as the arbiter gave it)
  Id match = 0;        // the match it concerns, 0 for none
  std::string prev_hash;
  std::string hash;
  bool operator==(const AuditEntry&) const = default;
};

// A seat's own commitment to its 军棋 deployment and the salt its deployment revealed ("" when
// none was made, or before the deployment).
struct SeatCommitment {
  std::string commitment;
  std::string salt;
  bool operator==(const SeatCommitment&) const = default;
};

struct JournalRow {
  Id match_id = 0;
  std::int64_t index = 0;  // 1, 2, ... without gaps: the entry's position in the match
  JournalKind kind = JournalKind::kStart;
  std::int64_t seq = 0;  // the event sequence number it produced; 0: none (an illegal attempt)
  Seat seat = kPublic;   // the actor; kPublic for the start and endings with no actor
  // start: the match's rules text; action: exactly as applied (canonical notation);
  // illegal: the text sent; end: empty; takeback: how many actions it undid (decimal);
  // arbiter: what the arbiter did ("pause", "unpause", "add_time <ms>").
  std::string text;
  std::string reason;                      // illegal: why it was refused
  std::int64_t elapsed_ms = 0;             // action: server-measured thinking time
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after the entry
  Outcome outcome;                         // the ending this entry caused, if any
  bool operator==(const JournalRow&) const = default;
};

}  // namespace boyi::storage
