// The brain side of the Gomocup / piskvork protocol: START 15 / RESTART /
// INFO / BEGIN / TURN / BOARD ... DONE / TAKEBACK / ABOUT / END, Gomocup's swap2
// opening (SWAP2BOARD ... DONE) and Yixin's extensions YXBOARD ... DONE (a position
// without a move), YXSHOWFORBID (renju's forbidden points) and YXSTOP (answer now: the
// input is read while the engine thinks). The rule comes from INFO rule (4 renju, 1
// exactly five, 0 freestyle; always the free opening: the manager places every stone).
// Time: INFO timeout_turn is the per-move limit, INFO time_left (sent before every move)
// the bank, else timeout_match less what was used; the bank is shared among the moves a
// renju game still needs (about 20 a side, fewer as the board fills). Anything it cannot
// use is answered with ERROR (bad values) or UNKNOWN (unknown commands).
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "base/rng.h"
#include "bots/bridges/text_protocol_lines.h"
#include "bots/player.h"
#include "engine/gomoku/gomoku.h"
#include "tools/engine/engine_side.h"

namespace boyi::engine_tool {

namespace {

using namespace bots;
using Clock = std::chrono::steady_clock;
using gomoku::Point;

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool read_int(std::string_view s, std::int64_t& v) {
  s = trim(s);
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
}

class PiskvorkSide final : public EngineSide {
 public:
  PiskvorkSide(EngineConfig config, std::unique_ptr<Player<gomoku::State>> player)
      : config_(std::move(config)), player_(std::move(player)) {
    rules_.rule = gomoku::RuleSet::kFreestyle;
    reset();
  }

  std::vector<std::string> handle(std::string_view raw) override {
    const auto asked = Clock::now();
    const std::string_view line = trim(raw);
    if (listing_ != Listing::kNone) return board_line(line, asked);
    const auto space = line.find(' ');
    const std::string command = upper(line.substr(0, space));
    const std::string_view rest = space == std::string_view::npos ? "" : trim(line.substr(space));
    if (command.empty()) return {};
    if (command == "START") {
      std::int64_t size = 0;
      if (!read_int(rest, size) || size != gomoku::kSize)
        return {"ERROR only 15x15 boards are supported"};
      reset();
      return {"OK"};
    }
    if (command == "RESTART") {
      reset();
      return {"OK"};
    }
    if (command == "INFO") return info(rest);
    if (command == "BEGIN") {
      if (state_.stone_count() != 0) return {"ERROR BEGIN on a board that is not empty"};
      return move(asked);
    }
    if (command == "TURN") {
      auto p = piskvork_lines::parse_point(rest);
      if (!p) return {"ERROR " + p.message()};
      auto placed = place(*p);
      if (!placed.empty()) return {placed};
      return move(asked);
    }
    if (command == "BOARD" || command == "YXBOARD" || command == "SWAP2BOARD") {
      listing_ = command == "BOARD"     ? Listing::kBoard
                 : command == "YXBOARD" ? Listing::kYxBoard
                                        : Listing::kSwap2;
      board_.clear();
      board_error_.clear();
      return {};
    }
    if (command == "YXSTOP") return {};  // it stopped the search, if one ran (interrupts)
    if (command == "YXSHOWFORBID") return {forbid_line()};
    if (command == "TAKEBACK") return takeback(rest);
    if (command == "ABOUT")
      return {"name=\"" + config_.name + "\", version=\"0.1\", author=\"Boyi\", country=\"CN\""};
    if (command == "END") {
      done_ = true;
      return {};
    }
    return {"UNKNOWN " + std::string(line.substr(0, 60))};
  }

  bool done() const override { return done_; }
  bool interrupts(std::string_view line) const override {
    const std::string word = upper(trim(line).substr(0, trim(line).find(' ')));
    return word == "YXSTOP" || word == "END";
  }

 private:
  // A new game (START, RESTART): a fresh board and a fresh clock; the manager tells the
  // match's time again (INFO time_left) if it keeps one across games.
  void reset() {
    state_ = gomoku::State(rules_);
    history_.clear();
    used_ms_ = 0;
    time_left_ms_ = -1;
  }

