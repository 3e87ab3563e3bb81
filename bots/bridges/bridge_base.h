// What every bridge does alike, whatever the protocol: the engine process and
// its handshake, the seat's deadline from the clocks, repeated events of a
// reconnect ignored, and one failure latch — once the engine has failed (crash,
// hang, garbage, illegal move) it is stopped at once and every later call says
// why. A protocol fills in the handshake, what to tell the engine of each event,
// how to ask for a move and the goodbye lines.
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
  BridgeBase(BridgeOptions options, std::string game, std::size_t max_line);
  ~BridgeBase() override;

  std::string name() const override;
  Status start(const v1::MatchStarted& started) final;
  Status observe(const v1::MatchEvent& event) final;
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) final;
  std::string comment() const final { return comment_; }
  void rejected(const std::string& error) final;
  void finish(const v1::MatchEnded& ended) final;
  // A failed engine cannot be replaced mid-game (it would not know the game): the seat loses.
  bool resigns_on_failure() const final { return true; }

 protected:
  // The protocol's part. Errors from these end the engine (the latch).
  virtual Status handshake(SteadyTime deadline) = 0;  // engine just started
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
  void note(std::string_view text);

  // The seat's time: what is left for this move (bank and per-move limit, less
  // the margin; the cap for a match without a clock) and of the bank (-1: no bank).
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

  BridgeOptions options_;
  std::string game_;
  std::size_t max_line_;
  v1::MatchStarted started_;
  bool has_started_ = false;
  bool in_handshake_ = false;
  std::uint32_t last_seq_ = 0;
  std::unique_ptr<EngineProcess> engine_;
  std::optional<std::string> failure_;
  std::string engine_name_;
  std::string comment_;
};

}  // namespace boyi::bots
