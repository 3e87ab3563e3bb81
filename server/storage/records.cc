#include "server/storage/records.h"

#include <array>

namespace boyi::storage {

namespace {
template <class E, std::size_t N>
std::optional<E> parse(const std::array<std::string_view, N>& names, std::string_view text) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

constexpr std::array<std::string_view, 3> kKinds = {"human", "bot", "guest"};
constexpr std::array<std::string_view, 2> kRoles = {"user", "admin"};
constexpr std::array<std::string_view, 4> kStatuses = {"waiting", "running", "finished", "aborted"};
constexpr std::array<std::string_view, 2> kPolicies = {"retry", "lose"};
constexpr std::array<std::string_view, 6> kJournalKinds = {"start", "action", "illegal", "end",
                                                           "takeback", "arbiter"};
}  // namespace

std::string_view to_string(UserKind kind) {
  return kKinds[static_cast<std::size_t>(kind)];
}
std::string_view to_string(Role role) {
  return kRoles[static_cast<std::size_t>(role)];
}
std::string_view to_string(MatchStatus status) {
  return kStatuses[static_cast<std::size_t>(status)];
}
std::string_view to_string(IllegalMovePolicy policy) {
  return kPolicies[static_cast<std::size_t>(policy)];
}

std::string_view to_string(JournalKind kind) {
  return kJournalKinds[static_cast<std::size_t>(kind)];
}

std::optional<UserKind> parse_user_kind(std::string_view text) {
  return parse<UserKind>(kKinds, text);
}
std::optional<Role> parse_role(std::string_view text) {
  return parse<Role>(kRoles, text);
}
std::optional<MatchStatus> parse_match_status(std::string_view text) {
  return parse<MatchStatus>(kStatuses, text);
}
std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view text) {
  return parse<IllegalMovePolicy>(kPolicies, text);
}

std::optional<JournalKind> parse_journal_kind(std::string_view text) {
  return parse<JournalKind>(kJournalKinds, text);
}

}  // namespace boyi::storage
