#include "server/admin/export_command.h"

#include <fstream>
#include <iostream>

#include "engine/registry.h"
#include "server/export/npz_export.h"
#include "server/export/stored_episodes.h"

namespace boyi::admin {
namespace {
constexpr int kFailed = 1;
}

ExportCommand::ExportCommand(CLI::App& app) {
  export_ = app.add_subcommand(
      "export", "finished games as training data: each seat's observations, actions and result");
  export_->add_option("--game", game_, "junqi, gomoku, dots or surakarta")->required();
  export_->add_option("--format", format_, "jsonl (one episode per line) or npz (arrays)")
      ->capture_default_str()
      ->check(CLI::IsMember({"jsonl", "npz"}));
  export_->add_option("--out", out_, "the file to write (jsonl: standard output when absent)");
  export_->add_option("--limit", limit_, "the newest this many matches")
      ->capture_default_str()
      ->check(CLI::Range(1, 10'000'000));
}

std::optional<int> ExportCommand::run(storage::Database& db) {
  if (!export_->parsed()) return std::nullopt;
  if (!find_game(game_)) {
    std::cerr << "boyi-admin: no game '" << game_ << "'\n";
    return kFailed;
  }
  if (format_ == "npz" && out_.empty()) {
    std::cerr << "boyi-admin: --format npz needs --out FILE\n";
    return kFailed;
  }
  auto got = data_export::stored_episodes(db, game_, limit_);
  if (!got) {
    std::cerr << "boyi-admin: " << got.message() << "\n";
    return kFailed;
  }
  for (const auto& why : got->skipped) std::cerr << "boyi-admin: skipped match " << why << "\n";
  if (format_ == "npz") {
    if (auto s = data_export::write_npz(got->episodes, game_, out_); !s) {
      std::cerr << "boyi-admin: " << s.message() << "\n";
      return kFailed;
    }
  } else {
    std::ofstream file;
    if (!out_.empty()) file.open(out_, std::ios::binary | std::ios::trunc);
    std::ostream& out = out_.empty() ? std::cout : file;
    for (const auto& e : got->episodes) out << data_export::to_json_line(e) << "\n";
    out.flush();
    if (!out) {
      std::cerr << "boyi-admin: cannot write " << out_ << "\n";
      return kFailed;
    }
  }
  std::cerr << "exported " << got->matches << " " << game_ << " match(es), "
            << got->episodes.size() << " episodes" << (out_.empty() ? "" : " to " + out_) << "\n";
  return 0;
}

}  // namespace boyi::admin
