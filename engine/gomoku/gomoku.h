// 五子棋 (Gomoku / Renju) — the rules in brief (full text: docs/rules/gomoku.md).
//
// 15x15 board, columns A-O left to right, rows 1-15 bottom to top, centre H8.
// Black moves first; one stone per turn on an empty point. Seat 0 starts as
// black; the ccgc swap can exchange the colours of the seats.
// Rule sets (`rule`):
//  - renju (default): black wins only with exactly five; a black overline,
//    double-four (also two fours on one line, e.g. the middle of X.XXX.X) or
//    double-three is forbidden and loses at once (Ending::kFoul). A three is a
//    line that one more stone turns into a straight four, that stone making no
//    five in any line and being a legal non-forbidden black move (recursive, as
//    RIF). Exactly five takes
//    precedence over fouls; 4-3 is allowed. White is unrestricted and wins with
//    five or more. Forbidden points are legal moves (losing ones).
//  - standard: both win with exactly five only; no fouls.
//  - freestyle: five or more wins; no fouls.
//  A full board is a draw.
// Openings (`opening`): free; centre (black's first stone on H8); ccgc: black
// H8, white on a neighbour of H8, black inside F6-J10; the seat playing white
// says `swap` (colours exchanged) or `keep`; white plays stone 4; black offers
// fifth_n (2..5) candidates for stone 5 (`offer J10`, one action each: empty,
// distinct, not symmetric-equivalent under a symmetry of the stone pattern —
// a rotation or reflection about any centre, colours kept — and, our decision,
// not forbidden under renju); white picks one (`choose J10`), which
// becomes black's stone 5, and plays stone 6; then normal alternation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "engine/core/game.h"
#include "engine/core/game_preset.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/types.h"

namespace boyi::gomoku {

using MoveList = boyi::MoveList<Move, kPoints>;

// What an accepted action did.
enum class Effect : std::uint8_t {
  kNone,
  kFive,       // the stone made a winning line
  kFoul,       // a forbidden black stone: white wins
  kBoardFull,  // the last empty point was filled: draw
};

struct Event {
  Move move;
  Seat actor = 0;
  Colour colour = Colour::kBlack;  // the actor's colour when acting
  Effect effect = Effect::kNone;
  Foul foul = Foul::kNone;
  Seat winner = kPublic;  // with kFive / kFoul
  bool operator==(const Event&) const = default;
};

// One viewer's picture of the game. Gomoku has perfect information: every
// viewer sees the same board; `viewer` only says whom it is shown to.
struct View {
  Rules rules;
  Seat viewer = kPublic;
  std::array<Cell, kPoints> board{};
  Seat black_seat = 0;
  Step step = Step::kPlay;
  Seat to_move = kPublic;
  Colour colour_to_move = Colour::kBlack;
  int ply = 0;
  std::array<Point, 5> offers{};
  int offer_count = 0;
  bool has_last_move = false;
  Move last_move;
  Colour last_colour = Colour::kBlack;
  PointSet forbidden;  // renju, while black is to put a stone down
  Outcome outcome;

  std::string to_text() const;
  bool operator==(const View&) const = default;
};

class State {
 public:
  using Rules = gomoku::Rules;
  using Move = gomoku::Move;
  using MoveList = gomoku::MoveList;
  using Event = gomoku::Event;
  using View = gomoku::View;
  static constexpr std::string_view kName = "gomoku";
  static constexpr std::string_view kTitle = "五子棋";
  static constexpr std::string_view kEnglish = "Gomoku / Renju";
  // The two colours as records name them, the first mover's first, and their letters.
  static constexpr std::array<std::string_view, 2> kColours = {"black", "white"};
  static constexpr std::array<char, 2> kColourLetters = {'B', 'W'};
  // The game's code in the competition's text records ("C5").
  static constexpr std::string_view kRecordCode = "C5";
  // The presets (renju with fouls and the ccgc opening, 900 s; docs/rules/gomoku.md).
  static constexpr std::array<GamePreset, 3> kPresets = {{
      {"renju-ccgc", "rule=renju opening=ccgc fifth_n=2", 900'000, 0, 0, 1000,
       "五子棋, renju fouls, ccgc opening (swap, 2 fifth-move offers): 900 s per side", true},
      {"renju-blitz", "rule=renju opening=ccgc fifth_n=2", 180'000, 0, 2000, 1000,
       "五子棋 renju, quick: 180 s + 2 s per move", false},
      {"gomoku-blitz", "rule=freestyle opening=free", 180'000, 0, 2000, 1000,
       "五子棋 freestyle, free opening, quick: 180 s + 2 s per move", false},
  }};
  // How a person writes moves (boyi-play's help).
  static constexpr std::string_view kNotationHelp =
      "Moves: a point, column A-O and row 1-15, e.g. H8. Opening steps: swap, keep,\n"
      "offer J10 (one candidate for stone 5 at a time), choose J10.\n";
  // The competition text protocol its engines speak (bots/bridges).
  static constexpr std::string_view kEngineProtocol = "piskvork";

