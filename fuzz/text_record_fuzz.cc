// The competition's text records (棋谱, server/records/text_record.h) of the four games:
// parsed, then replayed through the engine. Checks: a record that replays, written again as a
// text record, parses and replays to the same actions.
#include <string>

#include "fuzz/fuzz_check.h"
#include "server/records/text_record.h"

namespace boyi::fuzz {
namespace {

// The replayed match as the server would record it.
referee::MatchRecord match_of(const records::TextRecord& text,
                              const records::ReplayedText& replayed) {
  referee::MatchRecord record;
  record.config.match_id = "1";
  record.config.game = text.game;
  record.rules_text = replayed.game->rules_text();
  record.config.rules_text = record.rules_text;
  std::uint64_t seq = 1;
  for (const auto& [seat, action] : replayed.actions)
    record.actions.push_back({++seq, seat, action, 0, {}});
  record.outcome = replayed.game->outcome();
  record.final_text = replayed.game->full_text();
  return record;
}

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi;
  auto parsed = records::parse_text_record(fuzz::text_of(data, size));
  if (!parsed) return 0;
  auto replayed = records::replay_text_record(*parsed, "");
  if (!replayed) return 0;
  records::RecordMeta meta;
  meta.game = parsed->game;
  meta.players = parsed->teams;
  meta.event = parsed->event;
  meta.place = parsed->place;
  auto written = records::to_text_record(fuzz::match_of(*parsed, *replayed), meta);
  BOYI_FUZZ_CHECK(written.ok(), written.ok() ? "" : written.message());
  auto reparsed = records::parse_text_record(*written);
  BOYI_FUZZ_CHECK(reparsed.ok(), reparsed.ok() ? *written : reparsed.message());
  auto again = records::replay_text_record(*reparsed, "");
  BOYI_FUZZ_CHECK(again.ok(), again.ok() ? *written : again.message());
  BOYI_FUZZ_CHECK(again->actions == replayed->actions, *written);
  return 0;
}
