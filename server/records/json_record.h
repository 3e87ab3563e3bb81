// A finished match as JSON: the stable, versioned schema "boyi-record/2"
// (documented field by field in README.md; /1 differs only in its actions' seq, one higher,
// and is still read). Writing never fails; reading
// validates every field and replays every action through the engine, so an
// inconsistent record is refused with the action (or field) that is wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "referee/record.h"
#include "server/records/record_meta.h"

namespace boyi::records {

inline constexpr std::string_view kJsonFormat = "boyi-record/2";
inline constexpr std::string_view kJsonFormatV1 = "boyi-record/1";
// An action's seq in the record is that of the MatchEvent that announced it; the referee
// numbers its start entry 1, so its seq for the same action is one more (wire_match.h).
inline constexpr std::uint64_t kRefereeSeqOffset = 1;
inline constexpr std::size_t kMaxRecordBytes = 16u << 20;  // a record larger than this is refused
inline constexpr std::size_t kMaxRecordActions = 100'000;

struct ParsedRecord {
  referee::MatchRecord record;
  RecordMeta meta;
};

// The JSON record (two-space indented, UTF-8). The match id and game are the
// config's (meta.match_id and meta.game are not written separately); names and
// texts that are not valid UTF-8 have the bad bytes replaced by U+FFFD.
std::string to_json(const referee::MatchRecord& record, const RecordMeta& meta);

// Reads a record written by to_json (unknown keys are ignored, every documented
// key is required, "game_title" and per-player "colour" are checked when
// present). Replays the actions: the error names the first that fails, e.g.
// "action 7 (seq 8, seat 0, 'G0F0'): ...". from_json(to_json(r, m)) gives back r
// and m (with m.match_id and m.game set from the config).
Result<ParsedRecord> from_json(std::string_view text);

}  // namespace boyi::records
