// The referee's texts (internal to referee/): how a seat is named in endings and replies,
// and the printable form of anything a player sent before it is stored or repeated.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/core/outcome.h"

namespace boyi::referee {

std::string seat_name(Seat seat);  // "seat 0"
// Valid UTF-8 without control bytes, at most `max_bytes` long (cut at a character
// boundary); anything else becomes '?'.
std::string printable(std::string_view in, std::size_t max_bytes);

}  // namespace boyi::referee
