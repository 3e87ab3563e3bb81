#include "bots/arena/arena.h"

#include <chrono>
#include <memory>
#include <optional>

#include "bots/arena/arena_clocks.h"
#include "protocol/wire/wire_game.h"

namespace boyi::bots {

namespace {

constexpr std::size_t kMaxActionText = 4096;  // longer texts are illegal attempts (the server's)

std::string clip(std::string_view text) {
  return text.size() > 80 ? std::string(text.substr(0, 80)) + "..." : std::string(text);
}

class Match {
 public:
  Match(std::unique_ptr<protocol::WireGame> game, const v1::TimeControl& time, SeatPlayer& seat0,
        SeatPlayer& seat1, const ArenaOptions& options)
      : game_(std::move(game)),
        time_(time),
        players_{&seat0, &seat1},
        options_(options),
        clocks_(time, options.grace_ms) {}

  ArenaResult run() {
    start();
    while (!ended_) {
      if (game_->is_terminal()) {
        end(game_->outcome());
        break;
      }
      if (static_cast<int>(result_.moves.size()) >= options_.max_actions) {
        end({Ending::kAborted, std::nullopt,
             "no result after " + std::to_string(options_.max_actions) + " actions"});
        break;
      }
      const bool both = game_->can_act(0) && game_->can_act(1);
      const Seat seat = game_->can_act(0) ? 0 : (game_->can_act(1) ? 1 : kPublic);
      if (seat == kPublic) {
        end({Ending::kAborted, std::nullopt, "nobody can act"});
        break;
      }
      turn(seat, both);
    }
    result_.remaining_ms = {clocks_.remaining_ms(0), clocks_.remaining_ms(1)};
    result_.final_text = game_->full_text();
    return std::move(result_);
  }

 private:
  void start() {
    const int attempts = std::max(1, options_.illegal_move_attempts);
    std::array<Status, 2> status;
    for (Seat s = 0; s < 2; ++s) {
      v1::MatchStarted m;
      m.set_match_id(options_.match_id);
      m.set_game(std::string(game_->name()));
      m.set_rules(game_->rules_text());
      *m.mutable_time_control() = time_;
      m.set_seat(s);
      for (Seat p = 0; p < 2; ++p) {
        auto* player = m.add_players();
        player->set_name(players_[p]->name());
        player->set_role(v1::ROLE_BOT);
        player->set_seat(p);
      }
      *m.mutable_clocks() = clocks_.wire(game_->to_move(), game_->can_act(0) && game_->can_act(1));
      *m.mutable_view() = game_->wire_view(s);
      m.set_illegal_move_attempts(static_cast<std::uint32_t>(attempts));
      status[s] = players_[s]->start(m);
    }
    if (!status[0] && !status[1]) {
      result_.failure = {status[0].message(), status[1].message()};
      end({Ending::kAborted, std::nullopt, "neither player started"});
    } else {
      for (Seat s = 0; s < 2 && !ended_; ++s)
        if (!status[s]) player_failed(s, status[s].message());
    }
  }

  void turn(Seat seat, bool both) {
    clocks_.begin_turn(seat);
    const v1::GameView view = game_->wire_view(seat);
    const v1::Clocks clocks = clocks_.wire(seat, both);
    const auto t0 = std::chrono::steady_clock::now();
    auto move = players_[seat]->choose(view, clocks);
    const std::int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    if (!clocks_.charge(seat, ms)) {
      end({Ending::kTimeForfeit, 1 - seat, "seat " + std::to_string(seat) + " ran out of time"});
      return;
    }
    if (!move) {
      player_failed(seat, move.message());
      return;
    }
    std::optional<Result<protocol::WireAction>> action;
    if (move->size() > kMaxActionText)
      action.emplace(
          fail("the action text is longer than " + std::to_string(kMaxActionText) + " bytes"));
    else
      action.emplace(game_->play_wire(seat, *move));
    if (!*action) {
      refused(seat, *move, action->message());
      return;
    }
    const ArenaMove record{seat, join((*action)->applied.moves), ms};
    result_.moves.push_back(record);
    if (options_.on_move) options_.on_move(record);
    const bool over = game_->is_terminal();
    if (!game_->can_act(seat)) clocks_.end_turn(seat, over);
    broadcast(seat, **action, ms);
  }

