// What a game record says about a match beyond its moves: who played, when,
// where, in which event. Times are wall-clock milliseconds since the Unix epoch
// (UTC); records show them in a display time zone given as a fixed UTC offset
// (GCC 12's standard library has no time-zone database), by default China
// Standard Time, the championship's own.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/fairness/disclosure.h"
#include "server/storage/records.h"
#include <string_view>

#include "base/result.h"

namespace boyi::records {

inline constexpr int kChinaStandardTime = 8 * 60;  // minutes east of UTC
inline constexpr int kMaxUtcOffsetMinutes = 14 * 60;

struct RecordMeta {
  std::string match_id;
  std::string game;                      // registry name: "junqi", "gomoku", "dots", "surakarta"
  std::string preset;                    // e.g. "renju-ccgc"; may be empty
  std::array<std::string, 2> players;    // names of seat 0 and seat 1
  std::optional<std::int64_t> start_ms;  // UTC, ms since the epoch
  std::optional<std::int64_t> end_ms;
  int utc_offset_minutes = kChinaStandardTime;  // display time zone, -840..840
  std::string event;                            // e.g. "2017 CCGC"
  std::string place;                            // e.g. "重庆"
  bool rated = false;
  // A sealed (军棋) match: what verifies it offline (protocol/fairness, boyi-verify).
  std::optional<fairness::Disclosure> fairness;
  // What the arbiter did to this match (the audit log's entries about it), oldest first.
  std::vector<storage::AuditEntry> audit;
  // The movers' notes on their moves (MakeMove.comment), by the seq of the move's event.
  std::map<std::uint64_t, std::string> comments;

  bool operator==(const RecordMeta&) const = default;
};

// "2017-07-29T06:00:00.000Z" and back (exactly this form; years 1970-9999).
std::string format_utc(std::int64_t ms);
Result<std::int64_t> parse_utc(std::string_view text);
// "+08:00" / "-05:30" and back.
std::string format_utc_offset(int minutes);
Result<int> parse_utc_offset(std::string_view text);
// The local date and time as the competition writes them: "2017.07.29 14:00".
std::string format_local_minute(std::int64_t ms, int utc_offset_minutes);

// Whether text is well-formed UTF-8; the error names the byte offset.
Status check_utf8(std::string_view text);

}  // namespace boyi::records
