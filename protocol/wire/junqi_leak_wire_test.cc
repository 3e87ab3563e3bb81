// Hidden information on the wire: over seeded random 军棋 games, everything a
// seat or a spectator would receive (views and match events, as JSON lines
// parsed back the way a client reads them) names no identity of an enemy piece
// that is still hidden — checked against the full state at every ply.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/rng.h"
#include "engine/junqi/junqi.h"
#include "protocol/wire/json.h"
#include "protocol/wire/wire_game.h"

namespace boyi::protocol {
namespace {

constexpr Seat kViewers[] = {0, 1, kPublic};
constexpr int kGames = 12;

// The JSON line a recipient gets, parsed back as a client would.
v1::ServerMessage received(const v1::ServerMessage& sent) {
  auto line = to_json_line(sent);
  EXPECT_TRUE(line.ok()) << line.message();
  v1::ServerMessage back;
  const Status parsed = from_json(line.ok() ? *line : "{}", &back);
  EXPECT_TRUE(parsed.ok()) << parsed.message();
  return back;
}

// A view as received by `viewer`: every enemy piece is hidden unless it is a
// revealed flag; every own piece carries its true letter.
void check_view_against_truth(const v1::GameView& view, const junqi::State& truth, Seat viewer,
                              int& hidden_seen) {
  ASSERT_EQ(view.junqi().posts_size(), junqi::kPosts);
  for (int p = 0; p < junqi::kPosts; ++p) {
    const auto& post = view.junqi().posts(p);
    if (truth.empty(p)) {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_EMPTY);
      EXPECT_EQ(post.piece(), "");
      continue;
    }
    const Seat owner = truth.owner_at(p);
    const int piece = truth.piece_at(p);
    EXPECT_EQ(post.owner(), owner);
    if (owner == viewer) {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_OWN);
      EXPECT_EQ(post.piece(), std::string(1, junqi::piece_letter(piece)));
    } else if (piece == junqi::kFlag && truth.flag_revealed(owner)) {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_REVEALED_FLAG);
      EXPECT_EQ(post.piece(), "l");
    } else {
      EXPECT_EQ(post.kind(), v1::JUNQI_POST_HIDDEN) << junqi::post_name(p);
      EXPECT_EQ(post.piece(), "") << "identity of a hidden piece at " << junqi::post_name(p);
      ++hidden_seen;
    }
  }
  // Revealed flags: only the enemy's for a seat, only ones truly revealed.
  for (const auto& f : view.junqi().revealed_flags()) {
    EXPECT_NE(f.seat(), viewer);
    EXPECT_TRUE(truth.flag_revealed(f.seat()));
  }
}

TEST(JunqiWireLeak, NoHiddenIdentityReachesSeatsOrSpectators) {
  int hidden_seen = 0, deployments_checked = 0, steps = 0;
  for (int g = 0; g < kGames; ++g) {
    Rng rng(9000 + g);
    auto game = std::move(create_wire_game("junqi", "").value());
    junqi::State truth;
    std::array<std::string, 2> layouts;  // each seat's secret deployment text
    std::uint32_t seq = 0;
    for (int ply = 0; ply < 1000 && !truth.is_terminal(); ++ply) {
      Seat actor = truth.to_move();
      if (actor == kPublic) actor = truth.can_act(0) ? 0 : 1;
      const std::string text = game->random_move(actor, rng);
      auto action = game->play_wire(actor, text);
      ASSERT_TRUE(action.ok()) << action.message();
      auto move = truth.parse_move(actor, text);
      ASSERT_TRUE(move.ok());
      ASSERT_TRUE(truth.apply_checked(actor, *move).ok());
      const bool deploy = move->kind == junqi::Move::kDeploy;
      if (deploy) layouts[actor] = text;
      ++seq;
      for (Seat v : kViewers) {
        const auto i = viewer_index(v);
        // What the referee sends this recipient for this action.
        v1::ServerMessage sent;
        auto* e = sent.mutable_match_event();
        e->set_match_id("m");
        e->set_seq(seq);
        e->set_ply(game->ply());
        e->set_actor(actor);
        e->set_move(action->move[i]);
        e->set_redacted(action->redacted[i]);
        e->set_rendering(action->applied.renderings[i]);
        for (const auto& ge : action->events[i]) *e->add_events() = ge;
        *e->mutable_view() = game->wire_view(v);
        const auto got = received(sent);
        const auto& ev = got.match_event();
        const std::string line = *to_json_line(got);
        check_view_against_truth(ev.view(), truth, v, hidden_seen);
        ASSERT_EQ(ev.events_size(), 1);
        const auto& je = ev.events(0).junqi();
        if (deploy && v != actor) {
          // A sequence bump: who deployed, nothing of the layout anywhere.
          EXPECT_TRUE(ev.redacted());
          EXPECT_EQ(ev.move(), "");
          EXPECT_EQ(je.layout(), "");
          EXPECT_EQ(je.seat(), actor);
          EXPECT_EQ(line.find(layouts[actor]), std::string::npos) << line;
          ++deployments_checked;
        } else if (deploy) {
          EXPECT_EQ(je.layout(), layouts[actor]);
          EXPECT_EQ(ev.move(), layouts[actor]);
        } else {
          EXPECT_FALSE(ev.redacted());
          EXPECT_EQ(ev.move(), text);
          ++steps;
        }
        // Neither seat's layout ever appears in what another viewer receives.
        for (Seat owner : {0, 1}) {
          if (owner == v || layouts[owner].empty()) continue;
          EXPECT_EQ(line.find(layouts[owner]), std::string::npos);
        }
      }
    }
    ASSERT_TRUE(truth.is_terminal());
    // After the end the full view is the record: every identity, as in the state.
    const auto full = game->full_view();
    for (int p = 0; p < junqi::kPosts; ++p) {
      if (truth.empty(p)) continue;
      EXPECT_EQ(full.junqi().posts(p).kind(), v1::JUNQI_POST_KNOWN);
      EXPECT_EQ(full.junqi().posts(p).piece(),
                std::string(1, junqi::piece_letter(truth.piece_at(p))));
    }
  }
  // The checks above ran on real hidden pieces, deployments and steps.
  EXPECT_GT(hidden_seen, 5000);
  EXPECT_EQ(deployments_checked, kGames * 2 * 2);  // each deployment, to the other seat and public
  EXPECT_GT(steps, 500);
}

}  // namespace
}  // namespace boyi::protocol
