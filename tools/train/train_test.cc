// boyi-train's parts that need no training method: the CSV curve, the
// progress line, the options, the run state, the gnuplot script.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/train/curve_csv.h"
#include "tools/train/plot.h"
#include "tools/train/progress.h"
#include "tools/train/recorded_games.h"
#include "tools/train/run_dir.h"
#include "tools/train/train_options.h"

namespace boyi::train {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary directory, removed at the end.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name) {
    path =
        fs::temp_directory_path() / ("boyi-train-test-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CurveRow row(std::int64_t games, double loss, std::map<std::string, double> extra = {},
             std::map<std::string, double> eval = {}) {
  CurveRow r;
  r.games = games;
  r.positions = games * 30;
  r.seconds = static_cast<double>(games) / 2;
  r.loss = loss;
  r.epsilon = 0.1;
  r.step_size = 0.05;
  r.extra = std::move(extra);
  r.eval = std::move(eval);
  return r;
}

TEST(CurveCsv, HeaderOnceColumnsFixedAtTheFirstRow) {
  TempDir tmp("csv");
  const auto file = tmp.path / "curve.csv";
  auto csv = CurveCsv::open(file, {"vs_previous", "vs_alphabeta:depth=4"});
  ASSERT_TRUE(csv.ok()) << csv.message();
  auto c = std::move(csv).value();
  ASSERT_TRUE(c.append(row(10, 0.5, {{"td_error", 0.25}})).ok());
  // A key the first row did not have is dropped; a missing one is left empty.
  ASSERT_TRUE(c.append(row(20, 0.25, {{"other", 9}})).ok());
  ASSERT_TRUE(c.append(row(30, 0.125, {{"td_error", 0.5}}, {{"vs_previous", 0.75}})).ok());
  EXPECT_EQ(read(file),
            "games,positions,seconds,loss,epsilon,step_size,td_error,vs_previous,"
            "vs_alphabeta_depth_4\n"
            "10,300,5,0.5,0.1,0.05,0.25,,\n"
            "20,600,10,0.25,0.1,0.05,,,\n"
            "30,900,15,0.125,0.1,0.05,0.5,0.75,\n");
}

TEST(CurveCsv, ReopeningAppendsUnderTheExistingHeader) {
  TempDir tmp("csv-append");
  const auto file = tmp.path / "curve.csv";
  {
    auto c = CurveCsv::open(file, {"vs_previous"}).value();
    ASSERT_TRUE(c.append(row(10, 0.5, {{"a", 1}})).ok());
  }
  // Resumed with other evaluation columns: the file's header wins, no second header.
  auto c = CurveCsv::open(file, {"vs_previous", "vs_new"}).value();
  EXPECT_EQ(c.columns().size(), 8u);
  ASSERT_TRUE(c.append(row(20, 0.25, {{"a", 2}}, {{"vs_previous", 1}, {"vs_new", 0}})).ok());
  EXPECT_EQ(read(file),
            "games,positions,seconds,loss,epsilon,step_size,a,vs_previous\n"
            "10,300,5,0.5,0.1,0.05,1,\n"
            "20,600,10,0.25,0.1,0.05,2,1\n");
}

TEST(CurveCsv, ARowCutShortByAKillStartsAFreshLine) {
  TempDir tmp("csv-cut");
  const auto file = tmp.path / "curve.csv";
  std::ofstream(file) << "games,positions,seconds,loss,epsilon,step_size\n10,300,5,0.";
  auto c = CurveCsv::open(file, {}).value();
  ASSERT_TRUE(c.append(row(20, 0.25)).ok());
  EXPECT_EQ(read(file),
            "games,positions,seconds,loss,epsilon,step_size\n10,300,5,0.\n"
            "20,600,10,0.25,0.1,0.05\n");
}

TEST(CurveCsv, RefusesAFileThatIsNotACurve) {
  TempDir tmp("csv-bad");
  const auto file = tmp.path / "curve.csv";
  std::ofstream(file) << "name,score\nx,1\n";
  auto c = CurveCsv::open(file, {});
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.message().find("not a learning curve"), std::string::npos);
}

