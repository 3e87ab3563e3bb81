#include "tools/play/terminal_match.h"

#include <istream>
#include <ostream>
#include <string>

#include "engine/games.h"

namespace boyi::play {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string seat_name(Seat s) {
  return "seat " + std::to_string(s);
}

// How to write moves: what a person needs at the prompt (each game says).
std::string_view notation_help(std::string_view game) {
  std::string_view help;
  visit_game(game, [&]<Game G>() {
    if constexpr (requires { G::kNotationHelp; }) help = G::kNotationHelp;
  });
  return help;
}

void print_help(std::ostream& out, std::string_view game) {
  out << notation_help(game);
  out << "Type a move in the competition's notation, or one of:\n"
         "  moves    list your legal moves\n"
         "  board    show the board again\n"
         "  random   let the random player choose this move for you\n"
         "  resign   give up the game\n"
         "  quit     stop without a result\n"
         "  help     this text\n";
}

class Match {
 public:
  Match(AnyGame& game, const MatchOptions& options, std::istream& in, std::ostream& out)
      : game_(game), options_(options), in_(in), out_(out), rng_(options.seed) {}

  Outcome run() {
    const bool any_human =
        options_.players[0] == PlayerKind::kHuman || options_.players[1] == PlayerKind::kHuman;
    out_ << game_.name()
         << " — rules: " << (game_.rules_text().empty() ? "(standard)" : game_.rules_text())
         << "\n";
    if (any_human) print_help(out_, game_.name());
    while (!game_.is_terminal()) {
      const Seat seat = next_actor();
      const bool ok =
          options_.players[seat] == PlayerKind::kHuman ? human_turn(seat) : random_turn(seat);
      if (!ok) return finish(ended_early_);
    }
    return finish(game_.outcome());
  }

 private:
  // During simultaneous deployment, people act before the random player so they
  // are never shown anything of its layout (they are not anyway: only "deployed").
  Seat next_actor() const {
    if (game_.to_move() != kPublic) return game_.to_move();
    for (Seat s : {0, 1})
      if (game_.can_act(s) && options_.players[s] == PlayerKind::kHuman) return s;
    return game_.can_act(0) ? 0 : 1;
  }

  bool human_turn(Seat seat) {
    out_ << "\n" << game_.view_text(seat) << "\n";
    for (;;) {
      out_ << seat_name(seat) << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << "\n(input ended)\n";
        ended_early_ = Outcome{Ending::kAborted, std::nullopt, "input ended"};
        return false;
      }
      const std::string text = trim(line);
      if (text.empty()) continue;
      if (text == "help") {
        print_help(out_, game_.name());
      } else if (text == "board") {
        out_ << game_.view_text(seat) << "\n";
      } else if (text == "moves") {
        print_moves(seat);
      } else if (text == "quit") {
        ended_early_ = Outcome{Ending::kAborted, std::nullopt, seat_name(seat) + " quit"};
        return false;
      } else if (text == "resign") {
        ended_early_ = Outcome{Ending::kResignation, 1 - seat, seat_name(seat) + " resigned"};
        return false;
      } else {
        const std::string move = text == "random" ? game_.random_move(seat, rng_) : text;
        auto applied = game_.play(seat, move);
        if (!applied) {
          out_ << "Not accepted: " << applied.message() << "\n";
          continue;
        }
        report(applied.value(), seat);
        return true;
      }
    }
  }

  bool random_turn(Seat seat) {
    const std::string move = game_.random_move(seat, rng_);
    auto applied = game_.play(seat, move);
    if (!applied) {  // would be an engine bug: say so rather than loop
      out_ << "internal error: random move '" << move << "' rejected: " << applied.message()
           << "\n";
      ended_early_ = Outcome{Ending::kAborted, std::nullopt, "internal error"};
      return false;
    }
    report(applied.value(), seat);
    if (options_.show_every_board) out_ << game_.view_text(kPublic) << "\n";
    return true;
  }

  // Each person sees their own rendering of the event; with no person, spectators'.
  void report(const AppliedAction& applied, Seat actor) {
    Seat viewer = kPublic;
    for (Seat s : {0, 1})
      if (options_.players[s] == PlayerKind::kHuman) viewer = s;
    if (viewer != kPublic && viewer != actor) out_ << "Opponent: ";
    out_ << applied.renderings[viewer_index(viewer)] << "\n";
  }

  void print_moves(Seat seat) {
    const auto moves = game_.legal_moves(seat);
    if (moves.empty()) {
      out_ << "(no list: any legal move in notation, or 'random')\n";
      return;
    }
    out_ << moves.size() << " legal:";
    for (const auto& m : moves) out_ << ' ' << m;
    out_ << "\n";
  }

  Outcome finish(const Outcome& outcome) {
    out_ << "\n" << game_.full_text() << "\n";
    out_ << "Result: " << describe(outcome) << "\n";
    return outcome;
  }

  AnyGame& game_;
  const MatchOptions& options_;
  std::istream& in_;
  std::ostream& out_;
  Rng rng_;
  Outcome ended_early_;
};

}  // namespace

Outcome play_match(AnyGame& game, const MatchOptions& options, std::istream& in,
                   std::ostream& out) {
  return Match(game, options, in, out).run();
}

}  // namespace boyi::play
