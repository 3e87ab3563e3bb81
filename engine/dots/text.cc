// Texts people read: the board drawing of views and records, and event lines.
// Perfect information: every viewer gets the same drawing and the same event
// text; a view only adds which seat its viewer is.
#include <string>

#include "engine/dots/dots.h"

namespace boyi::dots {
namespace {

std::string seat_name(Seat seat) {
  return "seat " + std::to_string(seat) + (seat == 0 ? " (black, X)" : " (white, O)");
}

void trim_trailing_spaces(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

// Dots in rows and columns A-F; edge AIJ joins dot (row I, column J) to the dot on its
// right, edge BIJ joins dot (row J, column I) to the dot below; a box shows its owner.
std::string draw_board(std::uint64_t edges, const std::array<std::int8_t, kBoxes>& owners) {
  auto drawn = [&](int e) { return (edges >> e) & 1; };
  std::string s = "    A   B   C   D   E   F\n";
  for (int r = 0; r < kDots; ++r) {
    std::string line = {static_cast<char>('A' + r), ' ', ' ', ' '};
    for (int c = 0; c < kDots; ++c) {
      line += '+';
      if (c < kCells) line += drawn(horizontal_edge(r, c)) ? "---" : "   ";
    }
    trim_trailing_spaces(line);
    s += line + '\n';
    if (r == kCells) break;
    line = "    ";
    for (int c = 0; c < kDots; ++c) {
      line += drawn(vertical_edge(c, r)) ? '|' : ' ';
      if (c < kCells) {
        const int owner = owners[r * kCells + c];
        line += owner == 0 ? " X " : owner == 1 ? " O " : "   ";
      }
    }
    trim_trailing_spaces(line);
    s += line + '\n';
  }
  return s;
}

std::string status_lines(const std::array<int, 2>& score, Seat to_move, int ply,
                         const Outcome& outcome) {
  std::string s = "score: " + seat_name(0) + " " + std::to_string(score[0]) + ", " + seat_name(1) +
                  " " + std::to_string(score[1]) + "\n";
  if (outcome.finished())
    s += "game over after " + std::to_string(ply) + " edges: " + describe(outcome) + "\n";
  else
    s += "ply " + std::to_string(ply) + ", to move: " + seat_name(to_move) + "\n";
  return s;
}

}  // namespace

std::string View::to_text() const {
  std::string s = draw_board(edges, owners) + status_lines(score, to_move, ply, outcome);
  s += viewer == kPublic ? "you are a spectator\n" : "you are " + seat_name(viewer) + "\n";
  return s;
}

std::string State::to_text() const {
  const View v = view(kPublic);
  return draw_board(v.edges, v.owners) + status_lines(v.score, v.to_move, v.ply, v.outcome);
}

std::string State::render_event(const Event& event, Seat /*viewer: all see the same*/) {
  std::string s = seat_name(event.seat) + " draws " + edge_name(event.move.edge);
  if (event.claimed == 1) s += ", claims box " + box_name(event.boxes[0]);
  if (event.claimed == 2)
    s += ", claims boxes " + box_name(event.boxes[0]) + " and " + box_name(event.boxes[1]);
  if (event.again)
    s += " and draws again";
  else if (event.claimed > 0)
    s += "; the game is over";
  else
    s += "; the turn passes";
  return s;
}

}  // namespace boyi::dots
