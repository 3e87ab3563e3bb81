// What every bridge does alike, whatever the protocol: the engine process and
// its greeting (engine_start.h: started here, or taken warm from WarmEngines), the
// seat's deadline from the clocks, repeated events of a reconnect ignored, and one
// failure latch — once the engine has failed (crash, hang, garbage, illegal move) it
// is stopped at once and every later call says why. A protocol fills in the match's
// first lines, what to tell the engine of each event, how to ask for a move and the
// goodbye lines.
//
// Time: the engine is told its limit less the margin; the bridge waits for its answer up
// to the limit and late_answer_ms beyond (or until the host's stop signal says the match
// is over), and passes on whatever comes: only the referee's clock decides a loss on time.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/bridges/bridge_player.h"
#include "bots/bridges/engine_process.h"
#include "engine/core/outcome.h"

namespace boyi::bots {

class BridgeBase : public SeatPlayer {
 public:
  BridgeBase(BridgeOptions options, std::string game);
  ~BridgeBase() override;

  std::string name() const override;
  Status start(const v1::MatchStarted& started) final;
  Status observe(const v1::MatchEvent& event) final;
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) final;
  std::string comment() const final { return comment_; }
  void rejected(const std::string& error) final;
  void finish(const v1::MatchEnded& ended) final;
  void set_stop(const StopSignal* stop) final { stop_ = stop; }
  // A failed engine cannot be replaced mid-game (it would not know the game): the seat loses.
  bool resigns_on_failure() const final { return true; }
  std::string cannot_play() const final { return cannot_play_; }

 protected:
  // The protocol's part. Errors from these end the engine (the latch).
  // The engine is greeted: the match's own first lines (rules, limits), if any.
  virtual Status begin_match() = 0;
  virtual Status on_event(const v1::MatchEvent& event) = 0;
  virtual Result<std::string> decide(const v1::GameView& view, const v1::Clocks& clocks,
                                     SteadyTime deadline) = 0;
  virtual void on_rejected(const std::string& /*error*/) {}
  virtual void on_finish(const v1::MatchEnded& ended) = 0;  // goodbye lines (best effort)

  // Lines to and from the engine; a failure latches.
  Status send(std::string_view line);
  Result<std::string> read(SteadyTime deadline, std::string_view waiting_for);
  // Latches `why`, stops the engine, returns the error.
  Error failed(std::string why);
  // The protocol cannot tell the engine what happened (an opening played for it): latches
  // like failed(), and the game is one the bridge could not play (cannot_play()).
  Error cannot_tell(std::string why);
  void note(std::string_view text);

  // The seat's time: what the engine is told is left for this move (bank and per-move
  // limit, less the margin; the cap for a match without a clock) and of the bank (-1: no
  // bank).
  std::int64_t move_budget_ms(const v1::Clocks& clocks) const;
  std::int64_t bank_left_ms(const v1::Clocks& clocks) const;

  const BridgeOptions& options() const { return options_; }
  const v1::MatchStarted& started() const { return started_; }
  const std::string& game() const { return game_; }
  Seat seat() const { return started_.seat(); }
  void set_engine_name(std::string name) { engine_name_ = std::move(name); }
  // The record's note on the move decide() returns (SeatPlayer::comment); cleared before each.
  void set_comment(std::string text) { comment_ = std::move(text); }

 private:
  void stop_engine(std::chrono::milliseconds grace);
  // What is left of the seat's limit (bank and per-move limit) with no margin; -1: none.
  std::int64_t limit_ms(const v1::Clocks& clocks) const;

  BridgeOptions options_;
  std::string game_;
  v1::MatchStarted started_;
  bool has_started_ = false;
  bool in_handshake_ = false;
  std::uint32_t last_seq_ = 0;
  std::unique_ptr<EngineProcess> engine_;
  std::optional<std::string> failure_;
  std::string cannot_play_;
  const StopSignal* stop_ = nullptr;
  std::string engine_name_;
  std::string comment_;
};

}  // namespace boyi::bots
