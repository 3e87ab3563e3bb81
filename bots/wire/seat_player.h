// A player of one seat of one match, fed with exactly what the server tells that
// seat (the boyi.v1 messages). Built-in engines (engine_seat_player.h) and bridged
// external engines (bots/bridges/) both implement it, so the bot client, the
// server's house bots and the local tournament runner drive any of them alike.
#pragma once

#include <string>

#include "base/result.h"
#include "bots/search/stop_signal.h"
#include "boyi/v1/boyi.pb.h"

namespace boyi::bots {

class SeatPlayer {
 public:
  virtual ~SeatPlayer() = default;
  // One line for logs: "renju", "bridge piskvork ./brain".
  virtual std::string name() const = 0;
  // The match begins, or is joined again after a reconnect (a Sync replay follows
  // with every event the seat has seen: observe() must accept a repeated seq and
  // ignore it).
  virtual Status start(const v1::MatchStarted& started) = 0;
  // Every accepted action as this seat may know it, in seq order, its own included.
  virtual Status observe(const v1::MatchEvent& event) = 0;
  // The seat may act in `view`: the action to send, in notation. Must answer inside
  // the clocks (the seat's remaining bank and per-move limit, less a safety margin).
  // Thinking stops (answering at once with the best move found) when `stop` is raised;
  // it must outlive the player. Players that do not search ignore it.
  virtual void set_stop(const StopSignal* stop) { (void)stop; }
  // A cap on the thinking time of the next choices, under the player's own (-1: none): the
  // house bots' pool lowers it while more searches wait than it has threads.
  virtual void set_move_cap_ms(std::int64_t ms) { (void)ms; }
  virtual Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) = 0;
  // A short public note on the action the last choose() returned, kept with it in the record
  // (MakeMove.comment): who decided it, an evaluation; "" for none. Hosts fit it to the
  // protocol's limit (protocol/wire/move_comment.h).
  virtual std::string comment() const { return {}; }
  // The server refused the last action (its Error text). The next choose() retries.
  virtual void rejected(const std::string& /*error*/) {}
  // The match is over; the player may be dropped after this.
  virtual void finish(const v1::MatchEnded& /*ended*/) {}
  // What a host does once this player fails (an error from start(), observe() or
  // choose()): false — covers for it (a move from the view, a fresh player fed the match
  // again), as for built-in engines and callbacks; true — the seat resigns, because the
  // player is an external program whose failure is its own loss (bridges), as in the
  // competition.
  virtual bool resigns_on_failure() const { return false; }
  // After a failure: why the player could not play this game at all through no fault of the
  // engine it speaks for (a bridge whose protocol cannot tell its engine what happened, such
  // as an opening played for it), or "" when the failure is the player's own. Hosts void
  // such a game (no result, no rating) and report it as the host's failure, never as the
  // engine's loss.
  virtual std::string cannot_play() const { return {}; }
};

}  // namespace boyi::bots
