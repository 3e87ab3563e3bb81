#include "tools/train/run_dir.h"

#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

namespace boyi::train {

std::filesystem::path RunDir::checkpoint(std::int64_t games) const {
  return dir / ("checkpoint-" + std::to_string(games) + ".ckpt");
}

std::string RunDir::weights_name(std::int64_t games) {
  return "weights-" + std::to_string(games) + ".pt";
}

Status RunDir::prepare() const {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fail("cannot create the out dir " + dir.string() + ": " + ec.message());
  const auto probe = dir / ".write-test";
  {
    std::ofstream out(probe);
    out << "ok\n";
    if (!out) return fail("cannot write in the out dir " + dir.string());
  }
  std::filesystem::remove(probe, ec);
  return Status::Ok();
}

std::string format_state(const RunState& s) {
  std::ostringstream out;
  out.precision(17);
  out << "games=" << s.games << "\npositions=" << s.positions << "\nseconds=" << s.seconds
      << "\nlast_eval_games=" << s.last_eval_games << "\nprevious_weights=" << s.previous_weights
      << "\n";
  return out.str();
}

namespace {

bool read_int(const std::string& text, std::int64_t& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && out >= 0;
}

}  // namespace

Result<RunState> parse_state(const std::string& text) {
  std::map<std::string, std::string> values;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) return fail("run state: bad line '" + line + "'");
    values[line.substr(0, eq)] = line.substr(eq + 1);
  }
  RunState s;
  for (const char* key : {"games", "positions", "seconds", "last_eval_games", "previous_weights"})
    if (!values.count(key)) return fail(std::string("run state: no ") + key);
  if (!read_int(values["games"], s.games) || !read_int(values["positions"], s.positions) ||
      !read_int(values["last_eval_games"], s.last_eval_games))
    return fail("run state: a count is not a number");
  char* end = nullptr;
  const std::string& seconds = values["seconds"];
  s.seconds = std::strtod(seconds.c_str(), &end);
  if (seconds.empty() || end != seconds.c_str() + seconds.size() || !(s.seconds >= 0))
    return fail("run state: seconds is not a number");
  s.previous_weights = values["previous_weights"];
  if (s.previous_weights.empty() ||
      std::filesystem::path(s.previous_weights).filename() != s.previous_weights)
    return fail("run state: previous_weights must be a file name in the out dir");
  return s;
}

Status write_file_atomically(const std::filesystem::path& file, const std::string& text) {
  auto tmp = file;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) return fail("cannot write " + tmp.string());
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) return fail("cannot rename " + tmp.string() + ": " + ec.message());
  return Status::Ok();
}

Status save_state(const std::filesystem::path& file, const RunState& state) {
  return write_file_atomically(file, format_state(state));
}

Result<RunState> load_state(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  auto state = parse_state(text.str());
  if (!state) return fail(file.string() + ": " + state.message());
  return state;
}

}  // namespace boyi::train
