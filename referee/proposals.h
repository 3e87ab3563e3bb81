// What one seat may propose to the other during a match, and what became of it.
//
// A draw offer (where the game's rules can end in a draw) and a takeback request (in a
// match that allows them: the server's casual games of perfect information). The other
// seat accepts or declines; proposing what the other seat has proposed is accepting it.
// A proposal lapses when the other seat acts instead (it declined by playing on); a
// takeback request lapses at any action (what it would undo has changed); all lapse at the
// end of the match. A seat whose proposal was declined or lapsed may propose the same
// again only after it has acted since (no offer spam).
//
// Open proposals are not journaled: a server restart lapses them. What an accepted one
// does is: a draw by agreement ends the match (an end entry), a takeback is a takeback
// entry, so both replay after a restart.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/core/outcome.h"

namespace boyi::referee {

enum class ProposalKind : std::uint8_t { kDraw, kTakeback };
std::string_view proposal_kind_name(ProposalKind kind);  // "draw", "takeback"

enum class ProposalState : std::uint8_t { kOpen, kAccepted, kDeclined, kLapsed };
std::string_view proposal_state_name(ProposalState state);  // "open", "accepted", ...

struct Proposal {
  ProposalKind kind = ProposalKind::kDraw;
  Seat from = 0;
  ProposalState state = ProposalState::kOpen;
  // kTakeback: how many actions it undoes (the proposer's last action and every one since).
  int actions = 0;
  bool operator==(const Proposal&) const = default;
};

}  // namespace boyi::referee
