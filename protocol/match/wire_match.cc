#include "protocol/match/wire_match.h"

#include <algorithm>
#include <cstdlib>

#include "base/crypto/signing.h"
#include "engine/registry.h"
#include "protocol/fairness/commitment.h"
#include "protocol/fairness/disclosure_wire.h"
#include "protocol/fairness/transcript.h"
#include "protocol/wire/wire_seq.h"

namespace boyi::protocol {
namespace {

Result<std::unique_ptr<AnyGame>> wire_factory(std::string_view game, std::string_view rules) {
  auto w = create_wire_game(game, rules);
  if (!w) return Error{w.message()};
  return std::unique_ptr<AnyGame>(std::move(w).value());
}

std::uint32_t wire_ms(std::int64_t ms) {
  return static_cast<std::uint32_t>(std::clamp<std::int64_t>(ms, 0, UINT32_MAX));
}

}  // namespace

std::uint32_t WireMatch::wire_seq(std::uint64_t referee_seq) {
  return protocol::wire_seq(referee_seq);
}

v1::TimeControl WireMatch::wire_time(const referee::TimeControl& t) {
  v1::TimeControl w;
  w.set_total_ms(wire_ms(t.total_ms));
  w.set_per_move_ms(wire_ms(t.per_move_ms));
  w.set_increment_ms(wire_ms(t.increment_ms));
  return w;
}

WireMatch::WireMatch(MatchHeader header, std::unique_ptr<referee::Referee> referee)
    : header_(std::move(header)), referee_(std::move(referee)) {
  for (int s = 0; s < 2; ++s) header_.players[static_cast<std::size_t>(s)].set_seat(s);
}

WireMatch::~WireMatch() = default;

WireMatch::ActionForms WireMatch::forms_after(const WireGame& game, WireAction wire,
                                              std::int64_t move_limit_ms) {
  ActionForms f;
  f.move_limit_ms = move_limit_ms;
  f.wire = std::move(wire);
  f.ply = game.ply();
  f.to_move = game.is_terminal() ? -1 : game.to_move();
  for (int s = 0; s < 2; ++s)
    f.running[static_cast<std::size_t>(s)] = !game.is_terminal() && game.can_act(s);
  return f;
}

Result<std::unique_ptr<WireMatch>> WireMatch::create(referee::MatchConfig config,
                                                     MatchHeader header,
                                                     referee::MatchJournal& journal, TimePoint now,
                                                     const Sealing& sealing) {
  auto r = referee::Referee::create(std::move(config), journal, now, wire_factory);
  if (!r) return Error{r.message()};
  std::unique_ptr<WireMatch> m(new WireMatch(std::move(header), std::move(r).value()));
  for (Seat v : {Seat{0}, Seat{1}, kPublic})
    m->initial_views_[viewer_index(v)] = m->game_seen_by(v).wire_view(v);
  m->start_sealing(sealing);
  return m;
}

Result<std::unique_ptr<WireMatch>> WireMatch::resume(referee::MatchConfig config,
                                                     MatchHeader header,
                                                     std::span<const referee::JournalEntry> entries,
                                                     referee::MatchJournal& journal, TimePoint now,
                                                     const Sealing& sealing) {
  // Each action's wire forms come from replaying the journal through a fresh game: they
  // only re-render past events; the referee's own game stays the one true state.
  auto replay = create_wire_game(config.game, config.rules_text);
  if (!replay) return Error{replay.message()};
  std::array<v1::GameView, 3> initial;
  for (Seat v : {Seat{0}, Seat{1}, kPublic}) initial[viewer_index(v)] = (*replay)->wire_view(v);
  std::map<std::uint64_t, ActionForms> forms;
  std::vector<std::uint64_t> seqs;
  std::vector<const referee::JournalEntry*> standing;  // the actions not taken back
  std::uint64_t last_change = 0;
  for (const auto& e : entries) {
    if (e.kind == referee::EntryKind::kAction) {
      auto w = (*replay)->play_wire(e.seat, e.text);
      if (!w) return Error{"action " + e.text + " does not replay: " + w.message()};
      forms[e.seq] = forms_after(**replay, std::move(w).value(), config.time.per_move_ms);
      seqs.push_back(e.seq);
      standing.push_back(&e);
      last_change = e.seq;
    } else if (e.kind == referee::EntryKind::kTakeback) {
      // The referee checks the count; here it only has to fit.
      const std::size_t count = static_cast<std::size_t>(std::max(0, std::atoi(e.text.c_str())));
      if (count < 1 || count > standing.size())
        return Error{"takeback " + e.text + " does not fit"};
      standing.resize(standing.size() - count);
      seqs.resize(standing.size());
      auto fresh = create_wire_game(config.game, config.rules_text);
      if (!fresh) return Error{fresh.message()};
      replay = std::move(fresh);
      for (const auto* a : standing)
        if (auto w = (*replay)->play_wire(a->seat, a->text); !w)
          return Error{"action " + a->text + " does not replay: " + w.message()};
      forms[e.seq] = forms_after(**replay, {}, config.time.per_move_ms);
      last_change = e.seq;
    }
  }
  auto r = referee::Referee::resume(std::move(config), entries, journal, now, wire_factory);
  if (!r) return Error{r.message()};
  std::unique_ptr<WireMatch> m(new WireMatch(std::move(header), std::move(r).value()));
  m->initial_views_ = std::move(initial);
  m->forms_ = std::move(forms);
  m->action_seqs_ = std::move(seqs);
  m->last_change_seq_ = last_change;
  m->start_sealing(sealing);
  // Ed25519 signatures are deterministic: resealing gives every event the seal it was sent.
  for (const auto& e : entries)
    if (e.kind == referee::EntryKind::kAction) m->seal(e.seq, e.seat, e.elapsed_ms, e.clock_ms);
  return m;
}

void WireMatch::start_sealing(const Sealing& sealing) {
  const GameInfo* info = find_game(referee_->config().game);
  if (!sealing.key || !info || !info->hidden_information) return;
  key_ = sealing.key;
  client_commitments_ = sealing.client_commitments;
  client_salts_ = sealing.client_salts;
  const std::string& match = id();
  transcript_ = std::make_unique<fairness::Transcript>(
      match, referee_->rules_text(),
      std::array<std::string, 2>{fairness::seat_seed(key_->derivation_secret(), match, 0),
                                 fairness::seat_seed(key_->derivation_secret(), match, 1)});
}

void WireMatch::seal(std::uint64_t seq, Seat seat, std::int64_t elapsed_ms,
                     const std::array<std::int64_t, 2>& clock_ms) {
  if (!transcript_) return;
  const auto it = forms_.find(seq);
  if (it == forms_.end()) return;
  const std::string& own = client_commitments_[static_cast<std::size_t>(seat)];
  auto sealed =
      transcript_->add_action(wire_seq(seq), seat, it->second.wire, elapsed_ms, clock_ms, own);
  if (!sealed) return;  // not a 军棋 action: the engine and the transcript disagree on nothing else
  v1::FairnessSeal& s = it->second.seal;
  s.set_chain(sealed->chain);
  s.set_signature(key_->sign(fairness::seal_text(id(), wire_seq(seq), sealed->chain)));
  s.set_commitment(sealed->commitment);
  if (!sealed->commitment.empty()) s.set_client_commitment(own);
  for (const auto& o : sealed->openings) *s.add_openings() = fairness::to_wire(o);
}

namespace {
// Whether `seat` has deployed: its own view says so (sealed matches are 军棋).
bool has_deployed(const WireGame& game, Seat seat) {
  const v1::GameView view = game.wire_view(seat);
  return view.has_junqi() && view.junqi().deployed_size() > seat && view.junqi().deployed(seat);
}
}  // namespace

Status WireMatch::check_commit(Seat seat, std::string_view commitment) const {
  if (!transcript_) return fail("only 军棋 matches are sealed: there is nothing to commit");
  if (seat != 0 && seat != 1) return fail("no such seat");
  if (referee_->finished()) return fail("the match is over");
  if (has_deployed(game_seen_by(seat), seat)) return fail("you have deployed already");
  if (!client_commitments_[static_cast<std::size_t>(seat)].empty())
    return fail("you have committed already");
  if (!fairness::is_hash_text(commitment))
    return fail("a commitment is 64 lower-case hex digits (SHA-256)");
  return Status::Ok();
}

Status WireMatch::commit(Seat seat, std::string_view commitment) {
  if (auto s = check_commit(seat, commitment); !s) return s;
  client_commitments_[static_cast<std::size_t>(seat)] = std::string(commitment);
  return Status::Ok();
}

Status WireMatch::check_commitment(Seat seat, std::string_view text, std::string_view salt) const {
  if (seat != 0 && seat != 1) return Status::Ok();
  const std::string& own = client_commitments_[static_cast<std::size_t>(seat)];
  const bool deploying = transcript_ && !has_deployed(game_seen_by(seat), seat);
  if (own.empty() || !deploying) {
    if (!salt.empty())
      return fail("a commitment salt goes only with the deployment you committed to");
    return Status::Ok();
  }
  if (salt.empty()) return fail("you committed to your deployment: send its salt with it");
  if (auto s = fairness::check_client_salt(salt); !s) return s;
  if (fairness::client_commitment(text, salt) != own)
    return fail("the deployment does not match your commitment");
  return Status::Ok();
}

void WireMatch::note_commitment_salt(Seat seat, std::string salt) {
  if (seat == 0 || seat == 1) client_salts_[static_cast<std::size_t>(seat)] = std::move(salt);
}

const v1::FairnessSeal* WireMatch::end_seal() const {
  if (!transcript_ || !referee_->finished()) return nullptr;
  if (!end_seal_) {
    fairness::Transcript whole = *transcript_;
    const std::uint32_t seq = wire_seq(referee_->last_seq());
    const std::string chain = whole.add_end(seq, referee_->outcome());
    v1::FairnessSeal s;
    s.set_chain(chain);
    s.set_signature(key_->sign(fairness::seal_text(id(), seq, chain)));
    end_seal_ = std::move(s);
  }
  return &*end_seal_;
}

std::optional<fairness::Disclosure> WireMatch::disclosure() const {
  const v1::FairnessSeal* end = end_seal();
  if (!end) return std::nullopt;
  fairness::Disclosure d;
  d.public_key = key_->public_hex();
  for (std::size_t s = 0; s < 2; ++s) {
    d.seats[s].root = transcript_->roots()[s];
    d.seats[s].seed = transcript_->seeds()[s];
    d.seats[s].client_commitment = client_commitments_[s];
    d.seats[s].client_salt = client_salts_[s];
  }
  d.seq = wire_seq(referee_->last_seq());
  d.chain = end->chain();
  d.signature = end->signature();
  return d;
}

const WireGame& WireMatch::game_seen_by(Seat recipient) const {
  // Made by wire_factory; the referee's clones keep the factory's type.
  return static_cast<const WireGame&>(referee_->game_seen_by(recipient));
}

referee::SubmitResult WireMatch::submit(Seat seat, std::string_view text, TimePoint now) {
  auto r = referee_->submit(seat, text, now);
  if (r.accepted()) {
    const WireGame& g = game_seen_by(seat);
    forms_[r.seq] = forms_after(g, g.last_action(), clocks(now).move_remaining_ms());
    action_seqs_.push_back(r.seq);
    last_change_seq_ = r.seq;
    if (transcript_) {
      const auto events = referee_->events_for(seat, r.seq - 1, 1);
      if (!events.empty()) seal(r.seq, seat, events[0].elapsed_ms, events[0].clock_ms);
    }
  }
  return r;
}

Status WireMatch::play_opening(
    const std::vector<std::string>& actions, TimePoint now,
    const std::function<void(Seat, const referee::SubmitResult&)>& played) {
  for (std::size_t i = 0; i < actions.size() && !referee_->finished(); ++i) {
    Seat actor = kPublic;
    for (Seat s = 0; s < 2 && actor == kPublic; ++s)
      if (referee_->can_act(s)) actor = s;
    const auto r = actor == kPublic ? referee::SubmitResult{} : submit(actor, actions[i], now);
    if (r.status != referee::SubmitResult::Status::kAccepted)
      return fail("opening action " + std::to_string(i + 1) + " '" + actions[i] +
                  "' cannot be played" + (r.reason.empty() ? "" : ": " + r.reason));
    if (played) played(actor, r);
  }
  return Status::Ok();
}

Status WireMatch::propose(Seat seat, referee::ProposalKind kind, TimePoint now) {
  Status s = referee_->propose(seat, kind, now);
  note_takeback(now);
  return s;
}

Status WireMatch::answer(Seat seat, referee::ProposalKind kind, bool accept, TimePoint now) {
  Status s = referee_->answer(seat, kind, accept, now);
  note_takeback(now);
  return s;
}

void WireMatch::note_takeback(TimePoint now) {
  const auto standing = static_cast<std::size_t>(referee_->actions());
  if (standing >= action_seqs_.size()) return;
  action_seqs_.resize(standing);
  // The takeback is the newest event (an ending would follow it, never precede it).
  for (const auto& e : referee_->events_for(0, last_change_seq_))
    if (e.kind == referee::EventKind::kTakeback) {
      forms_[e.seq] = forms_after(game_seen_by(0), {}, clocks(now).move_remaining_ms());
      last_change_seq_ = e.seq;
    }
}

const WireMatch::ActionForms* WireMatch::forms_of(std::uint64_t seq) const {
  const auto it = forms_.find(seq);
  return it == forms_.end() ? nullptr : &it->second;
}

int WireMatch::ply() const {
  return referee_->game().ply();
}

const std::vector<std::string>& WireMatch::action_moves(int action_number) const {
  static const std::vector<std::string> kNone;
  if (action_number < 1 || action_number > actions()) return kNone;
  const ActionForms* f = forms_of(action_seqs_[static_cast<std::size_t>(action_number - 1)]);
  return f ? f->wire.applied.moves : kNone;
}

std::string WireMatch::action_text(int action_number) const {
  std::string t;
  for (const auto& m : action_moves(action_number)) t += (t.empty() ? "" : " ") + m;
  return t;
}

// --- messages -------------------------------------------------------------------------------

v1::Clocks WireMatch::clocks_of(const std::array<std::int64_t, 2>& ms,
                                const std::array<bool, 2>& running,
                                std::int64_t move_limit_ms) const {
  v1::Clocks c;
  for (auto v : ms) c.add_remaining_ms(wire_ms(v));
  if (running[0] && running[1]) {
    c.set_running(-1);
    c.set_running_both(true);
  } else {
    c.set_running(running[0] ? 0 : running[1] ? 1 : -1);
  }
  c.set_move_remaining_ms(running[0] || running[1] ? wire_ms(move_limit_ms) : 0);
  return c;
}

v1::Clocks WireMatch::clocks(TimePoint now) const {
  const auto r = referee_->clocks(now);
  std::int64_t move_ms = 0;
  for (std::size_t s = 0; s < 2; ++s)
    if (r.running[s] && r.move_remaining_ms[s] >= 0) move_ms = r.move_remaining_ms[s];
  v1::Clocks c = clocks_of(r.remaining_ms, r.running, move_ms);
  if (referee_->paused()) c.set_paused(true);
  return c;
}

v1::MatchStarted WireMatch::started(Seat recipient, TimePoint now) const {
  const auto& c = referee_->config();
  v1::MatchStarted m;
  m.set_match_id(c.match_id);
  m.set_game(c.game);
  m.set_preset(header_.preset);
  m.set_rules(referee_->rules_text());
  *m.mutable_time_control() = wire_time(c.time);
  m.set_seat(recipient);
  for (const auto& p : header_.players) *m.add_players() = p;
  *m.mutable_clocks() = clocks(now);
  *m.mutable_view() = initial_views_[viewer_index(recipient)];
  m.set_spectator_delay_plies(static_cast<std::uint32_t>(c.spectator_delay_plies));
  m.set_illegal_move_attempts(static_cast<std::uint32_t>(c.illegal.limit()));
  const GameInfo* info = find_game(c.game);
  m.set_draw_offers(c.draw_offers && info && info->can_be_drawn);
  m.set_takebacks(c.takebacks && info && !info->hidden_information);
  if (key_) m.set_fairness_key(key_->public_hex());
  m.set_last_seq(wire_seq(referee_->visible_seq(recipient)));
  return m;
}

std::optional<v1::ServerMessage> WireMatch::message(Seat recipient,
                                                    const referee::RecipientEvent& e,
                                                    bool with_view) const {
  const std::size_t vi = viewer_index(recipient);
  v1::ServerMessage m;
  if (e.kind == referee::EventKind::kStart) return std::nullopt;
  if (e.kind == referee::EventKind::kEnd) {
    auto* me = m.mutable_match_ended();
    me->set_match_id(id());
    me->set_seq(wire_seq(e.seq));
    *me->mutable_outcome() = to_wire(e.outcome);
    *me->mutable_clocks() = clocks_of(e.clock_ms, {}, 0);
    *me->mutable_final_view() = final_view();
    if (const v1::FairnessSeal* s = end_seal()) *me->mutable_seal() = *s;
    return m;
  }
  const ActionForms* forms = forms_of(e.seq);
  if (!forms) return std::nullopt;
  const ActionForms& a = *forms;
  auto* ev = m.mutable_match_event();
  ev->set_match_id(id());
  ev->set_seq(wire_seq(e.seq));
  ev->set_ply(a.ply);
  ev->set_actor(e.actor);
  ev->set_move(a.wire.move[vi]);
  ev->set_redacted(a.wire.redacted[vi]);
  ev->set_rendering(e.text);
  for (const auto& ge : a.wire.events[vi]) *ev->add_events() = ge;
  ev->set_move_time_ms(wire_ms(e.elapsed_ms));
  *ev->mutable_clocks() = clocks_of(e.clock_ms, a.running, a.move_limit_ms);
  ev->set_to_move(a.to_move);
  if (e.kind == referee::EventKind::kTakeback)
    ev->set_takes_back(static_cast<std::uint32_t>(std::max(e.taken_back, 0)));
  // The recipient's position right after its newest action, even the last one (the final
  // view with every identity goes in MatchEnded).
  if (with_view) *ev->mutable_view() = game_seen_by(recipient).wire_view(recipient);
  if (!a.seal.chain().empty()) *ev->mutable_seal() = a.seal;
  return m;
}

std::vector<v1::ServerMessage> WireMatch::messages(Seat recipient, std::uint64_t after_seq,
                                                   bool view_with_newest) const {
  std::vector<v1::ServerMessage> out;
  for (const auto& e : referee_->events_for(recipient, after_seq)) {
    const bool newest = e.seq == last_change_seq_;
    if (auto m = message(recipient, e, view_with_newest && newest)) out.push_back(std::move(*m));
  }
  return out;
}

v1::MatchProposals WireMatch::proposals() const {
  const auto wire = [](const referee::Proposal& p) {
    v1::Proposal w;
    w.set_kind(p.kind == referee::ProposalKind::kDraw ? v1::PROPOSAL_KIND_DRAW
                                                      : v1::PROPOSAL_KIND_TAKEBACK);
    w.set_from(p.from);
    switch (p.state) {
      case referee::ProposalState::kOpen:
        w.set_state(v1::PROPOSAL_STATE_OPEN);
        break;
      case referee::ProposalState::kAccepted:
        w.set_state(v1::PROPOSAL_STATE_ACCEPTED);
        break;
      case referee::ProposalState::kDeclined:
        w.set_state(v1::PROPOSAL_STATE_DECLINED);
        break;
      case referee::ProposalState::kLapsed:
        w.set_state(v1::PROPOSAL_STATE_LAPSED);
        break;
    }
    w.set_actions(static_cast<std::uint32_t>(std::max(p.actions, 0)));
    return w;
  };
  v1::MatchProposals m;
  m.set_match_id(id());
  for (const auto& p : referee_->open_proposals()) *m.add_open() = wire(p);
  if (const auto& closed = referee_->last_closed_proposal())
    *m.mutable_last_closed() = wire(*closed);
  return m;
}

v1::GameView WireMatch::view(Seat recipient) const {
  if (referee_->finished()) return final_view();
  return game_seen_by(recipient).wire_view(recipient);
}

v1::GameView WireMatch::final_view() const {
  v1::GameView v = game_seen_by(0).full_view();
  if (referee_->finished()) {
    *v.mutable_outcome() = to_wire(referee_->outcome());
    v.set_to_move(-1);
    v.set_can_act(false);
    v.clear_legal_moves();
  }
  return v;
}

std::optional<v1::MatchRecord> WireMatch::record() const {
  auto rec = referee_->record();
  if (!rec) return std::nullopt;
  v1::MatchRecord r;
  r.set_match_id(id());
  r.set_game(rec->config.game);
  r.set_preset(header_.preset);
  r.set_rules(rec->rules_text);
  *r.mutable_time_control() = wire_time(rec->config.time);
  for (const auto& p : header_.players) *r.add_players() = p;
  for (std::size_t i = 0; i < rec->actions.size(); ++i) {
    const auto& a = rec->actions[i];
    const ActionForms* forms = forms_of(a.seq);
    auto* mv = r.add_moves();
    mv->set_seq(wire_seq(a.seq));
    mv->set_ply(forms ? forms->ply : static_cast<int>(i + 1));
    mv->set_actor(a.seat);
    mv->set_move(a.text);
    mv->set_move_time_ms(wire_ms(a.elapsed_ms));
    *mv->mutable_clocks() =
        clocks_of(a.clock_ms, forms ? forms->running : std::array<bool, 2>{}, 0);
    if (forms) mv->set_rendering(forms->wire.applied.renderings[viewer_index(kPublic)]);
  }
  *r.mutable_outcome() = to_wire(rec->outcome);
  r.set_final_text(rec->final_text);
  if (auto d = disclosure()) *r.mutable_fairness() = fairness::to_wire(*d);
  return r;
}

}  // namespace boyi::protocol
