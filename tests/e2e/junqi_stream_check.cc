#include "tests/e2e/junqi_stream_check.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include "base/crypto/signing.h"
#include "engine/junqi/junqi.h"
#include "protocol/fairness/commitment.h"
#include "protocol/fairness/disclosure_wire.h"
#include "protocol/fairness/transcript.h"
#include "tools/harness/test_client.h"

namespace boyi::e2e {

namespace {

using junqi::State;

constexpr std::size_t kExamples = 20;

struct Action {
  int actor = -1;
  std::string move;  // the actor's own copy: never redacted
};

std::string letter(int piece) {
  return std::string(1, junqi::piece_letter(piece));
}

void add_flags(const std::array<int, 2>& flags,
               google::protobuf::RepeatedPtrField<v1::JunqiFlag>* out) {
  for (int s = 0; s < 2; ++s) {
    if (flags[s] < 0) continue;
    auto* f = out->Add();
    f->set_seat(s);
    f->set_post(junqi::post_name(flags[s]));
  }
}

// The structured view boyi.proto describes, from the engine's view of the recipient.
v1::JunqiView expected_junqi_view(const junqi::View& view) {
  v1::JunqiView out;
  for (int p = 0; p < junqi::kPosts; ++p) {
    auto* post = out.add_posts();
    const int cell = view.cells[p];
    post->set_owner(-1);
    if (cell == 0) continue;
    if (cell >= junqi::View::kHidden) {
      post->set_kind(v1::JUNQI_POST_HIDDEN);
      post->set_owner(cell - junqi::View::kHidden);
      continue;
    }
    const int owner = (cell - 1) / junqi::kPieceKinds;
    const int piece = (cell - 1) % junqi::kPieceKinds;
    post->set_owner(owner);
    post->set_piece(letter(piece));
    post->set_kind(owner == view.viewer ? v1::JUNQI_POST_OWN : v1::JUNQI_POST_REVEALED_FLAG);
  }
  for (int s = 0; s < 2; ++s) out.add_deployed(((view.deployed >> s) & 1) != 0);
  out.set_no_battle(view.no_battle);
  out.set_no_battle_limit(view.no_battle_limit);
  add_flags(view.revealed_flag, out.mutable_revealed_flags());
  return out;
}

// The structured event boyi.proto describes, from the engine's event view of the recipient.
v1::GameEvent expected_event(const junqi::EventView& v) {
  v1::GameEvent out;
  auto* j = out.mutable_junqi();
  j->set_seat(v.seat);
  j->set_ply(v.ply);
  if (v.kind == junqi::Move::kDeploy) {
    j->set_kind(v1::JunqiEvent::KIND_DEPLOY);
    j->set_code(-1);
    if (v.has_layout) {
      std::string layout;
      for (std::uint8_t piece : v.layout) layout += junqi::piece_letter(piece);
      j->set_layout(layout);
    }
    return out;
  }
  j->set_kind(v1::JunqiEvent::KIND_STEP);
  j->set_from(junqi::post_name(v.from));
  j->set_to(junqi::post_name(v.to));
  j->set_code(v.code);
  add_flags(v.revealed_flag, j->mutable_revealed_flags());
  return out;
}

bool same(const google::protobuf::Message& a, const google::protobuf::Message& b) {
  return a.SerializeAsString() == b.SerializeAsString();
}

// One recipient's replay of the true game, checking each message it received.
class Recipient {
 public:
  Recipient(int seat, const std::map<std::uint32_t, Action>& actions, const std::string* layouts,
            StreamCheck& out)
      : seat_(seat), actions_(actions), layouts_(layouts), out_(out) {}

  void check(const std::vector<v1::ServerMessage>& transcript) {
    for (std::size_t i = 0; i < transcript.size(); ++i) {
      const v1::ServerMessage& m = transcript[i];
      if (m.has_match_ended()) return;  // everything is public from here
      where_ = who() + " message " + std::to_string(i) + " (" + harness::describe(m) + ")";
      ++out_.messages;
      no_enemy_layout(m);
      if (m.has_match_started()) started(m.match_started());
      if (m.has_match_event()) event(m.match_event());
      if (m.has_match_view()) view(m.match_view().view());
      if (m.has_sync_done()) fail("a sync reply nobody asked for");
    }
    fail("the transcript has no match end");
  }

