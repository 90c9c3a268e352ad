#!/usr/bin/env python3
# Converts a Simon Tatham Range game ID ("WxH:desc") into a pzc `instance ... of Range` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (range.c, new_game/validate_desc), row-major: 'a'..'z' skip
1..26 plain squares; a decimal number is a numbered square; '_' separates two numbers
that follow each other.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = re.fullmatch(r"(\d+)x(\d+):([0-9a-z_]*)", gameid)
    if not m:
        raise ValueError(f"not a Range game ID: {gameid!r}")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    cells = []
    for tok in re.findall(r"[a-z]|\d+|_", desc):
        if tok == "_":
            continue
        if tok.isdigit():
            cells.append(int(tok))
        else:
            cells.extend([None] * (ord(tok) - ord("a") + 1))
    if len(cells) != w * h:
        raise ValueError(f"the description covers {len(cells)} squares, not {w * h}")
    return w, h, [cells[r * w:(r + 1) * w] for r in range(h)]


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    width = max([len(str(x)) for row in rows for x in row if x is not None] + [1])
    text = [" ".join(("." if x is None else str(x)).rjust(width) for x in row) for row in rows]
    return instance_text(name, "Range", gameid, source, grid_lines("clues", text))

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
