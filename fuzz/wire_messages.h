// The two envelopes (boyi.v1 ClientMessage from clients, ServerMessage from the server to bot
// clients) decoded from one frame's payload, and what a decoded message promises: encoding it
// again and decoding that gives the same message.
#pragma once

#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/message_differencer.h>

#include <string_view>

#include "boyi/v1/boyi.pb.h"
#include "fuzz/fuzz_check.h"
#include "protocol/wire/json.h"

namespace boyi::fuzz {

// protobuf logs every refused UTF-8 string; the refusal itself is what is tested.
inline void quiet_protobuf() {
  google::protobuf::SetLogHandler(nullptr);
}

inline bool same_message(const google::protobuf::Message& a, const google::protobuf::Message& b) {
  google::protobuf::util::DefaultFieldComparator fields;
  fields.set_treat_nan_as_equal(true);  // a NaN double survives both encodings as NaN
  google::protobuf::util::MessageDifferencer differ;
  differ.set_field_comparator(&fields);
  return differ.Compare(a, b);
}

// Decodes `payload` as binary protobuf or as the JSON mapping into Message; when it decodes,
// re-encodes it the same way and checks that the message comes back unchanged.
template <class Message>
void decode_and_round_trip(std::string_view payload, bool json) {
  Message first;
  const Status parsed =
      json ? protocol::from_json(payload, &first) : protocol::parse_binary(payload, &first);
  if (!parsed) return;
  auto again = json ? protocol::to_json_line(first) : protocol::to_binary(first);
  if (!again) return;  // JSON prints defaults, so a message may outgrow the limit
  Message second;
  const Status reparsed =
      json ? protocol::from_json(*again, &second) : protocol::parse_binary(*again, &second);
  BOYI_FUZZ_CHECK(reparsed.ok(), reparsed.message());
  BOYI_FUZZ_CHECK(same_message(first, second), *again);
}

inline void decode_envelopes(std::string_view payload, bool json) {
  decode_and_round_trip<v1::ClientMessage>(payload, json);
  decode_and_round_trip<v1::ServerMessage>(payload, json);
}

}  // namespace boyi::fuzz
