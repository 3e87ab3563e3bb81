#include "protocol/wire/json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/unknown_field_set.h>
#include <google/protobuf/util/json_util.h>

#include <string>
#include <vector>

namespace boyi::protocol {

namespace pb = google::protobuf;

namespace {

std::string type_name(const pb::Message& m) {
  return m.GetDescriptor()->full_name();
}

std::string too_large(std::string_view what, std::size_t size, std::size_t max_bytes) {
  return std::string(what) + " is " + std::to_string(size) + " bytes, over the limit of " +
         std::to_string(max_bytes);
}

// Envelopes must say what they are: a message type with a oneof named "body"
// needs one member set.
Status check_body(const pb::Message& m) {
  const pb::Descriptor* d = m.GetDescriptor();
  const pb::OneofDescriptor* body = d->FindOneofByName("body");
  if (body != nullptr && !m.GetReflection()->HasOneof(m, body))
    return fail(type_name(m) + " has no body (expected one of its message fields, e.g. \"" +
                body->field(0)->name() + "\")");
  return Status::Ok();
}

// The path of the first unknown field in m (at any depth), or "" if none.
std::string unknown_field_path(const pb::Message& m, const std::string& path, int depth) {
  const pb::Reflection* r = m.GetReflection();
  if (!r->GetUnknownFields(m).empty()) {
    const auto& unknown = r->GetUnknownFields(m);
    return (path.empty() ? std::string("<top>") : path) + " (field number " +
           std::to_string(unknown.field(0).number()) + ")";
  }
  if (depth > 64) return {};  // the parser bounds depth already; stay finite regardless
  std::vector<const pb::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    if (f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    const std::string sub = path.empty() ? f->name() : path + "." + f->name();
    if (f->is_repeated()) {
      for (int i = 0; i < r->FieldSize(m, f); ++i) {
        auto found = unknown_field_path(r->GetRepeatedMessage(m, f, i),
                                        sub + "[" + std::to_string(i) + "]", depth + 1);
        if (!found.empty()) return found;
      }
    } else {
      auto found = unknown_field_path(r->GetMessage(m, f), sub, depth + 1);
      if (!found.empty()) return found;
    }
  }
  return {};
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      extra = 1, cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2, cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3, cp = c & 0x07;
    } else {
      return false;
    }
    if (i + extra >= s.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

// The path of the first string field holding invalid UTF-8, or "" if none
// (protobuf would log and drop or mangle it; we refuse to send it instead).
std::string invalid_utf8_path(const pb::Message& m, const std::string& path, int depth) {
  const pb::Reflection* r = m.GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    const std::string sub = path.empty() ? f->name() : path + "." + f->name();
    if (f->type() == pb::FieldDescriptor::TYPE_STRING) {
      std::string scratch;
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(m, f); ++i)
          if (!valid_utf8(r->GetRepeatedStringReference(m, f, i, &scratch)))
            return sub + "[" + std::to_string(i) + "]";
      } else if (!valid_utf8(r->GetStringReference(m, f, &scratch))) {
        return sub;
      }
    } else if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE && depth < 64) {
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(m, f); ++i) {
          auto found = invalid_utf8_path(r->GetRepeatedMessage(m, f, i),
                                         sub + "[" + std::to_string(i) + "]", depth + 1);
          if (!found.empty()) return found;
        }
      } else {
        auto found = invalid_utf8_path(r->GetMessage(m, f), sub, depth + 1);
        if (!found.empty()) return found;
      }
    }
  }
  return {};
}

// Protobuf's parser messages quote the input (possibly bytes that are not
// UTF-8) over several lines; the reason goes back to a client inside a string
// field, so keep it printable ASCII, one line, bounded.
std::string clean_reason(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (out.size() >= 300) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u == '\n' || u == '\r' || u == '\t')
      out += ' ';
    else if (u >= 0x20 && u < 0x7f)
      out += c;
    else
      out += '?';
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '^')) out.pop_back();
  return out;
}

std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

Result<std::string> to_json_line(const pb::Message& message, std::size_t max_bytes) {
  pb::util::JsonPrintOptions options;
  options.add_whitespace = false;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  if (auto bad = invalid_utf8_path(message, "", 0); !bad.empty())
    return fail("cannot write " + type_name(message) + ": invalid UTF-8 in " + bad);
  std::string out;
  const auto status = pb::util::MessageToJsonString(message, &out, options);
  if (!status.ok())
    return fail("cannot write " + type_name(message) +
                " as JSON: " + std::string(status.message()));
  // The JSON mapping escapes control characters inside strings; a raw newline
  // would break the line framing, so refuse rather than send one.
  if (out.find('\n') != std::string::npos || out.find('\r') != std::string::npos)
    return fail("JSON of " + type_name(message) + " contains a line break");
  if (out.size() > max_bytes) return fail(too_large("JSON message", out.size(), max_bytes));
  return out;
}

Status from_json(std::string_view json, pb::Message* out, std::size_t max_bytes) {
  if (json.size() > max_bytes) return fail(too_large("JSON message", json.size(), max_bytes));
  json = trim(json);
  if (json.empty()) return fail("empty JSON message");
  if (json.front() != '{') return fail("a JSON message must be an object starting with '{'");
  out->Clear();
  pb::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  options.case_insensitive_enum_parsing = false;
  const auto status =
      pb::util::JsonStringToMessage(pb::StringPiece(json.data(), json.size()), out, options);
  if (!status.ok())
    return fail("bad " + type_name(*out) + " JSON: " + clean_reason(std::string(status.message())));
  return check_body(*out);
}

Result<std::string> to_binary(const pb::Message& message, std::size_t max_bytes) {
  const std::size_t size = message.ByteSizeLong();
  if (size > max_bytes) return fail(too_large("binary message", size, max_bytes));
  if (auto bad = invalid_utf8_path(message, "", 0); !bad.empty())
    return fail("cannot serialise " + type_name(message) + ": invalid UTF-8 in " + bad);
  std::string out;
  if (!message.SerializeToString(&out))
    return fail("cannot serialise " + type_name(message) + " (missing or invalid fields)");
  return out;
}

Status parse_binary(std::string_view bytes, pb::Message* out, std::size_t max_bytes) {
  if (bytes.size() > max_bytes) return fail(too_large("binary message", bytes.size(), max_bytes));
  out->Clear();
  if (!out->ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return fail("undecodable " + type_name(*out) + ": not valid protobuf binary for this type");
  const std::string unknown = unknown_field_path(*out, "", 0);
  if (!unknown.empty()) return fail("bad " + type_name(*out) + ": unknown field at " + unknown);
  return check_body(*out);
}

Status parse_binary(std::span<const std::uint8_t> bytes, pb::Message* out, std::size_t max_bytes) {
  return parse_binary(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                      out, max_bytes);
}

}  // namespace boyi::protocol
