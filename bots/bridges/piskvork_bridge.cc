// The Gomoku brain protocol (Gomocup / Piskvork), manager side:
//   START 15 -> OK; INFO timeout_match/timeout_turn/max_memory/game_type/rule;
//   ABOUT -> name="...", ... (handshake)
//   INFO time_left <ms> before every move, then BEGIN (empty board), TURN x,y (the
//   opponent's stone, when the brain knows the rest) or BOARD ... DONE (any other
//   position) -> x,y
//   END (the match is over)
// MESSAGE, DEBUG, UNKNOWN and SUGGEST lines are ignored; ERROR ends the engine.
//
// The ccgc opening's decisions have no brain form in the base protocol: `swap`/`keep`,
// the offers of stone 5 and white's choice are made by the decider the options name
// (options.opening_decider): a built-in player, or for the swap the brain itself through
// Gomocup's SWAP2BOARD with the three stones ("SWAP": swap; a stone: keep). The brain
// places every stone it can (stones 2 and 3 must satisfy the opening's constraints: an
// answer outside them is replaced by the built-in player's stone). Every move the brain
// did not choose carries a comment saying who did. A single legal move (stone 1 on H8)
// is played without asking. The brain learns the position from BOARD whenever it does
// not already know it.
#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/words.h"
#include "bots/bridges/bridge_base.h"
#include "bots/bridges/default_engine.h"
#include "bots/bridges/text_protocol_lines.h"
#include "bots/player.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots {

namespace {

using gomoku::Point;
using Stone = std::pair<Point, int>;  // the point and 1 (the brain's) or 2 (the opponent's)

class PiskvorkBridge final : public BridgeBase {
 public:
  explicit PiskvorkBridge(BridgeOptions options) : BridgeBase(std::move(options), "gomoku") {}

 protected:
  // The greeting (START 15, ABOUT) is done; the match's INFO lines, which need no answer.
  Status begin_match() override {
    auto rules = gomoku::Rules::parse(started().rules());
    if (!rules) return Error{"rules: " + rules.message()};
    replica_ = gomoku::State(*rules);
    const auto& tc = started().time_control();
    const int margin = options().move_margin_ms;
    std::int64_t turn = options().unlimited_move_ms;
    if (tc.per_move_ms() > 0)
      turn = std::max<std::int64_t>(1, std::int64_t{tc.per_move_ms()} - margin);
    else if (tc.total_ms() > 0)
      turn = std::max<std::int64_t>(1, std::int64_t{tc.total_ms()} - margin);
    for (const std::string& line :
         {"INFO timeout_match " + std::to_string(tc.total_ms()),
          "INFO timeout_turn " + std::to_string(turn), std::string("INFO max_memory 0"),
          std::string("INFO game_type 1"),
          "INFO rule " + std::to_string(piskvork_lines::rule_bits(rules->rule))})
      if (Status s = send(line); !s) return s;
    return Status::Ok();
  }

  Status on_event(const v1::MatchEvent& event) override {
    if (event.move().empty()) return Status::Ok();
    auto move = replica_.parse_move(event.actor(), event.move());
    if (!move) return fail("the bridge's copy of the game cannot read '" + event.move() + "'");
    auto applied = replica_.apply_checked(event.actor(), *move);
    if (!applied)
      return fail("the bridge's copy of the game refused '" + event.move() +
                  "': " + applied.message());
    const bool stone =
        move->action == gomoku::Action::kPlace || move->action == gomoku::Action::kChoose;
    if (stone)
      stones_.emplace_back(move->point, replica_.at(move->point) == gomoku::Cell::kBlack
                                            ? gomoku::Colour::kBlack
                                            : gomoku::Colour::kWhite);
    return Status::Ok();
  }

  Result<std::string> decide(const v1::GameView& view, const v1::Clocks& clocks,
                             SteadyTime deadline) override {
    if (refused_) return Error{*refused_};
    const gomoku::Step step = replica_.step();
    if (step == gomoku::Step::kSwap && options().opening_decider == "brain") {
      auto swap = ask_brain_swap(clocks, deadline);
      if (!swap) return Error{swap.message()};
      if (*swap) return **swap;
      return built_in(view, clocks, "the brain made no SWAP2BOARD decision");
    }
    if (step == gomoku::Step::kSwap || step == gomoku::Step::kOffer ||
        step == gomoku::Step::kChoose)
      return built_in(view, clocks, "");
    if (view.legal_moves_size() == 1) {  // stone 1 on H8
      set_comment("the only legal move");
      return view.legal_moves(0);
    }
    auto point = ask_brain(clocks, deadline);
    if (!point) return Error{point.message()};
    const std::string text = gomoku::format_point(*point);
    if (is_legal(view, text)) return text;
    if (step == gomoku::Step::kStone2 || step == gomoku::Step::kStone3) {
      note("the brain's " + text + " breaks the opening's constraint: the built-in player places");
      return built_in(view, clocks, "the brain's " + text + " broke the opening's constraint");
    }
    return fail("illegal move '" + piskvork_lines::format_point(*point) + "' (" + text +
                " is taken)");
  }

