// Conversions between boyi.v1 messages and their two encodings on the wire:
// protobuf's binary format (TCP frames, WebSocket binary frames) and
// protobuf's JSON mapping, one message per line (TCP JSON lines, WebSocket
// text frames). Framing itself (length prefixes, line splitting) lives in
// protocol/framing; these functions see one message's bytes.
//
// Everything is bounded by a size limit and strict: bad JSON, an unknown
// field, a wrong type, undecodable binary, unknown binary fields or an
// envelope with no body are errors with a reason a person can read. Nothing
// here throws or aborts on any input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"

namespace google::protobuf {
class Message;
}

namespace boyi::protocol {

// The default bound of one message in either encoding (the frame limit).
inline constexpr std::size_t kDefaultMaxMessageBytes = 64 * 1024;

// The JSON mapping in one line: original (snake_case) field names, enum names,
// default values printed (so seat 0 and empty lists are explicit), no newline
// inside and none at the end. An error when the result would exceed max_bytes.
Result<std::string> to_json_line(const google::protobuf::Message& message,
                                 std::size_t max_bytes = kDefaultMaxMessageBytes);

// Parses one JSON object into *out (cleared first). Accepts snake_case and
// lowerCamelCase names, enum names or numbers, 64-bit integers as numbers or
// strings; surrounding whitespace (and a trailing "\r\n") is ignored. Unknown
// fields, wrong types and bad JSON are errors; so is a message whose "body"
// oneof (the envelopes) is not set. On error *out is unspecified.
Status from_json(std::string_view json, google::protobuf::Message* out,
                 std::size_t max_bytes = kDefaultMaxMessageBytes);

// Binary protobuf. parse_binary rejects undecodable bytes, unknown fields at
// any depth (this protocol has one version per handshake; unknown data is
// garbage) and an envelope without a body.
Result<std::string> to_binary(const google::protobuf::Message& message,
                              std::size_t max_bytes = kDefaultMaxMessageBytes);
Status parse_binary(std::string_view bytes, google::protobuf::Message* out,
                    std::size_t max_bytes = kDefaultMaxMessageBytes);
Status parse_binary(std::span<const std::uint8_t> bytes, google::protobuf::Message* out,
                    std::size_t max_bytes = kDefaultMaxMessageBytes);

}  // namespace boyi::protocol
