// The lobby as this tab knows it: who is online, open seeks, challenges to and from us.
// Subscribed once per sign-in, so a challenge arriving while we watch a game still shows.
import { toast } from "./dom";
import { t, tx } from "./i18n";
import { setupText } from "./format";
import type { Challenge, LobbySnapshot, OnlineUser, Seek } from "./net/proto";
import { session } from "./session";

class LobbyStore {
  users = new Map<string, OnlineUser>();
  seeks = new Map<string, Seek>();
  challenges = new Map<string, Challenge>();
  private listeners = new Set<() => void>();
  private subscribedFor = "";

  constructor() {
    session.onChange(() => void this.subscribe());
    session.client.onMessage((m) => {
      const u = m.lobby_update;
      if (!u) return;
      if (u.user_online) this.users.set(u.user_online.user.user_id, u.user_online);
      if (u.user_offline) this.users.delete(u.user_offline);
      if (u.seek_opened) this.seeks.set(u.seek_opened.seek_id, u.seek_opened);
      if (u.seek_closed) this.seeks.delete(u.seek_closed);
      if (u.challenge_received) {
        this.challenges.set(u.challenge_received.challenge_id, u.challenge_received);
        if (u.challenge_received.to.user_id === session.me?.user_id)
          toast(t("lobby.challenge_from", { name: u.challenge_received.from.name, game: setupText(u.challenge_received.setup) }));
      }
      if (u.challenge_closed) {
        const c = this.challenges.get(u.challenge_closed.challenge_id);
        this.challenges.delete(u.challenge_closed.challenge_id);
        if (c && u.challenge_closed.reason !== "REASON_ACCEPTED")
          toast(
            t("lobby.challenge_closed", { reason: tx("reason", u.challenge_closed.reason) }) +
              (u.challenge_closed.message ? ` — ${u.challenge_closed.message}` : ""),
          );
      }
      this.changed();
    });
  }

  onChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private changed(): void {
    this.listeners.forEach((l) => l());
  }

  // The snapshot after each sign-in, then the pushes.
  private async subscribe(): Promise<void> {
    const me = session.me?.user_id ?? "";
    if (me === this.subscribedFor) return;
    this.subscribedFor = me;
    this.users.clear();
    this.seeks.clear();
    this.challenges.clear();
    if (!me) return this.changed();
    try {
      const reply = await session.client.request({ subscribe_lobby: {} });
      this.load(reply.lobby_snapshot);
    } catch {
      this.subscribedFor = "";
    }
  }

  private load(snap: LobbySnapshot | undefined): void {
    if (!snap) return;
    for (const u of snap.users ?? []) this.users.set(u.user.user_id, u);
    for (const s of snap.seeks ?? []) this.seeks.set(s.seek_id, s);
    for (const c of snap.challenges ?? []) this.challenges.set(c.challenge_id, c);
    this.changed();
  }

  addChallenge(c: Challenge): void {
    this.challenges.set(c.challenge_id, c);
    this.changed();
  }

  removeChallenge(id: string): void {
    this.challenges.delete(id);
    this.changed();
  }

  addSeek(s: Seek): void {
    this.seeks.set(s.seek_id, s);
    this.changed();
  }
}

export const lobby = new LobbyStore();