  std::vector<std::string> info(std::string_view rest) {
    const auto space = rest.find(' ');
    const std::string key(rest.substr(0, space));
    const std::string_view value = space == std::string_view::npos ? "" : rest.substr(space);
    std::int64_t v = 0;
    const bool numeric = read_int(value, v);
    if (key == "timeout_turn" || key == "timeout_match" || key == "time_left" || key == "rule" ||
        key == "time_increment") {
      if (!numeric || v < 0) return {"ERROR INFO " + key + " needs a number"};
    }
    if (key == "timeout_turn") {
      timeout_turn_ms_ = v;
    } else if (key == "timeout_match") {
      timeout_match_ms_ = v;
    } else if (key == "time_left") {
      time_left_ms_ = v;
    } else if (key == "time_increment") {  // Fischer increment per move (c-gomoku-cli's)
      time_increment_ms_ = v;
    } else if (key == "rule") {
      auto rule = piskvork_lines::rule_from_bits(static_cast<int>(std::min<std::int64_t>(v, 99)));
      if (!rule) return {"ERROR " + rule.message()};
      if (*rule != rules_.rule) {
        rules_.rule = *rule;
        if (state_.stone_count() == 0) reset();
      }
    }
    // max_memory, thread_num (one search thread), game_type, folder, evaluate, ...: nothing
    // to do.
    return {};
  }

  // Places the opponent's stone; "" or the ERROR line.
  std::string place(Point p) {
    if (state_.is_terminal()) return "ERROR the game is over";
    history_.push_back(state_);
    auto event = state_.apply_checked(state_.to_move(), gomoku::Move::place(p));
    if (!event) {
      history_.pop_back();
      return "ERROR " + event.message();
    }
    return "";
  }

  // One line of a BOARD, YXBOARD or SWAP2BOARD listing: x,y,f (f 1 own, 2 the opponent's;
  // SWAP2BOARD: x,y, the stones in the order played, as Gomocup defines it — or x,y,f as
  // Rapfi reads it there, the f ignored), until DONE.
  std::vector<std::string> board_line(std::string_view line, Clock::time_point asked) {
    if (upper(line) != "DONE") {
      const bool swap2 = listing_ == Listing::kSwap2;
      const bool owner_given =
          std::count(line.begin(), line.end(), ',') == 2;  // x,y,f (SWAP2BOARD: ignored)
      const auto comma = swap2 && !owner_given ? line.size() : line.rfind(',');
      std::int64_t who = swap2 ? 1 + static_cast<std::int64_t>(board_.size() % 2) : 0;
      auto p = comma == std::string_view::npos ? Result<Point>(fail("expected x,y,f"))
                                               : piskvork_lines::parse_point(line.substr(0, comma));
      if (!p || (!swap2 && !read_int(line.substr(comma + 1), who)) || who < 1 || who > 3) {
        if (board_error_.empty())
          board_error_ = "bad board line '" + std::string(line.substr(0, 40)) + "'";
      } else {
        board_.emplace_back(*p, static_cast<int>(who));
      }
      return {};
    }
    const Listing listing = listing_;
    listing_ = Listing::kNone;
    if (!board_error_.empty()) return {"ERROR " + board_error_};
    if (listing == Listing::kSwap2) return swap2(asked);
    auto position = board_position();
    if (!position) return {"ERROR " + position.message()};
    state_ = *position;
    history_.clear();
    if (listing == Listing::kYxBoard) return {};
    return move(asked);
  }

  // The position a BOARD listing describes: black moved first, so with as many stones each
  // black is to move (and the listing's own stones, 1, are the side to move's).
  Result<gomoku::State> board_position() const {
    int own = 0, other = 0;
    for (const auto& [p, who] : board_) {
      if (who == 3) return fail("continuous-game stones (field 3) are not supported");
      (who == 1 ? own : other)++;
    }
    const bool black = own == other;
    if (!black && other != own + 1) return fail("the stone counts do not fit alternate play");
    std::vector<std::string> rows(gomoku::kSize, std::string(gomoku::kSize, '.'));
    for (const auto& [p, who] : board_) {
      char& cell = rows[gomoku::kSize - 1 - gomoku::point_row(p)][gomoku::point_col(p)];
      if (cell != '.') return fail("a point is listed twice");
      cell = (who == 1) == black ? 'X' : 'O';
    }
    std::string diagram;
    for (const auto& r : rows) diagram += r + "\n";
    return gomoku::State::from_diagram(rules_, diagram,
                                       black ? gomoku::Colour::kBlack : gomoku::Colour::kWhite);
  }

  // Yixin's YXSHOWFORBID: black's forbidden points now, "FORBID " and each point as two
  // two-digit numbers x y, then "." (none: "FORBID ."). Only renju forbids, only black.
  std::string forbid_line() const {
    std::string line = "FORBID ";
    if (rules_.rule == gomoku::RuleSet::kRenju && !state_.is_terminal() &&
        state_.colour_of(state_.to_move()) == gomoku::Colour::kBlack) {
      state_.forbidden_points().for_each([&](Point p) {
        char xy[8];
        std::snprintf(xy, sizeof xy, "%02d%02d", gomoku::point_col(p),
                      gomoku::kSize - 1 - gomoku::point_row(p));
        line += xy;
      });
    }
    return line + ".";
  }

