// boyi-fuzz-seeds SOURCE_DIR OUT_DIR: the seed corpora that are not plain text in the tests,
// made by the project's own code (seed-corpora.sh runs it):
//  - the worked session of protocol/README.md as length-prefixed frames (frames/) and as
//    masked WebSocket messages, binary and text (websocket/);
//  - a short match of each game played by random moves through the referee, as a JSON record
//    (json_record/), a text record (text_record/) and its stored rows (stored_journal/).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "base/rng.h"
#include "boyi/v1/boyi.pb.h"
#include "engine/registry.h"
#include "protocol/framing/length_prefixed.h"
#include "protocol/wire/json.h"
#include "referee/referee.h"
#include "server/hosting/storage_journal.h"
#include "server/records/json_record.h"
#include "server/records/text_record.h"
#include "server/storage/records.h"

namespace boyi::fuzz {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

// A client's WebSocket frame: FIN, the opcode, masked with a zero key (so readable).
std::string ws_frame(std::string_view payload, bool text) {
  std::string out;
  out += static_cast<char>(0x80 | (text ? 0x1 : 0x2));
  if (payload.size() < 126) {
    out += static_cast<char>(0x80 | payload.size());
  } else {
    out += static_cast<char>(0x80 | 126);
    out += static_cast<char>(payload.size() >> 8);
    out += static_cast<char>(payload.size() & 0xff);
  }
  out += std::string(4, '\0');
  return out + std::string(payload);
}

void wire_seeds(const fs::path& source, const fs::path& out) {
  std::ifstream in(source / "protocol/README.md");
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.rfind("> {", 0) != 0 && line.rfind("< {", 0) != 0) continue;
    const std::string json = line.substr(2);
    v1::ClientMessage client;
    v1::ServerMessage server;
    const google::protobuf::Message* message = nullptr;
    if (line[0] == '>' && protocol::from_json(json, &client)) message = &client;
    if (line[0] == '<' && protocol::from_json(json, &server)) message = &server;
    if (!message) continue;
    auto binary = protocol::to_binary(*message);
    if (!binary) continue;
    const std::string name = "readme-" + std::to_string(++n);
    write(out / "frames", name, framing::encode_length_prefixed(*binary));
    write(out / "websocket", name + "-binary", ws_frame(*binary, false));
    write(out / "websocket", name + "-text", ws_frame(json, true));
  }
}

// journal_row's text form (stored_journal_fuzz.cc). The match row holds the canonical rules
// text (create_stored_match), which the start entry must repeat.
std::string stored_rows(const referee::Referee& ref,
                        const std::vector<referee::JournalEntry>& entries) {
  const referee::MatchConfig& config = ref.config();
  const Outcome& outcome = ref.outcome();
  std::ostringstream out;
  out << config.game << '|' << ref.rules_text() << '|' << config.time.total_ms << '|'
      << config.time.per_move_ms << '|' << config.time.increment_ms << '|' << config.time.grace_ms
      << "|retry|" << config.illegal.limit() << '|' << config.disconnect_grace_ms << '|'
      << config.spectator_delay_plies << '|'
      << (outcome.finished() ? ending_name(outcome.ending) : "") << '|'
      << (outcome.winner ? std::to_string(*outcome.winner) : "") << '|' << outcome.detail << '\n';
  for (const auto& e : entries) {
    auto row = hosting::to_row(e, 1);
    if (!row) continue;
    out << storage::to_string(row->kind) << '|' << row->index << '|' << row->seq << '|'
        << (row->seat == kPublic ? "" : std::to_string(row->seat)) << '|' << row->elapsed_ms << '|'
        << row->clock_ms[0] << '|' << row->clock_ms[1] << '|' << row->text << '|' << row->reason
        << '\n';
  }
  return out.str();
}

void match_seeds(const fs::path& out, std::string_view game, std::uint64_t seed) {
  referee::MatchConfig config;
  config.match_id = "1";
  config.game = game;
  config.time.total_ms = 600'000;
  config.takebacks = game != "junqi";
  referee::MemoryJournal journal;
  auto now = referee::TimePoint{} + std::chrono::hours(1);
  auto made = referee::Referee::create(config, journal, now);
  if (!made) return;
  referee::Referee& ref = *made.value();
  Rng rng(seed);
  for (int ply = 0; ply < 60 && !ref.finished(); ++ply) {
    const Seat seat = ref.to_move() != kPublic ? ref.to_move() : ref.can_act(0) ? 0 : 1;
    now += std::chrono::milliseconds(700);
    (void)ref.submit(seat, ref.game().random_move(seat, rng), now);
    if (ply == 7) (void)ref.submit(1 - seat, "nonsense", now);  // an illegal attempt
    if (ply == 11 && config.takebacks) {  // an agreed takeback of the last two actions
      (void)ref.propose(seat, referee::ProposalKind::kTakeback, now);
      (void)ref.answer(1 - seat, referee::ProposalKind::kTakeback, true, now);
    }
  }
  const std::string name = std::string(game) + "-" + std::to_string(seed);
  // Unfinished: the rows of a running match; then resigned, for the records.
  if (!ref.finished())
    write(out / "stored_journal", name + "-running", stored_rows(ref, journal.entries()));
  if (!ref.finished()) (void)ref.resign(1, now);
  write(out / "stored_journal", name, stored_rows(ref, journal.entries()));
  auto record = ref.record();
  if (!record) return;
  records::RecordMeta meta;
  meta.match_id = config.match_id;
  meta.game = config.game;
  meta.players = {"甲队", "Team B"};
  meta.start_ms = 1'501'308'000'000;
  meta.end_ms = *meta.start_ms + 3'600'000;
  meta.event = "2017 CCGC";
  meta.place = "重庆";
  write(out / "json_record", name, records::to_json(*record, meta));
  if (auto text = records::to_text_record(*record, meta)) write(out / "text_record", name, *text);
}

}  // namespace
}  // namespace boyi::fuzz

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: boyi-fuzz-seeds SOURCE_DIR OUT_DIR\n";
    return 2;
  }
  boyi::fuzz::wire_seeds(argv[1], argv[2]);
  for (std::string_view game : {"junqi", "gomoku", "dots", "surakarta"})
    for (std::uint64_t seed : {1, 2}) boyi::fuzz::match_seeds(argv[2], game, seed);
  return 0;
}
