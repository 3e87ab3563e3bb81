// Who is signed in on this tab, over the one shared connection. A guest's resume token is
// kept in localStorage, so a reload or a dropped connection signs the same guest in again;
// a password is kept only in memory, for reconnecting while the tab lives.
import { Client, ServerError } from "./net/client";
import type { GameInfo, ServerMessage, SignedIn } from "./net/proto";

const GUEST_TOKEN_KEY = "boyi.guest_token";
const GUEST_NAME_KEY = "boyi.guest_name";

type Credentials = { password: { username: string; password: string } } | { guest: { display_name: string; resume_token?: string } };

class Session {
  readonly client = new Client();
  me: SignedIn | null = null;
  private credentials: Credentials | null = null;
  private listeners = new Set<() => void>();
  private games: Promise<GameInfo[]> | null = null;

  constructor() {
    this.client.onState((connected) => {
      if (connected && this.credentials && !this.me) void this.signInWith(this.credentials).catch(() => undefined);
      if (!connected && this.me) {
        this.me = null;
        this.changed();
      }
    });
  }

  onChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private changed(): void {
    this.listeners.forEach((l) => l());
  }

  // Connects and, when this browser has a guest token, signs that guest in again.
  async start(): Promise<void> {
    await this.client.connect();
    const token = localStorage.getItem(GUEST_TOKEN_KEY);
    if (token && !this.me) {
      try {
        await this.signInWith({ guest: { display_name: "", resume_token: token } });
      } catch (e) {
        if (e instanceof ServerError && e.code === "ERROR_CODE_AUTH_FAILED") localStorage.removeItem(GUEST_TOKEN_KEY);
      }
    }
  }

  async signInWith(credentials: Credentials): Promise<SignedIn> {
    await this.client.connect();
    if (this.me) await this.client.request({ sign_out: {} }).catch(() => undefined);
    const reply = await this.client.request({ sign_in: credentials });
    return this.accept(reply, credentials);
  }

  signInGuest(displayName: string): Promise<SignedIn> {
    localStorage.setItem(GUEST_NAME_KEY, displayName);
    return this.signInWith({ guest: { display_name: displayName } });
  }

  signInPassword(username: string, password: string): Promise<SignedIn> {
    return this.signInWith({ password: { username, password } });
  }

  async signUp(username: string, password: string, displayName: string): Promise<SignedIn> {
    await this.client.connect();
    if (this.me) await this.client.request({ sign_out: {} }).catch(() => undefined);
    const reply = await this.client.request({ sign_up: { username, password, display_name: displayName } });
    return this.accept(reply, { password: { username, password } });
  }

  async signOut(): Promise<void> {
    this.credentials = null;
    localStorage.removeItem(GUEST_TOKEN_KEY);
    await this.client.request({ sign_out: {} }).catch(() => undefined);
    this.me = null;
    this.changed();
  }

  lastGuestName(): string {
    return localStorage.getItem(GUEST_NAME_KEY) ?? "";
  }

  // The games and presets (asked once per page load).
  gameList(): Promise<GameInfo[]> {
    if (!this.games)
      this.games = fetch("api/games")
        .then((r) => r.json() as Promise<{ games: GameInfo[] }>)
        .then((g) => g.games)
        .catch((e) => {
          this.games = null;
          throw e;
        });
    return this.games;
  }

  private accept(reply: ServerMessage, credentials: Credentials): SignedIn {
    const me = reply.signed_in;
    if (!me) throw new Error("unexpected reply");
    this.me = me;
    if (me.resume_token) {
      localStorage.setItem(GUEST_TOKEN_KEY, me.resume_token);
      this.credentials = { guest: { display_name: me.display_name, resume_token: me.resume_token } };
    } else {
      localStorage.removeItem(GUEST_TOKEN_KEY);
      this.credentials = credentials;
    }
    this.changed();
    return me;
  }
}

export const session = new Session();