 private:
  std::string who() const { return seat_ < 0 ? "spectator" : "seat " + std::to_string(seat_); }
  bool enemy(int owner) const { return owner >= 0 && owner != seat_; }
  void fail(const std::string& what) { out_.violation(where_ + ": " + what); }

  void no_enemy_layout(const v1::ServerMessage& m) {
    const std::string json = harness::to_json_text(m);
    for (int s = 0; s < 2; ++s) {
      if (enemy(s) && !layouts_[s].empty() && json.find(layouts_[s]) != std::string::npos) {
        fail("contains seat " + std::to_string(s) + "'s layout");
      }
    }
  }

  void started(const v1::MatchStarted& ms) {
    if (ms.seat() != seat_) fail("match_started names seat " + std::to_string(ms.seat()));
    match_id_ = ms.match_id();
    key_ = ms.fairness_key();
    if (!fairness::is_hash_text(key_)) fail("a 军棋 match without the server's fairness key");
    transcript_.emplace(match_id_, ms.rules(), std::array<std::string, 2>{});
    auto rules = junqi::Rules::parse(ms.rules());
    if (!rules.ok()) return fail("rules '" + ms.rules() + "': " + rules.message());
    state_.emplace(*rules);
    // A late spectator starts where the game is: replay up to the view's ply.
    while (state_->ply() < ms.view().ply() && apply(next_seq_)) ++next_seq_;
    if (next_seq_ != 1) transcript_.reset();  // joined late: the chain's start was not seen
    view(ms.view());
  }

  // Applies action `seq` to the replay; its engine event in `event`.
  bool apply(std::uint32_t seq, junqi::Event* event = nullptr) {
    const auto it = actions_.find(seq);
    if (it == actions_.end()) {
      fail("no seat reported its action of seq " + std::to_string(seq));
      return false;
    }
    const auto move = state_->parse_move(it->second.actor, it->second.move);
    if (!move.ok()) {
      fail("the engine cannot read '" + it->second.move + "': " + move.message());
      return false;
    }
    auto e = state_->apply_checked(it->second.actor, *move);
    if (!e.ok()) {
      fail("the engine refuses '" + it->second.move + "': " + e.message());
      return false;
    }
    if (event) *event = *e;
    return true;
  }

  void event(const v1::MatchEvent& e) {
    if (!state_) return fail("an event before match_started");
    if (e.seq() != next_seq_) {
      return fail("seq " + std::to_string(e.seq()) + ", expected " + std::to_string(next_seq_));
    }
    const auto it = actions_.find(e.seq());
    junqi::Event truth;
    if (!apply(next_seq_++, &truth)) return;
    ++out_.events;
    const junqi::EventView ev = State::event_view(truth, seat_);
    const bool redacted = ev.kind == junqi::Move::kDeploy && !ev.has_layout;
    const std::string move = redacted ? "" : state_->format_move(truth.move);
    if (e.actor() != it->second.actor) fail("actor " + std::to_string(e.actor()));
    if (e.ply() != state_->ply()) fail("ply " + std::to_string(e.ply()));
    if (e.redacted() != redacted) fail(redacted ? "not redacted" : "redacted");
    if (e.move() != move) fail("move '" + e.move() + "', the engine says '" + move + "'");
    const std::string rendering = State::render_event(truth, seat_);
    if (e.rendering() != rendering) {
      fail("rendering '" + e.rendering() + "', the engine says '" + rendering + "'");
    }
    if (e.events_size() != 1 || !same(e.events(0), expected_event(ev))) {
      fail("structured event differs from the engine's: " + harness::to_json_text(e));
    }
    for (const auto& ge : e.events()) event_names_no_enemy(ge);
    if (e.to_move() != state_->to_move()) fail("to_move " + std::to_string(e.to_move()));
    if (e.has_view()) view(e.view());
    seal(e, truth);
    // Besides what was compared, only timing and the seal may travel with an event.
    v1::MatchEvent rest = e;
    for (int f : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14}) {
      rest.GetReflection()->ClearField(&rest, rest.GetDescriptor()->FindFieldByNumber(f));
    }
    if (rest.ByteSizeLong() != 0) fail("an event carries more: " + rest.ShortDebugString());
  }

