#!/usr/bin/env python3
"""A complete Boyi bot in plain Python (standard library only).

It speaks JSON (protocol/README.md) over TCP JSON lines, or over WebSocket text frames
(--url ws://... or wss://..., e.g. a server behind a TLS proxy): handshake, sign-in with a
bot token, accepts challenges (or sends one: --challenge NAME), and plays a uniformly random
move from its view's `legal_moves`. For a 军棋 deployment (not listed in legal_moves) it
sends a fixed legal layout. Replace choose() with something clever.

    python3 random_bot.py --host 127.0.0.1 --port 7700 --token "$BOYI_BOT_TOKEN" --games 1
    python3 random_bot.py --url wss://boyi.example.org/ws --token "$BOYI_BOT_TOKEN"
"""

import argparse
import base64
import json
import os
import random
import socket
import ssl
import struct
import sys
import time
import urllib.parse

# 25 pieces for the own-frame slots G0-G4, H0 H2 H4, I0 I1 I3 I4, J0 J2 J4, K0-K4, L0-L4:
# the flag (l) in the L1 headquarters, mines (j) in rows K-L, no bomb (k) in row G.
JUNQI_LAYOUT = "abccd" "dee" "ffgg" "ghh" "hiijk" "iljjk"


class JsonLines:
    """TCP JSON lines: one JSON object per line."""

    def __init__(self, sock):
        self.sock = sock
        self.reader = sock.makefile("r", encoding="utf-8", newline="\n")

    def send(self, message):
        self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))

    def messages(self):
        for line in self.reader:
            if line.strip():
                yield json.loads(line)


class WebSocketText:
    """WebSocket (RFC 6455) text frames, one JSON object per message, over TCP or TLS."""

    def __init__(self, url, cafile=None):
        parts = urllib.parse.urlsplit(url)
        secure = parts.scheme == "wss"
        port = parts.port or (443 if secure else 80)
        sock = socket.create_connection((parts.hostname, port))
        if secure:
            context = ssl.create_default_context(cafile=cafile)
            sock = context.wrap_socket(sock, server_hostname=parts.hostname)
        self.sock = sock
        self.buffer = b""
        key = base64.b64encode(os.urandom(16)).decode()
        host = parts.netloc.rsplit("@", 1)[-1]
        request = ("GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                   % (parts.path or "/", host, key))
        sock.sendall(request.encode())
        head = self._read_until(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status + b" ":
            raise ConnectionError("WebSocket handshake refused: %s" % status.decode(errors="replace"))

    def _read_until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _read_exactly(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)  # a client masks every frame
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, message):
        self._send_frame(0x1, json.dumps(message).encode("utf-8"))

    def messages(self):
        pieces = []
        while True:
            head = self._read_exactly(2)
            if head is None:
                return
            fin, opcode, n = head[0] & 0x80, head[0] & 0x0F, head[1] & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read_exactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read_exactly(8))[0]
            payload = self._read_exactly(n)
            if payload is None:
                return
            if opcode == 0x8:  # close
                return
            if opcode == 0x9:  # ping: pong with the same payload
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x1, 0x2, 0x0):
                pieces.append(payload)
                if fin:
                    yield json.loads(b"".join(pieces).decode("utf-8"))
                    pieces = []


