#include "referee/referee.h"

#include <algorithm>

#include "engine/registry.h"
#include "referee/referee_text.h"

namespace boyi::referee {

std::string seat_name(Seat seat) {
  return "seat " + std::to_string(seat);
}

std::string printable(std::string_view in, std::size_t max_bytes) {
  std::string out;
  for (std::size_t i = 0; i < in.size();) {
    const auto c = static_cast<unsigned char>(in[i]);
    std::size_t len = c < 0x80           ? 1
                      : (c >> 5) == 0x6  ? 2
                      : (c >> 4) == 0xE  ? 3
                      : (c >> 3) == 0x1E ? 4
                                         : 0;
    bool ok = len > 0 && i + len <= in.size();
    for (std::size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(in[i + k]) & 0xC0) == 0x80;
    if (ok && len == 1 && (c < 0x20 || c == 0x7F)) ok = c == ' ';
    if (!ok) len = 1;
    if (out.size() + (ok ? len : 1) > max_bytes) break;
    if (ok)
      out.append(in.substr(i, len));
    else
      out += '?';
    i += len;
  }
  return out;
}

namespace {

bool is_seat(Seat seat) {
  return seat == 0 || seat == 1;
}

std::string seconds(std::int64_t ms) {
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

std::array<std::int64_t, 2> clamped(std::array<std::int64_t, 2> ms) {
  for (auto& v : ms) v = std::max<std::int64_t>(v, 0);
  return ms;
}

}  // namespace

Referee::Referee(MatchConfig config, std::unique_ptr<AnyGame> game, MatchJournal& journal,
                 GameFactory factory)
    : config_(std::move(config)),
      game_(std::move(game)),
      journal_(journal),
      clocks_(config_.time),
      events_(config_.spectator_delay_plies),
      factory_(std::move(factory)) {
  if (config_.spectator_delay_plies > 0) public_game_ = game_->clone();
}

Referee::~Referee() = default;

std::string_view Referee::game_name() const {
  return game_->name();
}
std::string Referee::rules_text() const {
  return game_->rules_text();
}

Result<std::unique_ptr<AnyGame>> make_game(const GameFactory& factory, const MatchConfig& config) {
  auto game = factory ? factory(config.game, config.rules_text)
                      : create_game(config.game, config.rules_text);
  if (game && !game.value()) return Error{"the game factory made no game"};
  return game;
}

Result<std::unique_ptr<Referee>> Referee::create(MatchConfig config, MatchJournal& journal,
                                                 TimePoint now, const GameFactory& factory) {
  if (auto s = config.validate(); !s) return Error{s.message()};
  auto game = make_game(factory, config);
  if (!game) return Error{game.message()};
  std::unique_ptr<Referee> r(
      new Referee(std::move(config), std::move(game).value(), journal, factory));
  r->last_now_ = now;
  JournalEntry start = r->entry(EntryKind::kStart, kPublic);
  start.seq = 1;
  start.text = r->game_->rules_text();
  start.clock_ms = {r->config_.time.total_ms, r->config_.time.total_ms};
  if (auto s = r->journal(start); !s) return Error{"the match could not be stored: " + s.message()};
  r->emit_start();
  r->clocks_.start(r->may_act(), now);
  return r;
}

void Referee::emit_start() {
  MatchEvent e;
  e.kind = EventKind::kStart;
  const Seat first = game_->to_move();
  const std::string text = "match " + config_.match_id + " started: " + std::string(game_->name()) +
                           " (" + game_->rules_text() + "), time " + config_.time.to_string() +
                           "; " +
                           (first == kPublic ? "both seats act" : seat_name(first) + " to move");
  e.renderings = {text, text, text};
  e.clock_ms = {config_.time.total_ms, config_.time.total_ms};
  events_.append(std::move(e));
}

TimePoint Referee::monotonic(TimePoint now) {
  last_now_ = std::max(last_now_, now);
  return last_now_;
}

std::array<bool, 2> Referee::may_act() const {
  if (finished() || game_->is_terminal()) return {false, false};
  return {game_->can_act(0), game_->can_act(1)};
}

JournalEntry Referee::entry(EntryKind kind, Seat seat) const {
  JournalEntry e;
  e.match_id = config_.match_id;
  e.kind = kind;
  e.seat = seat;
  return e;
}

Status Referee::journal(JournalEntry e) {
  e.index = journal_index_ + 1;
  Status s = journal_.append(e);
  if (s) ++journal_index_;
  return s;
}

SubmitResult Referee::submit(Seat seat, std::string_view text, TimePoint now) {
  using S = SubmitResult::Status;
  now = monotonic(now);
  SubmitResult r;
  if (!is_seat(seat)) {
    r.reason = "no such seat";  // a caller's mistake, not a player's: not counted
    return r;
  }
  if (auto s = tick(now); !s) {
    r.status = S::kError;
    r.reason = "internal error: " + s.message();
    return r;
  }
  if (finished()) {
    r.status = S::kGameOver;
    r.reason = "the match is over: " + describe(outcome_);
    return r;
  }
  if (paused_) {
    r.status = S::kPaused;
    r.reason = "the arbiter has paused the match";
    return r;
  }
  if (text.size() > kMaxActionText)
    return reject(seat, text,
                  "action too long (" + std::to_string(text.size()) + " bytes, at most " +
                      std::to_string(kMaxActionText) + ")",
                  now);
  std::unique_ptr<AnyGame> next = game_->clone();
  auto applied = next->play(seat, text);
  if (!applied) return reject(seat, text, applied.message(), now);

  const bool over = next->is_terminal();
  MatchClocks next_clocks = clocks_;
  const std::array<bool, 2> after = over ? std::array<bool, 2>{false, false}
                                         : std::array<bool, 2>{next->can_act(0), next->can_act(1)};
  const std::int64_t elapsed = next_clocks.on_action(seat, after, now);
  JournalEntry e = entry(EntryKind::kAction, seat);
  e.seq = last_seq() + 1;
  e.text = join(applied->moves);
  e.elapsed_ms = elapsed;
  e.clock_ms = next_clocks.remaining_at(now);
  if (over) e.outcome = next->outcome();
  if (auto s = journal(e); !s) {
    r.status = S::kError;
    r.reason = "internal error: the action could not be stored: " + s.message();
    return r;
  }
  // Stored: now it may become visible.
  game_ = std::move(next);
  clocks_ = next_clocks;
  record_action(seat, std::move(e.text), elapsed, e.clock_ms, applied->renderings);
  lapse_after_action(seat);
  r.status = S::kAccepted;
  r.seq = e.seq;
  r.elapsed_ms = elapsed;
  r.attempts_left = attempts_left(seat);
  if (over) finish(game_->outcome(), now);
  return r;
}

SubmitResult Referee::reject(Seat seat, std::string_view text, std::string reason, TimePoint now) {
  SubmitResult r;
  reason = printable(reason, 512);
  const int used = attempts_[seat] + 1;
  const int limit = config_.illegal.limit();
  JournalEntry e = entry(EntryKind::kIllegalAttempt, seat);
  e.text = printable(text, kMaxStoredAttemptText);
  e.reason = reason;
  e.clock_ms = clocks_.remaining_at(now);
  if (used >= limit) {
    e.seq = last_seq() + 1;
    e.outcome.ending = Ending::kIllegalMove;
    e.outcome.winner = 1 - seat;
    e.outcome.detail = config_.illegal.kind == IllegalMovePolicy::Kind::kLoseAtOnce
                           ? seat_name(seat) + " made an illegal move: " + reason
                           : seat_name(seat) + " made " + std::to_string(used) +
                                 " illegal attempts; the last: " + reason;
  }
  if (auto s = journal(e); !s) {
    r.status = SubmitResult::Status::kError;
    r.reason = "internal error: the attempt could not be stored: " + s.message();
    return r;
  }
  attempts_[seat] = used;
  r.status = SubmitResult::Status::kRejected;
  r.reason = std::move(reason);
  r.attempts_left = std::max(0, limit - used);
  if (e.outcome.finished()) finish(e.outcome, now);
  return r;
}

void Referee::record_action(Seat seat, std::string text, std::int64_t elapsed,
                            std::array<std::int64_t, 2> clock_ms,
                            std::array<std::string, 3> renderings) {
  MatchEvent e;
  e.kind = EventKind::kAction;
  e.actor = seat;
  e.renderings = std::move(renderings);
  e.elapsed_ms = elapsed;
  e.clock_ms = clock_ms;
  const std::uint64_t seq = events_.append(std::move(e));
  actions_.push_back({seq, seat, std::move(text), elapsed, clock_ms});
  ++acted_[seat];
  advance_public_game();
}

void Referee::advance_public_game() {
  if (!public_game_) return;
  const int target = events_.public_actions();
  while (public_applied_ < target) {
    const RecordedAction& a = actions_[static_cast<std::size_t>(public_applied_)];
    auto replayed = public_game_->play(a.seat, a.text);
    (void)replayed.ok();  // the same text was accepted by the same position before
    ++public_applied_;
  }
}

void Referee::finish(Outcome outcome, TimePoint at) {
  outcome_ = std::move(outcome);
  lapse_all();
  clocks_.stop(at);
  MatchEvent e;
  e.kind = EventKind::kEnd;
  const std::string text = "game over: " + describe(outcome_);
  e.renderings = {text, text, text};
  e.clock_ms = clamped(clocks_.remaining_at(at));
  e.outcome = outcome_;
  events_.append(std::move(e));
  events_.release_all();
  advance_public_game();
}

JournalEntry Referee::end_entry(const Outcome& outcome, Seat seat, TimePoint at) const {
  MatchClocks stopped = clocks_;
  stopped.stop(at);
  JournalEntry e = entry(EntryKind::kEnd, seat);
  e.seq = last_seq() + 1;
  e.clock_ms = clamped(stopped.remaining_at(at));
  e.outcome = outcome;
  return e;
}

Status Referee::end_with(Outcome outcome, Seat seat, TimePoint at) {
  if (auto s = journal(end_entry(outcome, seat, at)); !s)
    return fail("the ending could not be stored: " + s.message());
  finish(std::move(outcome), at);
  return Status::Ok();
}

std::vector<Referee::Deadline> Referee::deadlines() const {
  std::vector<Deadline> out;
  if (finished() || paused_) return out;  // a pause stops every clock and grace
  for (const auto& d : clocks_.deadlines())
    out.push_back(
        {d.at, d.seat,
         d.kind == ClockDeadline::Kind::kFlag ? Deadline::Kind::kFlag : Deadline::Kind::kPerMove});
  for (Seat s : {0, 1})
    if (away_since_[s])
      out.push_back({*away_since_[s] + std::chrono::milliseconds(config_.disconnect_grace_ms + 1),
                     s, Deadline::Kind::kDisconnect});
  std::stable_sort(out.begin(), out.end(),
                   [](const Deadline& a, const Deadline& b) { return a.at < b.at; });
  return out;
}

Outcome Referee::deadline_outcome(const std::vector<Deadline>& due) const {
  const Deadline& first = due.front();
  const bool both =
      std::any_of(due.begin(), due.end(), [&](const Deadline& d) { return d.seat != first.seat; });
  Outcome o;
  o.ending =
      first.kind == Deadline::Kind::kDisconnect ? Ending::kDisconnectForfeit : Ending::kTimeForfeit;
  if (both) {
    o.detail = "both seats passed a limit at the same moment";
    return o;  // a draw
  }
  o.winner = 1 - first.seat;
  switch (first.kind) {
    case Deadline::Kind::kFlag:
      o.detail = seat_name(first.seat) + " ran out of time";
      break;
    case Deadline::Kind::kPerMove:
      o.detail = seat_name(first.seat) + " exceeded the per-move limit of " +
                 seconds(config_.time.per_move_ms);
      break;
    case Deadline::Kind::kDisconnect:
      o.detail = seat_name(first.seat) + " did not come back within " +
                 seconds(config_.disconnect_grace_ms);
      break;
  }
  return o;
}

Status Referee::tick(TimePoint now) {
  now = monotonic(now);
  if (finished()) return Status::Ok();
  const auto all = deadlines();
  if (all.empty() || all.front().at > now) return Status::Ok();
  std::vector<Deadline> due;
  for (const auto& d : all)
    if (d.at == all.front().at) due.push_back(d);
  const Outcome o = deadline_outcome(due);
  return end_with(o, o.winner ? due.front().seat : kPublic, due.front().at);
}

std::optional<TimePoint> Referee::next_deadline() const {
  const auto all = deadlines();
  if (all.empty()) return std::nullopt;
  return all.front().at;
}

Status Referee::resign(Seat seat, TimePoint now) {
  if (!is_seat(seat)) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  return end_with({Ending::kResignation, 1 - seat, seat_name(seat) + " resigned"}, seat, now);
}

Status Referee::forfeit(Seat seat, std::string detail, TimePoint now) {
  if (!is_seat(seat)) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  return end_with({Ending::kDisconnectForfeit, 1 - seat, printable(detail, 512)}, seat, now);
}

Status Referee::on_disconnect(Seat seat, TimePoint now) {
  if (!is_seat(seat)) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (!finished() && !away_since_[seat]) away_since_[seat] = now;
  return Status::Ok();
}

Status Referee::on_reconnect(Seat seat, TimePoint now) {
  if (!is_seat(seat)) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;  // a grace that ran out first still decides
  away_since_[seat].reset();
  return Status::Ok();
}

Status Referee::abort(std::string reason, TimePoint now) {
  now = monotonic(now);
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  Outcome o{Ending::kAborted, std::nullopt, printable(reason, 512)};
  Status s = journal(end_entry(o, kPublic, now));
  finish(std::move(o), now);
  return s;
}

const AnyGame& Referee::game_seen_by(Seat viewer) const {
  return viewer == kPublic && public_game_ ? *public_game_ : *game_;
}

std::string Referee::view_text(Seat viewer) const {
  if (viewer != kPublic && !is_seat(viewer)) return {};
  return game_seen_by(viewer).view_text(viewer);
}

Seat Referee::to_move() const {
  return finished() ? kPublic : game_->to_move();
}

bool Referee::can_act(Seat seat) const {
  return is_seat(seat) && !finished() && game_->can_act(seat);
}

std::vector<std::string> Referee::legal_moves(Seat seat) const {
  if (!can_act(seat)) return {};
  return game_->legal_moves(seat);
}

std::uint64_t Referee::hash() const {
  return game_->hash();
}

std::optional<MatchRecord> Referee::record() const {
  if (!finished()) return std::nullopt;
  return MatchRecord{config_, game_->rules_text(), actions_, outcome_, game_->full_text()};
}

}  // namespace boyi::referee
