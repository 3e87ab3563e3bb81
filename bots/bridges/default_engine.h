// The built-in engine a tool uses when none is named: the game's own strong
// engine — threat (五子棋), chain (点格棋), loop (苏拉卡尔塔), belief (军棋) when
// registered, else the last strong engine registered for the game (player_names()
// lists the generic players first), else "uct".
#pragma once

#include <string>
#include <string_view>

namespace boyi::bots {

std::string default_engine_spec(std::string_view game);

}  // namespace boyi::bots