  std::vector<std::string> takeback(std::string_view rest) {
    auto p = piskvork_lines::parse_point(rest);
    if (!p) return {"ERROR " + p.message()};
    if (history_.empty() || state_.at(*p) == gomoku::Cell::kEmpty || !state_.has_last_move() ||
        state_.last_move().point != *p)
      return {"ERROR can only take back the last stone"};
    state_ = history_.back();
    history_.pop_back();
    return {"OK"};
  }

  // The time of the current turn, from what the manager said.
  TimeControl turn_time() const {
    TimeControl tc;
    // timeout_turn 0 means "as fast as possible".
    tc.per_move_ms = timeout_turn_ms_ > 0 ? timeout_turn_ms_ : 50;
    if (time_left_ms_ >= 0)
      tc.bank_ms = std::max<std::int64_t>(time_left_ms_, 1);
    else if (timeout_match_ms_ > 0)
      tc.bank_ms = std::max<std::int64_t>(timeout_match_ms_ - used_ms_, 1);
    // Managers with no tolerance call a late answer a loss, and a loaded machine delays the
    // answer past the search's own stop: keep back an eighth of the turn (at most 1 s), and
    // never less than --margin-ms.
    tc.increment_ms = time_increment_ms_;
    std::int64_t margin = std::min<std::int64_t>(tc.per_move_ms / 8, 1000);
    if (tc.bank_ms > 0) margin = std::min(margin, tc.bank_ms / 20);  // a short bank: its twentieth
    tc.safety_margin_ms = std::max<std::int64_t>(config_.margin_ms, margin);
    // A bank is shared among the moves still to come: a renju game between strong engines is
    // decided within some 20 moves a side from the opening, fewer as the board fills (the
    // generic estimate of 30 left most of a short bank unused).
    tc.moves_to_go = std::max(8, 20 - state_.stone_count() / 6);
    return tc;
  }

  TimeBudget budget(const TimeControl& tc) const {
    TimeBudget b(tc);
    if (config_.stop) b.set_stop(config_.stop);
    return b;
  }

  // The time spent since `asked`, charged to the clock the manager keeps for us.
  std::int64_t charge(Clock::time_point asked) {
    const std::int64_t spent =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
    used_ms_ += spent;
    if (time_left_ms_ >= 0) time_left_ms_ = std::max<std::int64_t>(0, time_left_ms_ - spent);
    return spent;
  }

  std::vector<std::string> move(Clock::time_point asked) {
    if (state_.is_terminal()) return {"ERROR the game is over"};
    const Seat me = state_.to_move();
    gomoku::Move m = player_->choose(state_, me, budget(turn_time()));
    if (m.action != gomoku::Action::kPlace || !state_.check(me, m)) {
      gomoku::MoveList list;
      state_.legal_moves(list);
      if (list.empty()) return {"ERROR no legal move"};
      m = list[0];
    }
    history_.push_back(state_);
    (void)state_.apply_checked(me, m);
    const std::int64_t spent = charge(asked);
    std::vector<std::string> out;
    if (auto note = player_->last_note()) out.push_back(message_line(*note, spent));
    out.push_back(piskvork_lines::format_point(m.point));
    return out;
  }

  // Gomocup's swap2 opening (SWAP2BOARD): with no stone, three (black, white, black) as
  // balanced as a short look at a few candidates finds; with three or five, white is to
  // move: "SWAP" (this brain takes black) when its search finds white worse, else white's
  // move. The position stays, so the game goes on with TURN or BOARD.
  std::vector<std::string> swap2(Clock::time_point asked) {
    if (board_.size() != 0 && board_.size() != 3 && board_.size() != 5)
      return {"ERROR SWAP2BOARD takes 0, 3 or 5 stones"};
    gomoku::State position(rules_);
    for (const auto& [p, who] : board_)
      if (auto placed = position.apply_checked(position.to_move(), gomoku::Move::place(p)); !placed)
        return {"ERROR " + placed.message()};
    history_.clear();
    if (board_.empty()) {
      state_ = balanced_three();
      charge(asked);
      std::string out;
      for (Point p : swap2_stones_)
        out += (out.empty() ? "" : " ") + piskvork_lines::format_point(p);
      return {out};
    }
    state_ = position;
    const Seat white = state_.to_move();
    const gomoku::Move m = player_->choose(state_, white, budget(turn_time()));
    const bool worse = white_value(player_->last_note()) < 0;
    charge(asked);
    if (worse || m.action != gomoku::Action::kPlace || !state_.check(white, m)) return {"SWAP"};
    history_.push_back(state_);
    (void)state_.apply_checked(white, m);
    return {piskvork_lines::format_point(m.point)};
  }

