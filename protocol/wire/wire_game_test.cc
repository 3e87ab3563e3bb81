// The wire adapters over seeded random games of all four games: every
// viewer's structured view agrees with the engine's own view of that viewer,
// and every accepted action's structured events agree with what was played.
#include "protocol/wire/wire_game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <set>
#include <string>

#include "base/rng.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"
#include "protocol/wire/json.h"

namespace boyi::protocol {
namespace {

constexpr Seat kViewers[] = {0, 1, kPublic};
constexpr int kMaxPlies = 3000;  // bound on every random game

// Fields every game's view shares.
template <class View>
void check_header(const View& ev, const v1::GameView& wv, const WireGame& game, Seat viewer) {
  EXPECT_EQ(wv.game(), game.name());
  EXPECT_EQ(wv.viewer(), viewer);
  EXPECT_EQ(wv.to_move(), ev.to_move);
  EXPECT_EQ(wv.ply(), ev.ply);
  EXPECT_EQ(wv.text(), ev.to_text());
  EXPECT_EQ(wv.can_act(), viewer != kPublic && game.can_act(viewer));
  EXPECT_EQ(from_wire(wv.outcome().ending()), ev.outcome.ending);
  EXPECT_EQ(wv.outcome().winner(), ev.outcome.winner.value_or(kPublic));
  EXPECT_EQ(wv.outcome().detail(), ev.outcome.detail);
  const auto legal = viewer == kPublic ? std::vector<std::string>{} : game.legal_moves(viewer);
  ASSERT_EQ(wv.legal_moves_size(), static_cast<int>(legal.size()));
  for (std::size_t i = 0; i < legal.size(); ++i) EXPECT_EQ(wv.legal_moves(int(i)), legal[i]);
}

// --- per-game view checks ----------------------------------------------------

void check_view(const junqi::View& ev, const v1::GameView& wv) {
  ASSERT_TRUE(wv.has_junqi());
  const auto& j = wv.junqi();
  ASSERT_EQ(j.posts_size(), junqi::kPosts);
  for (int p = 0; p < junqi::kPosts; ++p) {
    const auto& post = j.posts(p);
    const int cell = ev.cells[p];
    if (cell == 0) {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_EMPTY) << p;
      EXPECT_EQ(post.owner(), kPublic);
    } else if (cell >= junqi::View::kHidden) {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_HIDDEN) << p;
      EXPECT_EQ(post.owner(), cell - junqi::View::kHidden);
      EXPECT_EQ(post.piece(), "");
    } else {
      const int owner = (cell - 1) / junqi::kPieceKinds, piece = (cell - 1) % junqi::kPieceKinds;
      EXPECT_EQ(post.owner(), owner);
      EXPECT_EQ(post.piece(), std::string(1, junqi::piece_letter(piece)));
      EXPECT_EQ(post.kind(),
                owner == ev.viewer ? v1::JUNQI_POST_OWN : v1::JUNQI_POST_REVEALED_FLAG);
    }
  }
  ASSERT_EQ(j.deployed_size(), 2);
  for (int s = 0; s < 2; ++s) EXPECT_EQ(j.deployed(s), ((ev.deployed >> s) & 1) != 0);
  EXPECT_EQ(j.no_battle(), ev.no_battle);
  EXPECT_EQ(j.no_battle_limit(), ev.no_battle_limit);
  int flags = 0;
  for (int s = 0; s < 2; ++s) flags += ev.revealed_flag[s] >= 0;
  ASSERT_EQ(j.revealed_flags_size(), flags);
  for (const auto& f : j.revealed_flags())
    EXPECT_EQ(f.post(), junqi::post_name(ev.revealed_flag[f.seat()]));
}