  void refused(Seat seat, const std::string& move, const std::string& reason) {
    ++result_.illegal_attempts[seat];
    const int limit = std::max(1, options_.illegal_move_attempts);
    if (result_.illegal_attempts[seat] >= limit) {
      end({Ending::kIllegalMove, 1 - seat,
           "seat " + std::to_string(seat) + ": '" + clip(move) + "': " + reason});
      return;
    }
    players_[seat]->rejected(reason);
  }

  void broadcast(Seat actor, const protocol::WireAction& action, std::int64_t ms) {
    ++seq_;
    const bool over = game_->is_terminal();
    const bool both = game_->can_act(0) && game_->can_act(1);
    for (Seat v = 0; v < 2; ++v) {
      const std::size_t i = viewer_index(v);
      v1::MatchEvent e;
      e.set_match_id(options_.match_id);
      e.set_seq(seq_);
      e.set_ply(game_->ply());
      e.set_actor(actor);
      e.set_move(action.move[i]);
      e.set_redacted(action.redacted[i]);
      e.set_rendering(action.applied.renderings[i]);
      for (const auto& ge : action.events[i]) *e.add_events() = ge;
      e.set_move_time_ms(static_cast<std::uint32_t>(ms));
      *e.mutable_clocks() = clocks_.wire(game_->to_move(), both);
      e.set_to_move(game_->to_move());
      *e.mutable_view() = game_->wire_view(v);
      const Status st = players_[v]->observe(e);
      // After the last action the game's own ending stands, whatever a player says.
      if (!st && !over && !ended_) player_failed(v, st.message());
    }
  }

  void player_failed(Seat seat, const std::string& error) {
    result_.failure[seat] = error;
    end({Ending::kDisconnectForfeit, 1 - seat,
         "seat " + std::to_string(seat) + " failed: " + error});
  }

  void end(Outcome outcome) {
    if (ended_) return;
    ended_ = true;
    result_.outcome = outcome;
    ++seq_;
    v1::MatchEnded m;
    m.set_match_id(options_.match_id);
    m.set_seq(seq_);
    *m.mutable_outcome() = protocol::to_wire(outcome);
    *m.mutable_clocks() = clocks_.wire(kPublic, false);
    *m.mutable_final_view() = game_->full_view();
    for (SeatPlayer* p : players_) p->finish(m);
  }

  static std::string join(const std::vector<std::string>& moves) {
    std::string s;
    for (const auto& m : moves) s += (s.empty() ? "" : " ") + m;
    return s;
  }

  std::unique_ptr<protocol::WireGame> game_;
  v1::TimeControl time_;
  std::array<SeatPlayer*, 2> players_;
  ArenaOptions options_;
  ArenaClocks clocks_;
  ArenaResult result_;
  std::uint32_t seq_ = 0;  // the first event is seq 1, as the server numbers them on the wire
  bool ended_ = false;
};

}  // namespace

Result<ArenaResult> play_arena_match(std::string_view game, std::string_view rules,
                                     const v1::TimeControl& time, SeatPlayer& seat0,
                                     SeatPlayer& seat1, const ArenaOptions& options) {
  if (&seat0 == &seat1) return fail("the two seats need two player objects");
  if (options.max_actions <= 0 || options.grace_ms < 0)
    return fail("arena options: max_actions must be positive and grace_ms at least 0");
  auto wire = protocol::create_wire_game(game, rules);
  if (!wire) return Error{wire.message()};
  Match match(std::move(wire).value(), time, seat0, seat1, options);
  return match.run();
}

}  // namespace boyi::bots
