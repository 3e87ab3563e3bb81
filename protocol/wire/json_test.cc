// The JSON mapping and the binary checks: every message type round-trips;
// bad JSON, unknown fields, wrong types, missing bodies and oversize input are
// rejected with reasons; binary garbage is rejected.
#include "protocol/wire/json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "boyi/v1/boyi.pb.h"

namespace boyi::protocol {
namespace {

namespace pb = google::protobuf;

// Fills every field of m with a non-default value. In each oneof the member at
// `choice` (modulo its size) is set, so several choices cover every member.
void fill(pb::Message* m, int depth, int choice) {
  const pb::Descriptor* d = m->GetDescriptor();
  const pb::Reflection* r = m->GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (const auto* oneof = f->real_containing_oneof()) {
      if (oneof->field(choice % oneof->field_count()) != f) continue;
    }
    const int copies = f->is_repeated() ? 2 : 1;
    for (int k = 0; k < copies; ++k) {
      const int n = i + k + 1;
      switch (f->cpp_type()) {
        case pb::FieldDescriptor::CPPTYPE_INT32:
          f->is_repeated() ? r->AddInt32(m, f, -n) : r->SetInt32(m, f, -n);
          break;
        case pb::FieldDescriptor::CPPTYPE_INT64:
          f->is_repeated() ? r->AddInt64(m, f, -n) : r->SetInt64(m, f, -n);
          break;
        case pb::FieldDescriptor::CPPTYPE_UINT32:
          f->is_repeated() ? r->AddUInt32(m, f, 40000u + n) : r->SetUInt32(m, f, 40000u + n);
          break;
        case pb::FieldDescriptor::CPPTYPE_UINT64: {
          const std::uint64_t big = (std::uint64_t{1} << 60) + n;  // beyond a double's precision
          f->is_repeated() ? r->AddUInt64(m, f, big) : r->SetUInt64(m, f, big);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_BOOL:
          f->is_repeated() ? r->AddBool(m, f, true) : r->SetBool(m, f, true);
          break;
        case pb::FieldDescriptor::CPPTYPE_ENUM: {
          const auto* e = f->enum_type();
          const auto* v = e->value(e->value_count() - 1 - (k % e->value_count()));
          f->is_repeated() ? r->AddEnum(m, f, v) : r->SetEnum(m, f, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_STRING: {
          // Quotes, a backslash, a newline, Chinese text: all must survive one line.
          const std::string s = "军棋 \"q\" \\ line\nnext " + std::to_string(n);
          f->is_repeated() ? r->AddString(m, f, s) : r->SetString(m, f, s);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_MESSAGE:
          if (depth < 4)
            fill(f->is_repeated() ? r->AddMessage(m, f) : r->MutableMessage(m, f), depth + 1,
                 choice);
          break;
        default:
          break;
      }
    }
  }
}

void expect_round_trip(const pb::Message& original, const std::string& what) {
  auto line = to_json_line(original);
  ASSERT_TRUE(line.ok()) << what << ": " << line.message();
  EXPECT_EQ(line->find('\n'), std::string::npos) << what;
  std::unique_ptr<pb::Message> back(original.New());
  const Status parsed = from_json(*line, back.get());
  ASSERT_TRUE(parsed.ok()) << what << ": " << parsed.message() << "\n" << *line;
  EXPECT_TRUE(pb::util::MessageDifferencer::Equals(original, *back)) << what << "\n" << *line;

  auto bytes = to_binary(original);
  ASSERT_TRUE(bytes.ok()) << what << ": " << bytes.message();
  std::unique_ptr<pb::Message> from_bytes(original.New());
  const Status decoded = parse_binary(*bytes, from_bytes.get());
  ASSERT_TRUE(decoded.ok()) << what << ": " << decoded.message();
  EXPECT_TRUE(pb::util::MessageDifferencer::Equals(original, *from_bytes)) << what;
}

// Every body of an envelope, each with every nested oneof choice.
template <class Envelope>
int round_trip_every_body() {
  const pb::Descriptor* d = Envelope::descriptor();
  const pb::OneofDescriptor* body = d->FindOneofByName("body");
  EXPECT_NE(body, nullptr);
  int checked = 0;
  for (int i = 0; i < body->field_count(); ++i) {
    for (int choice = 0; choice < 6; ++choice) {
      Envelope m;
      m.set_request_id(1000 + i);
      const pb::FieldDescriptor* f = body->field(i);
      fill(m.GetReflection()->MutableMessage(&m, f), 1, choice);
      expect_round_trip(m, d->name() + "." + f->name() + " choice " + std::to_string(choice));
      ++checked;
    }
  }
  return checked;
}

TEST(JsonMapping, EveryClientMessageRoundTrips) {
  EXPECT_EQ(round_trip_every_body<v1::ClientMessage>(),
            6 * v1::ClientMessage::descriptor()->FindOneofByName("body")->field_count());
}

TEST(JsonMapping, EveryServerMessageRoundTrips) {
  EXPECT_EQ(round_trip_every_body<v1::ServerMessage>(),
            6 * v1::ServerMessage::descriptor()->FindOneofByName("body")->field_count());
}

TEST(JsonMapping, LineUsesSnakeCaseEnumNamesAndPrintsDefaults) {
  v1::ServerMessage m;
  m.set_request_id(7);
  auto* e = m.mutable_error();
  e->set_code(v1::ERROR_CODE_ILLEGAL_MOVE);
  e->set_message("H8 is occupied");
  auto line = to_json_line(m);
  ASSERT_TRUE(line.ok()) << line.message();
  EXPECT_NE(line->find("\"request_id\":\"7\""), std::string::npos) << *line;
  EXPECT_NE(line->find("\"code\":\"ERROR_CODE_ILLEGAL_MOVE\""), std::string::npos) << *line;
  EXPECT_NE(line->find("\"attempts_left\":0"), std::string::npos) << *line;  // default printed
  EXPECT_NE(line->find("\"fatal\":false"), std::string::npos) << *line;
}

TEST(JsonMapping, AcceptsCamelCaseNumbersForIdsAndTrailingCrLf) {
  v1::ClientMessage m;
  ASSERT_TRUE(from_json(R"({"requestId": 42, "move": {"matchId": "m1", "move": "H8"}})"
                        "\r\n",
                        &m)
                  .ok());
  EXPECT_EQ(m.request_id(), 42u);
  ASSERT_TRUE(m.has_move());
  EXPECT_EQ(m.move().match_id(), "m1");
  EXPECT_EQ(m.move().move(), "H8");
}

void expect_rejected(std::string_view json, std::string_view reason_part) {
  v1::ClientMessage m;
  const Status s = from_json(json, &m);
  EXPECT_FALSE(s.ok()) << json;
  EXPECT_NE(s.message().find(reason_part), std::string::npos)
      << "input: " << json << "\nreason: " << s.message();
}

TEST(JsonMapping, RejectsBadJsonWithReasons) {
  expect_rejected("", "empty");
  expect_rejected("   \r\n", "empty");
  expect_rejected("not json", "object");
  expect_rejected("[1,2]", "object");
  expect_rejected("{", "ClientMessage");
  expect_rejected(R"({"request_id": 1, "hello": {"protocol_version": 1})", "ClientMessage");
  expect_rejected(R"({"request_id": 1 "hello": {}})", "ClientMessage");
  expect_rejected("{\"request_id\": 1, \"hello\": {\"client_name\": \"\xff\xfe\"}}",
                  "ClientMessage");
}

TEST(JsonMapping, ReasonsArePrintableOneLineAscii) {
  v1::ClientMessage m;
  const Status s = from_json("{\"request_id\": 1, \"hello\": {\"client_name\": \"\xff\xfe\"}}", &m);
  ASSERT_FALSE(s.ok());
  for (char c : s.message()) {
    EXPECT_GE(static_cast<unsigned char>(c), 0x20) << s.message();
    EXPECT_LT(static_cast<unsigned char>(c), 0x7f) << s.message();
  }
}

TEST(JsonMapping, RefusesToWriteInvalidUtf8) {
  v1::ServerMessage m;
  m.mutable_error()->set_message("ok 军棋");
  EXPECT_TRUE(to_json_line(m).ok());
  for (std::string bad : {std::string("\xff"), std::string("\xc3"), std::string("\xc0\x80"),
                          std::string("\xed\xa0\x80"), std::string("a\xe4\xb8")}) {
    m.mutable_error()->set_message(bad);
    auto line = to_json_line(m);
    EXPECT_FALSE(line.ok());
    EXPECT_NE(line.message().find("error.message"), std::string::npos) << line.message();
    EXPECT_FALSE(to_binary(m).ok());
  }
  m.Clear();
  m.mutable_game_list()->add_games()->add_presets()->set_name("\xff");
  auto line = to_json_line(m);
  EXPECT_FALSE(line.ok());
  EXPECT_NE(line.message().find("game_list.games[0].presets[0].name"), std::string::npos)
      << line.message();
}

TEST(JsonMapping, RejectsUnknownFieldsByName) {
  expect_rejected(R"({"request_id": 1, "bogus": 2, "ping": {}})", "bogus");
  expect_rejected(R"({"request_id": 1, "ping": {"nonce": 1, "extra": true}})", "extra");
}

TEST(JsonMapping, RejectsWrongTypes) {
  expect_rejected(R"({"request_id": "abc", "ping": {}})", "request_id");
  expect_rejected(R"({"request_id": 1, "ping": {"nonce": "x"}})", "nonce");
  expect_rejected(R"({"request_id": 1, "ping": {"nonce": -1}})", "nonce");
  expect_rejected(R"({"request_id": 1, "move": {"match_id": 5, "move": "H8"}})", "match_id");
  expect_rejected(R"({"request_id": 1, "ping": []})", "ping");
  expect_rejected(R"({"request_id": 1, "sign_in": {"password": {"username": ["a"]}}})", "username");
}

TEST(JsonMapping, RejectsEnvelopeWithoutOrWithTwoBodies) {
  expect_rejected(R"({"request_id": 1})", "no body");
  expect_rejected("{}", "no body");
  expect_rejected(R"({"request_id": 1, "ping": {}, "pong": {}})", "ClientMessage");
}

TEST(JsonMapping, RejectsOversizeInputAndOutput) {
  std::string big =
      R"({"request_id": 1, "hello": {"client_name": ")" + std::string(70000, 'a') + "\"}}";
  expect_rejected(big, "limit");
  v1::ClientMessage m;
  EXPECT_TRUE(from_json(big, &m, 100000).ok());  // a larger limit admits it
  auto line = to_json_line(m);
  EXPECT_FALSE(line.ok());
  EXPECT_NE(line.message().find("limit"), std::string::npos) << line.message();
  EXPECT_TRUE(to_json_line(m, 100000).ok());
  EXPECT_FALSE(to_binary(m).ok());
  EXPECT_TRUE(to_binary(m, 100000).ok());
}

TEST(JsonMapping, DeepNestingIsRejectedNotCrashed) {
  std::string deep = R"({"request_id": 1, "hello": )";
  for (int i = 0; i < 5000; ++i) deep += "{\"a\":";
  deep += "1";
  for (int i = 0; i < 5000; ++i) deep += "}";
  deep += "}";
  v1::ClientMessage m;
  EXPECT_FALSE(from_json(deep, &m).ok());
}

TEST(Binary, RejectsGarbageWithReasons) {
  v1::ClientMessage m;
  Status s = parse_binary(std::string_view("\xff\xff\xff\xff", 4), &m);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("undecodable"), std::string::npos) << s.message();
  s = parse_binary(std::string_view("", 0), &m);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("no body"), std::string::npos) << s.message();
  s = parse_binary(std::string_view("hello world!"), &m);
  EXPECT_FALSE(s.ok()) << "text is not a message";
}

TEST(Binary, RejectsUnknownFieldsAtAnyDepth) {
  v1::ClientMessage m;
  m.set_request_id(3);
  m.mutable_move()->set_match_id("m");
  m.mutable_move()->set_move("G0F0");
  std::string bytes = *to_binary(m);
  v1::ClientMessage back;
  ASSERT_TRUE(parse_binary(bytes, &back).ok());
  // Field 1000, varint 1, appended at the top level.
  std::string top = bytes + std::string("\xc0\x3e\x01", 3);
  Status s = parse_binary(top, &back);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("1000"), std::string::npos) << s.message();
  // Inside the move body: field 60 (move), length-delimited, holding field 9 varint 5.
  v1::ClientMessage inner;
  inner.set_request_id(3);
  std::string body = std::string("\x48\x05", 2);  // field 9, varint 5
  std::string nested =
      *to_binary(inner) + std::string("\xe2\x03", 2) + static_cast<char>(body.size()) + body;
  s = parse_binary(nested, &back);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("move"), std::string::npos) << s.message();
}

