#include "bots/arena/arena.h"

#include "engine/registry.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/registry.h"
#include "protocol/match/wire_match.h"
#include "protocol/wire/move_comment.h"
#include "referee/journal.h"

namespace boyi::bots {

namespace {

using Clock = std::chrono::steady_clock;

// The wire's time control as the referee's (0 on the wire: that limit is off).
referee::MatchConfig match_config(std::string_view game, std::string_view rules,
                                  const v1::TimeControl& time, const ArenaOptions& options) {
  referee::MatchConfig c;
  c.match_id = options.match_id;
  c.game = std::string(game);
  c.rules_text = std::string(rules);
  c.time.total_ms = time.total_ms();
  c.time.per_move_ms = time.per_move_ms();
  c.time.increment_ms = time.total_ms() > 0 ? time.increment_ms() : 0;
  c.time.grace_ms = options.grace_ms;
  c.illegal = referee::IllegalMovePolicy::retry(std::max(1, options.illegal_move_attempts));
  return c;
}

// One seat's answer to choose(), and when it came.
struct Answer {
  Seat seat = 0;
  Result<std::string> move = Error{"not asked"};
  std::string comment;
  Clock::time_point at;
};

class Match {
 public:
  // `created`: when the referee (and its clocks) started.
  Match(std::unique_ptr<protocol::WireMatch> match, Clock::time_point created,
        std::array<SeatPlayer*, 2> players, const ArenaOptions& options)
      : match_(std::move(match)), created_(created), players_(players), options_(options) {
    for (Seat s = 0; s < 2; ++s) players_[s]->set_stop(&stops_[s]);
  }
  ~Match() {
    for (Seat s = 0; s < 2; ++s) players_[s]->set_stop(nullptr);  // the signals go with it
  }
  Match(const Match&) = delete;
  Match& operator=(const Match&) = delete;

  ArenaResult run() {
    start();
    auto& ref = match_->referee();
    if (Status s = play_opening(); !s) (void)ref.abort(s.message(), Clock::now());
    deliver();
    while (!ref.finished()) {
      if (match_->actions() >= options_.max_actions) {
        (void)ref.abort("no result after " + std::to_string(options_.max_actions) + " actions",
                        Clock::now());
        break;
      }
      std::vector<Seat> actors;
      for (Seat s = 0; s < 2; ++s)
        if (ref.can_act(s)) actors.push_back(s);
      if (actors.empty()) {
        (void)ref.abort("nobody can act", Clock::now());
        break;
      }
      std::vector<Answer> answers = ask(actors);
      // The referee hears the answers in the order they came, each at its own time.
      std::sort(answers.begin(), answers.end(),
                [](const Answer& a, const Answer& b) { return a.at < b.at; });
      for (auto& a : answers) {
        if (ref.finished()) break;
        take(a);
        deliver();
      }
    }
    deliver();
    const auto now = Clock::now();
    for (Seat s = 0; s < 2; ++s) result_.illegal_attempts[s] = ref.attempts_used(s);
    const auto reading = ref.clocks(now);
    result_.remaining_ms = match_->referee().config().time.total_ms > 0
                               ? reading.remaining_ms
                               : std::array<std::int64_t, 2>{};
    result_.outcome = ref.outcome();
    result_.rules = ref.rules_text();
    if (auto rec = ref.record()) result_.final_text = rec->final_text;
    return std::move(result_);
  }

 private:
  // The players start (an engine is spawned and shakes hands) on the arbiter's time, as
  // Gomocup managers give START its own timeout: the clocks stand still meanwhile, from the
  // moment they started (nothing before the first move is anybody's time).
  void start() {
    auto& ref = match_->referee();
    const bool paused = ref.pause(created_).ok();
    const auto now = Clock::now();
    std::array<Status, 2> status;
    for (Seat s = 0; s < 2; ++s) status[s] = players_[s]->start(match_->started(s, now));
    if (paused) (void)ref.unpause(Clock::now());
    if (!status[0] && !status[1]) {
      result_.failure = {status[0].message(), status[1].message()};
      (void)match_->referee().abort("neither player started", Clock::now());
      return;
    }
    for (Seat s = 0; s < 2; ++s)
      if (!status[s]) player_failed(s, status[s].message(), Clock::now());
  }

