// Seeded random matches of all four games through a real Referee, ended by the
// rules, resignation, a fallen flag or an abort; each record is written as JSON
// and as the competition's text record, read back and replayed to the same
// final position and outcome.
#include <gtest/gtest.h>

#include "engine/gomoku/gomoku.h"
#include "server/records/json_record.h"
#include "server/records/sides.h"
#include "server/records/test_support.h"
#include "server/records/text_record.h"

namespace boyi::records {
namespace {

using testing::Finish;

struct Case {
  std::string game;
  std::string rules;
};

const Case kCases[] = {
    {"junqi", ""},
    {"junqi", "no_battle_limit=12 no_battle_result=draw"},
    {"gomoku", ""},
    {"gomoku", "rule=renju opening=ccgc fifth_n=3"},
    {"gomoku", "rule=freestyle opening=centre"},
    {"gomoku", "rule=standard opening=ccgc fifth_n=2"},
    {"dots", ""},
    {"surakarta", ""},
    {"surakarta", "no_capture_limit=20 max_plies=120"},
    {"tictactoe", ""},  // the generic notation: X(b2)
    {"tictactoe", "misere=1"},
};

// The board after the stones of a gomoku game (for ccgc records, whose text
// replay has a free opening and so a different step history).
gomoku::Board gomoku_board(const std::string& rules,
                           const std::vector<std::pair<Seat, std::string>>& actions) {
  gomoku::State s(gomoku::Rules::parse(rules).value());
  for (const auto& [seat, text] : actions) {
    auto mv = s.parse_move(seat, text);
    EXPECT_TRUE(mv.ok()) << text;
    if (!mv.ok()) break;
    EXPECT_TRUE(s.apply_checked(seat, *mv).ok()) << text;
  }
  return s.board();
}

struct Tally {
  int records = 0, rules_endings = 0, ccgc_swaps = 0;
};

void check_one(const Case& c, std::uint64_t seed, Finish finish, Tally& tally) {
  auto rec = testing::play_match(c.game, c.rules, seed, finish);
  ASSERT_TRUE(rec.has_value());
  const RecordMeta meta = testing::meta_for(*rec, seed);
  ++tally.records;

  // JSON: every field comes back, the actions replay.
  const std::string json = to_json(*rec, meta);
  auto parsed = from_json(json);
  ASSERT_TRUE(parsed.ok()) << parsed.message() << "\n" << json;
  EXPECT_EQ(parsed->meta, meta);
  EXPECT_EQ(parsed->record.config, rec->config);
  EXPECT_EQ(parsed->record.rules_text, rec->rules_text);
  EXPECT_EQ(parsed->record.actions, rec->actions);
  EXPECT_EQ(parsed->record.outcome, rec->outcome);
  EXPECT_EQ(parsed->record.final_text, rec->final_text);
  EXPECT_EQ(to_json(parsed->record, parsed->meta), json);  // stable

  // Text record: parse, replay, same position and result.
  auto text = to_text_record(*rec, meta);
  ASSERT_TRUE(text.ok()) << text.message();
  auto tr = parse_text_record(*text);
  ASSERT_TRUE(tr.ok()) << tr.message() << "\n" << *text;
  EXPECT_EQ(tr->game, c.game);
  EXPECT_EQ(tr->event, meta.event);
  EXPECT_EQ(tr->place, meta.place);
  EXPECT_EQ(tr->date + " " + tr->time,
            format_local_minute(*meta.start_ms, meta.utc_offset_minutes));
  auto replayed = replay_text_record(*tr, rec->rules_text);
  ASSERT_TRUE(replayed.ok()) << replayed.message() << "\n" << *text;

  SeatColours colours(c.game);
  if (c.game == "gomoku") {
    // The records' colour tracking agrees with the engine's at every action.
    gomoku::State s(gomoku::Rules::parse(rec->rules_text).value());
    for (const auto& a : rec->actions) {
      ASSERT_EQ(colours.colour_of(a.seat), s.colour_of(a.seat) == gomoku::Colour::kBlack ? 0 : 1)
          << a.text;
      ASSERT_TRUE(s.apply_checked(a.seat, s.parse_move(a.seat, a.text).value()).ok());
      colours.after(a.text);
    }
    ASSERT_EQ(colours.seat_of(0), s.black_seat());
  } else {
    for (const auto& a : rec->actions) colours.after(a.text);
  }
  const Seat first = colours.seat_of(0);
  if (first != 0) ++tally.ccgc_swaps;
  EXPECT_EQ(tr->teams[0], first == 0 ? "清华大学 一队" : "Bot(" + std::to_string(seed) + ")");
  EXPECT_EQ(tr->teams[1], first == 0 ? "Bot(" + std::to_string(seed) + ")" : "清华大学 一队");
  const TextResult expected_result = rec->outcome.ending == Ending::kAborted ? TextResult::kAborted
                                     : !rec->outcome.winner                  ? TextResult::kDraw
                                     : *rec->outcome.winner == first ? TextResult::kFirstWins
                                                                     : TextResult::kSecondWins;
  EXPECT_EQ(tr->result, expected_result);

  const bool ccgc = c.rules.find("opening=ccgc") != std::string::npos;
  if (!ccgc) {
    // Every action comes back in order (a 点格棋 turn as its edges) and the
    // final position is the same, byte for byte.
    std::vector<std::pair<Seat, std::string>> original;
    for (const auto& a : rec->actions) {
      std::size_t from = 0;
      for (std::size_t sp; (sp = a.text.find(' ', from)) != std::string::npos; from = sp + 1)
        original.emplace_back(a.seat, a.text.substr(from, sp - from));
      original.emplace_back(a.seat, a.text.substr(from));
    }
    EXPECT_EQ(replayed->actions, original);
    EXPECT_EQ(replayed->game->full_text(), rec->final_text);
  } else {
    std::vector<std::pair<Seat, std::string>> original;
    for (const auto& a : rec->actions) original.emplace_back(a.seat, a.text);
    gomoku::Rules free_rules = gomoku::Rules::parse(c.rules).value();
    free_rules.opening = gomoku::Opening::kFree;
    EXPECT_EQ(gomoku_board(free_rules.to_string(), replayed->actions),
              gomoku_board(c.rules, original));
  }
  if (rec->outcome.ending == Ending::kNormal || rec->outcome.ending == Ending::kFoul ||
      rec->outcome.ending == Ending::kNoBattleLimit ||
      rec->outcome.ending == Ending::kAdjudication) {
    ++tally.rules_endings;
    ASSERT_TRUE(replayed->game->is_terminal());
    const Outcome o = replayed->game->outcome();
    EXPECT_EQ(o.ending, rec->outcome.ending);
    EXPECT_EQ(o.detail, rec->outcome.detail);
    ASSERT_EQ(o.winner.has_value(), rec->outcome.winner.has_value());
    if (o.winner) {
      EXPECT_EQ(*o.winner, colours.colour_of(*rec->outcome.winner));
    }
  }
}

TEST(RecordsRoundTrip, RandomRefereedMatchesOfAllGames) {
  Tally tally;
  const Finish finishes[] = {Finish::kRules, Finish::kRules, Finish::kResign,
                             Finish::kTime,  Finish::kAbort, Finish::kRules};
  for (const auto& c : kCases)
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Finish f = finishes[seed - 1];
      SCOPED_TRACE(c.game + " '" + c.rules + "' seed " + std::to_string(seed) + " finish " +
                   std::to_string(static_cast<int>(f)));
      check_one(c, seed * 104729 + c.rules.size(), f, tally);
      if (::testing::Test::HasFatalFailure()) return;
    }
  EXPECT_EQ(tally.records, static_cast<int>(std::size(kCases)) * 6);
  EXPECT_GE(tally.rules_endings, 20);
  EXPECT_GT(tally.ccgc_swaps, 0) << "no ccgc game swapped colours: the seeds miss the swap";
}

}  // namespace
}  // namespace boyi::records
