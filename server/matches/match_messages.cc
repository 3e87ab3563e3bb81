// MatchHost: records (the wire MatchRecord, JSON and the competition's text record); the
// messages themselves are built by protocol::WireMatch.
#include "server/matches/match_host_internal.h"

#include "server/records/json_record.h"
#include "server/records/text_record.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using WireMatch = protocol::WireMatch;

void MatchHost::get_record(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    if (!h.match_ || !h.match_->referee().finished())
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT,
                     "match " + h.id() + " is still running: its record is public at the end");
    auto rec = h.wire_record();
    if (!rec) return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "no record");
    v1::ServerMessage m;
    m.set_request_id(request_id);
    *m.mutable_match_record() = std::move(*rec);
    h.send_record({peer}, std::move(m));
  });
}

void MatchHost::record_async(std::function<void(std::optional<v1::MatchRecord>)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (!self->match_ || !self->match_->referee().finished()) return done(std::nullopt);
    done(self->wire_record());
  });
}

void MatchHost::records_async(
    std::function<void(std::optional<std::string>, std::optional<std::string>)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (!self->match_ || !self->match_->referee().finished())
      return done(std::nullopt, std::nullopt);
    done(self->json_record(), self->text_record());
  });
}
// --- records --------------------------------------------------------------------------------

void MatchHost::keep_comment(std::uint64_t seq, int seat, std::string comment) {
  if (auto s = app_.db.save_move_comment(stored_id(), seq, seat, comment); !s)
    app_.log.error("move_comment_not_saved", {{"match", id()}, {"reason", s.message()}});
  stored_.comments[seq] = std::move(comment);
}

std::optional<v1::MatchRecord> MatchHost::wire_record() const {
  if (!match_) return std::nullopt;
  auto r = match_->record();
  if (!r) return std::nullopt;
  for (auto& mv : *r->mutable_moves())
    if (auto c = stored_.comments.find(mv.seq() + records::kRefereeSeqOffset);
        c != stored_.comments.end())
      mv.set_comment(c->second);
  r->set_started_at(records::format_utc(stored_.started_ms));
  if (stored_.ended_ms) r->set_finished_at(records::format_utc(*stored_.ended_ms));
  if (auto text = text_record()) r->set_record_text(std::move(*text));
  return r;
}

records::RecordMeta MatchHost::meta() const {
  records::RecordMeta m = record_meta(
      stored_,
      {players_[0].display_name.empty() ? players_[0].username : players_[0].display_name,
       players_[1].display_name.empty() ? players_[1].username : players_[1].display_name});
  if (match_) m.fairness = match_->disclosure();
  // The arbiter's entries about this match go with its record (a failure leaves them out:
  // the log itself keeps them).
  if (auto audit = app_.db.audit_entries(0, 1000, stored_id_)) m.audit = std::move(*audit);
  return m;
}

std::optional<std::string> MatchHost::json_record() const {
  if (!match_) return std::nullopt;
  auto rec = match_->referee().record();
  if (!rec) return std::nullopt;
  return records::to_json(*rec, meta());
}

std::optional<std::string> MatchHost::text_record() const {
  if (!match_) return std::nullopt;
  auto rec = match_->referee().record();
  if (!rec) return std::nullopt;
  auto text = records::to_text_record(*rec, meta());
  if (!text) return std::nullopt;
  return std::move(text).value();
}
}  // namespace boyi::app
