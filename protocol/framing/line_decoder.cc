#include "protocol/framing/line_decoder.h"

namespace boyi::framing {

void append_json_line(std::string& out, std::string_view payload) {
  out.reserve(out.size() + payload.size() + 1);
  for (char c : payload) out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  out.push_back('\n');
}

std::string encode_json_line(std::string_view payload) {
  std::string out;
  append_json_line(out, payload);
  return out;
}

void LineDecoder::compact() {
  if (start_ == 0) return;
  buffer_.erase(0, start_);
  start_ = 0;
}

void LineDecoder::feed(std::string_view bytes) {
  if (skipping_) {
    // Drop bytes of the oversized line right away so they are never held.
    const auto nl = bytes.find('\n');
    if (nl == std::string_view::npos) return;
    skipping_ = false;
    bytes.remove_prefix(nl + 1);
  }
  compact();
  buffer_.append(bytes);
}

DecodeStep LineDecoder::oversize_error() {
  DecodeStep step;
  step.type = DecodeStep::Type::error;
  step.reason = "line exceeds the limit of " + std::to_string(max_line_bytes_) +
                " bytes; skipped to the next newline";
  step.resynchronised = true;
  return step;
}

static bool blank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

DecodeStep LineDecoder::next() {
  while (true) {
    const std::string_view rest(buffer_.data() + start_, buffer_.size() - start_);
    const auto nl = rest.find('\n', scanned_);
    if (nl == std::string_view::npos) {
      scanned_ = rest.size();
      // Content may be followed by a '\r' that the newline would drop: allow one byte.
      if (rest.size() > max_line_bytes_ + 1) {
        buffer_.clear();
        start_ = 0;
        scanned_ = 0;
        skipping_ = true;
        return oversize_error();
      }
      return {};
    }
    std::string_view line = rest.substr(0, nl);
    start_ += nl + 1;
    scanned_ = 0;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > max_line_bytes_) return oversize_error();
    if (blank(line)) continue;
    DecodeStep step;
    step.type = DecodeStep::Type::frame;
    step.payload.assign(line);
    if (start_ == buffer_.size()) {
      buffer_.clear();
      start_ = 0;
    }
    return step;
  }
}

}  // namespace boyi::framing
