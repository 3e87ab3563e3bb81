// Golden files for the engine's tests: compare generated text with a committed
// file, or rewrite the file when BOYI_UPDATE_GOLDEN=1 (after an intended change;
// review the diff before committing).
#pragma once

#include <cstddef>
#include <string>

namespace boyi::testing {

// Adds a GoogleTest failure naming the first differing line when `actual`
// differs from the file at `path`, or when it is larger than `max_bytes`.
void expect_golden_file(const std::string& path, const std::string& actual,
                        std::size_t max_bytes = 300 * 1024);

}  // namespace boyi::testing
