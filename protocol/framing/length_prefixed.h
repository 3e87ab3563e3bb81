// Binary framing for raw TCP: every frame is a 4-byte big-endian payload length
// followed by that many bytes of payload (one protobuf message).
//
// A zero length or a length over the limit is an error after which the stream cannot
// be resynchronised (there is no marker to find the next frame): the decoder stays
// failed and every later next() repeats the error. The receiver should say why and close.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "protocol/framing/frame.h"

namespace boyi::framing {

inline constexpr std::size_t kLengthPrefixBytes = 4;

// The 4-byte header followed by the payload. Payloads of 4 GiB or more cannot be
// framed; callers enforce a far smaller limit first.
std::string encode_length_prefixed(std::string_view payload);
// Appends header and payload to `out` (no temporary string).
void append_length_prefixed(std::string& out, std::string_view payload);

// Incremental decoder. Feed bytes as they arrive, in any split, then call next() until
// it says need_more. Bytes held are at most one header + one frame + the last feed.
class LengthPrefixedDecoder {
 public:
  explicit LengthPrefixedDecoder(std::size_t max_frame_bytes = kDefaultMaxFrameBytes)
      : max_frame_bytes_(max_frame_bytes) {}

  void feed(std::string_view bytes);
  DecodeStep next();

  bool failed() const { return failed_; }
  std::size_t buffered_bytes() const { return buffer_.size() - start_; }
  std::size_t max_frame_bytes() const { return max_frame_bytes_; }

 private:
  void compact();

  std::size_t max_frame_bytes_;
  std::string buffer_;
  std::size_t start_ = 0;  // first unconsumed byte of buffer_
  bool failed_ = false;
  std::string error_;
};

}  // namespace boyi::framing
