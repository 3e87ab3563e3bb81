// Per-game conversions from engine values to boyi.v1 messages, one file per
// game (convert_<game>.cc). Internal to boyi_protocol: wire_game.cc calls these
// through overloads on the game's types.
//
// Views are converted from the engine's per-viewer View (never from the full
// state); events from the engine's per-viewer event forms. Only
// fill_full_view() reads the full state, for records after the end.
#pragma once

#include <string>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::protocol::detail {

// 军棋
void fill_view(const junqi::View& view, v1::GameView& out);
void fill_full_view(const junqi::State& state, v1::GameView& out);
v1::GameEvent to_wire_event(const junqi::State& before, const junqi::Event& event, Seat viewer);
bool is_redacted(const junqi::Event& event, Seat viewer);

// 五子棋
void fill_view(const gomoku::View& view, v1::GameView& out);
void fill_full_view(const gomoku::State& state, v1::GameView& out);
v1::GameEvent to_wire_event(const gomoku::State& before, const gomoku::Event& event, Seat viewer);
inline bool is_redacted(const gomoku::Event&, Seat) {
  return false;
}

// 点格棋
void fill_view(const dots::View& view, v1::GameView& out);
void fill_full_view(const dots::State& state, v1::GameView& out);
v1::GameEvent to_wire_event(const dots::State& before, const dots::Event& event, Seat viewer);
inline bool is_redacted(const dots::Event&, Seat) {
  return false;
}

// 苏拉卡尔塔
void fill_view(const surakarta::View& view, v1::GameView& out);
void fill_full_view(const surakarta::State& state, v1::GameView& out);
v1::GameEvent to_wire_event(const surakarta::State& before, const surakarta::Event& event,
                            Seat viewer);
inline bool is_redacted(const surakarta::Event&, Seat) {
  return false;
}

}  // namespace boyi::protocol::detail
