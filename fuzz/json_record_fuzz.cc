// The JSON game record (schema boyi-record/1, server/records/json_record.h): read (every field
// validated, every action replayed). Checks the reader's promise: a record read, written with
// to_json and read again, gives back the same record and metadata.
#include <string>

#include "fuzz/fuzz_check.h"
#include "server/records/json_record.h"

namespace {

bool same_record(const boyi::referee::MatchRecord& a, const boyi::referee::MatchRecord& b) {
  return a.config == b.config && a.rules_text == b.rules_text && a.actions == b.actions &&
         a.outcome == b.outcome && a.final_text == b.final_text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi;
  auto read = records::from_json(fuzz::text_of(data, size));
  if (!read) return 0;
  const std::string written = records::to_json(read->record, read->meta);
  auto again = records::from_json(written);
  BOYI_FUZZ_CHECK(again.ok(), again.ok() ? written : again.message());
  BOYI_FUZZ_CHECK(same_record(again->record, read->record), written);
  BOYI_FUZZ_CHECK(again->meta == read->meta, written);
  return 0;
}
