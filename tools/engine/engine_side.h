// boyi-engine's protocol halves: a built-in engine (any make_player spec) on the
// engine side of one text protocol. Each is fed the platform's lines one at a
// time and answers with the lines to print; it tracks the game from the lines
// alone (for 军棋 the seat's knowledge, rebuilt by JunqiSeatTracker), manages its
// time from the protocol's time fields and never fails on bad input: the
// piskvork side answers ERROR / UNKNOWN, the others ignore what they cannot use
// (a note goes to the diagnostics stream).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::bots {
class StopSignal;
}

namespace boyi::engine_tool {

struct EngineConfig {
  std::string game;  // junqi, gomoku, dots, surakarta
  std::string spec;  // make_player spec
  std::uint64_t seed = 1;
  std::string name;                // the name it gives (NAME / name / ABOUT)
  std::int64_t bank_ms = 900'000;  // sau: the protocol carries no time: the game's bank
  std::int64_t margin_ms = 100;    // kept back from every limit
  // Where notes about refused input go (default: nowhere).
  std::function<void(const std::string&)> diagnostics;
  // Raised while a line that interrupts thinking (EngineSide::interrupts) waits to be
  // handled: every search then answers at once with the best move it has.
  const bots::StopSignal* stop = nullptr;
};

class EngineSide {
 public:
  virtual ~EngineSide() = default;
  // The lines to print in answer to one line from the platform (often none).
  virtual std::vector<std::string> handle(std::string_view line) = 0;
  // The platform said goodbye (END / quit): the program exits.
  virtual bool done() const = 0;
  // Whether `line` must act while the engine thinks (piskvork's YXSTOP and END, the others'
  // goodbye): the input is read on its own thread, and such a line stops the search.
  virtual bool interrupts(std::string_view line) const = 0;
};

// The protocols each game has: junqi-ccgc (junqi), sau (dots, surakarta), piskvork (gomoku).
Result<std::unique_ptr<EngineSide>> make_engine_side(std::string_view protocol,
                                                     const EngineConfig& config);

// Defined with each protocol.
Result<std::unique_ptr<EngineSide>> make_junqi_side(const EngineConfig& config);
Result<std::unique_ptr<EngineSide>> make_sau_side(const EngineConfig& config);
Result<std::unique_ptr<EngineSide>> make_piskvork_side(const EngineConfig& config);

}  // namespace boyi::engine_tool
