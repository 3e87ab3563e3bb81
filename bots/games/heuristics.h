// Per-game knowledge the generic searches take as parameters: static
// evaluations (for a seat, within +-kWinThreshold), candidate-move generators,
// ordering scores and quiescence tests. Everything here reads a full state;
// for 军棋 that state is a determinization (bots never see the true one).
#pragma once

#include "bots/search/alphabeta.h"
#include "bots/search/mcts.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots {

// 五子棋: sum over every 5-point window holding stones of one colour only of a
// weight growing with their number (1, 8, 64, 512), own minus opponent's.
int gomoku_evaluate(const gomoku::State& s, Seat seat);
// The threat weight a stone at p would add for both colours (attack + defence).
int gomoku_point_score(const gomoku::State& s, gomoku::Point p);
// Placements within two points of a stone (H8 on an empty board); the other
// actions of the opening (swap, offers, ...) as the engine lists them.
void gomoku_candidates(const gomoku::State& s, gomoku::MoveList& list);

// 点格棋: boxes, own minus opponent's, times 100, minus a penalty for leaving
// boxes with three sides to the side not acting.
int dots_evaluate(const dots::State& s, Seat seat);
bool dots_completes_box(const dots::State& s, const dots::Move& m);
int dots_order(const dots::State& s, const dots::Move& m);  // boxes first, third sides last

// 苏拉卡尔塔: pieces, own minus opponent's, times 100, plus capture threats.
int surakarta_evaluate(const surakarta::State& s, Seat seat);

// 军棋 (a full state): material by piece value, own minus opponent's, plus a
// small bonus for pieces advanced towards the enemy flag.
int junqi_piece_value(int piece);
// The material an attack wins (negative: loses) by the kinds; 10000 for the flag.
int junqi_battle_value(int attacker, int defender);
int junqi_evaluate(const junqi::State& s, Seat seat);
int junqi_order(const junqi::State& s, const junqi::Move& m);  // attacks by expected gain
bool junqi_is_attack(const junqi::State& s, const junqi::Move& m);

// A game without knowledge here (the tests' tic-tac-toe) is searched on wins and losses
// alone: every position that is not over is worth 0.
template <Game G>
AlphaBetaHooks<G> default_alphabeta_hooks() {
  AlphaBetaHooks<G> hooks;
  hooks.evaluate = [](const G&, Seat) { return 0; };
  return hooks;
}

template <>
inline AlphaBetaHooks<gomoku::State> default_alphabeta_hooks<gomoku::State>() {
  AlphaBetaHooks<gomoku::State> h;
  h.evaluate = gomoku_evaluate;
  h.generate = gomoku_candidates;
  h.order = [](const gomoku::State& s, const gomoku::Move& m) {
    return m.action == gomoku::Action::kPlace ? gomoku_point_score(s, m.point) : 0;
  };
  return h;
}
template <>
inline AlphaBetaHooks<dots::State> default_alphabeta_hooks<dots::State>() {
  AlphaBetaHooks<dots::State> h;
  h.evaluate = dots_evaluate;
  h.order = dots_order;
  h.noisy = dots_completes_box;
  return h;
}
template <>
inline AlphaBetaHooks<surakarta::State> default_alphabeta_hooks<surakarta::State>() {
  AlphaBetaHooks<surakarta::State> h;
  h.evaluate = surakarta_evaluate;
  h.order = [](const surakarta::State& s, const surakarta::Move& m) {
    return s.is_capture(m) ? 100 : 0;
  };
  h.noisy = [](const surakarta::State& s, const surakarta::Move& m) { return s.is_capture(m); };
  return h;
}
template <>
inline AlphaBetaHooks<junqi::State> default_alphabeta_hooks<junqi::State>() {
  AlphaBetaHooks<junqi::State> h;
  h.evaluate = junqi_evaluate;
  h.order = junqi_order;
  h.noisy = junqi_is_attack;
  return h;
}

template <Game G>
MctsHooks<G> default_mcts_hooks() {
  return {};
}
template <>
inline MctsHooks<gomoku::State> default_mcts_hooks<gomoku::State>() {
  MctsHooks<gomoku::State> h;
  h.generate = gomoku_candidates;
  return h;
}

}  // namespace boyi::bots
