// The training methods `gomoku bp-td` (the seed paper's 44-14-1 network) and
// `gomoku bp-td-rich` (the rich inputs and a wider hidden layer, trained the
// same way): RenjuTD's self-play with online TD(λ) (bptd_net.h) and the staged
// schedule of the paper's section 4.
//
// Hyper-parameters (--set key=value; defaults are the paper's):
//   alpha1, lambda1    step size and trace decay while black has fewer than
//                      `step` stones (0.2, 0.4)
//   alpha2, lambda2    after that (0.4, 0.6)
//   late_after         games after which the late schedule applies (10000)
//   late_alpha1, late_lambda1, late_alpha2, late_lambda2   (0.1, 0.1, 0.2, 0.2)
//   step               black stones that end the opening (8)
//   m, m_min, m_decay  the opening window of eq. (2): m at game 0, shrinking
//                      linearly to m_min over m_decay games, and within a game
//                      by one for every two black stones (6, 3, 10000; with
//                      m_min = 2 our 44-14-1 self-play collapsed into one line)
//   depth, nodes, vcf  the search after the opening: alpha-beta plies, its node
//                      limit, the VCF node limit per move (2, 3000, 2000)
//   hidden             hidden units (14; rich: 40)
//
// Threads (TrainConfig::threads; 0 = every core). With 1, the paper's online
// TD(λ): one game at a time, the weights updated after every move and the
// moves chosen with the latest weights. With n > 1 (our deviation, to use
// every core): the games of a train() call are played in rounds of n at once,
// one thread per game, each choosing its moves with a frozen copy of the
// round's starting weights and summing its TD(λ) update against those frozen
// weights (td_trace.h, ∇P by hand); at the end of the round the n deltas are
// applied in game-index order. Each game is seeded by its index, so the same
// seed and thread count give the same weights whatever the threads' timing;
// different thread counts give different (equally valid) weights.
#pragma once

#include <memory>
#include <string_view>

#include "bots/learned/training_method.h"

namespace boyi::bots::learned::gomoku_td {

Result<std::unique_ptr<TrainingMethod>> make_bptd_method(bool rich, const TrainConfig& config);

}  // namespace boyi::bots::learned::gomoku_td