  // The opening's actions, each by the seat to act, as if that seat had played it at once.
  Status play_opening() {
    return match_->play_opening(
        options_.opening, Clock::now(), [&](Seat actor, const referee::SubmitResult&) {
          const ArenaMove record{actor, match_->action_text(match_->actions()), 0,
                                 "from the opening suite"};
          result_.moves.push_back(record);
          if (options_.on_move) options_.on_move(record);
        });
  }

  // Asks each seat that may act for its action; seats that act at the same time (军棋's
  // deployment) think at the same time, as they would on the server.
  std::vector<Answer> ask(const std::vector<Seat>& seats) {
    // What each seat is shown is read here, on this thread: only the players think in parallel.
    const auto now = Clock::now();
    std::array<v1::GameView, 2> views;
    std::array<v1::Clocks, 2> clocks;
    for (Seat s : seats) {
      views[s] = match_->view(s);
      clocks[s] = match_->clocks(now);
    }
    auto one = [&](Seat s) {
      Answer a;
      a.seat = s;
      a.move = players_[s]->choose(views[s], clocks[s]);
      a.at = Clock::now();
      if (a.move) a.comment = protocol::fit_move_comment(players_[s]->comment());
      return a;
    };
    // As on the server, the match is over once the referee's next deadline (a flag, grace
    // included) passes: a player still thinking then (a bridge awaiting a late answer) is
    // told to stop, and the referee decides what its answer is worth.
    for (auto& stop : stops_) stop.lower();
    watch_.arm(match_->referee().next_deadline());
    std::vector<Answer> out;
    if (seats.size() == 1) {
      out.push_back(one(seats.front()));
    } else {
      auto other = std::async(std::launch::async, one, seats[1]);
      out.push_back(one(seats[0]));
      out.push_back(other.get());
    }
    watch_.arm(std::nullopt);
    return out;
  }

  // Raises the players' stop signals when the deadline it is armed with passes: one thread
  // for the whole match, not one per move.
  class DeadlineWatch {
   public:
    explicit DeadlineWatch(std::array<StopSignal, 2>& stops) : stops_(stops) {
      thread_ = std::thread([this] { run(); });
    }
    ~DeadlineWatch() {
      {
        std::lock_guard lock(mu_);
        quit_ = true;
      }
      changed_.notify_all();
      thread_.join();
    }
    DeadlineWatch(const DeadlineWatch&) = delete;
    DeadlineWatch& operator=(const DeadlineWatch&) = delete;

    // Raise the signals at `at` (none: never), in place of any deadline armed before.
    void arm(std::optional<Clock::time_point> at) {
      {
        std::lock_guard lock(mu_);
        at_ = at;
      }
      changed_.notify_all();
    }

   private:
    void run() {
      std::unique_lock lock(mu_);
      while (!quit_) {
        if (!at_) {
          changed_.wait(lock);
          continue;
        }
        const auto at = *at_;
        if (changed_.wait_until(lock, at) == std::cv_status::timeout && at_ == at) {
          for (auto& stop : stops_) stop.raise();
          at_.reset();
        }
      }
    }

    std::array<StopSignal, 2>& stops_;
    std::mutex mu_;
    std::condition_variable changed_;
    std::optional<Clock::time_point> at_;
    bool quit_ = false;
    std::thread thread_;
  };

  void take(Answer& a) {
    if (!a.move) return player_failed(a.seat, a.move.message(), a.at);
    const auto r = match_->submit(a.seat, *a.move, a.at);
    using S = referee::SubmitResult::Status;
    if (r.status == S::kAccepted) {
      const ArenaMove record{a.seat, match_->action_text(match_->actions()), r.elapsed_ms,
                             std::move(a.comment)};
      result_.moves.push_back(record);
      if (options_.on_move) options_.on_move(record);
    } else if (r.status == S::kRejected && !match_->referee().finished()) {
      players_[a.seat]->rejected(r.reason);
    }
  }