  // The fairness seal (protocol/fairness): the server's signature of the chain; a commitment
  // on deployments only; an opening only of a flag the rules reveal at this step, leading to
  // its seat's committed root. For the spectator the chain is rebuilt from what it was told,
  // which shows the chain carries nothing beyond the public transcript.
  void seal(const v1::MatchEvent& e, const junqi::Event& truth) {
    const v1::FairnessSeal& s = e.seal();
    if (!crypto::verify_signature(key_, fairness::seal_text(match_id_, e.seq(), s.chain()),
                                  s.signature()))
      fail("the seal's signature does not hold");
    const bool deploy = truth.move.kind == junqi::Move::kDeploy;
    if (deploy != !s.commitment().empty()) fail("a commitment on a step, or none on a deployment");
    if (!deploy && !s.client_commitment().empty()) fail("a client commitment on a step");
    if (deploy) roots_[static_cast<std::size_t>(truth.seat)] = s.commitment();
    for (const auto& o : s.openings()) {
      const auto opened = fairness::from_wire(o);
      if (o.piece() != "l" || (truth.newly_revealed >> o.seat() & 1) == 0 ||
          !revealed_flag_ok(o.seat(), fairness::slot_post(o.seat(), o.slot())))
        fail("an opening of something the rules did not reveal: " + o.ShortDebugString());
      if (o.seat() < 0 || o.seat() > 1 ||
          !fairness::opening_matches(match_id_, roots_[static_cast<std::size_t>(o.seat())], opened))
        fail("an opening that does not lead to the committed root");
    }
    if (seat_ >= 0 || !transcript_) return;
    const std::array<std::int64_t, 2> clocks{
        e.clocks().remaining_ms_size() > 0 ? e.clocks().remaining_ms(0) : 0,
        e.clocks().remaining_ms_size() > 1 ? e.clocks().remaining_ms(1) : 0};
    const auto& j = e.events(0).junqi();
    if (deploy) {
      transcript_->add_deploy(e.seq(), e.actor(), s.commitment(), s.client_commitment(),
                              e.move_time_ms(), clocks);
    } else {
      std::array<std::string, 2> flags;
      for (const auto& f : j.revealed_flags())
        if (f.seat() == 0 || f.seat() == 1) flags[static_cast<std::size_t>(f.seat())] = f.post();
      transcript_->add_step(e.seq(), e.actor(), j, flags, e.move_time_ms(), clocks);
    }
    if (transcript_->chain() != s.chain())
      fail("the seal's chain is not the public transcript's: " + s.chain());
  }

  // Independently of the engine's rendering: a revealed flag only where the true game has one.
  bool revealed_flag_ok(int owner, const std::string& post) const {
    return state_->flag_revealed(owner) && junqi::post_name(state_->flag_post(owner)) == post;
  }

  void event_names_no_enemy(const v1::GameEvent& ge) {
    const auto& j = ge.junqi();
    if (!j.layout().empty() && (seat_ < 0 || j.seat() != seat_)) fail("an enemy layout");
    for (const auto& f : j.revealed_flags()) {
      if (!revealed_flag_ok(f.seat(), f.post())) fail("a flag the rules have not revealed");
    }
  }

  void view(const v1::GameView& v) {
    if (!state_) return fail("a view before match_started");
    ++out_.views;
    if (v.junqi().revealed_flags_size() > 0) ++out_.flag_views;
    leak_scan(v);
    const junqi::View truth = state_->view(seat_);
    for (int p = 0; p < junqi::kPosts; ++p) {
      const int cell = truth.cells[p];
      if (cell > 0 && cell < junqi::View::kHidden && enemy((cell - 1) / junqi::kPieceKinds) &&
          p != truth.revealed_flag[(cell - 1) / junqi::kPieceKinds]) {
        fail("the engine's own view names an enemy piece at " + junqi::post_name(p));
      }
    }
    if (v.game() != "junqi") fail("game '" + v.game() + "'");
    if (v.viewer() != seat_) fail("viewer " + std::to_string(v.viewer()));
    if (v.to_move() != truth.to_move) fail("to_move " + std::to_string(v.to_move()));
    const bool can_act = seat_ >= 0 && state_->can_act(seat_);
    if (v.can_act() != can_act) fail(can_act ? "cannot act" : "can act");
    if (v.ply() != truth.ply) fail("view ply " + std::to_string(v.ply()));
    if (v.text() != truth.to_text()) {
      fail("text differs from the engine's view:\n" + v.text() + "engine:\n" + truth.to_text());
    }
    if ((v.outcome().ending() != v1::ENDING_UNSPECIFIED) != state_->is_terminal()) {
      fail("outcome " + v1::Ending_Name(v.outcome().ending()));
    }
    std::vector<std::string> got(v.legal_moves().begin(), v.legal_moves().end());
    std::vector<std::string> want;
    if (can_act && state_->in_play()) {
      State::MoveList list;
      state_->legal_moves(list);
      for (std::size_t i = 0; i < list.size(); ++i) want.push_back(state_->format_move(list[i]));
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want) fail("legal moves differ from the engine's");
    if (!same(v.junqi(), expected_junqi_view(truth))) {
      fail("structured view differs from the engine's: " + harness::to_json_text(v.junqi()));
    }
    v1::GameView rest = v;
    for (int f : {1, 2, 3, 4, 5, 6, 7, 8, 10}) {
      rest.GetReflection()->ClearField(&rest, rest.GetDescriptor()->FindFieldByNumber(f));
    }
    if (rest.ByteSizeLong() != 0) fail("a view carries more: " + rest.ShortDebugString());
  }

