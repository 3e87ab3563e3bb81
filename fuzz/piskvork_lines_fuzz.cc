// The Gomocup brain protocol (piskvork, bots/bridges/text_protocol_lines.h): a brain's answers
// (coordinates, MESSAGE/DEBUG/ERROR lines, ABOUT) are untrusted. Each input line is read as
// every kind of answer. Checks: a point read and written again reads back to the same point;
// rule bits read back to their rule set.
#include <charconv>

#include "bots/bridges/text_protocol_lines.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace pl = boyi::bots::piskvork_lines;
  for (std::string_view line : boyi::fuzz::lines_of(boyi::fuzz::text_of(data, size))) {
    (void)pl::is_comment(line);
    (void)pl::is_error(line);
    (void)pl::about_name(line);
    if (auto point = pl::parse_point(line)) {
      const std::string written = pl::format_point(*point);
      auto back = pl::parse_point(written);
      BOYI_FUZZ_CHECK(back.ok() && *back == *point, written);
    }
    int bits = 0;
    if (std::from_chars(line.data(), line.data() + line.size(), bits).ec == std::errc()) {
      if (auto rule = pl::rule_from_bits(bits)) {
        auto back = pl::rule_from_bits(pl::rule_bits(*rule));
        BOYI_FUZZ_CHECK(back.ok() && *back == *rule, line);
      }
    }
  }
  return 0;
}
