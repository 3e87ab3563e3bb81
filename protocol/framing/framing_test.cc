// Framing decoders: every split of the input across feeds gives the same frames;
// oversize, zero length and garbage are errors with reasons.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"

namespace boyi::framing {
namespace {

// What a decoder produced: frames as-is, errors as "!<reason>".
template <class Decoder>
std::vector<std::string> drain(Decoder& d, int max_steps = 1000) {
  std::vector<std::string> out;
  for (int i = 0; i < max_steps; ++i) {
    DecodeStep s = d.next();
    if (s.need_more()) break;
    if (s.is_error()) {
      out.push_back("!" + s.reason);
      if (!s.resynchronised) break;
      continue;
    }
    out.push_back(s.payload);
  }
  return out;
}

// Feeds `input` cut at positions i and j (i <= j) and collects everything.
template <class Decoder>
std::vector<std::string> decode_split(const std::string& input, std::size_t i, std::size_t j,
                                      std::size_t limit) {
  Decoder d(limit);
  std::vector<std::string> out;
  for (auto [a, b] : {std::pair{std::size_t{0}, i}, std::pair{i, j}, std::pair{j, input.size()}}) {
    d.feed(std::string_view(input).substr(a, b - a));
    auto part = drain(d);
    out.insert(out.end(), part.begin(), part.end());
  }
  return out;
}

TEST(FramingLengthPrefixed, EncodesBigEndianLength) {
  const std::string e = encode_length_prefixed(std::string(258, 'x'));
  ASSERT_EQ(e.size(), 262u);
  EXPECT_EQ(e.substr(0, 4), std::string("\x00\x00\x01\x02", 4));
  EXPECT_EQ(e.substr(4), std::string(258, 'x'));
}

TEST(FramingLengthPrefixed, EverySplitGivesSameFrames) {
  const std::vector<std::string> frames = {"a", std::string("\x00\x01\n\r", 4), "hello world",
                                           std::string(300, 'z')};
  std::string input;
  for (const auto& f : frames) append_length_prefixed(input, f);
  for (std::size_t i = 0; i <= input.size(); ++i) {
    for (std::size_t j = i; j <= input.size(); j += (j < 20 || j + 20 > input.size()) ? 1 : 7) {
      ASSERT_EQ((decode_split<LengthPrefixedDecoder>(input, i, j, 1024)), frames)
          << "split at " << i << "," << j;
    }
  }
}

TEST(FramingLengthPrefixed, ByteAtATime) {
  std::string input = encode_length_prefixed("one") + encode_length_prefixed("two");
  LengthPrefixedDecoder d;
  std::vector<std::string> got;
  for (char c : input) {
    d.feed(std::string_view(&c, 1));
    auto part = drain(d);
    got.insert(got.end(), part.begin(), part.end());
  }
  EXPECT_EQ(got, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(d.buffered_bytes(), 0u);
}

TEST(FramingLengthPrefixed, FrameAtLimitAcceptedOverLimitRejectedForGood) {
  LengthPrefixedDecoder d(16);
  d.feed(encode_length_prefixed(std::string(16, 'a')));
  EXPECT_EQ(drain(d), std::vector<std::string>{std::string(16, 'a')});
  d.feed(encode_length_prefixed(std::string(17, 'b')));
  DecodeStep s = d.next();
  ASSERT_TRUE(s.is_error());
  EXPECT_FALSE(s.resynchronised);
  EXPECT_NE(s.reason.find("17 bytes exceeds the limit of 16"), std::string::npos) << s.reason;
  EXPECT_TRUE(d.failed());
  // Nothing afterwards is decoded, even a well-formed frame; the error repeats.
  d.feed(encode_length_prefixed("ok"));
  EXPECT_TRUE(d.next().is_error());
  EXPECT_EQ(d.buffered_bytes(), 0u);
}

TEST(FramingLengthPrefixed, OversizeDetectedFromHeaderAlone) {
  LengthPrefixedDecoder d(1024);
  d.feed(std::string("\x7f\xff\xff\xff", 4));  // no payload: the header already says too big
  auto s = d.next();
  ASSERT_TRUE(s.is_error());
  EXPECT_NE(s.reason.find("2147483647"), std::string::npos) << s.reason;
}

TEST(FramingLengthPrefixed, ZeroLengthIsAnError) {
  LengthPrefixedDecoder d;
  d.feed(encode_length_prefixed("x"));
  d.feed(std::string("\0\0\0\0", 4));
  auto out = drain(d);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], "x");
  EXPECT_EQ(out[1], "!zero-length frame");
}

TEST(FramingLengthPrefixed, GarbageTextIsAnOversizedFrame) {
  LengthPrefixedDecoder d;
  d.feed("GARBAGE GARBAGE\n");  // 'GARB' read as a length: ~1.2e9 bytes
  auto s = d.next();
  ASSERT_TRUE(s.is_error());
  EXPECT_NE(s.reason.find("exceeds the limit"), std::string::npos);
}

TEST(FramingLengthPrefixed, PartialHeaderAndPayloadNeedMore) {
  LengthPrefixedDecoder d;
  d.feed(std::string("\0\0", 2));
  EXPECT_TRUE(d.next().need_more());
  d.feed(std::string("\0\x05hel", 5));
  EXPECT_TRUE(d.next().need_more());
  EXPECT_EQ(d.buffered_bytes(), 7u);
  d.feed("lo");
  auto s = d.next();
  ASSERT_TRUE(s.is_frame());
  EXPECT_EQ(s.payload, "hello");
}

TEST(FramingLines, EncodeReplacesRawNewlines) {
  EXPECT_EQ(encode_json_line("{\"a\":\n1}"), "{\"a\": 1}\n");
  EXPECT_EQ(encode_json_line("{}"), "{}\n");
  EXPECT_EQ(encode_json_line("{\r\n}"), "{  }\n");
}

TEST(FramingLines, EverySplitGivesSameLines) {
  const std::string input = "{\"a\":1}\r\n\n  \n{\"b\":\"x y\"}\n\r\n{\"c\":[1,2,3]}\n";
  const std::vector<std::string> want = {"{\"a\":1}", "{\"b\":\"x y\"}", "{\"c\":[1,2,3]}"};
  for (std::size_t i = 0; i <= input.size(); ++i) {
    for (std::size_t j = i; j <= input.size(); ++j) {
      ASSERT_EQ((decode_split<LineDecoder>(input, i, j, 64)), want) << i << "," << j;
    }
  }
}

TEST(FramingLines, OversizedLineIsSkippedAndDecodingGoesOn) {
  const std::string big(40, 'x');
  const std::string input = "{1}\n" + big + "\n{2}\n" + big + "\r\n{3}\n";
  const std::string reason = "!line exceeds the limit of 16 bytes; skipped to the next newline";
  const std::vector<std::string> want = {"{1}", reason, "{2}", reason, "{3}"};
  for (std::size_t i = 0; i <= input.size(); ++i) {
    for (std::size_t j = i; j <= input.size(); ++j) {
      ASSERT_EQ((decode_split<LineDecoder>(input, i, j, 16)), want) << i << "," << j;
    }
  }
}

TEST(FramingLines, LineAtLimitWithCarriageReturnAccepted) {
  LineDecoder d(8);
  d.feed(std::string(8, 'a') + "\r");
  EXPECT_TRUE(d.next().need_more());  // 9 bytes could still be 8 + '\r'
  d.feed("\n");
  auto s = d.next();
  ASSERT_TRUE(s.is_frame());
  EXPECT_EQ(s.payload, std::string(8, 'a'));
  d.feed(std::string(9, 'b') + "\n");
  auto e = d.next();
  ASSERT_TRUE(e.is_error());
  EXPECT_TRUE(e.resynchronised);
}

TEST(FramingLines, OversizeReportedBeforeNewlineAndNothingHeld) {
  LineDecoder d(16);
  d.feed(std::string(100, 'g'));
  auto s = d.next();
  ASSERT_TRUE(s.is_error());
  EXPECT_TRUE(d.skipping());
  EXPECT_EQ(d.buffered_bytes(), 0u);
  d.feed(std::string(100000, 'g'));  // more of the same line: dropped, not buffered
  EXPECT_EQ(d.buffered_bytes(), 0u);
  EXPECT_TRUE(d.next().need_more());
  d.feed("tail\n{\"ok\":true}\n");
  EXPECT_FALSE(d.skipping());
  auto f = d.next();
  ASSERT_TRUE(f.is_frame());
  EXPECT_EQ(f.payload, "{\"ok\":true}");
}

TEST(FramingLines, GarbageBytesPassThroughAsLines) {
  // The line decoder does not parse JSON: a garbage line is a frame the receiver rejects.
  LineDecoder d;
  d.feed(std::string("\x01\x02\xff garbage\n", 12));
  auto s = d.next();
  ASSERT_TRUE(s.is_frame());
  EXPECT_EQ(s.payload, std::string("\x01\x02\xff garbage", 11));
}

}  // namespace
}  // namespace boyi::framing