TEST(CurveCsv, ColumnNames) {
  EXPECT_EQ(column_name("alphabeta:depth=4,ms=20"), "alphabeta_depth_4_ms_20");
  EXPECT_EQ(column_name("td_error"), "td_error");
  EXPECT_EQ(column_name(""), "_");
}

TEST(Progress, Durations) {
  EXPECT_EQ(format_duration(0), "0s");
  EXPECT_EQ(format_duration(59.4), "59s");
  EXPECT_EQ(format_duration(130), "2m10s");
  EXPECT_EQ(format_duration(3600 + 5 * 60 + 7), "1h05m");
  EXPECT_EQ(format_duration(-1), "?");
}

TEST(Progress, Bar) {
  EXPECT_EQ(progress_bar(0, 10, 10), "[..........]");
  EXPECT_EQ(progress_bar(1200, 5000, 10), "[##........]");
  EXPECT_EQ(progress_bar(5000, 5000, 10), "[##########]");
  EXPECT_EQ(progress_bar(7, 0, 4), "[####]");    // nothing to do is done
  EXPECT_EQ(progress_bar(99, 10, 4), "[####]");  // past the target stays full
}

TEST(Progress, Line) {
  Progress p;
  p.games = 1200;
  p.target = 5000;
  p.positions_per_second = 340.4;
  p.loss = 0.0123;
  p.epsilon = 0.1;
  p.step_size = 0.05;
  p.elapsed_seconds = 130;
  p.eta_seconds = 300;
  EXPECT_EQ(format_progress(p),
            "[####................] 1200/5000 games  340 pos/s  loss 0.0123  ε 0.10  α 0.05  "
            "2m10s eta 5m00s");
  p.eta_seconds = -1;
  EXPECT_EQ(format_progress(p).find("eta"), std::string::npos);
}

std::string printed(bool in_place) {
  std::FILE* f = std::tmpfile();
  ProgressPrinter printer(f, in_place);
  printer.update("one long line");
  printer.update("two");
  printer.note("eval");
  printer.update("three");
  printer.finish();
  std::rewind(f);
  std::string text;
  for (int c; (c = std::fgetc(f)) != EOF;) text += static_cast<char>(c);
  std::fclose(f);
  return text;
}

TEST(Progress, InPlaceOnATerminalOneLinePerUpdateOtherwise) {
  EXPECT_EQ(printed(false), "one long line\ntwo\neval\nthree\n");
  EXPECT_EQ(printed(true), "\rone long line\rtwo          \neval\n\rthree\n");
}

TEST(Options, Settings) {
  auto s = parse_settings({"lambda=0.7", "alpha=", "path=a=b"});
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(s->at("lambda"), "0.7");
  EXPECT_EQ(s->at("alpha"), "");
  EXPECT_EQ(s->at("path"), "a=b");
  EXPECT_FALSE(parse_settings({"lambda"}).ok());
  EXPECT_FALSE(parse_settings({"=1"}).ok());
  EXPECT_FALSE(parse_settings({"a=1", "a=2"}).ok());
}

TEST(Options, Validation) {
  TrainOptions o;
  o.game = "gomoku";
  o.method = "bp-td";
  EXPECT_TRUE(validate(o).ok());
  auto bad = [&](auto change) {
    TrainOptions b = o;
    change(b);
    return !validate(b).ok();
  };
  EXPECT_TRUE(bad([](TrainOptions& b) { b.games = -1; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.chunk = 0; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.threads = -2; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.eval_every = -1; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.eval_games = -1; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.eval_ms = 0; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.minutes = -1; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.minutes = std::nan(""); }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.set = {"novalue"}; }));
  EXPECT_TRUE(bad([](TrainOptions& b) { b.warm_epochs = 0; }));
  EXPECT_TRUE(bad([](TrainOptions& b) {
    b.warm_start = "games.jsonl";
    b.resume = true;
  }));
  EXPECT_FALSE(bad([](TrainOptions& b) { b.eval_games = 0; }));
  EXPECT_EQ(out_dir_of(o), "train-gomoku-bp-td");
  o.out_dir = "runs/x";
  EXPECT_EQ(out_dir_of(o), "runs/x");
  o.threads = 3;
  EXPECT_EQ(threads_of(o), 3);
  o.threads = 0;
  EXPECT_GE(threads_of(o), 1);
}

