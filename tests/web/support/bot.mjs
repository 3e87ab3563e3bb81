// A bot for the "watch a live bot match" test: TCP JSON lines (protocol/README.md), signs in
// with its token and plays a uniformly random legal move from its own view, slowly enough
// for a spectator to follow. Seeded, so a run is repeatable.
import net from "node:net";

export class JsonBot {
  constructor(port, seed) {
    this.port = port;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.rng = seed >>> 0 || 1;
    this.buffer = "";
  }

  random(n) {
    // xorshift32
    this.rng ^= this.rng << 13;
    this.rng >>>= 0;
    this.rng ^= this.rng >>> 17;
    this.rng ^= this.rng << 5;
    this.rng >>>= 0;
    return this.rng % n;
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.socket = net.createConnection({ host: "127.0.0.1", port: this.port }, resolve);
      this.socket.once("error", reject);
      this.socket.setEncoding("utf8");
      this.socket.on("data", (chunk) => {
        this.buffer += chunk;
        let nl;
        while ((nl = this.buffer.indexOf("\n")) >= 0) {
          const line = this.buffer.slice(0, nl).trim();
          this.buffer = this.buffer.slice(nl + 1);
          if (line) this.dispatch(JSON.parse(line));
        }
      });
    });
  }

  dispatch(m) {
    if (m.ping) this.send({ request_id: 0, pong: { nonce: m.ping.nonce } });
    const p = this.pending.get(m.request_id);
    if (p) {
      this.pending.delete(m.request_id);
      if (m.error) p.reject(new Error(`${m.error.code}: ${m.error.message}`));
      else p.resolve(m);
    }
    for (const l of this.listeners) l(m);
  }

  send(m) {
    this.socket.write(JSON.stringify(m) + "\n");
  }

  request(body) {
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ request_id: Number(id), ...body });
    });
  }

  async signIn(token) {
    await this.connect();
    await this.request({ hello: { protocol_version: 1, client_name: "web-test-bot", client_version: "1" } });
    this.me = (await this.request({ sign_in: { bot_token: { token } } })).signed_in;
    await this.request({ subscribe_lobby: {} });
  }

  // Plays every turn of the match that `started` began, waiting `delayMs` before each move.
  play(started, delayMs) {
    const matchId = started.match_id;
    let seat = started.seat;
    let busy = false;
    const act = (view) => {
      if (!view || !view.can_act || busy || this.stopped) return;
      const moves = view.legal_moves ?? [];
      if (moves.length === 0) return;
      busy = true;
      setTimeout(() => {
        const move = moves[this.random(moves.length)];
        this.request({ move: { match_id: matchId, move } })
          .catch(() => undefined)
          .finally(() => (busy = false));
      }, delayMs);
    };
    act(started.view);
    this.listeners.add((m) => {
      if (m.match_event?.match_id === matchId) {
        const v = m.match_event.view ?? { can_act: m.match_event.to_move === seat, legal_moves: [] };
        act(v);
      }
    });
  }

  close() {
    this.stopped = true;
    this.socket?.destroy();
  }
}

// Two bots start a match by a direct challenge; resolves with the match id once both play.
export async function startBotMatch(a, b, setup, delayMs) {
  const started = new Promise((resolve) => {
    const seen = new Set();
    for (const bot of [a, b])
      bot.listeners.add((m) => {
        if (!m.match_started) return;
        seen.add(bot);
        if (seen.size === 2) resolve(m.match_started.match_id);
      });
  });
  b.listeners.add((m) => {
    const c = m.lobby_update?.challenge_received;
    if (c && c.to.user_id === b.me.user_id) b.request({ answer_challenge: { challenge_id: c.challenge_id, accept: true, message: "" } });
  });
  for (const bot of [a, b]) {
    let playing = false;
    bot.listeners.add((m) => {
      if (m.match_started && !playing) {
        playing = true;
        bot.play(m.match_started, delayMs);
      }
    });
  }
  await a.request({ send_challenge: { opponent: b.me.username, setup } });
  return started;
}