  // The received view on its own: an enemy post is hidden, or a flag the true game revealed.
  void leak_scan(const v1::GameView& v) {
    const auto& posts = v.junqi().posts();
    for (int i = 0; i < posts.size(); ++i) {
      const auto& p = posts[i];
      if (!enemy(p.owner())) continue;
      const bool hidden = p.kind() == v1::JUNQI_POST_HIDDEN && p.piece().empty();
      const bool flag = p.kind() == v1::JUNQI_POST_REVEALED_FLAG && p.piece() == "l" &&
                        revealed_flag_ok(p.owner(), junqi::post_name(i));
      if (!hidden && !flag)
        fail("enemy post " + junqi::post_name(i) + " named '" + p.piece() + "'");
    }
    for (const auto& f : v.junqi().revealed_flags()) {
      if (!revealed_flag_ok(f.seat(), f.post())) fail("a flag the rules have not revealed");
    }
    // The text grid: rows "A  . x . X ." — an enemy letter only for a revealed flag.
    std::istringstream in(v.text());
    std::string line;
    while (std::getline(in, line)) {
      if (line.size() < 12 || line[0] < 'A' || line[0] > 'L' || line[1] != ' ') continue;
      for (int c = 0; c < junqi::kCols; ++c) {
        const char ch = line[3 + 2 * c];
        if (ch == '.' || ch == 'x' || ch == 'X') continue;
        const int owner = std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1;
        const int post = (line[0] - 'A') * junqi::kCols + c;
        if (enemy(owner) && (std::tolower(static_cast<unsigned char>(ch)) != 'l' ||
                             !revealed_flag_ok(owner, junqi::post_name(post)))) {
          fail("the view text names enemy piece '" + std::string(1, ch) + "'");
        }
      }
    }
  }

  int seat_;
  const std::map<std::uint32_t, Action>& actions_;
  const std::string* layouts_;
  StreamCheck& out_;
  std::optional<State> state_;
  std::uint32_t next_seq_ = 1;
  std::string where_;
  std::string match_id_;
  std::string key_;
  std::array<std::string, 2> roots_;
  std::optional<fairness::Transcript> transcript_;  // the spectator's rebuilt chain
};

}  // namespace

void StreamCheck::add(const StreamCheck& other) {
  messages += other.messages;
  views += other.views;
  events += other.events;
  flag_views += other.flag_views;
  violations += other.violations;
  for (const auto& e : other.examples) {
    if (examples.size() < kExamples) examples.push_back(e);
  }
}

void StreamCheck::violation(std::string what) {
  ++violations;
  if (examples.size() < kExamples) examples.push_back(std::move(what));
}

StreamCheck check_junqi_match(const JunqiMatchTranscripts& match) {
  StreamCheck out;
  // The true sequence of actions: each seat's own copy of its actions, which is never redacted.
  std::map<std::uint32_t, Action> actions;
  for (int s = 0; s < 2; ++s) {
    for (const auto& m : match.seat[s]) {
      if (!m.has_match_event() || m.match_event().actor() != s) continue;
      const auto& e = m.match_event();
      if (e.redacted()) out.violation("seat " + std::to_string(s) + ": its own action redacted");
      actions[e.seq()] = Action{s, e.move()};
    }
  }
  for (int s = 0; s < 2; ++s) Recipient(s, actions, match.layouts, out).check(match.seat[s]);
  Recipient(-1, actions, match.layouts, out).check(match.spectator);
  return out;
}

}  // namespace boyi::e2e