// The warm start's games: both seats' episodes of a match joined into one game, every action
// in event order with its seat.
TEST(RecordedGames, EpisodesOfAMatchJoinIntoOneGame) {
  const std::string episode0 =
      R"({"format":"boyi-observations/1","match_id":"7","game":"gomoku","rules":"rule=renju",)"
      R"("seat":0,"result":-1,"outcome":{"ending":"resignation","winner":1,"detail":""},"steps":[)"
      R"({"seq":1,"actor":0,"move":"H8","action":"H8"},{"seq":2,"actor":1,"move":"H9"},)"
      R"({"seq":3,"actor":0,"move":"J8","action":"J8"}]})";
  const std::string episode1 =
      R"({"format":"boyi-observations/1","match_id":"7","game":"gomoku","rules":"rule=renju",)"
      R"("seat":1,"result":1,"outcome":{"ending":"resignation","winner":1,"detail":""},"steps":[)"
      R"({"seq":1,"actor":0,"move":"H8"},{"seq":2,"actor":1,"move":"H9","action":"H9"},)"
      R"({"seq":3,"actor":0,"move":"J8"}]})";
  auto games = parse_recorded_games(episode1 + "\n" + episode0 + "\n", "gomoku", "test");
  ASSERT_TRUE(games.ok()) << games.message();
  ASSERT_EQ(games->size(), 1u);
  const auto& g = games->front();
  EXPECT_EQ(g.rules, "rule=renju");
  EXPECT_EQ(g.winner, 1);
  const std::vector<std::pair<int, std::string>> want = {{0, "H8"}, {1, "H9"}, {0, "J8"}};
  EXPECT_EQ(g.actions, want);
  // Refused: one seat's episode alone, another game's episodes, a seat twice, not JSON.
  EXPECT_FALSE(parse_recorded_games(episode0, "gomoku", "test").ok());
  EXPECT_FALSE(parse_recorded_games(episode0 + "\n" + episode1, "junqi", "test").ok());
  EXPECT_FALSE(parse_recorded_games(episode0 + "\n" + episode0, "gomoku", "test").ok());
  EXPECT_FALSE(parse_recorded_games("{not json", "gomoku", "test").ok());
  EXPECT_FALSE(parse_recorded_games(R"({"format":"other"})", "gomoku", "test").ok());
  EXPECT_FALSE(read_recorded_games("no/such/file.jsonl", "gomoku").ok());
}

TEST(RunDir, Layout) {
  RunDir d{"out"};
  EXPECT_EQ(d.weights(0), fs::path("out/weights-0.pt"));
  EXPECT_EQ(d.checkpoint(1200), fs::path("out/checkpoint-1200.ckpt"));
  EXPECT_EQ(d.latest_checkpoint(), fs::path("out/latest.ckpt"));
  EXPECT_EQ(d.curve_csv(), fs::path("out/curve.csv"));
}

