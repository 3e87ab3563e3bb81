// The state machine of one match: the opening steps, placements, fouls, the end
// of the game and the incremental Zobrist hash.
#include <cstdlib>

#include "engine/core/zobrist.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::gomoku {

static_assert(boyi::Game<State>);
static_assert(std::is_trivially_copyable_v<Move>);

namespace {

// Zobrist key layout.
constexpr int kStoneKeys = 0;                        // [colour][point]
constexpr int kOfferKeys = 2 * kPoints;              // [point] offered as a candidate
constexpr int kBlackSeatKey = kOfferKeys + kPoints;  // seat 1 plays black
constexpr int kWhiteToMoveKey = kBlackSeatKey + 1;
constexpr int kStepKeys = kWhiteToMoveKey + 1;  // [step]
constexpr int kFinishedKey = kStepKeys + 8;
constexpr auto kKeys = make_zobrist_keys<kFinishedKey + 1>(0x90'6D'0C'15'5Eull);

std::uint64_t stone_key(Colour c, Point p) {
  return kKeys[kStoneKeys + static_cast<int>(c) * kPoints + p];
}

constexpr std::array<std::array<Point, kPoints>, 8> make_symmetries() {
  std::array<std::array<Point, kPoints>, 8> t{};
  for (int s = 0; s < 8; ++s)
    for (int p = 0; p < kPoints; ++p) {
      const int dx = point_col(static_cast<Point>(p)) - 7,
                dy = point_row(static_cast<Point>(p)) - 7;
      int x = dx, y = dy;
      if (s & 4) x = dy, y = dx;  // transpose first, then mirror
      if (s & 1) x = -x;
      if (s & 2) y = -y;
      t[s][p] = make_point(x + 7, y + 7);
    }
  return t;
}
constexpr auto kSymmetries = make_symmetries();

bool next_to_centre(Point p) {
  const int dx = point_col(p) - 7, dy = point_row(p) - 7;
  return p != kH8 && std::abs(dx) <= 1 && std::abs(dy) <= 1;
}
bool in_central_square(Point p) {
  return std::abs(point_col(p) - 7) <= 2 && std::abs(point_row(p) - 7) <= 2;
}

}  // namespace

Point symmetric_point(int symmetry, Point p) {
  return kSymmetries[symmetry][p];
}

State::State(const Rules& rules) : rules_(rules) {
  for (int p = 0; p < kPoints; ++p) empty_.insert(static_cast<Point>(p));
  step_ = rules_.opening == Opening::kFree ? Step::kPlay : Step::kStone1;
  hash_ = compute_hash();
}

Seat State::to_move() const {
  return is_terminal() ? kPublic : seat_of(colour_to_move_);
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = 0;
  for (int p = 0; p < kPoints; ++p) {
    const Cell c = board_.at(static_cast<Point>(p));
    if (c != Cell::kEmpty)
      h ^= stone_key(c == Cell::kBlack ? Colour::kBlack : Colour::kWhite, static_cast<Point>(p));
  }
  for (int i = 0; i < offer_count_; ++i) h ^= kKeys[kOfferKeys + offers_[i]];
  if (black_seat_ == 1) h ^= kKeys[kBlackSeatKey];
  if (colour_to_move_ == Colour::kWhite) h ^= kKeys[kWhiteToMoveKey];
  h ^= kKeys[kStepKeys + static_cast<int>(step_)];
  if (is_terminal()) h ^= kKeys[kFinishedKey];
  return h;
}

void State::put_stone(Point p, Colour c) {
  board_.set(p, stone_of(c));
  empty_.erase(p);
  ++stones_;
  hash_ ^= stone_key(c, p);
}

void State::set_step(Step s) {
  hash_ ^= kKeys[kStepKeys + static_cast<int>(step_)] ^ kKeys[kStepKeys + static_cast<int>(s)];
  step_ = s;
}

void State::finish(Ending ending, Seat winner, Effect effect, Foul foul) {
  ending_ = ending;
  winner_ = winner;
  end_effect_ = effect;
  end_foul_ = foul;
  hash_ ^= kKeys[kFinishedKey];
}

