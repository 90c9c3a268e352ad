#!/usr/bin/env python3
# Converts a Simon Tatham Unruly game ID ("WxH:desc") into a pzc `instance ... of Unruly` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (unruly.c, new_game/validate_desc), row-major: each letter
skips (letter - 'a') empty squares and then places a square, lowercase a 0 (white) and
uppercase a 1 (black); 'z' and 'Z' skip 25 squares and place nothing. The description
ends one square past the grid.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([a-zA-Z]*)", "an Unruly")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    cells = ["."] * (w * h)
    pos = 0
    for ch in desc:
        if ch in "zZ":
            pos += 25
            continue
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            cells[pos] = "0" if ch.islower() else "1"
        pos += 1
    if pos != w * h + 1:
        raise ValueError(f"the description covers {pos} squares, not {w * h + 1}")
    return w, h, ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Unruly", gameid, source, grid_lines("board", rows))

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