  // The search's view of the position for white (to move): a proven result counts most,
  // then the score; none: even.
  static double white_value(const std::optional<ChoiceNote>& note) {
    if (!note) return 0;
    if (note->proven) return *note->proven ? 1e9 : -1e9;
    return note->score ? *note->score : 0;
  }

  // The swap2 opener's three stones: black on H8, white next to it (direct or diagonal),
  // black within two points; of a few candidates, the one whose white-to-move value is
  // closest to even in a short search each.
  gomoku::State balanced_three() {
    std::vector<std::array<Point, 3>> candidates;
    for (Point white : {gomoku::make_point(8, 7), gomoku::make_point(8, 8)})
      for (int dc = -2; dc <= 2; ++dc)
        for (int dr = -2; dr <= 2; ++dr) {
          const Point black = gomoku::make_point(7 + dc, 7 + dr);
          if (black != gomoku::kH8 && black != white)
            candidates.push_back({gomoku::kH8, white, black});
        }
    Rng rng(config_.seed ^ 0x5a2u ^ static_cast<std::uint64_t>(++swap2_openings_));
    constexpr std::size_t kLooks = 8;
    for (std::size_t i = 0; i < kLooks; ++i)
      std::swap(candidates[i],
                candidates[i + rng.below(static_cast<std::uint32_t>(candidates.size() - i))]);
    TimeControl look = turn_time();
    look.per_move_ms = std::max<std::int64_t>(20, look.per_move_ms / (2 * kLooks));
    look.bank_ms = -1;
    double best = 2e9;
    gomoku::State chosen(rules_);
    for (std::size_t i = 0; i < kLooks; ++i) {
      gomoku::State s(rules_);
      for (Point p : candidates[i]) (void)s.apply_checked(s.to_move(), gomoku::Move::place(p));
      (void)player_->choose(s, s.to_move(), budget(look));
      const double v = std::abs(white_value(player_->last_note()));
      if (v < best) {
        best = v;
        chosen = s;
        swap2_stones_ = candidates[i];
      }
    }
    return chosen;
  }

  // What the search found, as Gomocup GUIs show a brain's MESSAGE line (managers ignore it):
  // "MESSAGE depth 9 ev 120 n 48213 tm 412 alpha-beta", or "MESSAGE vcf win tm 3".
  static std::string message_line(const ChoiceNote& note, std::int64_t spent_ms) {
    std::string line = "MESSAGE";
    if (note.proven) {
      line += " " + note.method + (*note.proven ? " win" : " loss");
    } else {
      if (note.depth > 0) line += " depth " + std::to_string(note.depth);
      if (note.score) line += " ev " + std::to_string(*note.score);
      if (note.nodes > 0) line += " n " + std::to_string(note.nodes);
    }
    line += " tm " + std::to_string(spent_ms);
    if (!note.proven) line += " " + note.method;
    return line;
  }

  EngineConfig config_;
  std::unique_ptr<Player<gomoku::State>> player_;
  gomoku::Rules rules_;
  gomoku::State state_;
  std::vector<gomoku::State> history_;  // before each stone, for TAKEBACK
  enum class Listing { kNone, kBoard, kYxBoard, kSwap2 };
  Listing listing_ = Listing::kNone;  // inside a listing of stones until DONE
  std::array<Point, 3> swap2_stones_{};
  int swap2_openings_ = 0;
  std::vector<std::pair<Point, int>> board_;
  std::string board_error_;
  std::int64_t timeout_turn_ms_ = 30'000;  // Gomocup's defaults until told otherwise
  std::int64_t timeout_match_ms_ = 0;
  std::int64_t time_increment_ms_ = 0;
  std::int64_t time_left_ms_ = -1;
  std::int64_t used_ms_ = 0;
  bool done_ = false;
};

}  // namespace

Result<std::unique_ptr<EngineSide>> make_piskvork_side(const EngineConfig& config) {
  auto player = make_player<gomoku::State>(config.spec, config.seed);
  if (!player) return Error{player.message()};
  return std::unique_ptr<EngineSide>(
      std::make_unique<PiskvorkSide>(config, std::move(player).value()));
}

}  // namespace boyi::engine_tool
