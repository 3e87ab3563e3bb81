#!/usr/bin/env python3
"""A complete Boyi bot in plain Python (standard library only).

It speaks the TCP JSON-lines transport (protocol/README.md): handshake, sign-in with a
bot token, accepts challenges, and plays a uniformly random move from its view's
`legal_moves`. For a 军棋 deployment (not listed in legal_moves) it sends a fixed legal
layout. Replace choose() with something clever.

    python3 random_bot.py --host 127.0.0.1 --port 7700 --token "$BOYI_BOT_TOKEN" --games 1
"""

import argparse
import json
import os
import random
import socket
import sys

# 25 pieces for the own-frame slots G0-G4, H0 H2 H4, I0 I1 I3 I4, J0 J2 J4, K0-K4, L0-L4:
# the flag (l) in the L1 headquarters, mines (j) in rows K-L, no bomb (k) in row G.
JUNQI_LAYOUT = "abccd" "dee" "ffgg" "ghh" "hiijk" "iljjk"


class Bot:
    def __init__(self, sock, token, games, accept_from, rng):
        self.sock = sock
        self.reader = sock.makefile("r", encoding="utf-8", newline="\n")
        self.token = token
        self.games_wanted = games
        self.accept_from = accept_from
        self.rng = rng
        self.next_id = 0
        # match id -> {"seat", "last_seq", "view", "view_seq", "move_id", "refused"}
        self.matches = {}
        self.games_done = 0

    def send(self, body):
        self.next_id += 1
        message = dict(body, request_id=self.next_id)
        self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))
        return self.next_id

    def log(self, text):
        print(text, flush=True)

    def run(self):
        self.send({"hello": {"protocol_version": 1, "client_name": "random_bot.py"}})
        for line in self.reader:
            if not line.strip():
                continue
            message = json.loads(line)
            if not self.handle(message):
                return 0
        self.log("the server closed the connection")
        return 1

    # Returns False when the bot is done.
    def handle(self, m):
        rid = int(m.get("request_id", "0"))
        if "ping" in m:
            pong = {"pong": {"nonce": m["ping"].get("nonce", 0)}}
            self.sock.sendall((json.dumps(pong) + "\n").encode("utf-8"))
        elif "welcome" in m:
            self.send({"sign_in": {"bot_token": {"token": self.token}}})
        elif "signed_in" in m:
            self.log("signed in as %s" % m["signed_in"]["username"])
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
    parser = argparse.ArgumentParser(description="A random Boyi bot over TCP JSON lines.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=7700)
    parser.add_argument("--token", default=os.environ.get("BOYI_BOT_TOKEN", ""))
    parser.add_argument("--games", type=int, default=0, help="stop after this many (0: never)")
    parser.add_argument("--accept-from", default="", help="comma-separated names (empty: anyone)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    if not args.token:
        parser.error("a bot token is needed (--token or BOYI_BOT_TOKEN)")
    accept_from = [n for n in args.accept_from.split(",") if n]
    with socket.create_connection((args.host, args.port), timeout=None) as sock:
        bot = Bot(sock, args.token, args.games, accept_from, random.Random(args.seed))
        return bot.run()


if __name__ == "__main__":
    sys.exit(main())
