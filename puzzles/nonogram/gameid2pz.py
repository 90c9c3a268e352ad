#!/usr/bin/env python3
# Converts a Simon Tatham Pattern (nonogram) game ID ("WxH:clues") into a pzc `instance ... of Nonogram` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (pattern.c, new_game/validate_desc): W column clues (top to
bottom) then H row clues (left to right), separated by '/'; the run lengths of one clue
separated by '.'; an empty line is '0' or nothing. A game ID with given squares (a ','
after the clues) is refused.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = re.fullmatch(r"(\d+)x(\d+):([0-9./]*)", gameid)
    if not m:
        raise ValueError(f"not a Pattern game ID (or one with given squares): {gameid!r}")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    lines = desc.split("/")
    if len(lines) != w + h:
        raise ValueError(f"the description has {len(lines)} clues, not {w} + {h}")
    clues = []
    for i, line in enumerate(lines):
        runs = [int(x) for x in line.split(".") if x != ""] if line else []
        runs = [k for k in runs if k != 0] if runs == [0] else runs
        limit = h if i < w else w
        if any(k < 1 for k in runs) or sum(runs) + len(runs) - 1 > limit:
            raise ValueError(f"clue {i + 1} ({line!r}) does not fit a line of {limit}")
        clues.append(runs)
    return w, h, clues[:w], clues[w:]


def show(clues):
    return "[" + ", ".join("[" + ", ".join(map(str, c)) + "]" for c in clues) + "]"


def to_pz(name, gameid, source=None):
    _, _, cols, rows = parse_gameid(gameid)
    return instance_text(name, "Nonogram", gameid, source, [f"  rows = {show(rows)}", f"  cols = {show(cols)}"])

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
