// The text form of a rules value: "key=value key=value". Every game's Rules
// type serialises to this canonical form (all keys, fixed order) and parses it
// back starting from the defaults, so a match's rules can be stored and shown.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"

namespace boyi {

using OptionList = std::vector<std::pair<std::string, std::string>>;

// Splits on whitespace (or commas) into key=value pairs; rejects a token
// without '=', an empty key and a key given twice.
Result<OptionList> parse_options(std::string_view text);

// Parses a decimal integer in [lo, hi]; the error names the key and the range.
Result<int> parse_int_option(std::string_view key, std::string_view value, int lo, int hi);

// Picks value among names (e.g. {"renju","standard","freestyle"}); returns its index.
Result<int> parse_enum_option(std::string_view key, std::string_view value,
                              const std::vector<std::string_view>& names);

std::string join_options(const OptionList& options);

}  // namespace boyi
