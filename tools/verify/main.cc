// boyi-verify RECORD.json [--key HEX] [--seals FILE]: checks a finished 军棋 match offline.
// The record is the JSON record a Boyi server serves (/api/records/ID, the web client's
// download): both deployments, every step, the outcome, and the fairness disclosure. --key
// pins the server's published key; --seals adds what one seat kept from its events (one
// JSON ServerMessage per line, as a client logs them; lines without a seal are skipped).
// Exit 0: verified; 1: a check failed (the reason printed); 2: the input could not be read.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

#include "boyi/v1/boyi.pb.h"
#include "protocol/fairness/verify.h"
#include "protocol/wire/json.h"
#include "server/records/json_record.h"

namespace {

boyi::Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return boyi::fail("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The seals in a log of ServerMessages (JSON lines).
boyi::Result<std::vector<boyi::fairness::SeenSeal>> read_seals(const std::string& path) {
  std::ifstream in(path);
  if (!in) return boyi::fail("cannot open " + path);
  std::vector<boyi::fairness::SeenSeal> seals;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    boyi::v1::ServerMessage m;
    if (auto s = boyi::protocol::from_json(line, &m); !s)
      return boyi::fail(path + " line " + std::to_string(number) + ": " + s.message());
    if (m.has_match_event() && m.match_event().has_seal())
      seals.push_back({m.match_event().seq(), m.match_event().seal().chain(),
                       m.match_event().seal().signature()});
    if (m.has_match_ended() && m.match_ended().has_seal())
      seals.push_back({m.match_ended().seq(), m.match_ended().seal().chain(),
                       m.match_ended().seal().signature()});
  }
  return seals;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks a sealed 军棋 record offline: commitments, outcome codes, signatures"};
  std::string record_path, key, seals_path;
  app.add_option("record", record_path, "the JSON record (boyi-record/2)")->required();
  app.add_option("--key", key, "the server's published public key (64 hex digits)");
  app.add_option("--seals", seals_path, "a seat's log of ServerMessages (JSON lines)");
  CLI11_PARSE(app, argc, argv);

  auto text = read_file(record_path);
  if (!text) {
    std::cerr << "boyi-verify: " << text.message() << "\n";
    return 2;
  }
  auto parsed = boyi::records::from_json(*text);
  if (!parsed) {
    std::cerr << "boyi-verify: the record does not read: " << parsed.message() << "\n";
    return 2;
  }
  if (!parsed->meta.fairness) {
    std::cerr << "boyi-verify: the record has no fairness disclosure (only 军棋 matches on a "
                 "Boyi server are sealed)\n";
    return 2;
  }
  boyi::fairness::VerifyOptions options;
  options.trusted_key = key;
  if (!seals_path.empty()) {
    auto seals = read_seals(seals_path);
    if (!seals) {
      std::cerr << "boyi-verify: " << seals.message() << "\n";
      return 2;
    }
    options.seen = std::move(seals).value();
  }
  auto report = boyi::fairness::verify_record(parsed->record, parsed->meta.match_id,
                                              *parsed->meta.fairness, options);
  if (!report) {
    std::cout << "FAILED: match " << parsed->meta.match_id << ": " << report.message() << "\n";
    return 1;
  }
  std::cout << "verified: match " << parsed->meta.match_id << "\n";
  for (const auto& line : *report) std::cout << "  ok  " << line << "\n";
  return 0;
}