void check_view(const gomoku::View& ev, const v1::GameView& wv) {
  ASSERT_TRUE(wv.has_gomoku());
  const auto& g = wv.gomoku();
  std::set<std::string> black(g.black().begin(), g.black().end());
  std::set<std::string> white(g.white().begin(), g.white().end());
  EXPECT_EQ(black.size(), static_cast<std::size_t>(g.black_size()));
  for (int p = 0; p < gomoku::kPoints; ++p) {
    const auto name = gomoku::format_point(static_cast<gomoku::Point>(p));
    EXPECT_EQ(black.count(name) == 1, ev.board[p] == gomoku::Cell::kBlack) << name;
    EXPECT_EQ(white.count(name) == 1, ev.board[p] == gomoku::Cell::kWhite) << name;
  }
  EXPECT_EQ(g.black_seat(), ev.black_seat);
  EXPECT_EQ(static_cast<int>(g.step()), static_cast<int>(ev.step));
  EXPECT_EQ(static_cast<int>(g.colour_to_move()), static_cast<int>(ev.colour_to_move));
  ASSERT_EQ(g.offers_size(), ev.offer_count);
  for (int i = 0; i < ev.offer_count; ++i)
    EXPECT_EQ(g.offers(i), gomoku::format_point(ev.offers[i]));
  EXPECT_EQ(g.last_move().empty(), !ev.has_last_move);
  if (ev.has_last_move) {
    const gomoku::State any;
    EXPECT_EQ(g.last_move(), any.format_move(ev.last_move));
  }
  ASSERT_EQ(g.forbidden_size(), ev.forbidden.size());
  for (const auto& p : g.forbidden()) {
    auto point = gomoku::parse_point(p);
    ASSERT_TRUE(point.ok()) << p;
    EXPECT_TRUE(ev.forbidden.contains(*point)) << p;
  }
  EXPECT_EQ(g.rules(), ev.rules.to_string());
}

void check_view(const dots::View& ev, const v1::GameView& wv) {
  ASSERT_TRUE(wv.has_dots());
  const auto& d = wv.dots();
  ASSERT_EQ(d.edges_size(), std::popcount(ev.edges));
  for (const auto& name : d.edges()) {
    auto move = dots::State{}.parse_move(0, name);
    ASSERT_TRUE(move.ok()) << name;
    EXPECT_TRUE((ev.edges >> move->edge) & 1) << name;
  }
  ASSERT_EQ(d.box_owner_size(), dots::kBoxes);
  for (int b = 0; b < dots::kBoxes; ++b) EXPECT_EQ(d.box_owner(b), ev.owners[b]);
  ASSERT_EQ(d.score_size(), 2);
  EXPECT_EQ(d.score(0), ev.score[0]);
  EXPECT_EQ(d.score(1), ev.score[1]);
}

void check_view(const surakarta::View& ev, const v1::GameView& wv) {
  ASSERT_TRUE(wv.has_surakarta());
  const auto& s = wv.surakarta();
  ASSERT_EQ(s.cells_size(), surakarta::kSquares);
  for (int sq = 0; sq < surakarta::kSquares; ++sq)
    EXPECT_EQ(static_cast<int>(s.cells(sq)), static_cast<int>(ev.board[sq])) << sq;
  ASSERT_EQ(s.pieces_size(), 2);
  EXPECT_EQ(s.pieces(0), ev.pieces[0]);
  EXPECT_EQ(s.pieces(1), ev.pieces[1]);
  EXPECT_EQ(s.plies_since_capture(), ev.plies_since_capture);
}

// --- per-game event checks ---------------------------------------------------

void check_events(const junqi::State& before, const junqi::State& after, const WireAction& a,
                  Seat actor) {
  for (Seat v : kViewers) {
    const auto i = viewer_index(v);
    ASSERT_EQ(a.events[i].size(), 1u);
    const auto& e = a.events[i][0].junqi();
    EXPECT_EQ(e.seat(), actor);
    EXPECT_EQ(e.ply(), after.ply());
    if (before.in_play()) {
      EXPECT_EQ(e.kind(), v1::JunqiEvent::KIND_STEP);
      EXPECT_EQ(e.from() + e.to(), a.applied.moves[0]);
      EXPECT_GE(e.code(), 0);
      EXPECT_LE(e.code(), 3);
      EXPECT_FALSE(a.redacted[i]);
      EXPECT_EQ(a.move[i], a.applied.moves[0]);
      for (const auto& f : e.revealed_flags()) {
        EXPECT_NE(f.seat(), v) << "a seat is not told its own flag";
        EXPECT_TRUE(after.flag_revealed(f.seat()));
        EXPECT_EQ(f.post(), junqi::post_name(after.flag_post(f.seat())));
      }
    } else {
      EXPECT_EQ(e.kind(), v1::JunqiEvent::KIND_DEPLOY);
      EXPECT_EQ(e.code(), -1);
      EXPECT_EQ(e.layout(), v == actor ? a.applied.moves[0] : "");
      EXPECT_EQ(a.redacted[i], v != actor);
      EXPECT_EQ(a.move[i], v == actor ? a.applied.moves[0] : "");
      EXPECT_TRUE(v == actor ||
                  a.applied.renderings[i].find(a.applied.moves[0]) == std::string::npos);
    }
  }
}

