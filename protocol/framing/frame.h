// Frames: the unit the transports move. A frame is one protocol message as bytes,
// tagged with how it is encoded (protobuf binary or protobuf's JSON mapping).
// Standard C++ only: the server and the bot clients both use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace boyi::framing {

// The default limit on one frame's payload (both directions, every transport).
inline constexpr std::size_t kDefaultMaxFrameBytes = 64 * 1024;

enum class FrameKind : std::uint8_t {
  binary,  // a protobuf-encoded message
  json,    // the same message in protobuf's JSON mapping (UTF-8 text)
};

struct Frame {
  std::string bytes;
  FrameKind kind = FrameKind::binary;

  friend bool operator==(const Frame&, const Frame&) = default;
};

inline std::string_view to_string(FrameKind kind) {
  return kind == FrameKind::binary ? "binary" : "json";
}

// What a decoder's next() produced.
struct DecodeStep {
  enum class Type : std::uint8_t {
    need_more,  // no complete frame buffered; feed more bytes
    frame,      // `payload` holds one complete frame
    error,      // `reason` says what was wrong; see `resynchronised`
  };
  Type type = Type::need_more;
  std::string payload;
  std::string reason;
  // For errors: true when the decoder skipped the bad input and can go on decoding
  // (an oversized JSON line); false when the stream is lost for good (binary framing).
  bool resynchronised = false;

  bool is_frame() const { return type == Type::frame; }
  bool is_error() const { return type == Type::error; }
  bool need_more() const { return type == Type::need_more; }
};

}  // namespace boyi::framing
