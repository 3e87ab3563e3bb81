// TCP binary transport: length-prefixed frames (protocol/framing/length_prefixed.h), each
// decoded as the client's and the server's envelope. Checks: the frames and the error do not
// depend on how the bytes were split, and a decoded message survives encoding again.
#include <string>
#include <vector>

#include "fuzz/chunks.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/wire_messages.h"
#include "protocol/framing/length_prefixed.h"

namespace boyi::fuzz {
namespace {

struct Decoded {
  std::vector<std::string> frames;
  bool failed = false;
};

// Feeds the chunks in order, taking every frame after each; stops at the first error (the
// stream is lost for good then).
Decoded decode(const std::vector<std::string_view>& chunks) {
  framing::LengthPrefixedDecoder decoder;
  Decoded out;
  for (std::string_view chunk : chunks) {
    decoder.feed(chunk);
    for (auto step = decoder.next(); !step.need_more(); step = decoder.next()) {
      if (step.is_error()) {
        BOYI_FUZZ_CHECK(!step.resynchronised && decoder.failed(), step.reason);
        BOYI_FUZZ_CHECK(decoder.next().is_error(), "the error must repeat");
        out.failed = true;
        return out;
      }
      out.frames.push_back(std::move(step.payload));
    }
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
  const Decoded whole = decode({bytes});
  const Decoded split = decode(chunks_of(bytes));
  BOYI_FUZZ_CHECK(whole.frames == split.frames && whole.failed == split.failed, "split");
  for (const std::string& frame : whole.frames) {
    BOYI_FUZZ_CHECK(boyi::framing::encode_length_prefixed(frame).size() == frame.size() + 4, "");
    decode_envelopes(frame, /*json=*/false);
  }
  return 0;
}
