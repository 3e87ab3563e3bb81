// Per-viewer views and event renderings, each built from what that viewer may
// know: its own pieces, where enemy pieces stand, outcome codes and revealed
// flags. The full state's text (every identity) is for records and debugging.
#include <bit>
#include <string>

#include "engine/junqi/junqi.h"

namespace boyi::junqi {

namespace {

char known_char(int owner, int piece) {
  const char c = piece_letter(piece);
  return owner == 0 ? static_cast<char>(c - 'a' + 'A') : c;
}

// The board as rows "A  . l . k ." under a column header; from_diagram reads it back.
std::string grid(const std::array<char, kPosts>& chars) {
  std::string s = "   0 1 2 3 4\n";
  for (int r = 0; r < kRows; ++r) {
    s += static_cast<char>('A' + r);
    s += ' ';
    for (int c = 0; c < kCols; ++c) {
      s += ' ';
      s += chars[post_at(r, c)];
    }
    s += '\n';
  }
  return s;
}

std::string seat_text(Seat s) {
  return s == kPublic ? "-" : "seat " + std::to_string(s);
}

std::string status_text(Seat to_move, int deployed, int ply, int no_battle, int limit,
                        const std::array<int, 2>& flags, const Outcome& outcome) {
  std::string s =
      "ply " + std::to_string(ply) + " | to move: " + seat_text(to_move) + " | deployed:";
  if (deployed == 0) s += " none";
  for (int i = 0; i < 2; ++i)
    if ((deployed >> i) & 1) s += " " + std::to_string(i);
  s += " | no-battle " + std::to_string(no_battle) + "/" + std::to_string(limit);
  s += " | flags revealed:";
  bool any = false;
  for (int i = 0; i < 2; ++i)
    if (flags[i] >= 0) {
      s += " seat " + std::to_string(i) + " at " + post_name(flags[i]);
      any = true;
    }
  if (!any) s += " none";
  return s + " | " + describe(outcome);
}

}  // namespace

View State::view(Seat viewer) const {
  View v;
  v.viewer = viewer;
  v.to_move = to_move();
  v.deployed = deployed_;
  v.ply = ply_;
  v.no_battle = no_battle_;
  v.no_battle_limit = rules_.no_battle_limit;
  v.outcome = outcome();
  // Revealed flags the viewer is told about: the enemy's for a seat, both for spectators.
  for (int s = 0; s < 2; ++s)
    if (flag_revealed(s) && s != viewer) v.revealed_flag[s] = flag_post_[s];
  for (int owner = 0; owner < 2; ++owner) {
    for (std::uint64_t b = occ_[owner]; b; b &= b - 1) {
      const int p = std::countr_zero(b);
      if (owner == viewer)
        v.cells[p] = cell_[p];
      else if (p == v.revealed_flag[owner])
        v.cells[p] = static_cast<std::uint8_t>(1 + kFlag + kPieceKinds * owner);
      else
        v.cells[p] = static_cast<std::uint8_t>(View::kHidden + owner);
    }
  }
  return v;
}

std::string View::to_text() const {
  std::array<char, kPosts> chars{};
  for (int p = 0; p < kPosts; ++p) {
    const int c = cells[p];
    if (c == 0)
      chars[p] = '.';
    else if (c >= kHidden)
      chars[p] = c == kHidden ? 'X' : 'x';
    else
      chars[p] = known_char((c - 1) / kPieceKinds, (c - 1) % kPieceKinds);
  }
  const std::string who = viewer == kPublic ? "spectators" : "seat " + std::to_string(viewer);
  return "# view of " + who + " | " +
         status_text(to_move, deployed, ply, no_battle, no_battle_limit, revealed_flag, outcome) +
         "\n" + grid(chars);
}

std::string State::to_text() const {
  std::array<char, kPosts> chars{};
  for (int p = 0; p < kPosts; ++p) chars[p] = empty(p) ? '.' : known_char(owner_at(p), piece_at(p));
  std::array<int, 2> flags{-1, -1};
  for (int s = 0; s < 2; ++s)
    if (flag_revealed(s)) flags[s] = flag_post_[s];
  return "# junqi " + rules_.to_string() + "\n# " +
         status_text(to_move(), deployed_, ply_, no_battle_, rules_.no_battle_limit, flags,
                     outcome()) +
         "\n" + grid(chars);
}

EventView State::event_view(const Event& event, Seat viewer) {
  EventView v;
  v.viewer = viewer;
  v.kind = event.move.kind;
  v.seat = event.seat;
  v.ply = event.ply;
  if (event.move.kind == Move::kDeploy) {
    if (viewer == event.seat) {
      v.has_layout = true;
      v.layout = event.move.layout;
    }
    return v;
  }
  v.from = event.move.from;
  v.to = event.move.to;
  v.code = event.code;
  for (int s = 0; s < 2; ++s)
    if (s != viewer) v.revealed_flag[s] = event.revealed_flag[s];
  return v;
}

std::string State::render_event(const Event& event, Seat viewer) {
  const EventView v = event_view(event, viewer);
  std::string s = "ply " + std::to_string(v.ply) + ": seat " + std::to_string(v.seat);
  if (v.kind == Move::kDeploy) {
    s += " deployed";
    if (v.has_layout) {
      s += ' ';
      for (std::uint8_t p : v.layout) s += piece_letter(p);
    }
    return s;
  }
  s += " " + post_name(v.from) + post_name(v.to) + " " + std::to_string(v.code) + " (" +
       std::string(step_code_name(v.code)) + ")";
  for (int i = 0; i < 2; ++i)
    if (v.revealed_flag[i] >= 0)
      s += " | flag of seat " + std::to_string(i) + " at " + post_name(v.revealed_flag[i]);
  return s;
}

}  // namespace boyi::junqi
