// Reading and validating the JSON record (schema "boyi-record/2", or /1, README.md):
// every field is checked for its type and range, then the actions are replayed
// through the engine and the outcome and final position compared.
#include <cstdint>
#include <limits>

#include <nlohmann/json.hpp>

#include "protocol/wire/move_comment.h"
#include "referee/referee.h"
#include "server/records/json_record.h"
#include "server/records/sides.h"

namespace boyi::records {

namespace {

using json = nlohmann::ordered_json;
constexpr int kMaxDepth = 32;
constexpr std::int64_t kMaxMs = std::int64_t{1} << 50;  // ~35,000 years: any real time fits

#define BOYI_TRY(var, expr)                                     \
  auto var##_result = (expr);                                   \
  if (!var##_result.ok()) return Error{var##_result.message()}; \
  auto var = std::move(var##_result).value()

// nlohmann's parser recurses per nesting level: refuse deep nesting before it.
Status check_depth(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return fail("JSON nested deeper than " + std::to_string(kMaxDepth));
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return Status::Ok();
}

std::string where(std::string_view path, std::string_view key) {
  return path.empty() ? std::string(key) : std::string(path) + "." + std::string(key);
}

Result<const json*> field(const json& obj, std::string_view path, std::string_view key) {
  auto it = obj.find(std::string(key));
  if (it == obj.end()) return fail("missing field '" + where(path, key) + "'");
  return &*it;
}

Result<std::string> get_string(const json& obj, std::string_view path, std::string_view key,
                               std::size_t max_len = 4096) {
  BOYI_TRY(v, field(obj, path, key));
  if (!v->is_string()) return fail("field '" + where(path, key) + "' must be a string");
  const auto& s = v->get_ref<const std::string&>();
  if (s.size() > max_len)
    return fail("field '" + where(path, key) + "' is longer than " + std::to_string(max_len));
  return s;
}

Result<std::int64_t> as_int(const json& v, const std::string& name, std::int64_t lo,
                            std::int64_t hi) {
  if (!v.is_number_integer()) return fail("field '" + name + "' must be an integer");
  if (v.is_number_unsigned() &&
      v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return fail("field '" + name + "' is out of range");
  const auto n = v.get<std::int64_t>();
  if (n < lo || n > hi)
    return fail("field '" + name + "' must be " + std::to_string(lo) + " to " + std::to_string(hi) +
                ", got " + std::to_string(n));
  return n;
}

Result<std::int64_t> get_int(const json& obj, std::string_view path, std::string_view key,
                             std::int64_t lo, std::int64_t hi) {
  BOYI_TRY(v, field(obj, path, key));
  return as_int(*v, where(path, key), lo, hi);
}

Result<const json*> get_kind(const json& obj, std::string_view path, std::string_view key,
                             bool array) {
  BOYI_TRY(v, field(obj, path, key));
  if (array ? !v->is_array() : !v->is_object())
    return fail("field '" + where(path, key) + "' must be " + (array ? "an array" : "an object"));
  return v;
}

Result<std::optional<std::int64_t>> get_time(const json& obj, std::string_view key) {
  BOYI_TRY(v, field(obj, "", key));
  if (v->is_null()) return std::optional<std::int64_t>();
  if (!v->is_string()) return fail("field '" + std::string(key) + "' must be a UTC time or null");
  auto t = parse_utc(v->get_ref<const std::string&>());
  if (!t) return fail("field '" + std::string(key) + "': " + t.message());
  return std::optional<std::int64_t>(*t);
}

Result<referee::MatchConfig> read_config(const json& root) {
  referee::MatchConfig c;
  BOYI_TRY(cfg, get_kind(root, "", "config", false));
  BOYI_TRY(rules_text, get_string(*cfg, "config", "rules_text"));
  c.rules_text = rules_text;
  BOYI_TRY(tc, get_kind(*cfg, "config", "time_control", false));
  const std::string tp = "config.time_control";
  BOYI_TRY(total, get_int(*tc, tp, "total_ms", 0, kMaxMs));
  BOYI_TRY(per_move, get_int(*tc, tp, "per_move_ms", 0, kMaxMs));
  BOYI_TRY(increment, get_int(*tc, tp, "increment_ms", 0, kMaxMs));
  BOYI_TRY(grace, get_int(*tc, tp, "grace_ms", 0, kMaxMs));
  c.time = {total, per_move, increment, grace};
  BOYI_TRY(im, get_kind(*cfg, "config", "illegal_moves", false));
  BOYI_TRY(policy, get_string(*im, "config.illegal_moves", "policy"));
  BOYI_TRY(attempts, get_int(*im, "config.illegal_moves", "max_attempts", 0, 1'000'000));
  if (policy == "retry") {
    c.illegal = referee::IllegalMovePolicy::retry(static_cast<int>(attempts));
  } else if (policy == "lose_at_once") {
    c.illegal = referee::IllegalMovePolicy::lose_at_once();
    c.illegal.max_attempts = static_cast<int>(attempts);
  } else {
    return fail("field 'config.illegal_moves.policy' must be \"retry\" or \"lose_at_once\"");
  }
  BOYI_TRY(dg, get_int(*cfg, "config", "disconnect_grace_ms", 0, kMaxMs));
  BOYI_TRY(delay, get_int(*cfg, "config", "spectator_delay_plies", 0, 1'000'000));
  c.disconnect_grace_ms = dg;
  c.spectator_delay_plies = static_cast<int>(delay);
  return c;
}

// The optional "fairness" block of a sealed match: its shape only; boyi-verify checks it.
Result<std::optional<fairness::Disclosure>> read_fairness(const json& root) {
  if (!root.contains("fairness")) return std::optional<fairness::Disclosure>();
  BOYI_TRY(f, get_kind(root, "", "fairness", false));
  fairness::Disclosure d;
  BOYI_TRY(scheme, get_string(*f, "fairness", "scheme", 64));
  BOYI_TRY(key, get_string(*f, "fairness", "public_key", 128));
  BOYI_TRY(seq, get_int(*f, "fairness", "seq", 1, 1'000'000'000));
  BOYI_TRY(chain, get_string(*f, "fairness", "chain", 128));
  BOYI_TRY(signature, get_string(*f, "fairness", "signature", 256));
  d.scheme = scheme;
  d.public_key = key;
  d.seq = static_cast<std::uint32_t>(seq);
  d.chain = chain;
  d.signature = signature;
  BOYI_TRY(seats, get_kind(*f, "fairness", "seats", true));
  if (seats->size() != 2) return fail("field 'fairness.seats' must list both seats");
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string path = "fairness.seats[" + std::to_string(i) + "]";
    const json& seat = (*seats)[i];
    if (!seat.is_object()) return fail("field '" + path + "' must be an object");
    BOYI_TRY(number, get_int(seat, path, "seat", 0, 1));
    if (static_cast<std::size_t>(number) != i) return fail("field '" + path + ".seat' must be " + std::to_string(i));
    auto& secrets = d.seats[i];
    BOYI_TRY(root_hex, get_string(seat, path, "root", 128));
    BOYI_TRY(seed, get_string(seat, path, "seed", 128));
    BOYI_TRY(client, get_string(seat, path, "client_commitment", 128));
    BOYI_TRY(salt, get_string(seat, path, "client_salt", 256));
    secrets.root = root_hex;
    secrets.seed = seed;
    secrets.client_commitment = client;
    secrets.client_salt = salt;
  }
  return std::optional<fairness::Disclosure>(std::move(d));
}

// The optional "audit" block: the audit log's entries about the match, as written.
Result<std::vector<storage::AuditEntry>> read_audit(const json& root) {
  std::vector<storage::AuditEntry> out;
  if (!root.contains("audit")) return out;
  BOYI_TRY(entries, get_kind(root, "", "audit", true));
  for (std::size_t i = 0; i < entries->size(); ++i) {
    const std::string path = "audit[" + std::to_string(i) + "]";
    const json& e = (*entries)[i];
    if (!e.is_object()) return fail("field '" + path + "' must be an object");
    storage::AuditEntry a;
    BOYI_TRY(id, get_int(e, path, "id", 1, kMaxMs));
    BOYI_TRY(at, get_int(e, path, "at_ms", 0, kMaxMs));
    BOYI_TRY(match, get_int(e, path, "match", 0, kMaxMs));
    a.id = id;
    a.at_ms = at;
    a.match = match;
    for (auto [key, field] : {std::pair{"actor", &a.actor}, std::pair{"action", &a.action},
                              std::pair{"target", &a.target}, std::pair{"detail", &a.detail},
                              std::pair{"reason", &a.reason}, std::pair{"prev_hash", &a.prev_hash},
                              std::pair{"hash", &a.hash}}) {
      BOYI_TRY(text, get_string(e, path, key));
      *field = text;
    }
    out.push_back(std::move(a));
  }
  return out;
}

Result<Outcome> read_outcome(const json& root) {
  BOYI_TRY(o, get_kind(root, "", "outcome", false));
  BOYI_TRY(ending_text, get_string(*o, "outcome", "ending", 64));
  const auto ending = parse_ending(ending_text);
  if (!ending || *ending == Ending::kNone)
    return fail("field 'outcome.ending': '" + ending_text + "' is not an ending");
  Outcome out;
  out.ending = *ending;
  BOYI_TRY(w, field(*o, "outcome", "winner"));
  if (!w->is_null()) {
    BOYI_TRY(seat, as_int(*w, "outcome.winner", 0, 1));
    out.winner = static_cast<Seat>(seat);
  }
  BOYI_TRY(detail, get_string(*o, "outcome", "detail"));
  out.detail = detail;
  return out;
}

Result<ParsedRecord> read(const json& root) {
  if (!root.is_object()) return fail("a record must be a JSON object");
  ParsedRecord p;
  BOYI_TRY(format, get_string(root, "", "format", 64));
  if (format != kJsonFormat && format != kJsonFormatV1)
    return fail("field 'format' is '" + format + "', expected '" + std::string(kJsonFormat) + "'");
  // /1 wrote the referee's seq; /2 writes the MatchEvent's (one less).
  const std::uint64_t seq_offset = format == kJsonFormatV1 ? 0 : kRefereeSeqOffset;
  BOYI_TRY(config, read_config(root));
  referee::MatchConfig& c = p.record.config;
  c = config;
  BOYI_TRY(id, get_string(root, "", "match_id", referee::kMaxMatchIdLength));
  BOYI_TRY(game_name, get_string(root, "", "game", 64));
  c.match_id = id;
  c.game = game_name;
  if (auto s = c.validate(); !s) return fail("config: " + s.message());
  BOYI_TRY(game, new_game(c.game, c.rules_text));
  BOYI_TRY(rules, get_string(root, "", "rules"));
  if (rules != game->rules_text())
    return fail("field 'rules' is '" + rules + "' but config.rules_text gives '" +
                game->rules_text() + "'");
  p.record.rules_text = rules;
  if (auto t = root.find("game_title"); t != root.end()) {
    if (!t->is_string() || t->get_ref<const std::string&>() != find_game(c.game)->title)
      return fail("field 'game_title' does not match game '" + c.game + "'");
  }

  RecordMeta& m = p.meta;
  m.match_id = c.match_id;
  m.game = c.game;
  BOYI_TRY(preset, get_string(root, "", "preset", 128));
  BOYI_TRY(event, get_string(root, "", "event"));
  BOYI_TRY(place, get_string(root, "", "place"));
  m.preset = preset;
  m.event = event;
  m.place = place;
  BOYI_TRY(rated, field(root, "", "rated"));
  if (!rated->is_boolean()) return fail("field 'rated' must be true or false");
  m.rated = rated->get<bool>();
  BOYI_TRY(start, get_time(root, "start"));
  BOYI_TRY(end, get_time(root, "end"));
  m.start_ms = start;
  m.end_ms = end;
  BOYI_TRY(offset_text, get_string(root, "", "display_utc_offset", 16));
  BOYI_TRY(offset, parse_utc_offset(offset_text));
  m.utc_offset_minutes = offset;

  BOYI_TRY(actions, get_kind(root, "", "actions", true));
  if (actions->size() > kMaxRecordActions)
    return fail("more than " + std::to_string(kMaxRecordActions) + " actions");
  const auto names = colour_names(c.game);
  SeatColours colours(c.game);
  std::uint64_t last_seq = 0;
  for (std::size_t i = 0; i < actions->size(); ++i) {
    const json& a = (*actions)[i];
    const std::string path = "actions[" + std::to_string(i) + "]";
    if (!a.is_object()) return fail("field '" + path + "' must be an object");
    referee::RecordedAction r;
    BOYI_TRY(seq, get_int(a, path, "seq", 1, kMaxMs));
    BOYI_TRY(seat, get_int(a, path, "seat", 0, 1));
    BOYI_TRY(text, get_string(a, path, "text", referee::kMaxActionText));
    BOYI_TRY(colour, get_string(a, path, "colour", 16));
    BOYI_TRY(elapsed, get_int(a, path, "elapsed_ms", 0, kMaxMs));
    BOYI_TRY(clock, get_kind(a, path, "clock_ms", true));
    if (clock->size() != 2) return fail("field '" + path + ".clock_ms' must hold two clocks");
    BOYI_TRY(c0, as_int((*clock)[0], path + ".clock_ms[0]", -kMaxMs, kMaxMs));
    BOYI_TRY(c1, as_int((*clock)[1], path + ".clock_ms[1]", -kMaxMs, kMaxMs));
    r.seq = static_cast<std::uint64_t>(seq) + seq_offset;
    r.seat = static_cast<Seat>(seat);
    r.text = text;
    r.elapsed_ms = elapsed;
    r.clock_ms = {c0, c1};
    if (a.contains("comment")) {
      BOYI_TRY(comment, get_string(a, path, "comment", protocol::kMaxMoveCommentBytes));
      m.comments[r.seq] = comment;
    }
    const std::string label = "action " + std::to_string(i + 1) + " (seq " + std::to_string(seq) +
                              ", seat " + std::to_string(seat) + ", '" + text.substr(0, 80) + "')";
    if (r.seq <= last_seq)
      return fail(label + ": sequence numbers must increase (previous " + std::to_string(last_seq) +
                  ")");
    last_seq = r.seq;
    const std::string_view expected = names[colours.colour_of(r.seat)];
    if (colour != expected)
      return fail(label + ": colour '" + colour + "', but seat " + std::to_string(seat) +
                  " plays " + std::string(expected) + " here");
    auto applied = game->play(r.seat, r.text);
    if (!applied) return fail(label + ": " + applied.message());
    std::string canonical;
    for (const auto& mv : applied->moves) canonical += (canonical.empty() ? "" : " ") + mv;
    if (canonical != r.text)
      return fail(label + ": not in canonical notation (expected '" + canonical + "')");
    colours.after(r.text);
    p.record.actions.push_back(std::move(r));
  }

  BOYI_TRY(players, get_kind(root, "", "players", true));
  if (players->size() != 2) return fail("field 'players' must list the two seats");
  for (Seat s : {0, 1}) {
    const json& pl = (*players)[static_cast<std::size_t>(s)];
    const std::string path = "players[" + std::to_string(s) + "]";
    if (!pl.is_object()) return fail("field '" + path + "' must be an object");
    BOYI_TRY(seat, get_int(pl, path, "seat", 0, 1));
    if (seat != s) return fail("field '" + path + ".seat' must be " + std::to_string(s));
    BOYI_TRY(name, get_string(pl, path, "name", 256));
    BOYI_TRY(colour, get_string(pl, path, "colour", 16));
    if (colour != names[colours.colour_of(s)])
      return fail("field '" + path + ".colour' is '" + colour + "', but seat " + std::to_string(s) +
                  " ends the game playing " + std::string(names[colours.colour_of(s)]));
    m.players[static_cast<std::size_t>(s)] = name;
  }

  BOYI_TRY(outcome, read_outcome(root));
  if (auto s = check_outcome(*game, outcome); !s) return fail("outcome: " + s.message());
  p.record.outcome = outcome;
  BOYI_TRY(final_text, get_string(root, "", "final_position", 1u << 20));
  if (final_text != game->full_text())
    return fail("field 'final_position' differs from the position the actions lead to");
  p.record.final_text = final_text;
  BOYI_TRY(disclosure, read_fairness(root));
  m.fairness = std::move(disclosure);
  BOYI_TRY(audit, read_audit(root));
  m.audit = std::move(audit);
  return p;
}

}  // namespace

Result<ParsedRecord> from_json(std::string_view text) {
  if (text.size() > kMaxRecordBytes)
    return fail("record larger than " + std::to_string(kMaxRecordBytes) + " bytes");
  if (auto s = check_utf8(text); !s) return fail("record: " + s.message());
  if (auto s = check_depth(text); !s) return fail("record: " + s.message());
  try {
    const json root = json::parse(text.begin(), text.end());
    return read(root);
  } catch (const json::exception& e) {
    return fail(std::string("record is not valid JSON: ") + e.what());
  } catch (const std::exception& e) {
    return fail(std::string("record could not be read: ") + e.what());
  }
}

}  // namespace boyi::records
