// The server's own players ("play a house bot"). A house seat is played by a
// bots::SeatPlayer (bots/wire/engine_seat_player.h) of the level its strength names
// (house_levels.h), fed with exactly the MatchStarted / MatchEvent / MatchEnded messages a
// person in that seat is sent: it cannot see what that person could not (hidden 军棋 pieces).
//
// Threading: a HouseBot's player is touched only on the bot's own strand over the house-bot
// pool (config house_bot_threads), never on a match strand or an io thread. The match host
// hands it the seat's messages and its requests to choose in the order it makes them; the
// strand keeps that order, so a choice is made with every earlier message seen. Answers come
// back through a callback the host posts to its own strand; the host drops a stale one.
#pragma once

#include <algorithm>
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "base/rng.h"
#include "bots/wire/seat_player.h"
#include "boyi/v1/boyi.pb.h"
#include "server/core/wire_out.h"
#include "server/house/house_levels.h"
#include "server/storage/database.h"

namespace boyi::app {

// The player of one house seat and the level it was made for.
struct HousePlayer {
  int strength = 0;
  HouseLevel level;
  std::string game, rules;
  int seat = -1;
  std::unique_ptr<bots::SeatPlayer> player;
  Rng rng{1};            // for answers from the view alone (below)
  std::string fallback;  // why the engine's last answer was replaced (set while choosing)

  std::string name() const {
    return house_display_name(strength, level.engine) + " (" + level.spec + ")";
  }
};

// The player for a choice of `game`, seat `seat`: its strength 1..10 (0: kDefaultHouseStrength;
// past 10: 10) and its house engine; nullptr for a game without house bots or an engine the
// game does not offer here.
std::unique_ptr<HousePlayer> make_house_player(const HouseChoice& choice, const std::string& game,
                                               const std::string& rules, int seat,
                                               std::uint64_t seed);

// The seat's user as a match shows it: "House bot · td · 6", with the strength and engine.
void present_house_seat(UserInfo& user, const HouseChoice& choice);

// Who the lobby's house bot plays seat `seat` of stored match `match_id` as (table
// house_seats); nullopt when none was stored (a tournament's house seat, whose strength the
// tournament keeps, or a match stored before levels were).
std::optional<HouseChoice> stored_house_choice(storage::Database& db, const std::string& match_id,
                                               int seat);
// Records that choice for a new match (before it starts).
Status store_house_choice(storage::Database& db, const std::string& match_id, int seat,
                          const HouseChoice& choice);

// What every house bot of a server shares: the stop raised at shutdown, and how busy the
// house-bot pool is (searches asked for and not yet answered). While more searches wait than
// the pool has threads, each thinks only its share of its level's cap (cap × threads /
// searches, at least a tenth of it; a level without a cap counts as kUncappedShareMs), so
// every match's bot gets its turn and nobody's clock runs long while a few deep searches
// hold the threads.
struct HouseBotsShared {
  explicit HouseBotsShared(int pool_threads) : threads(std::max(1, pool_threads)) {}
  const int threads;
  bots::StopSignal stop_all;
  std::atomic<int> searches{0};
  static constexpr std::int64_t kUncappedShareMs = 20'000;
  // The thinking cap of a search asked now, for a level capped at `cap_ms` (-1: no cap).
  std::int64_t share_ms(std::int64_t cap_ms) const {
    const int n = searches.load();
    if (n <= threads) return cap_ms;
    const std::int64_t cap = cap_ms < 0 ? kUncappedShareMs : cap_ms;
    return std::max(cap / 10, cap * threads / n);
  }
};

class HouseBot : public std::enable_shared_from_this<HouseBot> {
 public:
  using Executor = boost::asio::any_io_executor;
  using SteadyClock = std::chrono::steady_clock;

  struct Answer {
    std::string move;  // empty: none (the seat may not act by the view)
    std::string note;  // why the move came from the view instead of the engine, if it did
  };

  // `shared` (the server's) must outlive the bot.
  HouseBot(std::unique_ptr<HousePlayer> player, const Executor& pool, HouseBotsShared* shared);

  int strength() const { return strength_; }
  const std::string& spec() const { return spec_; }
  const std::string& name() const { return name_; }

  // The seat's messages, in the order they are sent (a resumed match: MatchStarted, then
  // every event again). Calls return at once.
  void start(v1::MatchStarted started);
  void observe(v1::MatchEvent event);
  // Also stops a search under way at once (the answer is no longer wanted) and frees the
  // player (an engine's tables can be tens of MB).
  void finish(v1::MatchEnded ended);
  // The server refused the last answer (the referee's reason); the next choose() retries.
  void rejected(std::string reason);

  // Thinks on the pool once everything handed over before is seen. `clocks` are as of
  // `asked`; the time spent waiting for a thread is taken off them. `done` runs on the
  // pool's thread.
  void choose(v1::GameView view, v1::Clocks clocks, SteadyClock::time_point asked,
              std::function<void(Answer)> done);

 private:
  Answer think(const v1::GameView& view, v1::Clocks clocks, SteadyClock::time_point asked);

  HouseBotsShared* shared_;
  std::unique_ptr<bots::StopSignal> stop_;  // raised when the match ends (any thread)
  std::unique_ptr<HousePlayer> p_;          // only on strand_; its player gone once finished
  boost::asio::strand<Executor> strand_;
  int strength_;
  std::string spec_, name_;
  std::string broken_;  // why the player lost track of the match (then: moves from the view)
  std::string last_;    // the last answer
  std::vector<std::string> refused_;  // answers the server refused in this position
};

}  // namespace boyi::app
