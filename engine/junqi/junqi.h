// 军棋 (two-player Junqi with hidden pieces). Full rules: docs/rules/junqi.md.
//
// In brief: a 12x5 board (rows A..L, columns 0..4); seat 0 ("red") owns rows G-L,
// seat 1 ("blue") rows A-F. Each side secretly deploys 25 pieces (marshal a ..
// engineer i by rank 9..1, mines j, bombs k, flag l) on its 25 non-camp posts:
// flag in a headquarters, mines in rows K-L, no bomb in row G (own frame). Then
// seat 0 moves first. Mines, the flag and pieces in a headquarters never move;
// an occupied camp cannot be entered (so a piece in a camp cannot be attacked).
// Road: one step along a road link. Rail: straight through empty posts, or any
// path for an engineer, stopping on an empty post or attacking the first enemy.
// Battles: flag taken -> attacker wins the game; a bomb removes both; a mine
// removes the attacker unless it is an engineer; else higher rank wins, equal
// both die. When a marshal dies its side's flag post is revealed. A side to
// move without a legal move loses; after `no_battle_limit` plies without a
// battle the side that made the first of them loses (or a draw).
// Seats see their own pieces; of enemy pieces only where they are.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "base/rng.h"
#include "engine/core/game.h"
#include "engine/core/game_preset.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"
#include "engine/junqi/board.h"

namespace boyi::junqi {

enum Piece : std::uint8_t {
  kMarshal,    // a 司令 9
  kGeneral,    // b 军长 8
  kDivision,   // c 师长 7
  kBrigade,    // d 旅长 6
  kRegiment,   // e 团长 5
  kBattalion,  // f 营长 4
  kCompany,    // g 连长 3
  kPlatoon,    // h 排长 2
  kEngineer,   // i 工兵 1
  kMine,       // j 地雷
  kBomb,       // k 炸弹
  kFlag,       // l 军旗
};
inline constexpr int kPieceKinds = 12;
inline constexpr int kPiecesPerSide = 25;
inline constexpr std::array<int, kPieceKinds> kPieceCount = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 2, 1};

constexpr char piece_letter(int piece) {
  return static_cast<char>('a' + piece);
}
std::string_view piece_name(int piece);  // "marshal", ..., "flag"
// Rank for a battle; 0 for mines, bombs and the flag (they are handled first).
constexpr int piece_rank(int piece) {
  return piece <= kEngineer ? 9 - piece : 0;
}

// The own-frame posts filled by a deployment, in the order of its 25 letters:
// G0 G1 G2 G3 G4 | H0 H2 H4 | I0 I1 I3 I4 | J0 J2 J4 | K0..K4 | L0..L4.
inline constexpr std::array<std::uint8_t, kPiecesPerSide> kDeploySlots = {
    30, 31, 32, 33, 34, 35, 37, 39, 40, 41, 43, 44, 45,
    47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59};

enum class NoBattleResult : std::uint8_t { kLoss, kDraw };

struct Rules {
  int no_battle_limit = 31;  // 10..31 plies without a battle end the game
  NoBattleResult no_battle_result = NoBattleResult::kLoss;

  std::string to_string() const;  // "no_battle_limit=31 no_battle_result=loss"
  static Result<Rules> parse(std::string_view text);
  bool operator==(const Rules&) const = default;
};

// A deployment {seat, 25 pieces in kDeploySlots order} or a step {from, to}
// in the absolute frame.
struct Move {
  enum Kind : std::uint8_t { kStep, kDeploy };
  Kind kind = kStep;
  std::uint8_t seat = 0;  // deployments only
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::array<std::uint8_t, kPiecesPerSide> layout{};  // deployments only: Piece per slot

  static Move step(int from, int to) {
    Move m;
    m.from = static_cast<std::uint8_t>(from);
    m.to = static_cast<std::uint8_t>(to);
    return m;
  }
  static Move deploy(Seat seat, const std::array<std::uint8_t, kPiecesPerSide>& layout) {
    Move m;
    m.kind = kDeploy;
    m.seat = static_cast<std::uint8_t>(seat);
    m.layout = layout;
    return m;
  }
  bool operator==(const Move&) const = default;
};

