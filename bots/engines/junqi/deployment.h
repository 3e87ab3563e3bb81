// The 军棋 deployment generator: legal, sensible and varied layouts.
//
// A layout starts from one of a few templates in the style strong players use
// (flag in a headquarters behind two or three mines, or mines and a bomb; the
// other headquarters holds a decoy; bombs on the second to fourth rows where
// they meet a marshal coming down the railway; marshal and general on railway
// posts near the front; engineers spread over the railway and never in a
// headquarters), mirrored left-right at random, then perturbed by a few swaps
// between pieces of a similar role. Every candidate must pass the deployment
// rules and junqi_layout_sensible(); otherwise the unperturbed template is used.
#pragma once

#include <string>

#include "bots/engines/junqi/belief.h"
#include "base/result.h"
#include "base/rng.h"

namespace boyi::bots {

// A layout in kDeploySlots order (the seat's own frame), drawn by `rng`.
JunqiLayout junqi_generate_layout(Rng& rng);
// The same as a deployment move for `seat`.
junqi::Move junqi_generate_deployment(Seat seat, Rng& rng);

// Why a legal layout is a weak one (flag poorly guarded, a marshal locked in a
// headquarters, an engineer wasted, ...), or ok.
Status junqi_layout_sensible(const JunqiLayout& layout);

// The templates, as 25 letters each (for tests and tools).
int junqi_layout_template_count();
std::string junqi_layout_template(int index);

// "abcc..." for a layout.
std::string junqi_layout_text(const JunqiLayout& layout);

}  // namespace boyi::bots
