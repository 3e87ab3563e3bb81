// One WebSocket to the server speaking boyi.v1 in JSON text frames: hello first, requests
// with ids whose replies resolve promises, pushes to listeners, pings answered, and a
// reconnect with back-off when the connection drops (the session signs in again).
import type { ErrorBody, ServerMessage } from "./proto";

export class ServerError extends Error {
  constructor(public readonly body: ErrorBody) {
    super(body.message || body.code);
  }
  get code(): string {
    return this.body.code;
  }
}

type Listener = (m: ServerMessage) => void;
type StateListener = (connected: boolean) => void;

interface Pending {
  resolve: (m: ServerMessage) => void;
  reject: (e: Error) => void;
  done: (m: ServerMessage) => boolean;
}

const PING_INTERVAL_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;

export function defaultServerUrl(): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

export class Client {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<string, Pending>();
  private listeners = new Set<Listener>();
  private stateListeners = new Set<StateListener>();
  private opened: Promise<void> | null = null;
  private pingTimer = 0;
  private retryMs = 500;
  private closedByUs = false;
  connected = false;

  constructor(private readonly url: string = defaultServerUrl()) {}

  onMessage(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  onState(l: StateListener): () => void {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }

  // Opens the socket and says hello (once; later calls share the same promise).
  connect(): Promise<void> {
    if (this.opened) return this.opened;
    this.closedByUs = false;
    this.opened = new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.onopen = () => {
        this.request({ hello: { protocol_version: 1, client_name: "boyi-web", client_version: "0.1", receive_chat: true } }).then(
          () => {
            this.connected = true;
            this.retryMs = 500;
            this.pingTimer = window.setInterval(() => this.send({ request_id: 0, ping: { nonce: 1 } }), PING_INTERVAL_MS);
            this.stateListeners.forEach((l) => l(true));
            resolve();
          },
          reject,
        );
      };
      ws.onmessage = (e) => {
        if (typeof e.data !== "string") return;
        let m: ServerMessage;
        try {
          m = JSON.parse(e.data) as ServerMessage;
        } catch {
          return;
        }
        this.dispatch(m);
      };
      ws.onclose = () => {
        const wasConnected = this.connected;
        this.connected = false;
        this.opened = null;
        window.clearInterval(this.pingTimer);
        for (const p of this.pending.values()) p.reject(new Error("connection closed"));
        this.pending.clear();
        if (!wasConnected) reject(new Error("cannot connect"));
        this.stateListeners.forEach((l) => l(false));
        if (!this.closedByUs) {
          window.setTimeout(() => void this.connect().catch(() => undefined), this.retryMs);
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
        }
      };
    });
    return this.opened;
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }

  // Sends one request; resolves with the reply that `done` accepts (by default the first
  // message with this request id), rejects with ServerError on an error reply.
  request(body: Record<string, unknown>, done: (m: ServerMessage) => boolean = () => true): Promise<ServerMessage> {
    const id = String(this.nextId++);
    return new Promise<ServerMessage>((resolve, reject) => {
      const timer = window.setTimeout(() => {
        if (this.pending.delete(id)) reject(new Error("no answer from the server"));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (m) => {
          window.clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          window.clearTimeout(timer);
          reject(e);
        },
        done,
      });
      if (!this.send({ request_id: Number(id), ...body })) {
        this.pending.delete(id);
        window.clearTimeout(timer);
        reject(new Error("not connected"));
      }
    });
  }

  private send(message: Record<string, unknown>): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  private dispatch(m: ServerMessage): void {
    if (m.ping) {
      this.send({ request_id: 0, pong: { nonce: m.ping.nonce } });
      return;
    }
    const p = m.request_id && m.request_id !== "0" ? this.pending.get(m.request_id) : undefined;
    if (p && m.error) {
      this.pending.delete(m.request_id);
      p.reject(new ServerError(m.error));
    }
    for (const l of [...this.listeners]) l(m);
    if (p && !m.error && p.done(m)) {
      this.pending.delete(m.request_id);
      p.resolve(m);
    }
  }
}
