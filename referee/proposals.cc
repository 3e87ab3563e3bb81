// Referee: draw offers and takeback requests between the seats (proposals.h).
#include <algorithm>

#include "engine/registry.h"
#include "referee/referee.h"

namespace boyi::referee {
namespace {

constexpr std::string_view kKindNames[] = {"draw", "takeback"};
constexpr std::string_view kStateNames[] = {"open", "accepted", "declined", "lapsed"};

std::size_t kind_index(ProposalKind kind) {
  return static_cast<std::size_t>(kind);
}

std::string seat_name(Seat seat) {
  return "seat " + std::to_string(seat);
}

}  // namespace

std::string_view proposal_kind_name(ProposalKind kind) {
  const auto i = kind_index(kind);
  return i < std::size(kKindNames) ? kKindNames[i] : "unknown";
}

std::string_view proposal_state_name(ProposalState state) {
  const auto i = static_cast<std::size_t>(state);
  return i < std::size(kStateNames) ? kStateNames[i] : "unknown";
}

int Referee::takeback_size(Seat seat) const {
  for (int i = actions() - 1; i >= 0; --i)
    if (actions_[static_cast<std::size_t>(i)].seat == seat) return actions() - i;
  return 0;
}

Status Referee::may_propose(Seat seat, ProposalKind kind) const {
  if (seat != 0 && seat != 1) return fail("no such seat");
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  if (paused_) return fail("the arbiter has paused the match");
  const GameInfo* info = find_game(game_->name());
  if (kind == ProposalKind::kDraw) {
    if (info && !info->can_be_drawn)
      return fail(std::string(game_->name()) + " cannot end in a draw");
    if (!config_.draw_offers) return fail("this match allows no draw offers");
  } else {
    if (info && info->hidden_information)
      return fail(std::string(game_->name()) +
                  " allows no takeback: what was revealed cannot be hidden again");
    if (!config_.takebacks) return fail("this match allows no takebacks (rated or tournament)");
    if (takeback_size(seat) == 0) return fail("there is no action of " + seat_name(seat) +
                                               " to take back");
  }
  for (const auto& p : open_)
    if (p.kind == kind && p.from == seat)
      return fail(seat_name(seat) + " has already proposed a " +
                  std::string(proposal_kind_name(kind)));
  if (acted_[seat] <= refused_at_[kind_index(kind)][seat])
    return fail("a " + std::string(proposal_kind_name(kind)) + " proposed by " + seat_name(seat) +
                " was not accepted; it may be proposed again after " + seat_name(seat) +
                " has played");
  return Status::Ok();
}

Status Referee::propose(Seat seat, ProposalKind kind, TimePoint now) {
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  // Proposing what the other seat proposed accepts it (both want the same).
  for (const auto& p : open_)
    if (p.kind == kind && p.from == 1 - seat && (seat == 0 || seat == 1))
      return answer(seat, kind, true, now);
  if (auto s = may_propose(seat, kind); !s) return s;
  Proposal p{kind, seat, ProposalState::kOpen,
             kind == ProposalKind::kTakeback ? takeback_size(seat) : 0};
  open_.push_back(p);
  ++proposals_version_;
  return Status::Ok();
}

Status Referee::answer(Seat seat, ProposalKind kind, bool accept, TimePoint now) {
  if (seat != 0 && seat != 1) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  if (paused_) return fail("the arbiter has paused the match");
  const auto it = std::find_if(open_.begin(), open_.end(), [&](const Proposal& p) {
    return p.kind == kind && p.from == 1 - seat;
  });
  if (it == open_.end())
    return fail(seat_name(1 - seat) + " has no open " + std::string(proposal_kind_name(kind)) +
                " proposal");
  const auto index = static_cast<std::size_t>(it - open_.begin());
  if (!accept) {
    close_proposal(index, ProposalState::kDeclined);
    return Status::Ok();
  }
  return this->accept(*it, seat, now);
}

Status Referee::accept(Proposal proposal, Seat by, TimePoint now) {
  if (proposal.kind == ProposalKind::kDraw) {
    Outcome o{Ending::kAgreement, std::nullopt, "drawn by agreement"};
    if (auto s = journal(end_entry(o, by, now)); !s)
      return fail("the draw could not be stored: " + s.message());
    open_.erase(std::find(open_.begin(), open_.end(), proposal));
    finish(std::move(o), now);  // every other proposal lapses
  } else {
    if (auto s = take_back(proposal.from, proposal.actions, now); !s) return s;
    open_.erase(std::find(open_.begin(), open_.end(), proposal));
    lapse_all();  // the position changed under them
  }
  proposal.state = ProposalState::kAccepted;
  last_closed_ = proposal;
  ++proposals_version_;
  return Status::Ok();
}

void Referee::close_proposal(std::size_t index, ProposalState state) {
  Proposal p = open_[index];
  open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(index));
  p.state = state;
  if (state != ProposalState::kAccepted) refused_at_[kind_index(p.kind)][p.from] = acted_[p.from];
  last_closed_ = p;
  ++proposals_version_;
}

void Referee::lapse_after_action(Seat actor) {
  for (std::size_t i = open_.size(); i-- > 0;)
    if (open_[i].from != actor || open_[i].kind == ProposalKind::kTakeback)
      close_proposal(i, ProposalState::kLapsed);
}

void Referee::lapse_all() {
  for (std::size_t i = open_.size(); i-- > 0;) close_proposal(i, ProposalState::kLapsed);
}

Result<std::unique_ptr<AnyGame>> Referee::replayed(int keep) const {
  auto game = make_game(factory_, config_);
  if (!game) return Error{game.message()};
  for (int i = 0; i < keep; ++i) {
    const RecordedAction& a = actions_[static_cast<std::size_t>(i)];
    if (auto played = (*game)->play(a.seat, a.text); !played)
      return Error{"action " + std::to_string(i + 1) + " '" + a.text +
                   "' does not replay: " + played.message()};
  }
  return game;
}

Status Referee::take_back(Seat requester, int count, TimePoint now) {
  if (count < 1 || count > actions()) return fail("nothing to take back");
  auto game = replayed(actions() - count);
  if (!game) return fail("the takeback could not be made: " + game.message());
  MatchClocks stopped = clocks_;
  stopped.stop(now);
  JournalEntry e = entry(EntryKind::kTakeback, requester);
  e.seq = last_seq() + 1;
  e.text = std::to_string(count);
  e.clock_ms = stopped.remaining_at(now);
  if (auto s = journal(e); !s) return fail("the takeback could not be stored: " + s.message());
  clocks_ = stopped;
  apply_take_back(requester, count, std::move(game).value(), e.clock_ms);
  clocks_.start(may_act(), now);
  return Status::Ok();
}

void Referee::apply_take_back(Seat requester, int count, std::unique_ptr<AnyGame> game,
                              const std::array<std::int64_t, 2>& clock_ms) {
  game_ = std::move(game);
  actions_.resize(actions_.size() - static_cast<std::size_t>(count));
  clocks_.restore(clock_ms);
  MatchEvent e;
  e.kind = EventKind::kTakeback;
  e.actor = requester;
  e.action_number = actions();
  e.taken_back = count;
  const std::string text = seat_name(requester) + " took back " +
                           (count == 1 ? std::string("1 action") :
                                         std::to_string(count) + " actions") +
                           ", agreed by " + seat_name(1 - requester);
  e.renderings = {text, text, text};
  e.clock_ms = clock_ms;
  events_.append(std::move(e));
}

}  // namespace boyi::referee
