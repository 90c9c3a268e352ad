#!/usr/bin/env python3
# Converts a Simon Tatham Galaxies game ID ("WxH:desc") into a pzc `instance ... of Galaxies` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (galaxies.c, encode_game): the (2W-1) x (2H-1) interior points of
the doubled grid, row-major; a letter 'a'..'y' is a white dot after 0..24 points without
one, 'A'..'Y' a black dot likewise ('o' and 'O' in the instance: the colour does not change
the rules), 'z' 25 points without a dot.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([a-zA-Z]*)", "a Galaxies")
    w, h = int(m.group(1)), int(m.group(2))
    if w < 1 or h < 1 or w > 1000 or h > 1000:
        raise ValueError(f"bad size {w}x{h}")
    W, H = 2 * w - 1, 2 * h - 1
    pts = []
    for ch in m.group(3):
        if ch == "z":
            pts.extend(["."] * 25)
        elif ch.islower():
            pts.extend(["."] * (ord(ch) - ord("a")) + ["o"])
        else:
            if ch == "Z":
                raise ValueError("'Z' is not a Galaxies description letter")
            pts.extend(["."] * (ord(ch) - ord("A")) + ["O"])
    if len(pts) > W * H:
        raise ValueError(f"the description covers {len(pts)} points, more than {W * H}")
    pts.extend(["."] * (W * H - len(pts)))
    return w, h, ["".join(pts[r * W:(r + 1) * W]) for r in range(H)]


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Galaxies", gameid, source, grid_lines("dots", rows))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
