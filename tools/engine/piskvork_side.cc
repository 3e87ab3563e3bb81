// The brain side of the Gomocup / piskvork protocol: START 15 / RESTART /
// INFO / BEGIN / TURN / BOARD ... DONE / TAKEBACK / ABOUT / END. The rule comes
// from INFO rule (4 renju, 1 exactly five, 0 freestyle; always the free
// opening: the manager places every stone). Time: INFO timeout_turn is the
// per-move limit, INFO time_left (sent before every move) the bank, else
// timeout_match less what was used. Anything it cannot use is answered
// with ERROR (bad values) or UNKNOWN (unknown commands).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <string>
#include <vector>

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
    if (in_board_) return board_line(line, asked);
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
    if (command == "BOARD") {
      in_board_ = true;
      board_.clear();
      board_error_.clear();
      return {};
    }
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

  std::vector<std::string> board_line(std::string_view line, Clock::time_point asked) {
    if (upper(line) != "DONE") {
      // x,y,f
      const auto comma = line.rfind(',');
      std::int64_t who = 0;
      auto p = comma == std::string_view::npos ? Result<Point>(fail("expected x,y,f"))
                                               : piskvork_lines::parse_point(line.substr(0, comma));
      if (!p || !read_int(line.substr(comma + 1), who) || who < 1 || who > 3) {
        if (board_error_.empty())
          board_error_ = "bad BOARD line '" + std::string(line.substr(0, 40)) + "'";
      } else {
        board_.emplace_back(*p, static_cast<int>(who));
      }
      return {};
    }
    in_board_ = false;
    if (!board_error_.empty()) return {"ERROR " + board_error_};
    int own = 0, other = 0;
    for (const auto& [p, who] : board_) {
      if (who == 3) return {"ERROR continuous-game stones (field 3) are not supported"};
      (who == 1 ? own : other)++;
    }
    // Black moved first: with as many stones each, black is to move, and that is us.
    const bool black = own == other;
    if (!black && other != own + 1) return {"ERROR the stone counts do not fit alternate play"};
    std::vector<std::string> rows(gomoku::kSize, std::string(gomoku::kSize, '.'));
    for (const auto& [p, who] : board_) {
      char& cell = rows[gomoku::kSize - 1 - gomoku::point_row(p)][gomoku::point_col(p)];
      if (cell != '.') return {"ERROR a point is listed twice"};
      cell = (who == 1) == black ? 'X' : 'O';
    }
    std::string diagram;
    for (const auto& r : rows) diagram += r + "\n";
    auto position = gomoku::State::from_diagram(
        rules_, diagram, black ? gomoku::Colour::kBlack : gomoku::Colour::kWhite);
    if (!position) return {"ERROR " + position.message()};
    state_ = *position;
    history_.clear();
    return move(asked);
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

  std::vector<std::string> move(Clock::time_point asked) {
    if (state_.is_terminal()) return {"ERROR the game is over"};
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
    tc.safety_margin_ms =
        std::max<std::int64_t>(config_.margin_ms, std::min<std::int64_t>(tc.per_move_ms / 8, 1000));
    const TimeBudget budget(tc);
    const Seat me = state_.to_move();
    gomoku::Move m = player_->choose(state_, me, budget);
    if (m.action != gomoku::Action::kPlace || !state_.check(me, m)) {
      gomoku::MoveList list;
      state_.legal_moves(list);
      if (list.empty()) return {"ERROR no legal move"};
      m = list[0];
    }
    history_.push_back(state_);
    (void)state_.apply_checked(me, m);
    const std::int64_t spent =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
    used_ms_ += spent;
    if (time_left_ms_ >= 0) time_left_ms_ = std::max<std::int64_t>(0, time_left_ms_ - spent);
    std::vector<std::string> out;
    if (auto note = player_->last_note()) out.push_back(message_line(*note, spent));
    out.push_back(piskvork_lines::format_point(m.point));
    return out;
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
  bool in_board_ = false;
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
