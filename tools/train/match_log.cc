#include "tools/train/match_log.h"

#include <cctype>
#include <charconv>

namespace boyi::train {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_result(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2";
}

// A tag line [Name "value"]: its name and value; false if the line is no tag.
bool read_tag(std::string_view line, std::string_view& name, std::string_view& value) {
  if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
  line = line.substr(1, line.size() - 2);
  const auto space = line.find(' ');
  if (space == std::string_view::npos) return false;
  name = line.substr(0, space);
  value = trim(line.substr(space + 1));
  if (value.size() < 2 || value.front() != '"' || value.back() != '"') return false;
  value = value.substr(1, value.size() - 2);
  return true;
}

// A move line "N. SEAT ACTION {note}": its seat, action and note.
Status read_move(std::string_view line, std::size_t expected_number, int& seat, std::string& action,
                 std::string_view& note) {
  const auto dot = line.find(". ");
  std::size_t number = 0;
  if (dot == std::string_view::npos ||
      std::from_chars(line.data(), line.data() + dot, number).ptr != line.data() + dot)
    return fail("not a move line: '" + std::string(line) + "'");
  if (number != expected_number)
    return fail("move " + std::to_string(number) + " where move " +
                std::to_string(expected_number) + " was due");
  std::string_view rest = trim(line.substr(dot + 2));
  note = {};
  if (const auto brace = rest.find(" {"); brace != std::string_view::npos) {
    if (rest.back() != '}') return fail("an unclosed note: '" + std::string(line) + "'");
    note = rest.substr(brace + 2, rest.size() - brace - 3);
    rest = trim(rest.substr(0, brace));
  }
  if (rest.size() < 3 || (rest[0] != '0' && rest[0] != '1') || rest[1] != ' ')
    return fail("no seat 0 or 1 and action: '" + std::string(line) + "'");
  seat = rest[0] - '0';
  action = std::string(trim(rest.substr(2)));
  if (action.empty()) return fail("no action: '" + std::string(line) + "'");
  return {};
}

}  // namespace

bool is_match_log(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(at, end - at));
    if (!line.empty()) return line.starts_with("[Game ");
    at = end + 1;
  }
  return false;
}

Result<std::vector<bots::learned::RecordedGame>> parse_match_log(std::string_view text,
                                                                 const std::string& game,
                                                                 const std::string& where) {
  std::vector<bots::learned::RecordedGame> out;
  bots::learned::RecordedGame current;
  bool in_record = false, in_moves = false, opening = true;
  std::string result;
  int number = 0;
  std::size_t at = 0;
  const auto close = [&]() -> Status {
    if (current.game.empty()) return fail("a record without a [Game] tag");
    if (!is_result(result)) return fail("a record without a [Result] tag");
    if (current.game != game)
      return fail("a record of " + current.game + ", this trainer learns " + game);
    if (result == "1-0") current.winner = 0;
    if (result == "0-1") current.winner = 1;
    out.push_back(std::move(current));
    current = {};
    in_record = in_moves = false;
    opening = true;
    result.clear();
    return {};
  };
  while (at < text.size()) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(at, end - at));
    at = end + 1;
    ++number;
    const std::string where_line = where + " line " + std::to_string(number);
    if (line.empty()) continue;
    std::string_view name, value;
    if (read_tag(line, name, value)) {
      if (in_moves)
        return fail(where_line + ": a tag among the moves (a record without its result line)");
      in_record = true;
      if (name == "Game") current.game = value;
      if (name == "Rules") current.rules = value;
      if (name == "Result") result = value;
      continue;
    }
    if (!in_record) return fail(where_line + ": not a boyi-match log (no [Game] tag first)");
    if (is_result(line)) {
      if (result.empty()) return fail(where_line + ": a record without a [Result] tag");
      if (line != result)
        return fail(where_line + ": the result line says " + std::string(line) +
                    ", the [Result] tag " + result);
      if (auto closed = close(); !closed) return fail(where_line + ": " + closed.message());
      continue;
    }
    int seat = 0;
    std::string action;
    std::string_view note;
    if (auto read = read_move(line, current.actions.size() + 1, seat, action, note); !read)
      return fail(where_line + ": " + read.message());
    in_moves = true;
    // Only the leading run of imposed actions is the opening.
    if (opening && note == kOpeningNote)
      ++current.opening_actions;
    else
      opening = false;
    current.actions.emplace_back(seat, std::move(action));
  }
  if (in_record) return fail(where + ": the last record has no result line (cut short?)");
  return out;
}

}  // namespace boyi::train
