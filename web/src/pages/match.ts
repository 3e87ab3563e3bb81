// A match, played from a seat or watched: both players with ticking clocks, the board, the
// game's panel, the move list, resign, and the result with how the game ended.
// A seat's page (re)loads by Sync from the first event; anyone else spectates.
import { createBoard } from "../boards";
import type { Board, LastAction } from "../boards/board";
import { dialog, h, replaceChildren, toast } from "../dom";
import { clockText, errorText, gameTitle, outcomeText, playerName, seatName, serverText, timeControlText } from "../format";
import { t, tx } from "../i18n";
import { renderMoveList } from "../match/movelist";
import { matches, moveRemainingMs, remainingMs, type MatchState } from "../match/store";
import { ServerError } from "../net/client";
import type { MatchEvent, MatchProposals, MatchSummary, ProposalKind } from "../net/proto";
import { navigate } from "../nav";
import { session } from "../session";
import { settings } from "../settings";
import { play } from "../sounds";

const toAction = (e: MatchEvent): LastAction => ({ actor: e.actor, move: e.move, events: e.events ?? [] });

async function load(id: string): Promise<"seat" | "spectator" | "finished" | "missing"> {
  const me = session.me;
  const r = await fetch(`api/matches/${encodeURIComponent(id)}`);
  if (r.status === 404) return "missing";
  const summary = (await r.json()) as MatchSummary;
  const seated = !!me && summary.players.some((p) => p.user_id === me.user_id);
  if (seated) {
    await session.client.request({ sync: { match_id: id, from_seq: 1 } }, (m) => !!m.sync_done);
    return "seat";
  }
  if (summary.status === "MATCH_STATUS_FINISHED") return "finished";
  await session.client.request({ spectate: { match_id: id } }, (m) => !!m.match_started);
  await session.client.request({ get_view: { match_id: id } }, (m) => !!m.match_view).catch(() => undefined);
  return "spectator";
}

