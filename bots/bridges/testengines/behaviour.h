// What a scripted test engine does, from its command line:
//   --behave good|crash|hang|garbage|illegal|illegal-once|slow|silent-handshake|noisy|
//            crlf|unflushed|no-exit|loose-form|repeat-after-error|hog|slow-start|bare-name
//   --at N          the move (1 = its first move after any deployment) where it starts
//   --slow-ms MS    how long `slow` waits before each answer from move N on
//   --seed S        its random choices
//   --pidfile PATH  where it writes its process id (tests check it was reaped)
//   --game G        sau only: dots or surakarta
//   --start-ms MS   whatever the behaviour, wait this long before its first line (a slow start:
//                   tables or a network loaded)
//   --think-ms MS   whatever the behaviour, think this long before each answer (near a limit),
//   --think-moves N of its first N moves (0, the default: every move)
//   --record PATH   sau and piskvork: keep the game as the engine believes it there, one action
//                   a line ("SEAT ACTION" in the game's notation; piskvork: the stones, "x,y,SEAT")
//                   rewritten at every change, so a test compares it with the referee's
// Every engine plays legal moves from the protocol lines until its behaviour
// says otherwise: crash aborts, hang sleeps forever, garbage prints a line that
// is no move, illegal prints a well-formed illegal move (every time from move N),
// illegal-once only at move N, slow answers late, silent-handshake never answers,
// noisy (piskvork) prints lines that are not moves (ERROR, SUGGEST, a split MESSAGE) before
// each move from move N, as real brains do.
// The protocol's finer points, for the conformance kit (boyi-engine-check): crlf ends every
// line with \r\n; unflushed never flushes its output (it comes out only at exit); no-exit
// ignores the goodbye (END, quit); loose-form doubles the first space of every line (or
// adds one after the first comma); repeat-after-error (sau) answers `error` with the same
// move; hog holds --hog-mb MiB of memory from the start; slow-start waits --slow-ms before
// its first line; bare-name (junqi-ccgc) answers INFO with its bare team name, as some
// championship engines do.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  kNoisy,
  kCrlf,
  kUnflushed,
  kNoExit,
  kLooseForm,
  kRepeatAfterError,
  kHog,
  kSlowStart,
  kBareName
};

struct Options {
  Behave behave = Behave::kGood;
  int at = 3;
  int slow_ms = 1500;
  std::uint64_t seed = 1;
  std::string pidfile;
  std::string game;
  int hog_mb = 96;
  int start_ms = 0;
  int think_ms = 0;
  int think_moves = 0;
  std::string record;
};

// Reads the options (exits with status 2 and a message on a bad command line).
Options parse_options(int argc, char** argv);

// What to do for the engine's move number `n` (1-based) with an answer ready.
enum class Act { kPlay, kGarbage, kIllegal };
// Crashes or hangs right here when the behaviour says so, sleeps for `slow`;
// otherwise says whether to play, print garbage or an illegal move. `retry` is
// true when the move is asked again after an `error` (illegal-once plays then).
Act act(const Options& options, int n, bool retry = false);

// Sends one line to stdout and flushes it (as the behaviour says: see crlf, unflushed,
// loose-form, slow-start).
void say(const std::string& line);

// Rewrites options.record (if set) with `lines`, one a line.
void write_record(const Options& options, const std::vector<std::string>& lines);

// Whether the engine leaves on the protocol's goodbye (END, quit): not under no-exit.
bool leaves_on_goodbye(const Options& options);

}  // namespace boyi::testengine