  explicit State(const Rules& rules = Rules{});

  // A position in normal play (Step::kPlay, whatever rules.opening says) from a
  // diagram of 15 rows, top row (15) first: '.' empty, 'X' black, 'O' white,
  // cells optionally separated by spaces, an optional row number at either end
  // of a row and optional "A B C ... O" header/footer lines ('#' and '?', the
  // marks of views, read as empty). Errors for a bad shape or character, a full
  // board or a line that has already won. `step` may instead be Step::kOffer:
  // black is then to offer the candidates for stone 5 on this position (for
  // studying 五手N打; `to_move` is ignored).
  static Result<State> from_diagram(const Rules& rules, std::string_view diagram,
                                    Colour to_move = Colour::kBlack, Seat black_seat = 0,
                                    Step step = Step::kPlay);

  const Rules& rules() const { return rules_; }
  Seat to_move() const;
  bool can_act(Seat seat) const { return seat != kPublic && seat == to_move(); }
  int ply() const { return ply_; }

  void legal_moves(MoveList& list) const;
  Status check(Seat seat, const Move& move) const;
  Result<Event> apply_checked(Seat seat, const Move& move);
  void apply(const Move& move);

  bool is_terminal() const { return ending_ != Ending::kNone; }
  Outcome outcome() const;
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;

  Result<Move> parse_move(Seat seat, std::string_view text) const;
  std::string format_move(const Move& move) const;
  View view(Seat seat) const;
  std::string to_text() const;
  static std::string render_event(const Event& event, Seat viewer);

  // The position, for bots, tools and the reference generator.
  Cell at(Point p) const { return board_.at(p); }
  const Board& board() const { return board_; }
  const PointSet& empty_points() const { return empty_; }
  int stone_count() const { return stones_; }
  Step step() const { return step_; }
  Colour colour_to_move() const { return colour_to_move_; }  // the acting colour
  Seat black_seat() const { return black_seat_; }
  Seat seat_of(Colour c) const { return c == Colour::kBlack ? black_seat_ : 1 - black_seat_; }
  Colour colour_of(Seat s) const { return s == black_seat_ ? Colour::kBlack : Colour::kWhite; }
  int offer_count() const { return offer_count_; }
  Point offer(int i) const { return offers_[i]; }
  bool has_last_move() const { return has_last_move_; }
  Move last_move() const { return last_move_; }
  Colour last_colour() const { return last_colour_; }

  // Renju: whether a black stone on p would be forbidden now (false for an
  // occupied point, or under another rule set), and why.
  bool is_forbidden(Point p) const { return foul_at(p) != Foul::kNone; }
  Foul foul_at(Point p) const;
  PointSet forbidden_points() const;  // every empty forbidden point

 private:
  void put_stone(Point p, Colour c);
  void set_step(Step s);
  void finish(Ending ending, Seat winner, Effect effect, Foul foul);
  void enter_offers();
  bool offer_equivalent(Point p, Point& to) const;  // to: the offered point it mirrors

  Rules rules_;
  Board board_;
  PointSet empty_;
  std::uint64_t hash_ = 0;
  int ply_ = 0;
  int stones_ = 0;
  Step step_ = Step::kPlay;
  Colour colour_to_move_ = Colour::kBlack;
  std::uint8_t black_seat_ = 0;
  std::uint8_t offer_count_ = 0;
  // The symmetries of the stone pattern (colours kept) at the offers step:
  // board symmetry `transform` about H8 followed by a shift, since a pattern can
  // be symmetric about another centre (e.g. an axis between two columns).
  struct PatternSymmetry {
    std::uint8_t transform = 0;
    std::int8_t dx = 0, dy = 0;
  };
  std::array<PatternSymmetry, 8> symmetries_{};
  std::uint8_t symmetry_count_ = 1;  // the identity
  std::array<Point, 5> offers_{};
  bool has_last_move_ = false;
  Move last_move_;
  Colour last_colour_ = Colour::kBlack;
  Ending ending_ = Ending::kNone;
  Seat winner_ = kPublic;
  Effect end_effect_ = Effect::kNone;
  Foul end_foul_ = Foul::kNone;
};

// The 8 symmetries of the board about H8 (0 is the identity).
Point symmetric_point(int symmetry, Point p);

}  // namespace boyi::gomoku