TEST(Binary, RejectsTruncatedAndOversize) {
  v1::ServerMessage m;
  m.mutable_error()->set_message(std::string(200, 'x'));
  std::string bytes = *to_binary(m);
  v1::ServerMessage back;
  EXPECT_FALSE(parse_binary(std::string_view(bytes).substr(0, bytes.size() - 10), &back).ok());
  Status s = parse_binary(bytes, &back, 100);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("limit"), std::string::npos) << s.message();
  std::vector<std::uint8_t> as_bytes(bytes.begin(), bytes.end());
  EXPECT_TRUE(parse_binary(std::span<const std::uint8_t>(as_bytes), &back).ok());
}

TEST(Binary, RandomBytesNeverCrashAndAcceptedOnesRoundTrip) {
  std::mt19937 rng(12345);
  int rejected = 0;
  constexpr int kTries = 3000;
  for (int t = 0; t < kTries; ++t) {
    std::string bytes(1 + rng() % 200, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    v1::ClientMessage m;
    if (!parse_binary(bytes, &m).ok()) {
      ++rejected;
      continue;
    }
    // Whatever was accepted is a well-formed message with a body.
    EXPECT_NE(m.body_case(), v1::ClientMessage::BODY_NOT_SET);
    auto again = to_binary(m);
    ASSERT_TRUE(again.ok());
    v1::ClientMessage back;
    EXPECT_TRUE(parse_binary(*again, &back).ok());
  }
  EXPECT_GT(rejected, kTries * 9 / 10);
}

}  // namespace
}  // namespace boyi::protocol