  // Tells each seat every event it has not heard yet (the end included).
  void deliver() {
    for (bool again = true; again;) {
      again = false;
      for (Seat v = 0; v < 2; ++v) {
        const auto events = match_->referee().events_for(v, sent_[v]);
        for (const auto& e : events) {
          sent_[v] = e.seq;
          const bool newest =
              e.kind == referee::EventKind::kAction && e.action_number == match_->actions();
          auto m = match_->message(v, e, newest);
          if (!m) continue;
          if (m->has_match_ended()) {
            players_[v]->finish(m->match_ended());
            continue;
          }
          const Status st = players_[v]->observe(m->match_event());
          // After the last action the game's own ending stands, whatever a player says.
          if (!st && !match_->referee().finished()) {
            player_failed(v, st.message(), Clock::now());
            again = true;
          }
        }
      }
    }
  }

  void player_failed(Seat seat, const std::string& error, Clock::time_point at) {
    result_.failure[seat] = error;
    result_.cannot_play[seat] = players_[seat]->cannot_play();
    if (!result_.cannot_play[seat].empty()) {
      (void)match_->referee().abort(
          "void: seat " + std::to_string(seat) + " could not play: " + result_.cannot_play[seat],
          at);
      return;
    }
    (void)match_->referee().forfeit(seat, "seat " + std::to_string(seat) + " failed: " + error, at);
  }

  std::unique_ptr<protocol::WireMatch> match_;
  Clock::time_point created_;
  std::array<SeatPlayer*, 2> players_;
  std::array<StopSignal, 2> stops_;  // each player's (SeatPlayer::set_stop)
  DeadlineWatch watch_{stops_};
  ArenaOptions options_;
  ArenaResult result_;
  std::array<std::uint64_t, 2> sent_{1, 1};  // the referee's seq each seat has heard (1: start)
};

}  // namespace

Result<ArenaResult> play_arena_match(std::string_view game, std::string_view rules,
                                     const v1::TimeControl& time, SeatPlayer& seat0,
                                     SeatPlayer& seat1, const ArenaOptions& options) {
  if (&seat0 == &seat1) return fail("the two seats need two player objects");
  if (options.max_actions <= 0 || options.grace_ms < 0)
    return fail("arena options: max_actions must be positive and grace_ms at least 0");
  protocol::MatchHeader header;
  std::array<SeatPlayer*, 2> players{&seat0, &seat1};
  for (Seat s = 0; s < 2; ++s) {
    header.players[s].set_name(players[s]->name());
    header.players[s].set_role(v1::ROLE_BOT);
  }
  if (!options.opening.empty()) {  // checked on a fresh game first: a bad suite is an error
    auto check = create_game(game, rules);
    if (!check) return Error{check.message()};
    for (std::size_t i = 0; i < options.opening.size(); ++i) {
      const std::string& action = options.opening[i];
      Seat actor = kPublic;
      for (Seat s = 0; s < 2 && actor == kPublic; ++s)
        if ((*check)->can_act(s)) actor = s;
      if (actor == kPublic || (*check)->is_terminal())
        return fail("opening action " + std::to_string(i + 1) + " '" + action +
                    "': nobody is to move");
      if (auto played = (*check)->play(actor, action); !played)
        return fail("opening action " + std::to_string(i + 1) + " '" + action +
                    "' is not legal: " + played.message());
    }
  }
  referee::MemoryJournal journal;
  const auto created = Clock::now();
  auto match = protocol::WireMatch::create(match_config(game, rules, time, options),
                                           std::move(header), journal, created);
  if (!match) return Error{match.message()};
  return Match(std::move(match).value(), created, players, options).run();
}

}  // namespace boyi::bots