// Outcome codes of a step, from the attacker's side (competition protocol).
enum StepCode : int { kAttackerRemoved = 0, kAttackerWon = 1, kBothRemoved = 2, kPlainMove = 3 };
std::string_view step_code_name(int code);

// Everything an accepted action did (the full record, public after the game).
struct Event {
  Move move;
  Seat seat = 0;                             // who acted
  int ply = 0;                               // ply() after the action
  int code = -1;                             // StepCode for a step, -1 for a deployment
  int attacker = -1;                         // Piece that moved (steps)
  int defender = -1;                         // Piece on the target, -1 if it was empty
  std::array<int, 2> revealed_flag{-1, -1};  // flag post of each side once revealed, else -1
  std::uint8_t newly_revealed = 0;           // bit s: side s's flag revealed by this event
};

// What one viewer may know of an event, built only from that.
struct EventView {
  Seat viewer = kPublic;
  Move::Kind kind = Move::kStep;
  Seat seat = 0;
  int ply = 0;
  int from = -1, to = -1, code = -1;         // steps
  std::array<int, 2> revealed_flag{-1, -1};  // enemy flag posts (both for spectators)
  bool has_layout = false;                   // deployments, to their owner only
  std::array<std::uint8_t, kPiecesPerSide> layout{};
  bool operator==(const EventView&) const = default;
};

// A viewer's picture of the game, built from what that viewer may know.
struct View {
  // Cells: 0 empty, 1 + piece + 12 * owner for a known piece, kHidden + owner otherwise.
  static constexpr std::uint8_t kHidden = 25;
  Seat viewer = kPublic;
  std::array<std::uint8_t, kPosts> cells{};
  Seat to_move = kPublic;
  std::uint8_t deployed = 0;  // bit s: seat s has deployed
  int ply = 0;
  int no_battle = 0;
  int no_battle_limit = 31;
  std::array<int, 2> revealed_flag{-1, -1};
  Outcome outcome;

  std::string to_text() const;
  bool operator==(const View&) const = default;
};

class State {
 public:
  static constexpr std::string_view kName = "junqi";
  static constexpr std::string_view kTitle = "军棋";
  static constexpr std::string_view kEnglish = "Junqi (two-player, hidden pieces)";
  static constexpr bool kHiddenInformation = true;
  // The two colours as records name them, the first mover's first, and their letters.
  static constexpr std::array<std::string_view, 2> kColours = {"red", "blue"};
  static constexpr std::array<char, 2> kColourLetters = {'R', 'B'};
  // The game's code in the competition's text records ("JQ").
  static constexpr std::string_view kRecordCode = "JQ";
  // The presets (competition rules: 1800 s per side, no-battle limit 31; docs/rules/junqi.md).
  static constexpr std::array<GamePreset, 2> kPresets = {{
      {"junqi-ccgc", "no_battle_limit=31 no_battle_result=loss", 1'800'000, 0, 0, 1000,
       "军棋, competition rules: 1800 s per side, no-battle limit 31", true},
      {"junqi-blitz", "no_battle_limit=31 no_battle_result=loss", 180'000, 0, 2000, 1000,
       "军棋, quick: 180 s + 2 s per move", false},
  }};
  // How a person writes moves (boyi-play's help).
  static constexpr std::string_view kNotationHelp =
      "Moves: from and to post, rows A-L top to bottom, columns 0-4, e.g. G0F0.\n"
      "Deploy first: 25 letters for your posts G0 G1 G2 G3 G4 H0 H2 H4 I0 I1 I3 I4 J0 J2 J4\n"
      "K0 K1 K2 K3 K4 L0 L1 L2 L3 L4, e.g. abccddeeffggghhhiiijjkklj (or 'random').\n"
      "Pieces: a 司令 marshal, b 军长 general, c 师长, d 旅长, e 团长, f 营长, g 连长,\n"
      "h 排长, i 工兵 engineer, j 地雷 mine, k 炸弹 bomb, l 军旗 flag. Enemy pieces show as "
      "x.\n";
  // The competition text protocol its engines speak (bots/bridges).
  static constexpr std::string_view kEngineProtocol = "junqi-ccgc";
  using Rules = junqi::Rules;
  using Move = junqi::Move;
  using MoveList = boyi::MoveList<Move, 512>;
  using Event = junqi::Event;
  using View = junqi::View;

