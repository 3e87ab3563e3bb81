// What a scripted test engine does, from its command line:
//   --behave good|crash|hang|garbage|illegal|illegal-once|slow|silent-handshake|noisy
//   --at N          the move (1 = its first move after any deployment) where it starts
//   --slow-ms MS    how long `slow` waits before each answer from move N on
//   --seed S        its random choices
//   --pidfile PATH  where it writes its process id (tests check it was reaped)
//   --game G        sau only: dots or surakarta
// Every engine plays legal moves from the protocol lines until its behaviour
// says otherwise: crash aborts, hang sleeps forever, garbage prints a line that
// is no move, illegal prints a well-formed illegal move (every time from move N),
// illegal-once only at move N, slow answers late, silent-handshake never answers,
// noisy (piskvork) prints lines that are not moves (ERROR, SUGGEST, a split MESSAGE) before
// each move from move N, as real brains do.
#pragma once

#include <cstdint>
#include <string>

namespace boyi::testengine {

enum class Behave {
  kGood,
  kCrash,
  kHang,
  kGarbage,
  kIllegal,
  kIllegalOnce,
  kSlow,
  kSilentHandshake,
  kNoisy
};

struct Options {
  Behave behave = Behave::kGood;
  int at = 3;
  int slow_ms = 1500;
  std::uint64_t seed = 1;
  std::string pidfile;
  std::string game;
};

// Reads the options (exits with status 2 and a message on a bad command line).
Options parse_options(int argc, char** argv);

// What to do for the engine's move number `n` (1-based) with an answer ready.
enum class Act { kPlay, kGarbage, kIllegal };
// Crashes or hangs right here when the behaviour says so, sleeps for `slow`;
// otherwise says whether to play, print garbage or an illegal move. `retry` is
// true when the move is asked again after an `error` (illegal-once plays then).
Act act(const Options& options, int n, bool retry = false);

// Sends one line to stdout and flushes it.
void say(const std::string& line);

}  // namespace boyi::testengine
