// The competition platform's move lines ("move 2 AAA BAB", "move BBBC") of 点格棋 and
// 苏拉卡尔塔, both ways: a line read gives notation that is written as a line reading the same.
#pragma once

#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"

namespace boyi::fuzz {

template <class G>
void check_platform_line(std::string_view line) {
  if (auto notation = G::parse_platform_action(line)) {
    auto written = G::format_platform_action(*notation);
    BOYI_FUZZ_CHECK(written.ok(), *notation);
    auto reread = G::parse_platform_action(*written);
    BOYI_FUZZ_CHECK(reread.ok() && *reread == *notation, *written);
  }
  if (auto written = G::format_platform_action(line)) {
    auto reread = G::parse_platform_action(*written);
    BOYI_FUZZ_CHECK(reread.ok(), *written);
    auto again = G::format_platform_action(*reread);
    BOYI_FUZZ_CHECK(again.ok() && *again == *written, *written);
  }
}

}  // namespace boyi::fuzz
