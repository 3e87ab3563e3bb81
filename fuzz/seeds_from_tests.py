#!/usr/bin/env python3
"""Seeds from the tests' own inputs (seed-corpora.sh): each target's corpus gets the string
literals of its component's tests (one file each, and all of them as the lines of one file),
the engines' golden playthroughs as move lists and diagrams, the README's JSON session and the
example config files. Usage: seeds_from_tests.py SOURCE_DIR OUT_DIR"""
import pathlib
import re
import sys

src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
MAX_FILES = 200  # per source file: enough variety, no large corpus

RAW = re.compile(r'R"([^(\s]*)\((.*?)\)\1"', re.S)
QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "0": "\0"}


def unescape(s):
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(0)), s)


def literals(path):
    text = path.read_text(encoding="utf-8")
    found = [m.group(2) for m in RAW.finditer(text)]
    text = RAW.sub("", text)
    found += [unescape(m.group(1)) for m in QUOTED.finditer(text)]
    return [s for s in found if s.strip()]


def write(target, name, text):
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(text, encoding="utf-8")


def from_tests(target, *paths):
    for path in paths:
        found = literals(src / path)
        stem = pathlib.Path(path).stem
        write(target, f"{stem}-all", "\n".join(found) + "\n")
        for i, s in enumerate(found[:MAX_FILES]):
            write(target, f"{stem}-{i}", s)


def golden(game, rules, move_line):
    """The golden playthrough's moves (rules text first) and its diagrams."""
    lines = (src / f"engine/{game}/testdata/golden.txt").read_text(encoding="utf-8").splitlines()
    moves = [m.group(1) for m in map(move_line.match, lines) if m]
    for n in (10, 40, len(moves)):
        write(game, f"golden-moves-{n}", "\n".join([rules] + moves[:n]) + "\n")
    block, count = [], 0
    for line in lines + [""]:
        if line.startswith(("#", "==", "--", "event", "viewer")) or not line.strip():
            if len(block) >= 6 and count < MAX_FILES:
                write(game, f"golden-diagram-{count}", "\n".join(block) + "\n")
                count += 1
            block = []
        else:
            block.append(line)


golden("junqi", "no_battle_limit=31 no_battle_result=loss", re.compile(r"== seat \d plays (\S+)"))
golden("gomoku", "rule=renju opening=ccgc fifth_n=3",
       re.compile(r"== event for 0: (?:black|white) (.+)$"))
golden("dots", "", re.compile(r"== ply \d+: seat \d (.+)$"))
golden("surakarta", "no_capture_limit=80 max_plies=400", re.compile(r"== move \d+: (\S+)"))
for game in ("junqi", "gomoku", "dots", "surakarta"):
    from_tests(game, *sorted(str(p.relative_to(src)) for p in
                             (src / "engine" / game).glob("*_test.cc")))

readme = (src / "protocol/README.md").read_text(encoding="utf-8").splitlines()
session = [line[2:] for line in readme if line.startswith(("> {", "< {"))]
write("json_lines", "readme-session", "\n".join(session) + "\n")
for i, line in enumerate(session):
    write("json_lines", f"readme-{i}", line + "\n")

from_tests("json_lines", "protocol/wire/json_test.cc", "protocol/framing/framing_test.cc")
from_tests("http_entry", "server/net/net_unit_test.cc")
from_tests("text_record", "server/records/records_text_test.cc")
from_tests("json_record", "server/records/records_json_test.cc")
from_tests("junqi_lines", "bots/bridges/junqi_lines_test.cc")
from_tests("sau_lines", "bots/bridges/text_protocol_lines_test.cc")
from_tests("piskvork_lines", "bots/bridges/text_protocol_lines_test.cc")
from_tests("config", "server/core/config_test.cc")
for example in sorted((src / "deploy").glob("*.json")):
    write("config", example.name, example.read_text(encoding="utf-8"))
