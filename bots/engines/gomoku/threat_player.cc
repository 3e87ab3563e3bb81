#include "bots/engines/gomoku/threat_player.h"

#include "bots/engines/gomoku/candidates.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::Move;
using gomoku::State;

// Whether `seat` may play m now without a foul.
bool safe(const State& s, Seat seat, const Move& m) {
  if (!s.check(seat, m).ok()) return false;
  const bool places = m.action == gomoku::Action::kPlace || m.action == gomoku::Action::kChoose ||
                      m.action == gomoku::Action::kOffer;
  const bool black = m.action == gomoku::Action::kChoose || m.action == gomoku::Action::kOffer ||
                     s.colour_to_move() == Colour::kBlack;
  return !(places && black && s.is_forbidden(m.point));
}

// The best-looking legal action that is no foul (any legal one if all are).
Move fallback(const State& s, Seat seat) {
  State::MoveList list;
  s.legal_moves(list);
  const Position pos(s);
  Move best = list.empty() ? Move{} : list[0];
  int best_score = -1;
  for (const Move& m : list) {
    if (!safe(s, seat, m)) continue;
    const int v = m.point < gomoku::kPoints ? move_score(pos, m.point) : 0;
    if (v > best_score) {
      best = m;
      best_score = v;
    }
  }
  return best;
}

}  // namespace

ThreatPlayer::ThreatPlayer(std::string name, AnalystOptions options, std::uint64_t seed)
    : name_(std::move(name)), analyst_(options), opening_(options, seed) {}

Move ThreatPlayer::choose(const State& s, Seat seat, const TimeBudget& budget) {
  Move m;
  if (s.step() == gomoku::Step::kPlay || s.step() == gomoku::Step::kStone4) {
    Position pos(s, analyst_.options().weights);
    last_ = analyst_.decide(pos, budget);
    m = Move::place(last_.move);
  } else {
    last_ = {};  // an opening decision: no search to tell of
    m = opening_.choose(s, budget);
  }
  return safe(s, seat, m) ? m : fallback(s, seat);
}

std::optional<ChoiceNote> ThreatPlayer::last_note() const {
  if (last_.move == gomoku::kNoPoint) return std::nullopt;
  ChoiceNote n;
  n.depth = last_.depth;
  switch (last_.reason) {
    case Reason::kVcf:
    case Reason::kVct:
      n.method = last_.reason == Reason::kVcf ? "vcf" : "vct";
      n.proven = true;  // a forced win by fours (VCF) or threes and fours (VCT)
      break;
    case Reason::kForced:
      n.method = "forced";
      break;
    case Reason::kSearch:
      n.method = "alpha-beta";
      n.score = last_.score;
      n.unit = "pattern";
      break;
  }
  return n;
}

Result<AnalystOptions> threat_options(const PlayerSpec& spec,
                                      const std::vector<std::string_view>& extra_keys) {
  std::vector<std::string_view> keys = {"vcf",     "vct", "defend",  "depth", "width",
                                        "nodes",   "tss", "leafvcf", "lmr",   "qfours",
                                        "history", "asp", "book"};
  keys.insert(keys.end(), extra_keys.begin(), extra_keys.end());
  if (auto st = spec.only(keys); !st) return Error{st.message()};
  AnalystOptions o;
  auto vcf = spec.integer("vcf", 1, 0, 1);
  auto vct = spec.integer("vct", 1, 0, 1);
  auto defend = spec.integer("defend", 1, 0, 1);
  auto depth = spec.integer("depth", o.max_depth, 1, 60);
  auto width = spec.integer("width", o.width, 1, 225);
  auto nodes = spec.integer("nodes", -1, -1, std::int64_t{1} << 40);
  auto tss = spec.integer("tss", o.vcf_nodes, 100, std::int64_t{1} << 40);
  auto leaf = spec.integer("leafvcf", o.leaf_vcf_nodes, 0, 1'000'000);
  auto lmr = spec.integer("lmr", 1, 0, 1);
  auto qfours = spec.integer("qfours", 1, 0, 1);
  auto history = spec.integer("history", 1, 0, 1);
  auto asp = spec.integer("asp", 1, 0, 1);
  auto book = spec.integer("book", 1, 0, 1);
  for (const auto* r : {&vcf, &vct, &defend, &depth, &width, &nodes, &tss, &leaf, &lmr, &qfours,
                        &history, &asp, &book})
    if (!*r) return Error{r->message()};
  o.reductions = *lmr != 0;
  o.quiescence_fours = *qfours != 0;
  o.history = *history != 0;
  o.aspiration = *asp != 0;
  o.opening_book = *book != 0;
  o.vcf = *vcf != 0;
  o.vct = *vct != 0;
  o.defend = *defend != 0;
  o.max_depth = static_cast<int>(*depth);
  if (spec.options.count("depth") > 0) o.unlimited_depth = o.max_depth;
  o.width = static_cast<int>(*width);
  o.root_width = std::max(o.root_width, o.width);
  o.max_nodes = *nodes;
  o.vct_nodes = *tss * o.vct_nodes / o.vcf_nodes;
  o.vcf_nodes = *tss;
  o.leaf_vcf_nodes = *leaf;
  return o;
}

Result<std::unique_ptr<Player<gomoku::State>>> make_threat_player(const PlayerSpec& spec,
                                                                  std::string_view text,
                                                                  std::uint64_t seed) {
  auto o = threat_options(spec);
  if (!o) return Error{o.message()};
  std::unique_ptr<Player<gomoku::State>> p =
      std::make_unique<ThreatPlayer>(std::string(text), *o, seed);
  return p;
}

}  // namespace boyi::bots::gomoku_threat
