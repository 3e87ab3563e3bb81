// Texts in the competition's notation: edges `KIJ`, whole turns `move N KIJ ...`,
// and the (empty) rules text. Everything here reads untrusted input: every
// failure is an error with a reason, never a crash.
#include <charconv>
#include <string>

#include "base/options.h"
#include "engine/dots/dots.h"

namespace boyi::dots {
namespace {

constexpr std::size_t kMaxMoveText = 64;
constexpr std::size_t kMaxTurnText = 2048;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The text quoted in an error, or a description when it cannot be shown as is.
std::string quote(std::string_view s) {
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) return "text with a non-ASCII or control character";
  }
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "'" + std::string(...).
  std::string out(1, '\'');
  out += s.substr(0, 24);
  out += s.size() > 24 ? "...'" : "'";
  return out;
}

Result<Move> parse_edge(std::string_view text) {
  text = trim(text);
  if (text.empty()) return fail("empty edge: expected three capital letters KIJ such as AAA");
  if (text.size() > kMaxMoveText)
    return fail("edge text is too long (" + std::to_string(text.size()) + " characters)");
  if (text.size() != 3)
    return fail(quote(text) +
                " is not an edge: expected three capital letters KIJ such as AAA "
                "(K: A horizontal / B vertical, I: line A-F, J: segment A-E)");
  for (char c : text)
    if (c >= 'a' && c <= 'z') return fail(quote(text) + ": edges are written in capital letters");
  const char k = text[0], i = text[1], j = text[2];
  if (k != 'A' && k != 'B')
    return fail(quote(text) + ": the first letter must be A (horizontal) or B (vertical)");
  if (i < 'A' || i > 'F') return fail(quote(text) + ": the line (second letter) must be A-F");
  if (j < 'A' || j > 'E') return fail(quote(text) + ": the segment (third letter) must be A-E");
  const int line = i - 'A', segment = j - 'A';
  const int edge = k == 'A' ? horizontal_edge(line, segment) : vertical_edge(line, segment);
  return Move{static_cast<std::uint8_t>(edge)};
}

}  // namespace

std::string edge_name(int edge) {
  if (edge < 0 || edge >= kEdges) return "edge#" + std::to_string(edge);
  const bool vertical = edge >= kHorizontalEdges;
  const int rel = vertical ? edge - kHorizontalEdges : edge;
  return {vertical ? 'B' : 'A', static_cast<char>('A' + rel / kCells),
          static_cast<char>('A' + rel % kCells)};
}

std::string box_name(int box) {
  if (box < 0 || box >= kBoxes) return "box#" + std::to_string(box);
  return {static_cast<char>('A' + box / kCells), static_cast<char>('A' + box % kCells)};
}

Result<Rules> Rules::parse(std::string_view text) {
  auto options = parse_options(text);
  if (!options) return Error{options.message()};
  if (!options->empty())
    return fail("dots has no rules options, got '" + options->front().first + "'");
  return Rules{};
}

Result<Move> State::parse_move(Seat /*seat: the notation is absolute*/,
                               std::string_view text) const {
  return parse_edge(text);
}

std::string State::format_move(Move move) const {
  return edge_name(move.edge);
}

Result<Turn> State::parse_turn(std::string_view text) {
  if (text.size() > kMaxTurnText)
    return fail("turn text is too long (" + std::to_string(text.size()) + " characters)");
  std::vector<std::string_view> tokens;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j > i) tokens.push_back(text.substr(i, j - i));
    i = j;
  }
  if (tokens.empty()) return fail("empty turn: expected edges such as 'AAA BAB' or 'move 1 AAA'");
  std::size_t first = 0;
  if (tokens[0] == "move") {
    if (tokens.size() < 2) return fail("'move' must be followed by the number of edges N");
    const std::string_view count = tokens[1];
    int n = 0;
    const auto [ptr, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || ptr != count.data() + count.size() || n < 1 || n > kEdges)
      return fail("in 'move N ...', N must be a number 1-60, got " + quote(count));
    const std::size_t given = tokens.size() - 2;
    if (static_cast<std::size_t>(n) != given)
      return fail("'move " + std::to_string(n) + "' announces " + std::to_string(n) +
                  (n == 1 ? " edge" : " edges") + " but " + std::to_string(given) +
                  (given == 1 ? " follows" : " follow"));
    first = 2;
  }
  const std::size_t n = tokens.size() - first;
  if (n == 0) return fail("the turn has no edges");
  if (n > static_cast<std::size_t>(kEdges))
    return fail("a turn has at most 60 edges, got " + std::to_string(n));
  Turn turn;
  turn.reserve(n);
  for (std::size_t i = first; i < tokens.size(); ++i) {
    auto edge = parse_edge(tokens[i]);
    if (!edge)
      return fail("edge " + std::to_string(i - first + 1) + " of " + std::to_string(n) + ": " +
                  edge.message());
    turn.push_back(*edge);
  }
  return turn;
}

std::string State::format_turn(const Turn& turn) {
  std::string s;
  for (const Move m : turn) {
    if (!s.empty()) s += ' ';
    s += edge_name(m.edge);
  }
  return s;
}

std::string State::format_platform_turn(const Turn& turn) {
  return "move " + std::to_string(turn.size()) + (turn.empty() ? "" : " ") + format_turn(turn);
}

Result<std::string> State::format_platform_action(std::string_view notation) {
  auto turn = parse_turn(notation);
  if (!turn) return Error{turn.message()};
  return format_platform_turn(*turn);
}

Result<std::string> State::parse_platform_action(std::string_view line) {
  // parse_turn reads the platform form "move N KIJ ..." itself, N checked.
  auto turn = parse_turn(line);
  if (!turn) return Error{turn.message()};
  return format_turn(*turn);
}

}  // namespace boyi::dots
