// The 军棋 referee protocol's lines (bots/bridges/junqi_lines.h): what an engine answers is
// untrusted, and boyi-engine reads the referee's lines with the same code. Each input line is
// read as every kind of line, by the receiving seat its position picks. Checks: a line read
// and written again reads back to the same values.
#include "bots/bridges/junqi_lines.h"
#include "fuzz/fuzz_check.h"

namespace boyi::fuzz {
namespace {

namespace jl = bots::junqi_lines;

void read_line(std::string_view line, Seat seat) {
  (void)jl::keyword(line);
  (void)jl::parse_name(line);
  if (auto start = jl::parse_start(line)) {
    auto back = jl::parse_start(jl::format_start(*start));
    BOYI_FUZZ_CHECK(back.ok() && back->seat == start->seat && back->seconds == start->seconds &&
                        back->no_battle_limit == start->no_battle_limit,
                    line);
  }
  if (auto go = jl::parse_go(line, seat)) {
    const std::string written = jl::format_go(*go, seat);
    auto back = jl::parse_go(written, seat);
    BOYI_FUZZ_CHECK(back.ok() && back->first_turn == go->first_turn && back->from == go->from &&
                        back->to == go->to && back->code == go->code &&
                        back->enemy_flag == go->enemy_flag,
                    written);
  }
  if (auto result = jl::parse_result(line, seat)) {
    const std::string written = jl::format_result(*result, seat);
    auto back = jl::parse_result(written, seat);
    BOYI_FUZZ_CHECK(
        back.ok() && back->code == result->code && back->enemy_flag == result->enemy_flag, written);
  }
  if (auto move = jl::parse_bestmove(line, seat)) {
    const std::string written = jl::format_bestmove(move->from, move->to, seat);
    auto back = jl::parse_bestmove(written, seat);
    BOYI_FUZZ_CHECK(back.ok() && *back == *move, written);
  }
  if (auto letters = jl::parse_array(line)) {
    auto back = jl::parse_array(jl::format_array(*letters));
    BOYI_FUZZ_CHECK(back.ok() && *back == *letters, *letters);
  }
}

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = boyi::fuzz::lines_of(boyi::fuzz::text_of(data, size));
  for (std::size_t i = 0; i < lines.size(); ++i) boyi::fuzz::read_line(lines[i], i % 2);
  return 0;
}
