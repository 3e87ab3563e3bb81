// Positions from ASCII diagrams (edge-case tests, bots, analysis tools) and back.
// The compact form: 11 lines, dot rows and box rows alternating:
//   +-+-+ + + +      even lines: '+' dots, '-' drawn / ' ' undrawn horizontal edges
//   |X|   |          odd lines:  '|' drawn / ' ' undrawn vertical edges, box marks
//   +-+-+ + + +                  'X' seat 0, 'O' seat 1, ' ' unclaimed
// A common indentation and trailing spaces are ignored, as are blank lines before
// the first dot row and after the last.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/dots/dots.h"

namespace boyi::dots {
namespace {

constexpr std::size_t kMaxDiagram = 4096;
constexpr int kSize = 2 * kDots - 1;  // 11 lines of 11 characters

std::string at(int line, int col) {
  return "line " + std::to_string(line + 1) + ", column " + std::to_string(col + 1);
}

std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u < 0x20 || u >= 0x7f) return "a non-ASCII or control character";
  return std::string("'") + c + "'";
}

}  // namespace

std::string State::to_diagram() const {
  std::string s;
  for (int r = 0; r < kSize; ++r) {
    std::string line;
    for (int c = 0; c < kSize; ++c) {
      const int dr = r / 2, dc = c / 2;
      if (r % 2 == 0)
        line += c % 2 == 0 ? '+' : (edge_drawn(horizontal_edge(dr, dc)) ? '-' : ' ');
      else if (c % 2 == 0)
        line += edge_drawn(vertical_edge(dc, dr)) ? '|' : ' ';
      else
        line += "XO "[box_owner(dr * kCells + dc) == kPublic ? 2 : box_owner(dr * kCells + dc)];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    s += line + '\n';
  }
  return s;
}

Result<State> State::from_diagram(const Rules& rules, std::string_view diagram, Seat to_move) {
  if (diagram.size() > kMaxDiagram)
    return fail("diagram is too long (" + std::to_string(diagram.size()) + " characters)");
  std::vector<std::string_view> lines;
  for (std::size_t i = 0; i <= diagram.size();) {
    std::size_t j = diagram.find('\n', i);
    if (j == std::string_view::npos) j = diagram.size();
    std::string_view line = diagram.substr(i, j - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
    lines.push_back(line);
    i = j + 1;
  }
  while (!lines.empty() && lines.front().empty()) lines.erase(lines.begin());
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.size() != static_cast<std::size_t>(kSize))
    return fail("a diagram has 11 lines (6 dot rows, 5 box rows), got " +
                std::to_string(lines.size()));
  const std::size_t indent = lines[0].find_first_not_of(' ');

  State s(rules);
  std::uint64_t edges = 0;
  std::array<int, kBoxes> marks{};
  marks.fill(kPublic);
  for (int r = 0; r < kSize; ++r) {
    std::string_view line = lines[r];
    for (std::size_t k = 0; k < indent && k < line.size(); ++k)
      if (line[k] != ' ') return fail(at(r, static_cast<int>(k)) + ": expected indentation");
    line.remove_prefix(std::min(indent, line.size()));
    if (line.size() > static_cast<std::size_t>(kSize))
      return fail("line " + std::to_string(r + 1) + " is longer than 11 characters");
    for (int c = 0; c < kSize; ++c) {
      const char ch = c < static_cast<int>(line.size()) ? line[c] : ' ';
      const int dr = r / 2, dc = c / 2;
      if (r % 2 == 0 && c % 2 == 0) {
        if (ch != '+') return fail(at(r, c) + ": expected a dot '+', got " + shown(ch));
      } else if (r % 2 == 0 || c % 2 == 0) {
        const bool horizontal = r % 2 == 0;
        const int e = horizontal ? horizontal_edge(dr, dc) : vertical_edge(dc, dr);
        const char mark = horizontal ? '-' : '|';
        if (ch == mark)
          edges |= std::uint64_t{1} << e;
        else if (ch != ' ')
          return fail(at(r, c) + ": edge " + edge_name(e) + " must be '" + mark +
                      "' (drawn) or ' ' (undrawn), got " + shown(ch));
      } else {
        const int b = dr * kCells + dc;
        if (ch == 'X')
          marks[b] = 0;
        else if (ch == 'O')
          marks[b] = 1;
        else if (ch != ' ')
          return fail(at(r, c) + ": box " + box_name(b) +
                      " must be 'X' (seat 0), 'O' (seat 1) or ' ' (unclaimed), got " + shown(ch));
      }
    }
  }
  s.edges_ = edges;
  for (int b = 0; b < kBoxes; ++b) {
    const int sides = s.sides_drawn(b);
    if (marks[b] != kPublic && sides != 4)
      return fail("box " + box_name(b) + " is marked " + (marks[b] == 0 ? "X" : "O") +
                  " but only " + std::to_string(sides) + " of its sides are drawn");
    if (marks[b] == kPublic && sides == 4)
      return fail("box " + box_name(b) + " has all four sides drawn but no owner (X or O)");
    if (marks[b] != kPublic) s.boxes_[marks[b]] |= std::uint32_t{1} << b;
  }
  if (!s.is_terminal()) {
    if (to_move != 0 && to_move != 1)
      return fail("the seat to move must be 0 or 1, got " + std::to_string(to_move));
    s.side_ = static_cast<std::uint8_t>(to_move);
  }
  s.ply_ = std::popcount(edges);
  s.hash_ = s.compute_hash();
  return s;
}

}  // namespace boyi::dots