class Bot:
    def __init__(self, conn, token, games, accept_from, challenge, preset, rng):
        self.conn = conn
        self.token = token
        self.games_wanted = games
        self.accept_from = accept_from
        self.challenge = challenge  # an opponent to challenge once signed in ("": wait)
        self.preset = preset
        self.challenge_id = 0
        self.rng = rng
        self.next_id = 0
        # match id -> {"seat", "last_seq", "view", "view_seq", "move_id", "refused"}
        self.matches = {}
        self.games_done = 0

    def send(self, body):
        self.next_id += 1
        message = dict(body, request_id=self.next_id)
        self.conn.send(message)
        return self.next_id

    def log(self, text):
        print(text, flush=True)

    def run(self):
        self.send({"hello": {"protocol_version": 1, "client_name": "random_bot.py"}})
        for message in self.conn.messages():
            if not self.handle(message):
                return 0
        self.log("the server closed the connection")
        return 1

    # Returns False when the bot is done.
    def handle(self, m):
        rid = int(m.get("request_id", "0"))
        if "ping" in m:
            self.conn.send({"pong": {"nonce": m["ping"].get("nonce", 0)}})
        elif "welcome" in m:
            self.send({"sign_in": {"bot_token": {"token": self.token}}})
        elif "signed_in" in m:
            self.log("signed in as %s" % m["signed_in"]["username"])
            self.send_challenge()
        elif "error" in m and rid and rid == self.challenge_id:
            # The opponent is not online yet (or busy): ask again a little later.
            self.log("challenge refused: %s" % m["error"]["message"])
            time.sleep(0.5)
            self.send_challenge()
        elif "error" in m:
            return self.on_error(rid, m["error"])
        elif "lobby_update" in m and "challenge_received" in m["lobby_update"]:
            c = m["lobby_update"]["challenge_received"]
            who = c["from"]["name"]
            accept = not self.accept_from or who in self.accept_from
            self.log("challenge from %s: %s" % (who, "accept" if accept else "decline"))
            self.send({"answer_challenge": {"challenge_id": c["challenge_id"], "accept": accept}})
        elif "match_started" in m:
            s = m["match_started"]
            if s["seat"] in (0, 1) and s["match_id"] not in self.matches:
                self.matches[s["match_id"]] = {"seat": s["seat"], "last_seq": 0,
                                               "view": s["view"], "view_seq": 0,
                                               "move_id": 0, "refused": []}
                self.log("match %s: %s as seat %d" % (s["match_id"], s["game"], s["seat"]))
                self.act(s["match_id"])
        elif "match_event" in m:
            self.on_event(rid, m["match_event"])
        elif "match_view" in m:
            v = m["match_view"]
            match = self.matches.get(v["match_id"])
            if match and v["last_seq"] == match["last_seq"]:
                match["view"], match["view_seq"] = v["view"], v["last_seq"]
                self.act(v["match_id"])
        elif "match_ended" in m:
            e = m["match_ended"]
            if self.matches.pop(e["match_id"], None) is not None:
                self.games_done += 1
                outcome = e["outcome"]
                self.log("match %s over: %s, winner %d"
                         % (e["match_id"], outcome["ending"], outcome["winner"]))
                if self.games_wanted and self.games_done >= self.games_wanted:
                    return False
        return True

    def send_challenge(self):
        if self.challenge:
            setup = {"preset": self.preset, "seat": -1}
            self.challenge_id = self.send(
                {"send_challenge": {"opponent": self.challenge, "setup": setup}})

    def on_event(self, rid, e):
        match = self.matches.get(e["match_id"])
        if match is None or e["seq"] <= match["last_seq"]:
            return
        if rid and rid == match["move_id"]:
            match["move_id"] = 0
        match["last_seq"] = e["seq"]
        match["refused"] = []
        if "view" in e:
            match["view"], match["view_seq"] = e["view"], e["seq"]
        elif e["to_move"] in (match["seat"], -1):
            self.send({"get_view": {"match_id": e["match_id"]}})
        self.act(e["match_id"])

    def on_error(self, rid, error):
        self.log("error: %s: %s" % (error["code"], error["message"]))
        if error["code"] in ("ERROR_CODE_AUTH_FAILED", "ERROR_CODE_UNSUPPORTED_VERSION"):
            return False
        for match_id, match in self.matches.items():
            if rid and rid == match["move_id"]:
                match["move_id"] = 0
                if error["code"] == "ERROR_CODE_ILLEGAL_MOVE":
                    match["refused"].append(match.pop("last_move", ""))
                    self.act(match_id)
        return True

    def act(self, match_id):
        match = self.matches[match_id]
        view = match["view"]
        if match["move_id"] or match["view_seq"] != match["last_seq"] or not view.get("can_act"):
            return
        move = self.choose(view, match)
        if move is None:
            return
        match["last_move"] = move
        match["move_id"] = self.send({"move": {"match_id": match_id, "move": move}})

    def choose(self, view, match):
        moves = [m for m in view.get("legal_moves", []) if m not in match["refused"]]
        if moves:
            return self.rng.choice(moves)
        if view["game"] == "junqi" and view.get("to_move", -1) == -1:
            return JUNQI_LAYOUT  # a deployment: the same letters suit either seat
        return None


def main():
    parser = argparse.ArgumentParser(description="A random Boyi bot (JSON over TCP or WebSocket).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=7700)
    parser.add_argument("--url", default="",
                        help="ws://host[:port]/path or wss://...: WebSocket instead of TCP")
    parser.add_argument("--cafile", default=None,
                        help="trust this certificate (a self-signed server) for wss://")
    parser.add_argument("--challenge", default="", help="challenge this player once signed in")
    parser.add_argument("--preset", default="surakarta-ccgc", help="the challenge's preset")
    parser.add_argument("--token", default=os.environ.get("BOYI_BOT_TOKEN", ""))
    parser.add_argument("--games", type=int, default=0, help="stop after this many (0: never)")
    parser.add_argument("--accept-from", default="", help="comma-separated names (empty: anyone)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    if not args.token:
        parser.error("a bot token is needed (--token or BOYI_BOT_TOKEN)")
    accept_from = [n for n in args.accept_from.split(",") if n]
    if args.url:
        conn = WebSocketText(args.url, args.cafile)
    else:
        conn = JsonLines(socket.create_connection((args.host, args.port), timeout=None))
    bot = Bot(conn, args.token, args.games, accept_from, args.challenge, args.preset,
              random.Random(args.seed))
    try:
        return bot.run()
    finally:
        conn.sock.close()


if __name__ == "__main__":
    sys.exit(main())
