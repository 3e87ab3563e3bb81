// Who is signed in on this tab, over the one shared connection. What signs the same account
// in again after a reload, a browser restart or a dropped connection is kept in localStorage:
// a guest's resume token, or a person's remembered sign-in (a session token the server
// issues for a password sign-in, which expires and ends on signing out). The password itself
// is never kept, not even in memory.
import { Client, ServerError } from "./net/client";
import type { GameInfo, HouseBots, ServerMessage, SignedIn } from "./net/proto";

const GUEST_TOKEN_KEY = "boyi.guest_token";
const GUEST_NAME_KEY = "boyi.guest_name";
const SESSION_TOKEN_KEY = "boyi.session_token";

type Credentials =
  | { password: { username: string; password: string; remember: boolean } }
  | { guest: { display_name: string; resume_token?: string } }
  | { session: { session_token: string } };

const isAuthFailure = (e: unknown): boolean => e instanceof ServerError && e.code === "ERROR_CODE_AUTH_FAILED";

class Session {
  readonly client = new Client();
  me: SignedIn | null = null;
  private credentials: Credentials | null = null;
  private listeners = new Set<() => void>();
  private games: Promise<GameInfo[]> | null = null;
  private house: Promise<HouseBots> | null = null;

  constructor() {
    this.client.onState((connected) => {
      if (connected && this.credentials && !this.me) void this.resume(this.credentials);
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

  // Connects and, when this browser remembers a sign-in (a person's session token or a
  // guest's resume token), signs that account in again.
  async start(): Promise<void> {
    await this.client.connect();
    if (this.me) return;
    const session = localStorage.getItem(SESSION_TOKEN_KEY);
    const guest = localStorage.getItem(GUEST_TOKEN_KEY);
    if (session) await this.resume({ session: { session_token: session } });
    else if (guest) await this.resume({ guest: { display_name: "", resume_token: guest } });
  }

  // Signs in again with what is remembered; a sign-in the server has ended (signed out in
  // another tab, expired, a new password) is forgotten.
  private async resume(credentials: Credentials): Promise<void> {
    try {
      await this.signInWith(credentials);
    } catch (e) {
      if (!isAuthFailure(e)) return;
      if ("session" in credentials) localStorage.removeItem(SESSION_TOKEN_KEY);
      if ("guest" in credentials) localStorage.removeItem(GUEST_TOKEN_KEY);
      this.credentials = null;
      this.changed();
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
    return this.signInWith({ password: { username, password, remember: true } });
  }

  async signUp(username: string, password: string, displayName: string): Promise<SignedIn> {
    await this.client.connect();
    if (this.me) await this.client.request({ sign_out: {} }).catch(() => undefined);
    const reply = await this.client.request({ sign_up: { username, password, display_name: displayName, remember: true } });
    return this.accept(reply, null);
  }

  // Ends the sign-in here and, for a remembered one, in every tab that shares it.
  async signOut(): Promise<void> {
    this.credentials = null;
    localStorage.removeItem(GUEST_TOKEN_KEY);
    localStorage.removeItem(SESSION_TOKEN_KEY);
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

  // The house bots' levels and engines (asked once per page load).
  houseBots(): Promise<HouseBots> {
    if (!this.house)
      this.house = fetch("api/house-bots")
        .then((r) => r.json() as Promise<HouseBots>)
        .catch((e) => {
          this.house = null;
          throw e;
        });
    return this.house;
  }

  // What signs this account in again is kept; a password never is.
  private accept(reply: ServerMessage, credentials: Credentials | null): SignedIn {
    const me = reply.signed_in;
    if (!me) throw new Error("unexpected reply");
    this.me = me;
    if (me.resume_token) {
      localStorage.setItem(GUEST_TOKEN_KEY, me.resume_token);
      localStorage.removeItem(SESSION_TOKEN_KEY);
      this.credentials = { guest: { display_name: me.display_name, resume_token: me.resume_token } };
    } else if (me.session_token) {
      localStorage.setItem(SESSION_TOKEN_KEY, me.session_token);
      localStorage.removeItem(GUEST_TOKEN_KEY);
      this.credentials = { session: { session_token: me.session_token } };
    } else {
      localStorage.removeItem(GUEST_TOKEN_KEY);
      this.credentials = credentials && "session" in credentials ? credentials : null;
    }
    this.changed();
    return me;
  }
}

export const session = new Session();