void check_events(const gomoku::State&, const gomoku::State& after, const WireAction& a,
                  Seat actor) {
  for (Seat v : kViewers) {
    const auto i = viewer_index(v);
    ASSERT_EQ(a.events[i].size(), 1u);
    const auto& e = a.events[i][0].gomoku();
    EXPECT_EQ(e.seat(), actor);
    const std::string& text = a.applied.moves[0];
    std::string expected = e.point();
    if (e.action() == v1::GomokuEvent::ACTION_SWAP) expected = "swap";
    if (e.action() == v1::GomokuEvent::ACTION_KEEP) expected = "keep";
    if (e.action() == v1::GomokuEvent::ACTION_OFFER) expected = "offer " + e.point();
    if (e.action() == v1::GomokuEvent::ACTION_CHOOSE) expected = "choose " + e.point();
    EXPECT_EQ(text, expected);
    EXPECT_EQ(e.effect() == v1::GomokuEvent::EFFECT_FIVE,
              after.is_terminal() && after.outcome().detail.find("five") != std::string::npos);
    if (e.effect() == v1::GomokuEvent::EFFECT_FOUL) {
      EXPECT_NE(e.foul(), v1::GomokuEvent::FOUL_NONE);
      EXPECT_EQ(after.outcome().ending, Ending::kFoul);
    }
    EXPECT_EQ(e.winner(), after.is_terminal() && after.outcome().winner &&
                                  e.effect() != v1::GomokuEvent::EFFECT_BOARD_FULL
                              ? *after.outcome().winner
                              : kPublic);
    EXPECT_EQ(a.move[i], text);
  }
}

void check_events(const dots::State& before, const dots::State& after, const WireAction& a,
                  Seat actor) {
  for (Seat v : kViewers) {
    const auto i = viewer_index(v);
    ASSERT_EQ(a.events[i].size(), a.applied.moves.size());
    int claimed = 0;
    for (std::size_t k = 0; k < a.applied.moves.size(); ++k) {
      const auto& e = a.events[i][k].dots();
      EXPECT_EQ(e.seat(), actor);
      EXPECT_EQ(e.edge(), a.applied.moves[k]);
      claimed += e.boxes_size();
      for (const auto& box : e.boxes()) {
        ASSERT_EQ(box.size(), 2u);
        const int b = (box[0] - 'A') * 5 + (box[1] - 'A');
        EXPECT_EQ(after.box_owner(b), actor) << box;
        EXPECT_EQ(before.box_owner(b), kPublic) << box;
      }
    }
    EXPECT_EQ(claimed, after.score(actor) - before.score(actor));
  }
}

void check_events(const surakarta::State& before, const surakarta::State& after,
                  const WireAction& a, Seat actor) {
  for (Seat v : kViewers) {
    const auto i = viewer_index(v);
    ASSERT_EQ(a.events[i].size(), 1u);
    const auto& e = a.events[i][0].surakarta();
    EXPECT_EQ(e.seat(), actor);
    EXPECT_EQ(e.from() + e.to(), a.applied.moves[0]);
    EXPECT_EQ(e.ply(), after.ply());
    const bool captured = after.piece_count(1 - actor) < before.piece_count(1 - actor);
    EXPECT_EQ(e.capture(), captured);
    if (captured) {
      ASSERT_GE(e.capture_path_size(), 2);
      bool arc = false;  // consecutive points on a diagonal are an arc's ends
      for (int k = 0; k + 1 < e.capture_path_size(); ++k) {
        const auto& p = e.capture_path(k);
        const auto& q = e.capture_path(k + 1);
        const int dx = std::abs(p[0] - q[0]), dy = std::abs(p[1] - q[1]);
        EXPECT_TRUE((dx + dy == 1) || (dx == dy && dx > 0)) << p << " " << q;
        arc = arc || (dx == dy && dx > 0);
      }
      EXPECT_TRUE(arc) << "a capture passes at least one arc";
      EXPECT_EQ(e.capture_path(0), e.from());
      EXPECT_EQ(e.capture_path(e.capture_path_size() - 1), e.to());
    } else {
      EXPECT_EQ(e.capture_path_size(), 0);
    }
  }
}

