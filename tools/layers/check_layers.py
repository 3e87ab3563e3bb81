#!/usr/bin/env python3
"""Fails when a source file includes across a forbidden arrow between Boyi's layers.

The layers, lowest first (docs/DESIGN.md):

    base <- engine <- referee <- protocol <- bots <- server

A file may include its own layer and the layers below it. tools/ (the programs) may
include every layer and each other's libraries; tests/ may include everything, and so may a
test beside the code it tests (a file named *_test*, test_support* or test_util*). Nothing
else includes tools/ or tests/, and no program includes tests/ (a shipped program never
depends on test code).

Inside server/, the parts of the server program have arrows of their own (server/app/README.md):
core <- session; core <- cluster <- matches <- lobby, tournament/runner; http uses lobby,
matches and session; app uses them all. The server's libraries below the program (storage, net, accounts,
hosting, records, the tournament logic, admin) use none of the program's parts.

Usage: check_layers.py ROOT [ROOT ...]   (each ROOT is a source tree; exit 1 on violations)
"""
import os
import re
import sys

LAYERS = ["base", "engine", "referee", "protocol", "bots", "server"]
TOP = set(LAYERS) | {"tools", "tests"}
SOURCES = (".h", ".hpp", ".cc", ".cpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


# A server program part -> the other parts it may include.
SERVER_PARTS = {
    "server/core": set(),
    "server/cluster": {"server/core"},
    "server/session": {"server/core"},
    "server/matches": {"server/core", "server/cluster"},
    "server/lobby": {"server/core", "server/matches"},
    "server/tournament/runner": {"server/core", "server/matches"},
    "server/http": {"server/core", "server/matches", "server/lobby", "server/session"},
    "server/app": {"server/core", "server/cluster", "server/session", "server/matches",
                   "server/lobby", "server/tournament/runner", "server/http"},
}


def server_part(path):
    best = None
    for part in SERVER_PARTS:
        if path.startswith(part + "/") and (best is None or len(part) > len(best)):
            best = part
    return best


def server_part_allowed(src_path, dst_path):
    dst = server_part(dst_path)
    if dst is None:
        return True
    src = server_part(src_path)
    return src == dst or (src is not None and dst in SERVER_PARTS[src])


def layer_of(path):
    top = path.split("/", 1)[0]
    return top if top in TOP else None


def allowed(src, dst):
    if src == dst:
        return True
    if src == "tests":
        return True  # the tests may use everything
    if dst == "tests":
        return False  # no library or program depends on test code
    if src == "tools":
        return True  # a program may use every layer and another program's library
    if dst == "tools":
        return False  # no library depends on a program
    return LAYERS.index(dst) < LAYERS.index(src)


def is_test_file(rel):
    name = os.path.basename(rel)
    return "_test" in name or name.startswith(("test_support", "test_util"))


def violations(root):
    found = []
    for top in sorted(TOP):
        base = os.path.join(root, top)
        for folder, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "build", "testdata")]
            for name in sorted(files):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                src = "tests" if is_test_file(rel) else top
                for included in INCLUDE.findall(text):
                    dst = layer_of(included)
                    if dst is None:
                        continue  # a generated header, a file beside this one, a library's
                    if src == "tests":
                        continue  # the tests may use everything
                    if not allowed(top, dst):
                        found.append(f"{rel}: includes {included} ({top} may not use {dst})")
                    elif top == "server" and not server_part_allowed(rel, included):
                        src_part = server_part(rel) or os.path.dirname(rel)
                        found.append(f"{rel}: includes {included} ({src_part} may not use "
                                     f"{server_part(included)})")
    return found


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    found = []
    for root in argv[1:]:
        if not os.path.isdir(root):
            print(f"check_layers: no such folder: {root}", file=sys.stderr)
            return 2
        found += violations(root)
    for v in found:
        print(v)
    print(f"check_layers: {len(found)} forbidden include(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