TEST(RunDir, StateRoundTripsAndBadStatesAreErrors) {
  TempDir tmp("state");
  RunState s;
  s.games = 1200;
  s.positions = 45678;
  s.seconds = 123.456789;
  s.last_eval_games = 1000;
  s.previous_weights = "weights-1000.pt";
  const auto file = tmp.path / "run-state.txt";
  ASSERT_TRUE(save_state(file, s).ok());
  EXPECT_FALSE(fs::exists(tmp.path / "run-state.txt.tmp"));
  auto back = load_state(file);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(back->games, 1200);
  EXPECT_EQ(back->positions, 45678);
  EXPECT_DOUBLE_EQ(back->seconds, 123.456789);
  EXPECT_EQ(back->last_eval_games, 1000);
  EXPECT_EQ(back->previous_weights, "weights-1000.pt");

  const std::string good = format_state(s);
  EXPECT_FALSE(parse_state("").ok());
  EXPECT_FALSE(parse_state("garbage\n").ok());
  EXPECT_FALSE(parse_state(std::string("\0\1\2", 3)).ok());
  std::string no_games = good.substr(good.find('\n') + 1);
  EXPECT_FALSE(parse_state(no_games).ok());
  std::string bad_number = good;
  bad_number.replace(0, good.find('\n'), "games=12x");
  EXPECT_FALSE(parse_state(bad_number).ok());
  std::string escaping = good;
  escaping.replace(escaping.find("weights-1000.pt"), 15, "../../etc/passwd");
  EXPECT_FALSE(parse_state(escaping).ok());
  EXPECT_FALSE(load_state(tmp.path / "missing.txt").ok());
}

TEST(RunDir, PrepareReportsAnUnwritableDir) {
  TempDir tmp("prepare");
  EXPECT_TRUE((RunDir{tmp.path / "a" / "b"}).prepare().ok());
  std::ofstream(tmp.path / "file") << "x";
  EXPECT_FALSE((RunDir{tmp.path / "file" / "sub"}).prepare().ok());
}

TEST(Plot, QuotingKeepsPathsInsideOneString) {
  EXPECT_EQ(gnuplot_quote("a b"), "'a b'");
  EXPECT_EQ(gnuplot_quote("it's'; system('rm')"), "'it''s''; system(''rm'')'");
  EXPECT_EQ(gnuplot_quote("x\ny"), "'x y'");
}

TEST(Plot, ScriptPlotsOnlyColumnsWithValues) {
  PlotRequest r{"d/curve.csv", "d/curve.png", "d/curve.gp", "d/plot.log", "gomoku bp-td"};
  const std::string csv =
      "games,positions,seconds,loss,epsilon,step_size,vs_previous,vs_threat\n"
      "10,300,5,0.5,0,0.05,,\n"
      "20,600,10,0.25,0,0.05,0.75,\n";
  const std::string script = gnuplot_script(r, csv);
  EXPECT_NE(script.find("set terminal pngcairo"), std::string::npos);
  EXPECT_NE(script.find("set output 'd/curve.png'"), std::string::npos);
  EXPECT_NE(script.find("'games':'loss'"), std::string::npos);
  EXPECT_NE(script.find("'games':'vs_previous'"), std::string::npos);
  EXPECT_EQ(script.find("vs_threat"), std::string::npos);  // no value yet
  EXPECT_EQ(script.find("'epsilon'"), std::string::npos);  // always 0: no ε curve
  const std::string exploring = gnuplot_script(r,
                                               "games,positions,seconds,loss,epsilon,step_size\n"
                                               "10,300,5,0.5,0.2,0.05\n");
  EXPECT_NE(exploring.find("'games':'epsilon' axes x1y2"), std::string::npos);
  EXPECT_NE(exploring.find("no evaluation yet"), std::string::npos);
}

// gnuplot is a dependency (scripts/setup.sh installs gnuplot-nox): no skip here.
TEST(Plot, DrawsThePng) {
  TempDir tmp("plot it's");  // a quote in the path must not break the script
  PlotRequest r{tmp.path / "curve.csv", tmp.path / "curve.png", tmp.path / "curve.gp",
                tmp.path / "plot.log", "test"};
  std::ofstream(r.csv) << "games,positions,seconds,loss,epsilon,step_size,vs_previous\n"
                          "10,300,5,0.5,0.2,0.05,\n20,600,10,0.25,0.1,0.05,0.75\n"
                          "30,900,15,0.2,0.1,0.05,\n40,1200,20,0.1,0.1,0.05,0.6\n";
  auto st = plot_curve(r);
  ASSERT_TRUE(st.ok()) << st.message() << "\n" << read(r.log);
  const std::string png = read(r.png);
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
}

}  // namespace
}  // namespace boyi::train