// --- the random-game driver ----------------------------------------------------

// Plays `games` seeded random games of G through create_wire_game, mirroring
// every action on an engine State, and checks views and events throughout.
template <class G>
int play_random_games(std::string_view rules, int games, std::uint64_t seed) {
  int plies = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(seed + g);
    auto created = create_wire_game(G::kName, rules);
    EXPECT_TRUE(created.ok()) << created.message();
    if (!created.ok()) return plies;
    auto& wire = *created.value();
    auto parsed_rules = G::Rules::parse(rules);
    EXPECT_TRUE(parsed_rules.ok());
    G state{*parsed_rules};
    for (int ply = 0; ply < kMaxPlies && !state.is_terminal(); ++ply) {
      for (Seat v : kViewers) {
        check_header(state.view(v), wire.wire_view(v), wire, v);
        check_view(state.view(v), wire.wire_view(v));
      }
      Seat actor = state.to_move();
      if (actor == kPublic) actor = state.can_act(0) ? 0 : 1;  // 军棋 deployment
      const std::string text = wire.random_move(actor, rng);
      const G before = state;
      auto action = wire.play_wire(actor, text);
      EXPECT_TRUE(action.ok()) << text << ": " << action.message();
      if (!action.ok()) return plies;
      for (const auto& m : action->applied.moves) {
        auto move = state.parse_move(actor, m);
        EXPECT_TRUE(move.ok()) << m;
        if (!move.ok()) return plies;
        EXPECT_TRUE(state.apply_checked(actor, *move).ok()) << m;
      }
      EXPECT_EQ(wire.hash(), state.hash());
      check_events(before, state, *action, actor);
      EXPECT_EQ(wire.last_action().applied.moves, action->applied.moves);
      // Every wire form fits the default frame limit in both encodings.
      if (ply % 7 == 0)
        for (Seat v : kViewers) {
          v1::ServerMessage m;
          *m.mutable_match_view()->mutable_view() = wire.wire_view(v);
          EXPECT_TRUE(to_json_line(m).ok());
          EXPECT_TRUE(to_binary(m).ok());
        }
      ++plies;
    }
    EXPECT_TRUE(state.is_terminal()) << "random game did not end within the bound";
    for (Seat v : kViewers) check_view(state.view(v), wire.wire_view(v));
    const auto full = wire.full_view();
    EXPECT_EQ(full.text(), state.to_text());
    EXPECT_EQ(from_wire(full.outcome().ending()), state.outcome().ending);
  }
  return plies;
}

TEST(WireGame, JunqiRandomGamesAgreeWithEngine) {
  EXPECT_GT(play_random_games<junqi::State>("", 25, 100), 200);
  EXPECT_GT(play_random_games<junqi::State>("no_battle_limit=10 no_battle_result=draw", 10, 200),
            50);
}

TEST(WireGame, GomokuRandomGamesAgreeWithEngine) {
  EXPECT_GT(play_random_games<gomoku::State>("", 10, 300), 200);
  EXPECT_GT(play_random_games<gomoku::State>("rule=renju opening=ccgc fifth_n=3", 10, 400), 200);
  EXPECT_GT(play_random_games<gomoku::State>("rule=freestyle opening=centre", 5, 500), 100);
}

TEST(WireGame, DotsRandomGamesAgreeWithEngine) {
  EXPECT_EQ(play_random_games<dots::State>("", 25, 600), 25 * dots::kEdges);
}