  void on_rejected(const std::string& error) override {
    refused_ = "the referee refused the brain's move (" + error +
               "); the brain protocol cannot ask for another";
  }

  void on_finish(const v1::MatchEnded&) override {
    if (ignored_lines_ > 0)
      note(std::to_string(ignored_lines_) +
           " line(s) from the brain were not moves and were ignored");
    (void)send("END");
  }

 private:
  Result<Point> ask_brain(const v1::Clocks& clocks, SteadyTime deadline) {
    const gomoku::Colour mine = replica_.colour_of(seat());
    std::vector<Stone> truth;
    for (const auto& [p, colour] : stones_) truth.emplace_back(p, colour == mine ? 1 : 2);
    const std::int64_t bank = bank_left_ms(clocks);
    if (Status s = send("INFO time_left " + std::to_string(bank < 0 ? 2147483647 : bank)); !s)
      return Error{s.message()};
    const bool knows_all_but_last =
        told_.size() + 1 == truth.size() && std::equal(told_.begin(), told_.end(), truth.begin());
    Status sent;
    if (truth.empty() && told_.empty()) {
      sent = send("BEGIN");
    } else if (knows_all_but_last && truth.back().second == 2) {
      sent = send("TURN " + piskvork_lines::format_point(truth.back().first));
    } else {
      sent = send("BOARD");
      for (const auto& [p, who] : truth)
        if (sent) sent = send(piskvork_lines::format_point(p) + "," + std::to_string(who));
      if (sent) sent = send("DONE");
    }
    if (!sent) return Error{sent.message()};
    // As Gomocup managers do: a line that is not a move (ERROR, MESSAGE, DEBUG, UNKNOWN,
    // SUGGEST, or anything unrecognised, such as half of a line a brain split) is logged and
    // counted, and the move is awaited until the time runs out.
    int not_moves = 0;
    std::string last_not_move;
    for (;;) {
      const std::string waiting_for =
          not_moves == 0
              ? std::string("the brain's move")
              : "the brain's move; " + std::to_string(not_moves) +
                    " line(s) that were not a move were ignored (last: " + last_not_move + ")";
      auto line = read(deadline, waiting_for);
      if (!line) return Error{line.message()};
      if (line->empty() || piskvork_lines::is_comment(*line)) continue;
      auto point = piskvork_lines::is_error(*line) ? Result<Point>(Error{"an ERROR line"})
                                                   : piskvork_lines::parse_point(*line);
      if (!point) {
        ++not_moves;
        ++ignored_lines_;
        last_not_move = quoted_line(*line);
        note("not a move, ignored: " + last_not_move + " (" + point.message() + ")");
        continue;
      }
      told_ = std::move(truth);
      told_.emplace_back(*point, 1);
      return *point;
    }
  }

  // The swap decided by the brain through SWAP2BOARD (the three stones in the order played):
  // "SWAP" swaps, a stone (or swap2's two) keeps. None when the brain says it does not know
  // the command (an ERROR or UNKNOWN line naming it) or reads no stone from it; other lines
  // that are not an answer are skipped as while waiting for a move.
  Result<std::optional<std::string>> ask_brain_swap(const v1::Clocks& clocks, SteadyTime deadline) {
    // Gomocup's form lists the stones as "x,y"; Rapfi reads "x,y,f" (1 own, 2 the opponent's)
    // there, as in BOARD, and answers an opening of three stones to what it read as an empty
    // board: then the stones go again in that form.
    for (const bool with_owner : {false, true}) {
      auto answer = swap2_round(clocks, deadline, with_owner);
      if (!answer) return Error{answer.message()};
      switch (*answer) {
        case Swap2Answer::kSwap:
          return std::optional<std::string>("swap");
        case Swap2Answer::kKeep:
          return std::optional<std::string>("keep");
        case Swap2Answer::kUnknownCommand:
          return std::optional<std::string>();
        case Swap2Answer::kReadNoStone:
          break;
      }
      note(with_owner ? "the brain read no stone from SWAP2BOARD in either form"
                      : "the brain read no stone from SWAP2BOARD: the stones again as x,y,f");
    }
    return std::optional<std::string>();
  }

