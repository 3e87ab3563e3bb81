// JSON-lines framing for TCP: one message (protobuf's JSON mapping) per line.
//
// `\n` ends a line and a `\r` just before it is dropped; empty lines and lines of only
// spaces/tabs are ignored. A line longer than the limit is an error that IS
// resynchronisable: the decoder reports it once (as soon as the limit is passed, without
// waiting for the newline), discards everything up to the next `\n`, and goes on with
// the line after it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "protocol/framing/frame.h"

namespace boyi::framing {

// The payload followed by `\n`. A raw CR or LF inside the payload would split the line,
// so each is replaced by a space: JSON allows them only as whitespace between tokens
// (inside strings they must be escaped), so the message means the same.
std::string encode_json_line(std::string_view payload);
void append_json_line(std::string& out, std::string_view payload);

class LineDecoder {
 public:
  explicit LineDecoder(std::size_t max_line_bytes = kDefaultMaxFrameBytes)
      : max_line_bytes_(max_line_bytes) {}

  void feed(std::string_view bytes);
  DecodeStep next();

  bool skipping() const { return skipping_; }
  std::size_t buffered_bytes() const { return buffer_.size() - start_; }
  std::size_t max_line_bytes() const { return max_line_bytes_; }

 private:
  void compact();
  DecodeStep oversize_error();

  std::size_t max_line_bytes_;
  std::string buffer_;
  std::size_t start_ = 0;    // first unconsumed byte
  std::size_t scanned_ = 0;  // bytes after start_ already known to hold no '\n'
  bool skipping_ = false;    // discarding the rest of an oversized line
};

}  // namespace boyi::framing
