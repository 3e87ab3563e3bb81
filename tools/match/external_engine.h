// External engines in boyi-match: a player spec "cmd:PROTOCOL:COMMAND LINE" names an
// existing competition engine program, run as a child process for each game and bridged
// through its text protocol (bots/bridges/, docs/rules/engine-protocols.md):
//
//   cmd:piskvork:./pela --fast          a Gomocup brain, for gomoku
//   cmd:sau:"/opt/my engine/dots" -q    the platform protocol, for dots or surakarta
//   cmd:junqi-ccgc:./junqi-ai           the competition's 军棋 referee protocol
//
// The command line is split like a shell's words (quotes group, backslash escapes) but no
// shell runs it; a program name without '/' is looked up in PATH.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::match {

struct ExternalEngine {
  std::string protocol;           // "junqi-ccgc", "sau" or "piskvork"
  std::vector<std::string> argv;  // the program and its arguments
};

// Whether `spec` names an external engine (it starts with "cmd:").
bool is_external_spec(std::string_view spec);

// Reads "cmd:PROTOCOL:COMMAND LINE" and checks that PROTOCOL plays `game`.
Result<ExternalEngine> parse_external_spec(std::string_view spec, std::string_view game);

// Where the program argv[0] is (as given when it has a '/', else from PATH), or why it
// cannot be run: checked once before a match instead of losing every game on it.
Result<std::string> find_program(const std::string& program);

// For --help: the spec's form and the protocols.
std::string external_spec_help();

}  // namespace boyi::match
