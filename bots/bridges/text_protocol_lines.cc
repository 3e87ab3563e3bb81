#include "bots/bridges/text_protocol_lines.h"

#include <cctype>
#include <charconv>
#include <vector>

#include "base/words.h"
#include "engine/games.h"

namespace boyi::bots {

std::vector<std::string_view> line_words(std::string_view line) {
  return split_words(line);
}

std::string quoted_line(std::string_view line) {
  return "'" + std::string(line.substr(0, 80)) + (line.size() > 80 ? "...'" : "'");
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

namespace sau_lines {

Result<std::string> format_move(std::string_view game, std::string_view notation) {
  Result<std::string> out = fail("the platform protocol has no form for " + std::string(game));
  visit_game(game, [&]<Game G>() {
    if constexpr (engine_protocol<G>() != "sau")
      return;
    else if constexpr (requires { G::format_platform_action(notation); })
      out = G::format_platform_action(notation);
    else
      out = "move " + std::string(notation);
  });
  return out;
}

Result<std::string> parse_move(std::string_view game, std::string_view line) {
  const auto w = line_words(line);
  if (w.empty() || w[0] != "move") return fail("expected 'move ...', got " + quoted_line(line));
  Result<std::string> out = fail("the platform protocol has no form for " + std::string(game));
  visit_game(game, [&]<Game G>() {
    if constexpr (engine_protocol<G>() != "sau")
      return;
    else if constexpr (requires { G::parse_platform_action(line); })
      out = G::parse_platform_action(line);
    else if (w.size() == 2)  // one action in the game's notation
      out = std::string(w[1]);
    else
      out = fail("expected 'move <action>', got " + quoted_line(line));
  });
  return out;
}

std::string format_new(Seat seat) {
  return seat == 0 ? "new black" : "new white";
}

std::string format_end(Seat winner) {
  if (winner == 0) return "end black";
  if (winner == 1) return "end white";
  return "end";
}

Result<std::string> parse_name(std::string_view line) {
  const auto w = line_words(line);
  if (w.size() < 2 || w[0] != "name")
    return fail("expected 'name <engine name>', got " + quoted_line(line));
  return std::string(trim(line.substr(line.find("name") + 4)));
}

}  // namespace sau_lines

namespace piskvork_lines {

std::string format_point(gomoku::Point p) {
  const int x = gomoku::point_col(p);
  const int y = gomoku::kSize - 1 - gomoku::point_row(p);
  return std::to_string(x) + "," + std::to_string(y);
}

Result<gomoku::Point> parse_point(std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return fail("expected 'x,y', got " + quoted_line(text));
  auto read = [](std::string_view s, int& v) {
    s = trim(s);
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
  };
  int x = 0, y = 0;
  if (!read(text.substr(0, comma), x) || !read(text.substr(comma + 1), y))
    return fail("expected 'x,y' with two numbers, got " + quoted_line(text));
  if (x < 0 || x >= gomoku::kSize || y < 0 || y >= gomoku::kSize)
    return fail("point " + quoted_line(text) + " is off the 15x15 board");
  return gomoku::make_point(x, gomoku::kSize - 1 - y);
}

int rule_bits(gomoku::RuleSet rule) {
  switch (rule) {
    case gomoku::RuleSet::kRenju:
      return 4;
    case gomoku::RuleSet::kStandard:
      return 1;
    case gomoku::RuleSet::kFreestyle:
      return 0;
  }
  return 0;
}

Result<gomoku::RuleSet> rule_from_bits(int bits) {
  if (bits < 0 || bits > 15) return fail("rule " + std::to_string(bits) + " is not a bitmask 0-15");
  if (bits & 8) return fail("caro (rule bit 8) is not supported");
  if (bits & 4) return gomoku::RuleSet::kRenju;
  if (bits & 1) return gomoku::RuleSet::kStandard;
  return gomoku::RuleSet::kFreestyle;  // bit 2 (continuous games) changes nothing for one game
}

static std::string upper_keyword(std::string_view line) {
  const auto w = line_words(line);
  std::string key(w.empty() ? std::string_view() : w[0]);
  for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return key;
}

bool is_comment(std::string_view line) {
  const std::string key = upper_keyword(line);
  return key == "MESSAGE" || key == "DEBUG" || key == "UNKNOWN" || key == "SUGGEST";
}

bool is_error(std::string_view line) {
  return upper_keyword(line) == "ERROR";
}

std::string about_name(std::string_view line) {
  const auto at = line.find("name=\"");
  if (at == std::string_view::npos) return "";
  const auto start = at + 6;
  const auto end = line.find('"', start);
  if (end == std::string_view::npos) return "";
  return std::string(line.substr(start, end - start));
}

}  // namespace piskvork_lines

}  // namespace boyi::bots