void State::enter_offers() {
  // Stones of one colour map onto stones of that colour. The first stone's image
  // fixes the shift; every other stone must then land on a like stone.
  std::array<Point, kPoints> stones{};
  int n = 0;
  for (int p = 0; p < kPoints; ++p)
    if (board_.at(static_cast<Point>(p)) != Cell::kEmpty) stones[n++] = static_cast<Point>(p);
  symmetry_count_ = 0;
  for (int s = 0; s < 8; ++s) {
    if (n == 0) {
      symmetries_[symmetry_count_++] = {static_cast<std::uint8_t>(s), 0, 0};
      continue;
    }
    const Point image = kSymmetries[s][stones[0]];
    for (int b = 0; b < n; ++b) {
      if (board_.at(stones[b]) != board_.at(stones[0])) continue;
      const int dx = point_col(stones[b]) - point_col(image);
      const int dy = point_row(stones[b]) - point_row(image);
      bool fixes = true;
      for (int i = 0; i < n && fixes; ++i) {
        const Point q = kSymmetries[s][stones[i]];
        const int x = point_col(q) + dx, y = point_row(q) + dy;
        fixes = x >= 0 && x < kSize && y >= 0 && y < kSize &&
                board_.at(make_point(x, y)) == board_.at(stones[i]);
      }
      if (fixes) {
        symmetries_[symmetry_count_++] = {static_cast<std::uint8_t>(s),
                                          static_cast<std::int8_t>(dx),
                                          static_cast<std::int8_t>(dy)};
        break;  // a finite pattern has at most one shift per transform
      }
    }
  }
  offer_count_ = 0;
  set_step(Step::kOffer);
}

bool State::offer_equivalent(Point p, Point& to) const {
  for (int k = 0; k < symmetry_count_; ++k) {
    const PatternSymmetry& sym = symmetries_[k];
    const Point q = kSymmetries[sym.transform][p];
    const int x = point_col(q) + sym.dx, y = point_row(q) + sym.dy;
    if (x < 0 || x >= kSize || y < 0 || y >= kSize) continue;
    const Point image = make_point(x, y);
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i] == image) {
        to = offers_[i];
        return true;
      }
  }
  return false;
}

Foul State::foul_at(Point p) const {
  if (rules_.rule != RuleSet::kRenju || p >= kPoints) return Foul::kNone;
  return forbidden_foul(board_, p);
}

PointSet State::forbidden_points() const {
  PointSet out;
  if (rules_.rule != RuleSet::kRenju) return out;
  empty_.for_each([&](Point p) {
    if (forbidden_foul(board_, p) != Foul::kNone) out.insert(p);
  });
  return out;
}

void State::legal_moves(MoveList& list) const {
  list.clear();
  if (is_terminal()) return;
  switch (step_) {
    case Step::kStone1:
      list.push_back(Move::place(kH8));
      return;
    case Step::kStone2:
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if (dx != 0 || dy != 0) list.push_back(Move::place(make_point(7 + dx, 7 + dy)));
      return;
    case Step::kStone3:
      for (int row = 5; row <= 9; ++row)
        for (int col = 5; col <= 9; ++col)
          if (board_.at(make_point(col, row)) == Cell::kEmpty)
            list.push_back(Move::place(make_point(col, row)));
      return;
    case Step::kSwap:
      list.push_back(Move::swap());
      list.push_back(Move::keep());
      return;
    case Step::kStone4:
    case Step::kPlay:
      empty_.for_each([&](Point p) { list.push_back(Move::place(p)); });
      return;
    case Step::kOffer: {
      const bool renju = rules_.rule == RuleSet::kRenju;
      empty_.for_each([&](Point p) {
        Point to = kNoPoint;
        if (offer_equivalent(p, to)) return;  // the identity covers duplicates
        if (renju && forbidden_foul(board_, p) != Foul::kNone) return;
        list.push_back(Move::offer(p));
      });
      return;
    }
    case Step::kChoose:
      for (int i = 0; i < offer_count_; ++i) list.push_back(Move::choose(offers_[i]));
      return;
  }
}

Status State::check(Seat seat, const Move& move) const {
  if (seat != 0 && seat != 1) return fail("seat " + std::to_string(seat) + " cannot act");
  if (is_terminal()) return fail("the game is over");
  if (seat != to_move())
    return fail("not your turn: seat " + std::to_string(to_move()) + " (" +
                std::string(colour_name(colour_to_move_)) + ") is to act");
  const bool needs_point = move.action != Action::kSwap && move.action != Action::kKeep;
  if (move.action > Action::kChoose || (needs_point && move.point >= kPoints) ||
      (!needs_point && move.point != kNoPoint))
    return fail("malformed move");
  switch (step_) {
    case Step::kSwap:
      if (needs_point) return fail("white must now answer the three-stone swap: swap or keep");
      return Status::Ok();
    case Step::kOffer:
      if (move.action != Action::kOffer)
        return fail("black must now offer candidates for stone 5: offer <point> (" +
                    std::to_string(offer_count_) + " of " + std::to_string(rules_.fifth_n) +
                    " offered)");
      break;
    case Step::kChoose:
      if (move.action != Action::kChoose)
        return fail("white must now choose stone 5 among the offered points: choose <point>");
      break;
    default:
      if (move.action != Action::kPlace) return fail("only a stone can be placed now");
      break;
  }
  const Point p = move.point;
  const std::string name = format_point(p);
  if (board_.at(p) != Cell::kEmpty) return fail(name + " is occupied");
  switch (step_) {
    case Step::kStone1:
      if (p != kH8) return fail("black's first stone must be on H8");
      break;
    case Step::kStone2:
      if (!next_to_centre(p)) return fail("white's stone 2 must be next to H8 (G7-J9)");
      break;
    case Step::kStone3:
      if (!in_central_square(p))
        return fail("black's stone 3 must be inside the central 5x5 (F6-J10)");
      break;
    case Step::kOffer: {
      for (int i = 0; i < offer_count_; ++i)
        if (offers_[i] == p) return fail(name + " is already offered");
      Point to = kNoPoint;
      if (offer_equivalent(p, to))
        return fail(name + " is symmetric to the offered " + format_point(to));
      const Foul foul = foul_at(p);
      if (foul != Foul::kNone)
        return fail(name + " is forbidden for black (" + std::string(foul_name(foul)) + ")");
      break;
    }
    case Step::kChoose: {
      for (int i = 0; i < offer_count_; ++i)
        if (offers_[i] == p) return Status::Ok();
      std::string offered;
      for (int i = 0; i < offer_count_; ++i) offered += (i ? " " : "") + format_point(offers_[i]);
      return fail(name + " was not offered (offered: " + offered + ")");
    }
    default:
      break;
  }
  return Status::Ok();
}

