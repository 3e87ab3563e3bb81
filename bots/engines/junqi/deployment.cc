#include "bots/engines/junqi/deployment.h"

#include <array>
#include <string_view>

namespace boyi::bots {

using namespace junqi;

namespace {

// Slots: G0 G1 G2 G3 G4 | H0 H2 H4 | I0 I1 I3 I4 | J0 J2 J4 | K0..K4 | L0..L4.
constexpr std::array<std::string_view, 6> kTemplates = {
    "cgdgc"
    "akb"
    "ifei"
    "hkf"
    "ejdhi"
    "jljgh",  // flag L1, mines K1 L0 L2
    "hcgdi"
    "eka"
    "cgfb"
    "ikd"
    "fheji"
    "ghjlj",  // flag L3, mines K3 L2 L4
    "fdcgh"
    "agk"
    "ckei"
    "bid"
    "ijfeh"
    "jljhg",  // flag L1, bombs I1 H4
    "chgci"
    "dkb"
    "afge"
    "idk"
    "hejjf"
    "ghilj",  // flag L3, mines K2 K3 L4
    "ecgdh"
    "kba"
    "ifck"
    "gei"
    "djfhi"
    "jljgh",  // flag L1, bombs H0 I4
    "cghgd"
    "bec"
    "aifh"
    "eki"
    "fdikj"
    "hgjlj",  // flag L3 behind a bomb and two mines
};

// Own-frame post of each slot and the slot of a post (-1 for camps).
constexpr int slot_post(int slot) {
  return kDeploySlots[slot];
}
int slot_of(int post) {
  for (int i = 0; i < kPiecesPerSide; ++i)
    if (kDeploySlots[i] == post) return i;
  return -1;
}

JunqiLayout parse_template(std::string_view text) {
  JunqiLayout layout{};
  for (int i = 0; i < kPiecesPerSide; ++i) layout[i] = static_cast<std::uint8_t>(text[i] - 'a');
  return layout;
}

JunqiLayout mirrored(const JunqiLayout& layout) {
  JunqiLayout out{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const int post = slot_post(i);
    out[slot_of(post_at(row_of(post), 4 - col_of(post)))] = layout[i];
  }
  return out;
}

// Roles whose members may trade places without changing the layout's idea.
int role(int piece) {
  switch (piece) {
    case kMarshal:
    case kGeneral:
    case kDivision:
      return 0;  // the strong pieces
    case kBrigade:
    case kRegiment:
    case kBattalion:
      return 1;  // the middle
    case kCompany:
    case kPlatoon:
    case kEngineer:
      return 2;  // the small pieces
    default:
      return 3;  // mines, bombs, the flag: never swapped at random
  }
}

// Whether two pieces may trade places: the same role always; the middle and
// the small pieces, a bomb and a fighting piece, or a mine and another piece
// now and then (the rules and junqi_layout_sensible() judge the result).
bool swappable(int a, int b, Rng& rng) {
  if (a == kFlag || b == kFlag) return false;
  const int ra = role(a), rb = role(b);
  if (ra == rb) return ra != 3;
  if (ra + rb == 3 && ra != 3 && rb != 3) return rng.below(2) == 0;  // middle <-> small
  if ((a == kBomb && rb <= 2) || (b == kBomb && ra <= 2)) return rng.below(2) == 0;
  if ((a == kMine && rb == 2) || (b == kMine && ra == 2)) return rng.below(3) == 0;
  return false;
}

int flag_slot(const JunqiLayout& layout) {
  for (int i = 0; i < kPiecesPerSide; ++i)
    if (layout[i] == kFlag) return i;
  return -1;
}

// Slots next to the flag in its headquarters: the two beside it and the one above.
std::array<int, 3> flag_guards(int flag) {
  const int post = slot_post(flag);
  return {slot_of(post - 1), slot_of(post + 1), slot_of(post - kCols)};
}

}  // namespace

int junqi_layout_template_count() {
  return static_cast<int>(kTemplates.size());
}

std::string junqi_layout_template(int index) {
  return std::string(kTemplates[static_cast<std::size_t>(index)]);
}

std::string junqi_layout_text(const JunqiLayout& layout) {
  std::string s;
  for (std::uint8_t p : layout) s += p < kPieceKinds ? piece_letter(p) : '?';
  return s;
}

Status junqi_layout_sensible(const JunqiLayout& layout) {
  if (Status st = State::check_layout(layout); !st.ok()) return st;
  const int flag = flag_slot(layout);
  int mines = 0, bombs = 0;
  for (int g : flag_guards(flag)) {
    mines += layout[g] == kMine;
    bombs += layout[g] == kBomb;
  }
  if (mines < 2 && !(mines == 1 && bombs >= 1))
    return fail("the flag needs two mines (or a mine and a bomb) beside it");
  int strong_front = 0, small_back = 0;
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const int post = slot_post(i), piece = layout[i];
    const int row = row_of(post);
    const bool hq = (board::kHeadquarters >> post) & 1;
    if ((piece == kMarshal || piece == kGeneral) && (row == 11 || hq))
      return fail("a marshal or general on the back row cannot fight");
    if (piece == kEngineer && hq) return fail("an engineer in a headquarters never moves");
    if (piece == kBomb && row == 11) return fail("a bomb on the back row is wasted");
    if (piece <= kDivision && row <= 7) ++strong_front;
    if (piece == kEngineer && row >= 10) ++small_back;
  }
  if (strong_front < 2) return fail("the front needs at least two strong pieces");
  if (small_back > 1) return fail("engineers belong on the railway, not the back rows");
  return Status::Ok();
}

JunqiLayout junqi_generate_layout(Rng& rng) {
  JunqiLayout base =
      parse_template(kTemplates[rng.below(static_cast<std::uint32_t>(kTemplates.size()))]);
  if (rng.below(2)) base = mirrored(base);
  for (int attempt = 0; attempt < 32; ++attempt) {
    JunqiLayout l = base;
    const int swaps = 3 + static_cast<int>(rng.below(8));
    for (int s = 0; s < swaps; ++s) {
      const int a = static_cast<int>(rng.below(kPiecesPerSide));
      const int b = static_cast<int>(rng.below(kPiecesPerSide));
      if (a == b || l[a] == l[b]) continue;
      if (swappable(l[a], l[b], rng)) std::swap(l[a], l[b]);
    }
    // Now and then the decoy headquarters holds a different small piece or a mine.
    if (rng.below(3) == 0) {
      const int flag = flag_slot(l);
      const int decoy = flag == 21 ? 23 : 21;
      const int other = static_cast<int>(rng.below(kPiecesPerSide));
      if (other != flag && (l[other] == kCompany || l[other] == kPlatoon || l[other] == kMine))
        std::swap(l[decoy], l[other]);
    }
    if (junqi_layout_sensible(l).ok()) return l;
  }
  return base;
}

Move junqi_generate_deployment(Seat seat, Rng& rng) {
  return Move::deploy(seat, junqi_generate_layout(rng));
}

}  // namespace boyi::bots
