#!/usr/bin/env python3
# Converts a Simon Tatham Singles (Hitori) game ID ("WxH:desc") into a pzc `instance ... of Hitori` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (singles.c, new_game/validate_desc): one character per square,
row-major: '1'..'9' for 1..9, then 'a', 'b', ... for 10, 11, ...
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([0-9a-z]*)", "a Singles")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    if len(desc) != w * h:
        raise ValueError(f"the description has {len(desc)} squares, not {w * h}")
    nums = [int(ch) if ch.isdigit() else ord(ch) - ord("a") + 10 for ch in desc]
    if 0 in nums:
        raise ValueError("a square holds 0")
    return w, h, [nums[r * w:(r + 1) * w] for r in range(h)]


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    width = max(len(str(x)) for row in rows for x in row)
    return instance_text(name, "Hitori", gameid, source, grid_lines("numbers", [" ".join(str(x).rjust(width) for x in row) for row in rows]))

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
