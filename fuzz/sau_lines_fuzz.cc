// The competition platform protocol of 点格棋 and 苏拉卡尔塔 ("sau",
// bots/bridges/text_protocol_lines.h): an engine's move and name lines are untrusted. Each input
// line is read as a move of both games and as a name. Checks: a move read, written as a line
// again, reads back to the same notation.
#include "bots/bridges/text_protocol_lines.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace sau = boyi::bots::sau_lines;
  for (std::string_view line : boyi::fuzz::lines_of(boyi::fuzz::text_of(data, size))) {
    (void)sau::parse_name(line);
    (void)boyi::bots::line_words(line);
    (void)boyi::bots::quoted_line(line);
    for (std::string_view game : {"dots", "surakarta"}) {
      auto notation = sau::parse_move(game, line);
      if (!notation) continue;
      auto written = sau::format_move(game, *notation);
      BOYI_FUZZ_CHECK(written.ok(), *notation);
      BOYI_FUZZ_CHECK(written->size() <= sau::kMaxLine, *written);
      auto back = sau::parse_move(game, *written);
      BOYI_FUZZ_CHECK(back.ok() && *back == *notation, *written);
    }
  }
  return 0;
}
