#include "server/matches/house_bot.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <exception>

#include "bots/wire/engine_seat_player.h"
#include "bots/wire/view_moves.h"
#include "server/hosting/storage_journal.h"
#include "server/storage/house_seats.h"

namespace boyi::app {
namespace {

// Kept back from the clocks: the pause before a move is sent, the queue back to the match.
constexpr bots::Millis kSafetyMarginMs = 200;

}  // namespace

std::unique_ptr<HousePlayer> make_house_player(const HouseChoice& choice, const std::string& game,
                                               const std::string& rules, int seat,
                                               std::uint64_t seed) {
  const int s = choice.strength == 0
                    ? kDefaultHouseStrength
                    : static_cast<int>(std::min<std::uint32_t>(
                          choice.strength, static_cast<std::uint32_t>(kMaxHouseStrength)));
  auto level = house_level(game, s, choice.engine);
  // An engine no longer offered here (a resumed match on a server without the learned
  // players) gives way to the level's own player.
  if (!level && !choice.engine.empty()) level = house_level(game, s);
  if (!level) return nullptr;
  auto p = std::make_unique<HousePlayer>();
  p->strength = s;
  p->level = *level;
  p->game = game;
  p->rules = rules;
  p->seat = seat;
  p->rng = Rng(seed ^ 0x40a5eb07ull);
  bots::EngineSeatOptions options;
  options.safety_margin_ms = kSafetyMarginMs;
  // The cap is thinking time: the margin comes off the clocks, not off the cap.
  options.max_move_ms = level->max_move_ms < 0 ? -1 : level->max_move_ms + kSafetyMarginMs;
  options.on_fallback = [hp = p.get()](const std::string& why) { hp->fallback = why; };
  auto player = bots::make_engine_seat_player(game, level->spec, seed, options);
  if (!player) {
    // A level whose engine cannot be made here still plays: random legal moves.
    player = bots::make_engine_seat_player(game, "random", seed, options);
    if (!player) return nullptr;
    p->level.spec = "random";
  }
  p->player = std::move(player).value();
  return p;
}

void present_house_seat(UserInfo& user, const HouseChoice& choice) {
  const int strength =
      choice.strength == 0 ? kDefaultHouseStrength : static_cast<int>(choice.strength);
  user.display_name = house_display_name(strength, choice.engine);
  user.house_strength = static_cast<std::uint32_t>(strength);
  user.house_engine = choice.engine;
}

std::optional<HouseChoice> stored_house_choice(storage::Database& db, const std::string& match_id,
                                               int seat) {
  auto id = hosting::parse_match_id(match_id);
  if (!id) return std::nullopt;
  auto stored = storage::house_seat(db, id.value(), seat);
  if (!stored || !*stored) return std::nullopt;
  const auto& row = **stored;
  return HouseChoice{
      static_cast<std::uint32_t>(std::clamp(row.strength, kMinHouseStrength, kMaxHouseStrength)),
      row.engine};
}

Status store_house_choice(storage::Database& db, const std::string& match_id, int seat,
                          const HouseChoice& choice) {
  auto id = hosting::parse_match_id(match_id);
  if (!id) return Error{id.message()};
  return storage::put_house_seat(db, id.value(), seat,
                                 {static_cast<int>(choice.strength), choice.engine});
}

HouseBot::HouseBot(std::unique_ptr<HousePlayer> player, const Executor& pool,
                   HouseBotsShared* shared)
    : shared_(shared),
      stop_(std::make_unique<bots::StopSignal>(&shared->stop_all)),
      p_(std::move(player)),
      strand_(boost::asio::make_strand(pool)),
      strength_(p_->strength),
      spec_(p_->level.spec),
      name_(p_->name()) {
  p_->player->set_stop(stop_.get());
}

void HouseBot::start(v1::MatchStarted started) {
  boost::asio::post(strand_, [self = shared_from_this(), started = std::move(started)] {
    if (!self->p_->player) return;
    if (auto s = self->p_->player->start(started); !s && self->broken_.empty())
      self->broken_ = "start: " + s.message();
  });
}

void HouseBot::observe(v1::MatchEvent event) {
  boost::asio::post(strand_, [self = shared_from_this(), event = std::move(event)] {
    self->refused_.clear();  // a new position
    if (!self->p_->player) return;
    if (auto s = self->p_->player->observe(event); !s && self->broken_.empty())
      self->broken_ = "event " + std::to_string(event.seq()) + ": " + s.message();
  });
}

void HouseBot::finish(v1::MatchEnded ended) {
  stop_->raise();  // a search for this match stops now, not when its time is up
  boost::asio::post(strand_, [self = shared_from_this(), ended = std::move(ended)] {
    if (!self->p_->player) return;
    self->p_->player->finish(ended);
    self->p_->player.reset();
  });
}

void HouseBot::rejected(std::string reason) {
  boost::asio::post(strand_, [self = shared_from_this(), reason = std::move(reason)] {
    if (self->p_->player) self->p_->player->rejected(reason);
    if (!self->last_.empty()) self->refused_.push_back(self->last_);
  });
}

void HouseBot::choose(v1::GameView view, v1::Clocks clocks, SteadyClock::time_point asked,
                      std::function<void(Answer)> done) {
  ++shared_->searches;
  boost::asio::post(strand_, [self = shared_from_this(), view = std::move(view),
                              clocks = std::move(clocks), asked, done = std::move(done)] {
    Answer a;
    try {
      a = self->think(view, clocks, asked);
    } catch (const std::exception& e) {
      a = {};
      a.note = std::string("the player threw: ") + e.what();
    } catch (...) {
      a = {};
      a.note = "the player threw";
    }
    --self->shared_->searches;
    self->last_ = a.move;
    done(std::move(a));
  });
}

HouseBot::Answer HouseBot::think(const v1::GameView& view, v1::Clocks clocks,
                                 SteadyClock::time_point asked) {
  Answer a;
  if (!view.can_act() || !p_->player) return a;
  // The seat's clock ran while the request waited for a thread.
  const auto waited =
      std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - asked).count();
  const int seat = p_->seat;
  const bool ours = clocks.running() == seat || clocks.running_both();
  if (waited > 0 && ours && seat >= 0 && seat < clocks.remaining_ms_size()) {
    const auto left = static_cast<std::int64_t>(clocks.remaining_ms(seat)) - waited;
    clocks.set_remaining_ms(seat, static_cast<std::uint32_t>(std::max<std::int64_t>(0, left)));
    if (clocks.move_remaining_ms() > 0) {
      const auto move_left = static_cast<std::int64_t>(clocks.move_remaining_ms()) - waited;
      clocks.set_move_remaining_ms(
          static_cast<std::uint32_t>(std::max<std::int64_t>(1, move_left)));
    }
  }
  if (broken_.empty()) {
    p_->fallback.clear();
    p_->player->set_move_cap_ms(shared_->share_ms(p_->level.max_move_ms));
    auto r = p_->player->choose(view, clocks);
    if (r) {
      a.move = *r;
      a.note = p_->fallback;
      return a;
    }
    a.note = "the player could not answer: " + r.message();
  } else {
    a.note = "the player lost track of the match (" + broken_ + ")";
  }
  // Still a legal action: one from the view alone.
  auto m = bots::random_move_from_view(p_->game, p_->rules, view, p_->rng, refused_);
  if (m)
    a.move = *m;
  else
    a.note += "; no move from the view either: " + m.message();
  return a;
}

}  // namespace boyi::app
