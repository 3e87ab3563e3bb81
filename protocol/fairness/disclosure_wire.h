// The fairness values in boyi.v1 form (SlotOpening, FairnessDisclosure) and back.
#pragma once

#include "boyi/v1/boyi.pb.h"
#include "protocol/fairness/commitment.h"
#include "protocol/fairness/disclosure.h"

namespace boyi::fairness {

v1::SlotOpening to_wire(const Opening& opening);
Opening from_wire(const v1::SlotOpening& opening);
v1::FairnessDisclosure to_wire(const Disclosure& disclosure);
// Seats beyond 0 and 1 are ignored; a missing seat stays empty (and fails verification).
Disclosure from_wire(const v1::FairnessDisclosure& disclosure);

}  // namespace boyi::fairness
