// Everything this tab knows about the matches it plays or watches, fed by the connection's
// messages: the MatchStarted, every event in seq order (no duplicates after a sync), the
// latest view and clocks (with the moment they arrived, so clocks can tick), the end.
import { session } from "../session";
import type { ChatMessage, Clocks, GameView, MatchEnded, MatchEvent, MatchProposals, MatchRecord, MatchStarted, ServerMessage } from "../net/proto";
import { matchIdOf } from "../net/proto";

export interface MatchState {
  started: MatchStarted;
  events: MatchEvent[]; // every event in seq order, takebacks included
  actions: MatchEvent[]; // the actions that stand (an agreed takeback removes its last ones)
  proposals: MatchProposals | null;
  chat: ChatMessage[]; // this page's room, oldest first (a rejoin replays the newest again)
  view: GameView;
  clocks: Clocks;
  clocksAt: number; // performance.now() when `clocks` arrived
  ended: MatchEnded | null;
  record: MatchRecord | null;
  lastSeq: number;
}

type Listener = (state: MatchState) => void;

class MatchStore {
  private states = new Map<string, MatchState>();
  private listeners = new Map<string, Set<Listener>>();
  private startedListeners = new Set<(m: MatchStarted) => void>();

  constructor() {
    session.client.onMessage((m) => this.take(m));
  }

  get(matchId: string): MatchState | undefined {
    return this.states.get(matchId);
  }

  subscribe(matchId: string, l: Listener): () => void {
    let set = this.listeners.get(matchId);
    if (!set) this.listeners.set(matchId, (set = new Set()));
    set.add(l);
    return () => set!.delete(l);
  }

  // A match of ours started (a seek accepted, a challenge, a house bot): the lobby follows it.
  onStarted(l: (m: MatchStarted) => void): () => void {
    this.startedListeners.add(l);
    return () => this.startedListeners.delete(l);
  }

  private emit(id: string): void {
    const st = this.states.get(id);
    if (st) this.listeners.get(id)?.forEach((l) => l(st));
  }

  private take(m: ServerMessage): void {
    const id = matchIdOf(m);
    if (!id) return;
    const now = performance.now();
    if (m.match_started) {
      const ms = m.match_started;
      const old = this.states.get(id);
      const fresh = !old || old.started.seat !== ms.seat;
      this.states.set(id, {
        started: ms,
        events: fresh ? [] : old!.events,
        actions: fresh ? [] : old!.actions,
        proposals: fresh ? null : old!.proposals,
        chat: fresh ? [] : old!.chat,
        view: fresh ? ms.view : old!.view,
        clocks: fresh ? ms.clocks : old!.clocks,
        clocksAt: fresh ? now : old!.clocksAt,
        ended: fresh ? null : old!.ended,
        record: fresh ? null : old!.record,
        lastSeq: fresh ? 0 : old!.lastSeq,
      });
      if (!old && m.request_id === "0" && ms.seat >= 0) this.startedListeners.forEach((l) => l(ms));
      this.emit(id);
      return;
    }
    const st = this.states.get(id);
    if (!st) return;
    if (m.match_event) {
      const e = m.match_event;
      if (e.seq <= st.lastSeq) return;
      st.events.push(e);
      if (e.takes_back) st.actions.splice(Math.max(0, st.actions.length - e.takes_back));
      else st.actions.push(e);
      st.lastSeq = e.seq;
      if (e.view) st.view = e.view;
      else st.view = { ...st.view, to_move: e.to_move, can_act: e.to_move === st.started.seat && st.started.seat >= 0, ply: e.ply };
      st.clocks = e.clocks;
      st.clocksAt = now;
    } else if (m.match_ended) {
      const e = m.match_ended;
      if (st.ended) return;
      st.ended = e;
      st.lastSeq = Math.max(st.lastSeq, e.seq);
      st.clocks = e.clocks;
      st.clocksAt = now;
      st.view = { ...e.final_view, can_act: false, legal_moves: [] };
    } else if (m.chat_message) {
      const c = m.chat_message;
      const same = (x: ChatMessage) => x.sent_at === c.sent_at && x.from.user_id === c.from.user_id && x.text === c.text;
      if (st.chat.some(same)) return;
      st.chat.push(c);
      if (st.chat.length > 200) st.chat.shift();
    } else if (m.match_proposals) {
      st.proposals = m.match_proposals;
    } else if (m.match_record) {
      st.record = m.match_record;
    } else if (m.clock_update) {
      st.clocks = m.clock_update.clocks;
      st.clocksAt = now;
    } else if (m.sync_done) {
      // The position now, as after a reload: the board, what may be clicked and the clocks.
      const now_view = m.sync_done.view;
      if (!st.ended && now_view?.view) {
        st.view = now_view.view;
        st.clocks = now_view.clocks;
        st.clocksAt = now;
      }
      if (now_view?.proposals) st.proposals = now_view.proposals;
    } else if (m.match_view) {
      if (!st.ended && m.match_view.last_seq >= st.lastSeq) {
        st.view = m.match_view.view;
        st.clocks = m.match_view.clocks;
        st.clocksAt = now;
      }
      if (m.match_view.proposals) st.proposals = m.match_view.proposals;
    } else {
      return;
    }
    this.emit(id);
  }
}

export const matches = new MatchStore();

// What is left on a seat's clock now, counting the time since the clocks arrived.
export function remainingMs(st: MatchState, seat: number): number {
  const base = st.clocks.remaining_ms[seat] ?? 0;
  if (st.ended) return base;
  const running = st.clocks.running_both || st.clocks.running === seat;
  if (!running) return base;
  return Math.max(0, base - (performance.now() - st.clocksAt));
}

export function moveRemainingMs(st: MatchState): number {
  if (st.ended || !st.clocks.move_remaining_ms) return 0;
  return Math.max(0, st.clocks.move_remaining_ms - (performance.now() - st.clocksAt));
}