  enum class Swap2Answer { kSwap, kKeep, kReadNoStone, kUnknownCommand };

  // One SWAP2BOARD and the brain's answer to it.
  Result<Swap2Answer> swap2_round(const v1::Clocks& clocks, SteadyTime deadline, bool with_owner) {
    const std::int64_t bank = bank_left_ms(clocks);
    Status sent = send("INFO time_left " + std::to_string(bank < 0 ? 2147483647 : bank));
    if (sent) sent = send("SWAP2BOARD");
    const gomoku::Colour mine = replica_.colour_of(seat());
    for (const auto& [p, colour] : stones_)
      if (sent)
        sent = send(piskvork_lines::format_point(p) +
                    (with_owner ? (colour == mine ? ",1" : ",2") : ""));
    if (sent) sent = send("DONE");
    if (!sent) return Error{sent.message()};
    told_.clear();  // what the brain holds now is its own affair: the next move sends BOARD
    for (;;) {
      auto line = read(deadline, "the brain's answer to SWAP2BOARD");
      if (!line) return Error{line.message()};
      if (line->empty()) continue;
      std::string upper = *line;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const bool refusal = piskvork_lines::is_error(*line) || upper.rfind("UNKNOWN", 0) == 0;
      if (refusal && upper.find("SWAP2BOARD") != std::string::npos) {
        note("the brain does not know SWAP2BOARD: " + quoted_line(*line));
        return Swap2Answer::kUnknownCommand;
      }
      if (refusal || piskvork_lines::is_comment(*line)) {
        if (!piskvork_lines::is_comment(*line))
          note("not an answer, ignored: " + quoted_line(*line));
        continue;
      }
      const auto words = split_words(upper);
      if (words.size() == 1 && words[0] == "SWAP") {
        set_comment("swap decided by the brain (SWAP2BOARD)");
        return Swap2Answer::kSwap;
      }
      bool stones = !words.empty() && words.size() <= 3;
      for (const auto word : words) stones = stones && piskvork_lines::parse_point(word).ok();
      if (stones && words.size() == 3) return Swap2Answer::kReadNoStone;  // an opening's three
      if (stones || piskvork_lines::parse_point(*line)) {
        set_comment("keep decided by the brain (SWAP2BOARD answered " + quoted_line(*line) + ")");
        return Swap2Answer::kKeep;
      }
      note("not an answer to SWAP2BOARD, ignored: " + quoted_line(*line));
    }
  }

  // A move by the built-in decider; `why` says why it, and not the brain, decides ("": the
  // brain protocol has no words for it).
  Result<std::string> built_in(const v1::GameView& view, const v1::Clocks& clocks,
                               const std::string& why) {
    if (!opening_player_) {
      constexpr std::string_view kEngine = "engine:";
      const std::string& decider = options().opening_decider;
      const std::string spec = decider.substr(0, kEngine.size()) == kEngine
                                   ? decider.substr(kEngine.size())
                                   : default_engine_spec("gomoku");
      auto player = make_player<gomoku::State>(spec, 1);
      if (!player) return Error{"the built-in opening player: " + player.message()};
      opening_player_ = std::move(player).value();
    }
    TimeControl tc;
    tc.per_move_ms = std::clamp<std::int64_t>(move_budget_ms(clocks) / 10, 20, 2000);
    tc.safety_margin_ms = 10;
    const TimeBudget budget(tc);
    const std::string text =
        replica_.format_move(opening_player_->choose(replica_, seat(), budget));
    if (!is_legal(view, text))
      return fail("the built-in opening player chose '" + text + "', which is not legal");
    note("built-in " + opening_player_->name() + ": " + text);
    set_comment("decided by the built-in " + opening_player_->name() +
                (why.empty() ? std::string() : " (" + why + ")"));
    return text;
  }

  static bool is_legal(const v1::GameView& view, const std::string& text) {
    return std::find(view.legal_moves().begin(), view.legal_moves().end(), text) !=
           view.legal_moves().end();
  }

  gomoku::State replica_;
  std::vector<std::pair<Point, gomoku::Colour>> stones_;  // in the order they were placed
  std::vector<Stone> told_;                               // the position the brain knows
  std::unique_ptr<Player<gomoku::State>> opening_player_;
  std::optional<std::string> refused_;
  int ignored_lines_ = 0;  // in this game: lines that were not moves, logged and skipped
};

}  // namespace

std::unique_ptr<SeatPlayer> make_piskvork_bridge(const BridgeOptions& options) {
  return std::make_unique<PiskvorkBridge>(options);
}

}  // namespace boyi::bots
