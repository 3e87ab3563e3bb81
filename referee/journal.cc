#include "referee/journal.h"

namespace boyi::referee {
namespace {

constexpr std::string_view kNames[] = {"start", "action", "illegal", "end", "takeback", "arbiter"};

}  // namespace

std::string_view entry_kind_name(EntryKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < std::size(kNames) ? kNames[i] : "unknown";
}

std::optional<EntryKind> parse_entry_kind(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kNames); ++i)
    if (kNames[i] == name) return static_cast<EntryKind>(i);
  return std::nullopt;
}

}  // namespace boyi::referee