TEST(WireGame, SurakartaRandomGamesAgreeWithEngine) {
  EXPECT_GT(play_random_games<surakarta::State>("", 20, 700), 500);
}

TEST(WireGame, CreateRejectsUnknownGameAndBadRules) {
  auto unknown = create_wire_game("chess", "");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.message().find("junqi"), std::string::npos) << unknown.message();
  auto bad = create_wire_game("junqi", "no_battle_limit=5");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("no_battle_limit"), std::string::npos) << bad.message();
  auto ok = create_wire_game("surakarta", "no_capture_limit=40 max_plies=0");
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ((*ok)->rules_text(), "no_capture_limit=40 max_plies=0");
}

TEST(WireGame, RejectedMoveChangesNothing) {
  auto game = std::move(create_wire_game("gomoku", "rule=renju opening=centre").value());
  ASSERT_TRUE(game->play_wire(0, "H8").ok());
  const auto hash = game->hash();
  const auto view = game->wire_view(0).SerializeAsString();
  for (auto [seat, text] : {std::pair{1, "H8"}, std::pair{0, "H9"}, std::pair{1, "Z99"},
                            std::pair{-1, "H9"}, std::pair{1, ""}}) {
    auto r = game->play_wire(seat, text);
    EXPECT_FALSE(r.ok()) << seat << " " << text;
    EXPECT_FALSE(r.message().empty());
  }
  EXPECT_EQ(game->hash(), hash);
  EXPECT_EQ(game->wire_view(0).SerializeAsString(), view);
  EXPECT_EQ(game->last_action().applied.moves, std::vector<std::string>{"H8"});
  EXPECT_EQ(game->last_events(1).size(), 1u);
  EXPECT_EQ(game->last_events(kPublic)[0].gomoku().point(), "H8");
}

TEST(WireGame, AnyGamePlayRecordsTheWireActionAndCloneIsIndependent) {
  auto game = std::move(create_wire_game("dots", "").value());
  AnyGame& any = *game;
  auto applied = any.play(0, "AAA");
  ASSERT_TRUE(applied.ok()) << applied.message();
  EXPECT_EQ(game->last_events(0).at(0).dots().edge(), "AAA");
  auto copy = game->clone_wire();
  auto copy_any = game->clone();
  ASSERT_TRUE(copy->play_wire(1, "BAA").ok());
  EXPECT_EQ(game->ply(), 1);
  EXPECT_EQ(copy->ply(), 2);
  EXPECT_EQ(copy_any->ply(), 1);
  EXPECT_EQ(game->last_events(0).at(0).dots().edge(), "AAA");
  EXPECT_EQ(copy->last_events(0).at(0).dots().edge(), "BAA");
  // The clone through AnyGame is still a wire game.
  EXPECT_NE(dynamic_cast<WireGame*>(copy_any.get()), nullptr);
}

TEST(WireGame, DotsWholeTurnGivesOneEventPerEdge) {
  auto game = std::move(create_wire_game("dots", "").value());
  // Seat 0 draws three sides of box AA around; seat 1 completes it and draws again.
  for (auto [seat, edge] : {std::pair{0, "AAA"}, std::pair{1, "BAA"}, std::pair{0, "ABA"}})
    ASSERT_TRUE(game->play_wire(seat, edge).ok()) << edge;
  auto turn = game->play_wire(1, "BBA ACC");
  ASSERT_TRUE(turn.ok()) << turn.message();
  EXPECT_EQ(turn->move[2], "BBA ACC");
  const auto& events = turn->events[2];
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].dots().edge(), "BBA");
  ASSERT_EQ(events[0].dots().boxes_size(), 1);
  EXPECT_EQ(events[0].dots().boxes(0), "AA");
  EXPECT_TRUE(events[0].dots().again());
  EXPECT_EQ(events[1].dots().edge(), "ACC");
  EXPECT_FALSE(events[1].dots().again());
  const auto view = game->wire_view(0).dots();
  EXPECT_EQ(view.box_owner(0), 1);
  EXPECT_EQ(view.score(1), 1);
  EXPECT_EQ(game->to_move(), 0);
}

}  // namespace
}  // namespace boyi::protocol