Result<Event> State::apply_checked(Seat seat, const Move& move) {
  const Status status = check(seat, move);
  if (!status.ok()) return fail(status.message());
  Event event;
  event.move = move;
  event.actor = seat;
  event.colour = colour_to_move_;
  apply(move);
  if (is_terminal()) {
    event.effect = end_effect_;
    event.foul = end_foul_;
    event.winner = winner_;
  }
  return event;
}

void State::apply(const Move& move) {
  const Colour mover = colour_to_move_;
  ++ply_;
  has_last_move_ = true;
  last_move_ = move;
  last_colour_ = mover;
  Colour next = mover;
  switch (move.action) {
    case Action::kSwap:
      black_seat_ ^= 1;
      hash_ ^= kKeys[kBlackSeatKey];
      set_step(Step::kStone4);
      break;
    case Action::kKeep:
      set_step(Step::kStone4);
      break;
    case Action::kOffer:
      offers_[offer_count_++] = move.point;
      hash_ ^= kKeys[kOfferKeys + move.point];
      if (offer_count_ == rules_.fifth_n) {
        set_step(Step::kChoose);
        next = Colour::kWhite;
      }
      break;
    case Action::kPlace:
    case Action::kChoose: {
      const Colour colour = move.action == Action::kChoose ? Colour::kBlack : mover;
      const Point p = move.point;
      const bool renju = rules_.rule == RuleSet::kRenju;
      const Foul foul = renju && colour == Colour::kBlack ? forbidden_foul(board_, p) : Foul::kNone;
      put_stone(p, colour);
      const bool exact = rules_.rule == RuleSet::kStandard || (renju && colour == Colour::kBlack);
      if (makes_five(board_, p, stone_of(colour), exact))
        finish(Ending::kNormal, seat_of(colour), Effect::kFive, Foul::kNone);
      else if (foul != Foul::kNone)
        finish(Ending::kFoul, seat_of(Colour::kWhite), Effect::kFoul, foul);
      else if (stones_ == kPoints)
        finish(Ending::kNormal, kPublic, Effect::kBoardFull, Foul::kNone);
      switch (step_) {
        case Step::kStone1:
          set_step(rules_.opening == Opening::kCcgc ? Step::kStone2 : Step::kPlay);
          next = Colour::kWhite;
          break;
        case Step::kStone2:
          set_step(Step::kStone3);
          next = Colour::kBlack;
          break;
        case Step::kStone3:
          set_step(Step::kSwap);
          next = Colour::kWhite;
          break;
        case Step::kStone4:
          enter_offers();
          next = Colour::kBlack;
          break;
        case Step::kChoose:
          for (int i = 0; i < offer_count_; ++i) hash_ ^= kKeys[kOfferKeys + offers_[i]];
          offer_count_ = 0;
          set_step(Step::kPlay);
          next = Colour::kWhite;  // white plays stone 6
          break;
        default:
          next = other(mover);
          break;
      }
      break;
    }
  }
  if (next != colour_to_move_) {
    colour_to_move_ = next;
    hash_ ^= kKeys[kWhiteToMoveKey];
  }
}

Outcome State::outcome() const {
  Outcome o;
  o.ending = ending_;
  if (winner_ != kPublic) o.winner = winner_;
  switch (end_effect_) {
    case Effect::kFive:
      o.detail = std::string(colour_name(colour_of(winner_))) + " made five";
      break;
    case Effect::kFoul:
      o.detail = std::string(foul_name(end_foul_)) + " by black";
      break;
    case Effect::kBoardFull:
      o.detail = "board full";
      break;
    case Effect::kNone:
      break;
  }
  return o;
}

}  // namespace boyi::gomoku
