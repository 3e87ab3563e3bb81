// The one numbering of a match's events on the wire: the referee's start event is seq 1 and
// goes out as MatchStarted; its first action is MatchEvent seq 1.
#pragma once

#include <cstdint>

namespace boyi::protocol {

inline std::uint32_t wire_seq(std::uint64_t referee_seq) {
  return referee_seq == 0 ? 0 : static_cast<std::uint32_t>(referee_seq - 1);
}

}  // namespace boyi::protocol
