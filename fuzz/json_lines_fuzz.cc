// TCP JSON transport and WebSocket text messages: JSON lines (protocol/framing/line_decoder.h),
// each decoded as the client's and the server's envelope (protocol/wire/json.h). Checks: the
// lines and the oversize errors do not depend on how the bytes were split, an encoded line
// decodes to its payload, and a decoded message survives encoding again.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz/chunks.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/wire_messages.h"
#include "protocol/framing/line_decoder.h"

namespace boyi::fuzz {
namespace {

// Small enough that the fuzzer reaches it; the production limit is the same code.
constexpr std::size_t kLineLimit = 512;

struct Decoded {
  std::vector<std::string> lines;
  int errors = 0;
};

Decoded decode(const std::vector<std::string_view>& chunks, std::size_t limit) {
  framing::LineDecoder decoder(limit);
  Decoded out;
  for (std::string_view chunk : chunks) {
    decoder.feed(chunk);
    for (auto step = decoder.next(); !step.need_more(); step = decoder.next()) {
      if (step.is_error()) {
        BOYI_FUZZ_CHECK(step.resynchronised, step.reason);
        ++out.errors;
      } else {
        BOYI_FUZZ_CHECK(step.payload.size() <= limit, step.payload);
        out.lines.push_back(std::move(step.payload));
      }
    }
    BOYI_FUZZ_CHECK(decoder.buffered_bytes() <= limit + 1 + chunk.size(), "held too much");
  }
  return out;
}

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  boyi::fuzz::quiet_protobuf();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi::fuzz;
  const std::string_view bytes = text_of(data, size);
  const Decoded whole = decode({bytes}, kLineLimit);
  const Decoded split = decode(chunks_of(bytes), kLineLimit);
  BOYI_FUZZ_CHECK(whole.lines == split.lines && whole.errors == split.errors, "split");
  for (const std::string& line : whole.lines) {
    // What the sender's encoder makes of a decoded line decodes to that line again, a raw CR
    // inside it turned into a space (a line that is then blank is skipped).
    std::string expected = line;
    std::replace(expected.begin(), expected.end(), '\r', ' ');
    const bool blank = expected.find_first_not_of(" \t") == std::string::npos;
    const Decoded echo = decode({boyi::framing::encode_json_line(line)}, kLineLimit);
    BOYI_FUZZ_CHECK(echo.errors == 0 && echo.lines.size() == (blank ? 0 : 1), line);
    BOYI_FUZZ_CHECK(blank || echo.lines[0] == expected, line);
    decode_envelopes(line, /*json=*/true);
  }
  return 0;
}