export function renderMatch(root: HTMLElement, id: string): () => void {
  root.className = "page-match";
  const status = h("p", { class: "muted" }, t("match.loading"));
  root.append(status);
  let disposed = false;
  let spectating = false;
  let stop = () => {};

  const start = (st: MatchState) => {
    if (disposed) return;
    const seat = st.started.seat;
    const players = st.started.players;
    const board: Board = createBoard({
      game: st.started.game,
      rules: st.started.rules,
      seat,
      players,
      submit: (move) =>
        session.client
          .request({ move: { match_id: id, move } }, (m) => !!m.match_event)
          .then(
            () => undefined,
            (e) => {
              if (e instanceof ServerError && e.code === "ERROR_CODE_ILLEGAL_MOVE")
                toast(t("match.illegal", { msg: serverText(e.message), n: e.body.attempts_left ?? 0 }), "error");
              else toast(t("match.error", { msg: errorText(e) }), "error");
            },
          ),
    });
    const top = seat === 1 ? 0 : 1;
    const bottom = 1 - top;
    const bar = (s: number) => {
      const clock = h("span", { class: "clock", id: `clock-${s}` });
      const el = h(
        "div",
        { class: `player-bar seat${s}`, id: `player-${s}` },
        h("span", { class: `dot seat${s}` }),
        h("span", { class: "pname" }, h("a", { href: `#/player/${players[s]?.user_id ?? ""}` }, playerName(players[s]))),
        h("small", { class: "muted" }, ` ${seatName(st.started.game, s)} · ${tx("role", players[s]?.role ?? "ROLE_UNSPECIFIED")}`),
        clock,
      );
      return { el, clock };
    };
    const bars = [bar(0), bar(1)];
    const turn = h("div", { class: "turn", id: "turn", role: "status" });
    const result = h("div", { class: "result", id: "result", hidden: true });
    const moves = h("ol", { class: "moves", id: "moves" });
    const watchers = h("small", { class: "muted", id: "spectators" });
    const resign = h(
      "button",
      {
        class: "danger",
        id: "resign",
        hidden: seat < 0,
        onclick: async () => {
          const ok = await dialog(t("match.resign"), h("p", null, t("match.resign_confirm")), [
            { label: t("match.no"), value: false },
            { label: t("match.yes"), value: true, primary: true },
          ]);
          if (ok) session.client.request({ resign: { match_id: id } }).catch((e) => toast(String(e.message ?? e), "error"));
        },
      },
      t("match.resign"),
    );
    // Draw offers and takebacks (where the match allows them): our buttons, and a banner with
    // what stands between the seats — the other side's proposal with accept and decline.
    const propose = (kind: ProposalKind) =>
      session.client
        .request({ propose: { match_id: id, kind } })
        .catch((e) => toast(t("match.error", { msg: errorText(e) }), "error"));
    const answer = (kind: ProposalKind, accept: boolean) =>
      session.client
        .request({ answer_proposal: { match_id: id, kind, accept } })
        .catch((e) => toast(t("match.error", { msg: errorText(e) }), "error"));
    const offerDraw = h(
      "button",
      { id: "offer-draw", hidden: seat < 0 || !st.started.draw_offers, onclick: () => void propose("PROPOSAL_KIND_DRAW") },
      t("match.offer_draw"),
    );
    const takeback = h(
      "button",
      { id: "takeback", hidden: seat < 0 || !st.started.takebacks, onclick: () => void propose("PROPOSAL_KIND_TAKEBACK") },
      t("match.takeback"),
    );
    const proposal = h("div", { class: "proposal", id: "proposal", role: "status", hidden: true });
    const kindWord = (kind: ProposalKind) => (kind === "PROPOSAL_KIND_DRAW" ? t("match.kind_draw") : t("match.kind_takeback"));
    let toldClosed = "";
    const showProposals = (p: MatchProposals | null, over: boolean) => {
      const open = over ? [] : (p?.open ?? []);
      const theirs = open.find((x) => x.from !== seat);
      const mine = open.find((x) => x.from === seat);
      proposal.hidden = !theirs && !mine;
      if (theirs && seat >= 0) {
        const text =
          theirs.kind === "PROPOSAL_KIND_DRAW" ? t("match.they_offer_draw") : t("match.they_ask_takeback", { n: theirs.actions });
        replaceChildren(
          proposal,
          h("p", null, text),
          h(
            "p",
            { class: "buttons" },
            h("button", { class: "primary", id: "proposal-accept", onclick: () => void answer(theirs.kind, true) }, t("match.accept")),
            h("button", { id: "proposal-decline", onclick: () => void answer(theirs.kind, false) }, t("match.decline")),
          ),
        );
      } else if (theirs || mine) {
        const x = (theirs ?? mine)!;
        replaceChildren(
          proposal,
          h("p", { class: "muted" }, mine ? t("match.you_proposed", { what: kindWord(x.kind) }) : t("match.seat_proposed", { name: playerName(players[x.from]), what: kindWord(x.kind) })),
        );
      }
      // Tell the proposer once when the other side declined.
      const closed = p?.last_closed;
      const key = closed ? `${closed.kind}/${closed.from}/${closed.state}/${st.events.length}` : "";
      if (closed && closed.from === seat && closed.state === "PROPOSAL_STATE_DECLINED" && key !== toldClosed && toldClosed !== "")
        toast(t("match.declined", { what: kindWord(closed.kind) }));
      toldClosed = key || "-";
    };
    // The match's chat: the players' room for a seat, the spectators' room for a watcher.
    const chatLog = h("ul", { class: "chat-log plain", id: "chat-log", "aria-live": "polite" });
    const chatInput = h("input", { id: "chat-input", maxlength: 300, placeholder: t("match.chat_placeholder"), autocomplete: "off" }) as HTMLInputElement;
    const chatForm = h(
      "form",
      {
        class: "chat-form",
        id: "chat-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          const text = chatInput.value.trim();
          if (!text) return;
          session.client
            .request({ send_chat: { match_id: id, room: seat >= 0 ? "CHAT_ROOM_PLAYERS" : "CHAT_ROOM_SPECTATORS", text } })
            .then(
              () => (chatInput.value = ""),
              (err) => toast(t("match.error", { msg: errorText(err) }), "error"),
            );
        },
      },
      chatInput,
      h("button", { type: "submit", id: "chat-send" }, t("match.chat_send")),
    );
    const chatBox = h("section", { class: "chat", id: "chat" }, h("h3", null, seat >= 0 ? t("match.chat_players") : t("match.chat_spectators")), chatLog, chatForm);
    let chatShown = -1;
    const showChat = (s: MatchState) => {
      if (s.chat.length === chatShown) return;
      chatShown = s.chat.length;
      replaceChildren(
        chatLog,
        s.chat.map((c) => h("li", null, h("b", { class: `seat${c.from.seat}` }, playerName(c.from)), " ", h("span", null, c.text))),
      );
      chatLog.scrollTop = chatLog.scrollHeight;
    };
    const head = h(
      "div",
      { class: "match-head" },
      h("h1", null, gameTitle(st.started.game), h("small", { class: "muted" }, ` ${st.started.preset || ""} ${timeControlText(st.started.time_control)}`)),
      h("span", null, seat < 0 ? h("span", { class: "tag" }, t("match.spectating")) : null, " ", watchers),
    );
    replaceChildren(
      root,
      head,
      h(
        "div",
        { class: "match-layout" },
        h("div", { class: "board-col" }, bars[top].el, board.el, bars[bottom].el),
        h("aside", { class: "side" }, turn, result, board.panel, proposal, h("h3", null, t("match.moves")), moves, h("div", { class: "buttons wrap" }, offerDraw, takeback, resign), chatBox),
      ),
    );

    // The low-time warning (settings.ts): the clock is marked, and one's own sounds once.
    let warnedLow = false;
    const tick = () => {
      const s = matches.get(id);
      if (!s) return;
      const lowMs = settings().lowTimeSeconds * 1000;
      for (const i of [0, 1]) {
        const running = !s.ended && (s.clocks.running_both || s.clocks.running === i);
        const left = remainingMs(s, i);
        const low = lowMs > 0 && left < lowMs && !!s.started.time_control?.total_ms;
        bars[i].clock.textContent = clockText(left);
        bars[i].el.classList.toggle("running", running);
        bars[i].clock.classList.toggle("low", low);
        if (i === seat && running && low && !warnedLow) {
          warnedLow = true;
          play("low");
        }
      }
      const per = moveRemainingMs(s);
      bars[s.clocks.running >= 0 ? s.clocks.running : 0].clock.title = per ? t("match.per_move", { t: clockText(per) }) : "";
    };

    // The same game again with the sides swapped: against the house bot at its strength at
    // once (the new match opens wherever we are); against a person, a challenge.
    const rematch = async () => {
      const opponent = players[1 - seat];
      if (!opponent) return;
      const setup = {
        preset: st.started.preset,
        game: st.started.game,
        rules: st.started.rules,
        time_control: st.started.time_control,
        seat: 1 - seat,
      };
      try {
        if (opponent.role === "ROLE_HOUSE_BOT") {
          const strength = opponent.house_strength ?? 0;
          await session.client.request({ play_house_bot: { setup, strength, engine: opponent.house_engine ?? "" } });
        } else {
          await session.client.request({ send_challenge: { opponent: opponent.user_id, setup } });
          toast(t("match.rematch_sent", { name: playerName(opponent) }));
        }
      } catch (e) {
        toast(t("match.error", { msg: errorText(e) }), "error");
      }
    };

    // Sounds for what happens from now on (not for the events a (re)load replays).
    let heardEvents = st.events.length;
    let heardEnd = !!st.ended;
    const update = (s: MatchState) => {
      if (s.events.length > heardEvents) play("move");
      heardEvents = s.events.length;
      if (s.ended && !heardEnd) play("end");
      heardEnd = !!s.ended;
      const actions = s.actions.map(toAction);
      const interactive = seat >= 0 && !s.ended && s.view.can_act;
      board.update({ view: s.view, last: actions.length ? actions[actions.length - 1] : null, history: actions, interactive });
      renderMoveList(
        moves,
        s.started.game,
        s.actions.map((e) => ({ ...toAction(e), moveTimeMs: e.move_time_ms })),
      );
      showProposals(s.proposals, !!s.ended);
      showChat(s);
      const mineStanding = s.actions.some((a) => a.actor === seat);
      offerDraw.hidden = seat < 0 || !st.started.draw_offers || !!s.ended;
      takeback.hidden = seat < 0 || !st.started.takebacks || !!s.ended;
      (takeback as HTMLButtonElement).disabled = !mineStanding;
      if (s.ended) {
        const o = s.ended.outcome;
        const mine = seat >= 0 ? (o.winner === seat ? t("match.you_won") : o.winner < 0 ? t("match.draw") : t("match.you_lost")) : t("match.result");
        result.hidden = false;
        replaceChildren(
          result,
          h("h2", null, mine),
          h("p", { id: "result-text" }, outcomeText(o, players, st.started.game)),
          h(
            "p",
            { class: "buttons wrap" },
            h("a", { class: "button", href: `#/replay/${id}`, id: "to-replay" }, t("match.replay")),
            seat >= 0 ? h("button", { id: "rematch", onclick: () => void rematch() }, t("match.rematch")) : null,
            h("a", { class: "button", href: "#/" }, t("match.back_lobby")),
          ),
        );
        turn.textContent = "";
        resign.hidden = true;
      } else {
        const toMove = s.view.to_move;
        turn.textContent =
          seat >= 0 && s.view.can_act
            ? t("match.your_turn")
            : toMove >= 0
              ? seat >= 0
                ? t("match.their_turn")
                : t("match.to_move", { name: playerName(players[toMove]) })
              : st.started.game === "junqi"
                ? t("match.deploying")
                : "";
        turn.classList.toggle("mine", seat >= 0 && s.view.can_act);
      }
      tick();
    };

    const timer = window.setInterval(tick, 250);
    const off = matches.subscribe(id, update);
    const refreshWatchers = () =>
      fetch("api/live")
        .then((r) => r.json() as Promise<{ matches: { match_id: string; spectators: number }[] }>)
        .then((live) => {
          const m = live.matches.find((x) => x.match_id === id);
          watchers.textContent = m ? t("match.spectators", { n: m.spectators }) : "";
        })
        .catch(() => undefined);
    void refreshWatchers();
    const watchTimer = window.setInterval(refreshWatchers, 5000);
    stop = () => {
      window.clearInterval(timer);
      window.clearInterval(watchTimer);
      off();
    };
    update(st);
  };

  const existing = matches.get(id);
  if (existing && existing.started.seat >= 0) start(existing);
  else
    load(id).then(
      (how) => {
        if (disposed) return;
        if (how === "missing") status.textContent = t("match.not_found");
        else if (how === "finished") navigate(`/replay/${id}`);
        else {
          spectating = how === "spectator";
          const st = matches.get(id);
          if (st) start(st);
          else status.textContent = t("match.not_found");
        }
      },
      (e) => {
        if (!disposed) status.textContent = t("common.error", { msg: errorText(e) });
      },
    );

  return () => {
    disposed = true;
    stop();
    if (spectating) session.client.request({ unspectate: { match_id: id } }).catch(() => undefined);
  };
}
