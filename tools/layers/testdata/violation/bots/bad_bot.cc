// A bot that uses a program and the tests: both forbidden.
#include "tools/match/local_match.h"
#include "tests/e2e/e2e_support.h"
#include "protocol/wire/wire_game.h"
