#include "protocol/framing/length_prefixed.h"

#include <cstdint>

namespace boyi::framing {

void append_length_prefixed(std::string& out, std::string_view payload) {
  const auto n = static_cast<std::uint32_t>(payload.size());
  out.reserve(out.size() + kLengthPrefixBytes + payload.size());
  out.push_back(static_cast<char>((n >> 24) & 0xff));
  out.push_back(static_cast<char>((n >> 16) & 0xff));
  out.push_back(static_cast<char>((n >> 8) & 0xff));
  out.push_back(static_cast<char>(n & 0xff));
  out.append(payload);
}

std::string encode_length_prefixed(std::string_view payload) {
  std::string out;
  append_length_prefixed(out, payload);
  return out;
}

void LengthPrefixedDecoder::feed(std::string_view bytes) {
  if (failed_) return;  // nothing after a bad header can be trusted
  compact();
  buffer_.append(bytes);
}

void LengthPrefixedDecoder::compact() {
  if (start_ == 0) return;
  if (start_ == buffer_.size()) {
    buffer_.clear();
  } else {
    buffer_.erase(0, start_);
  }
  start_ = 0;
}

DecodeStep LengthPrefixedDecoder::next() {
  DecodeStep step;
  if (failed_) {
    step.type = DecodeStep::Type::error;
    step.reason = error_;
    return step;
  }
  const std::size_t available = buffer_.size() - start_;
  if (available < kLengthPrefixBytes) return step;
  const auto* p = reinterpret_cast<const unsigned char*>(buffer_.data() + start_);
  const std::uint32_t n = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                          (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
  if (n == 0 || n > max_frame_bytes_) {
    failed_ = true;
    error_ = n == 0 ? std::string("zero-length frame")
                    : "frame of " + std::to_string(n) + " bytes exceeds the limit of " +
                          std::to_string(max_frame_bytes_) + " bytes";
    buffer_.clear();
    start_ = 0;
    step.type = DecodeStep::Type::error;
    step.reason = error_;
    return step;
  }
  if (available - kLengthPrefixBytes < n) return step;
  step.type = DecodeStep::Type::frame;
  step.payload.assign(buffer_, start_ + kLengthPrefixBytes, n);
  start_ += kLengthPrefixBytes + n;
  if (start_ == buffer_.size()) {
    buffer_.clear();
    start_ = 0;
  }
  return step;
}

}  // namespace boyi::framing