  explicit State(const Rules& rules = Rules{});
  // Bit p: the piece on `from` may step to post p (empty, or an enemy to attack), whoever
  // is to move. For a piece that may move (no mine, no flag, not in a headquarters).
  std::uint64_t targets(int from) const;

  // A position in the play phase (both deployed) from a diagram: an optional
  // header "0 1 2 3 4", then rows "A . l . k ." .. "L ..." (row letter and five
  // cells: '.' empty, A..L seat 0's pieces, a..l seat 1's); '#' starts a comment
  // line. Each side needs its flag in one of its headquarters, mines in its own
  // rows K-L and at most the table's count of each piece.
  static Result<State> from_diagram(const Rules& rules, std::string_view diagram, Seat to_move = 0,
                                    int no_battle = 0);

  const Rules& rules() const { return rules_; }
  Seat to_move() const;
  bool can_act(Seat seat) const;
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
  View view(Seat viewer) const;
  std::string to_text() const;
  static EventView event_view(const Event& event, Seat viewer);
  static std::string render_event(const Event& event, Seat viewer);

  // A legal deployment for `seat`, uniform over all legal layouts.
  Move random_deployment(Seat seat, Rng& rng) const;
  // Why a layout for `seat` breaks the deployment rules, or ok.
  static Status check_layout(const std::array<std::uint8_t, kPiecesPerSide>& layout);

  // Board access for bots, tools and the reference generator.
  bool empty(int post) const { return cell_[post] == 0; }
  Seat owner_at(int post) const { return cell_[post] == 0 ? kPublic : (cell_[post] - 1) / 12; }
  int piece_at(int post) const { return cell_[post] == 0 ? -1 : (cell_[post] - 1) % 12; }
  std::uint64_t occupancy(Seat seat) const { return occ_[seat]; }
  int count(Seat seat, int piece) const { return count_[seat][piece]; }
  int pieces_left(Seat seat) const;
  bool deployed(Seat seat) const { return (deployed_ >> seat) & 1; }
  bool in_play() const { return deployed_ == 3; }
  int flag_post(Seat seat) const { return flag_post_[seat]; }  // -1 before deployment
  bool flag_revealed(Seat seat) const { return (revealed_ >> seat) & 1; }
  int no_battle_count() const { return no_battle_; }
  // Side to move in the play phase (also during deployment: seat 0 moves first).
  Seat side() const { return side_; }

  bool operator==(const State&) const = default;

 private:
  void put(int post, Seat owner, int piece);
  void remove(int post);
  void set_no_battle(int count);
  void end(Ending ending, int winner, std::uint8_t detail);
  void finish_turn(Seat mover, bool battle);
  void lose_if_stuck();  // the side to move loses at once when it has no legal move
  bool has_legal_move(Seat side) const;
  Status check_step(Seat seat, const Move& move) const;

  Rules rules_;
  std::array<std::uint8_t, kPosts> cell_{};  // 0 empty, else 1 + piece + 12 * owner
  std::array<std::uint64_t, 2> occ_{};
  std::uint64_t hash_ = 0;
  std::array<std::array<std::uint8_t, kPieceKinds>, 2> count_{};
  std::int16_t ply_ = 0;
  std::uint8_t side_ = 0;
  std::uint8_t deployed_ = 0;
  std::uint8_t no_battle_ = 0;
  std::uint8_t revealed_ = 0;
  std::array<std::int8_t, 2> flag_post_{-1, -1};
  Ending ending_ = Ending::kNone;
  std::int8_t winner_ = -1;  // -1: draw (when ended)
  std::uint8_t detail_ = 0;
};

// The 180° turn of a step into (or out of) a seat's own frame, for the
// competition protocol; deployments are already in the own frame.
Move step_to_own_frame(const Move& move, Seat seat);
Move step_from_own_frame(const Move& move, Seat seat);

}  // namespace boyi::junqi
