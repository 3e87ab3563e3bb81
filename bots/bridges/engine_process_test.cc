// EngineProcess against ordinary programs (cat, sh, sleep): lines both ways,
// deadlines, exit statuses and signals reported, long lines refused, a dead
// reader not killing us with SIGPIPE, and every child (and its helpers) gone.
#include "bots/bridges/engine_process.h"

#include <signal.h>
#include <sys/types.h>

#include <cerrno>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace boyi::bots {
namespace {

using namespace std::chrono;

SteadyTime in(int ms) {
  return steady_clock::now() + milliseconds(ms);
}

// Gone: no such process, or a zombie waiting for someone else (init) to reap it.
bool gone(pid_t pid) {
  if (kill(pid, 0) != 0) return errno == ESRCH;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

std::unique_ptr<EngineProcess> start(std::vector<std::string> argv, std::size_t max_line = 4096) {
  auto p = EngineProcess::spawn(argv, max_line);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.message());
  return p.ok() ? std::move(p).value() : nullptr;
}

TEST(EngineProcess, LinesBothWaysAndTheChildIsReaped) {
  auto cat = start({"cat"});
  ASSERT_TRUE(cat);
  const pid_t pid = cat->pid();
  ASSERT_TRUE(cat->send("hello engine", in(1000)).ok());
  auto line = cat->read_line(in(5000));
  ASSERT_TRUE(line.ok()) << line.message();
  EXPECT_EQ(*line, "hello engine");
  EXPECT_TRUE(cat->running());
  // cat ends when its input closes: stop() sees a clean exit.
  EXPECT_EQ(cat->stop(milliseconds(5000)), "the engine exited with status 0");
  EXPECT_TRUE(gone(pid));
  EXPECT_FALSE(cat->send("late", in(100)).ok());
}

TEST(EngineProcess, CrLfAndALastLineWithoutNewline) {
  auto sh = start({"sh", "-c", "printf 'one\\r\\ntwo\\nthree'"});
  ASSERT_TRUE(sh);
  EXPECT_EQ(*sh->read_line(in(5000)), "one");
  EXPECT_EQ(*sh->read_line(in(5000)), "two");
  EXPECT_EQ(*sh->read_line(in(5000)), "three");
  auto end = sh->read_line(in(5000));
  ASSERT_FALSE(end.ok());
  EXPECT_EQ(end.message(), "the engine exited with status 0");
}

TEST(EngineProcess, ExitStatusAndSignalAreReported) {
  auto three = start({"sh", "-c", "echo bye; exit 3"});
  ASSERT_TRUE(three);
  EXPECT_EQ(*three->read_line(in(5000)), "bye");
  auto after = three->read_line(in(5000));
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.message(), "the engine exited with status 3");
  EXPECT_TRUE(gone(three->pid()));

  auto segv = start({"sh", "-c", "kill -SEGV $$"});
  ASSERT_TRUE(segv);
  auto crashed = segv->read_line(in(5000));
  ASSERT_FALSE(crashed.ok());
  EXPECT_NE(crashed.message().find("killed by signal 11"), std::string::npos) << crashed.message();
}

TEST(EngineProcess, SilenceEndsAtTheDeadlineAndTheHelpersDieToo) {
  // sh starts a helper in the background, tells us its pid and waits for it.
  auto sh = start({"sh", "-c", "sleep 100 & echo $!; wait"});
  ASSERT_TRUE(sh);
  auto helper_line = sh->read_line(in(5000));
  ASSERT_TRUE(helper_line.ok());
  const pid_t helper = std::stoi(*helper_line);
  const pid_t pid = sh->pid();
  const auto t0 = steady_clock::now();
  auto nothing = sh->read_line(in(150));
  EXPECT_FALSE(nothing.ok());
  EXPECT_EQ(nothing.message(), "the engine did not answer in time");
  EXPECT_LT(steady_clock::now() - t0, seconds(10));  // bounded, not a timing claim
  EXPECT_EQ(sh->stop(milliseconds(0)), "the engine was stopped (killed)");
  EXPECT_TRUE(gone(pid));
  bool helper_gone = false;
  for (int i = 0; i < 200 && !helper_gone; ++i) {
    helper_gone = gone(helper);
    if (!helper_gone) std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_TRUE(helper_gone);
}

TEST(EngineProcess, LongLinesAreRefused) {
  auto sh = start({"sh", "-c", "head -c 5000 /dev/zero | tr '\\000' x; echo; echo short"}, 255);
  ASSERT_TRUE(sh);
  auto line = sh->read_line(in(5000));
  ASSERT_FALSE(line.ok());
  EXPECT_EQ(line.message(), "the engine sent a line longer than 255 bytes");
}

// The limit is the line's text: 255 bytes end with LF or CR LF alike; 256 are refused.
TEST(EngineProcess, ALineAtTheLimitPassesWithEitherEnding) {
  auto sh =
      start({"sh", "-c",
             "x=$(head -c 255 /dev/zero | tr '\\000' x); printf '%s\\n%s\\r\\n' \"$x\" \"$x\"; "
             "printf '%s\\r\\n' \"${x}y\""},
            255);
  ASSERT_TRUE(sh);
  for (int i = 0; i < 2; ++i) {
    auto line = sh->read_line(in(5000));
    ASSERT_TRUE(line.ok()) << i << ": " << line.message();
    EXPECT_EQ(*line, std::string(255, 'x'));
  }
  auto over = sh->read_line(in(5000));
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.message(), "the engine sent a line longer than 255 bytes");
}

TEST(EngineProcess, WritingToAnEngineThatExitedIsAnErrorNotASignal) {
  auto quick = start({"true"});
  ASSERT_TRUE(quick);
  std::this_thread::sleep_for(milliseconds(50));
  Status last;
  for (int i = 0; i < 100 && last.ok(); ++i) last = quick->send(std::string(1000, 'x'), in(1000));
  EXPECT_FALSE(last.ok());  // and this process is still alive to say so
  EXPECT_TRUE(gone(quick->pid()) || !quick->running());
}

TEST(EngineProcess, AMissingProgramIsAnError) {
  auto none = EngineProcess::spawn({"/nonexistent/engine-program"}, 4096);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.message().find("cannot start engine"), std::string::npos) << none.message();
  EXPECT_FALSE(EngineProcess::spawn({}, 4096).ok());
}

}  // namespace
}  // namespace boyi::bots
