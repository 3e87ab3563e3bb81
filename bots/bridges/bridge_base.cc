#include "bots/bridges/bridge_base.h"

#include <algorithm>
#include <utility>

#include "bots/bridges/engine_start.h"

namespace boyi::bots {

namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

constexpr milliseconds kWriteWait{1000};  // a line the engine does not take in this long

}  // namespace

BridgeBase::BridgeBase(BridgeOptions options, std::string game)
    : options_(std::move(options)), game_(std::move(game)) {}

BridgeBase::~BridgeBase() {
  stop_engine(milliseconds(0));
}

std::string BridgeBase::name() const {
  std::string s = "bridge " + options_.protocol + " " + options_.argv.front();
  if (!engine_name_.empty()) s += " (" + engine_name_ + ")";
  return s;
}

Status BridgeBase::start(const v1::MatchStarted& started) {
  if (failure_) return Error{*failure_};
  if (has_started_) {
    // A reconnect: the engine keeps its game; the replay's events are ignored by seq.
    if (started.match_id() == started_.match_id()) return Status::Ok();
    return fail("this bridge already plays match '" + started_.match_id() + "'");
  }
  if (started.game() != game_)
    return fail("this bridge plays " + game_ + ", the match is " + started.game());
  if (started.seat() != 0 && started.seat() != 1)
    return fail("a bridge plays seat 0 or 1, not " + std::to_string(started.seat()));
  started_ = started;
  has_started_ = true;
  // The engine starts off the clock where the host allows it: warm (started before the
  // match), or here, where the arena holds the clocks for start().
  auto engine = options_.warm ? options_.warm->take(options_.log_path)
                              : start_engine(options_, options_.log_path);
  if (!engine) {
    failure_ = "handshake: " + engine.message();
    return Error{*failure_};
  }
  GreetedEngine greeted = std::move(engine).value();
  engine_ = std::move(greeted.process);
  set_engine_name(std::move(greeted.name));
  engine_->note("match " + started.match_id() + ", " + started.game() + " '" + started.rules() +
                "', seat " + std::to_string(started.seat()));
  in_handshake_ = true;
  const Status begun = begin_match();
  in_handshake_ = false;
  if (!begun) return failed("handshake: " + begun.message());
  return Status::Ok();
}

Status BridgeBase::observe(const v1::MatchEvent& event) {
  if (failure_) return Error{*failure_};
  if (!has_started_) return fail("an event before the match started");
  if (event.seq() <= last_seq_) return Status::Ok();  // a replayed event
  last_seq_ = event.seq();
  if (Status s = on_event(event); !s) return failed(s.message());
  return Status::Ok();
}

Result<std::string> BridgeBase::choose(const v1::GameView& view, const v1::Clocks& clocks) {
  if (failure_) return Error{*failure_};
  if (!has_started_ || !engine_) return fail("asked for a move before the match started");
  // The engine is told its limit less the margin; its answer is awaited past the limit (the
  // referee decides whether a late one stands).
  const std::int64_t limit = limit_ms(clocks);
  const auto deadline =
      steady_clock::now() + milliseconds(limit < 0 ? std::max(1, options_.unlimited_move_ms)
                                                   : limit + options_.late_answer_ms);
  comment_.clear();
  auto move = decide(view, clocks, deadline);
  if (!move) return failed(move.message());
  note("answer: " + *move);
  return move;
}

void BridgeBase::rejected(const std::string& error) {
  note("the referee refused the move: " + error);
  if (!failure_) on_rejected(error);
}

void BridgeBase::finish(const v1::MatchEnded& ended) {
  if (engine_ && !failure_) {
    on_finish(ended);
    stop_engine(milliseconds(options_.exit_grace_ms));
  } else {
    stop_engine(milliseconds(0));
  }
  if (!failure_) failure_ = "the match is over";
}

Status BridgeBase::send(std::string_view line) {
  if (failure_) return Error{*failure_};
  if (!engine_) return fail("no engine");
  if (Status s = engine_->send(line, steady_clock::now() + kWriteWait); !s)
    return failed(s.message() + " (sending '" + std::string(line.substr(0, 60)) + "')");
  return Status::Ok();
}

Result<std::string> BridgeBase::read(SteadyTime deadline, std::string_view waiting_for) {
  if (failure_) return Error{*failure_};
  if (!engine_) return fail("no engine");
  const auto began = steady_clock::now();
  auto line = engine_->read_line(deadline, stop_);
  if (!line) {
    const auto waited =
        std::chrono::duration_cast<milliseconds>(steady_clock::now() - began).count();
    return failed(line.message() + " (waited " + describe_ms(waited) + " for " +
                  std::string(waiting_for) + ")");
  }
  return line;
}

Error BridgeBase::failed(std::string why) {
  if (!failure_) {
    if (in_handshake_ && why.rfind("handshake: ", 0) != 0) why = "handshake: " + why;
    failure_ = std::move(why);
    note("failed: " + *failure_);
    stop_engine(milliseconds(0));
  }
  return Error{*failure_};
}

Error BridgeBase::cannot_tell(std::string why) {
  if (!failure_) cannot_play_ = why;
  return failed("the bridge could not play: " + why);
}

void BridgeBase::note(std::string_view text) {
  if (engine_) engine_->note(text);
}

void BridgeBase::stop_engine(milliseconds grace) {
  if (engine_) engine_->stop(grace);
}

std::int64_t BridgeBase::limit_ms(const v1::Clocks& clocks) const {
  const auto& tc = started_.time_control();
  std::int64_t limit = -1;
  if (tc.total_ms() > 0 && clocks.remaining_ms_size() > seat()) limit = clocks.remaining_ms(seat());
  if (tc.per_move_ms() > 0) {
    const std::int64_t per_move =
        clocks.move_remaining_ms() > 0 ? clocks.move_remaining_ms() : tc.per_move_ms();
    limit = limit < 0 ? per_move : std::min(limit, per_move);
  }
  return limit;
}

std::int64_t BridgeBase::move_budget_ms(const v1::Clocks& clocks) const {
  const std::int64_t limit = limit_ms(clocks);
  if (limit < 0) return std::max(1, options_.unlimited_move_ms);
  // Keep the margin, but never give away more than half of what is left.
  const std::int64_t budget = std::max(limit - options_.move_margin_ms, limit / 2);
  return std::max<std::int64_t>(budget, 1);
}

std::int64_t BridgeBase::bank_left_ms(const v1::Clocks& clocks) const {
  const auto& tc = started_.time_control();
  if (tc.total_ms() == 0 || clocks.remaining_ms_size() <= seat()) return -1;
  return std::max<std::int64_t>(0, clocks.remaining_ms(seat()) - options_.move_margin_ms);
}

}  // namespace boyi::bots
