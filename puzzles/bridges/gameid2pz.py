#!/usr/bin/env python3
# Converts a Simon Tatham Bridges game ID ("WxHmM:desc") into a pzc `instance ... of Bridges` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (bridges.c, new_game/validate_desc), row-major: 'a'..'z'
skip 1..26 squares of water; '1'..'8' is an island with that number. "mM" is the most
bridges joining two islands: bridges.pz has the usual rule, at most 2 (Tatham's
default), and IDs made with another M are refused.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)x(\d+)(?:m(\d+))?:([0-9a-z]*)", "a Bridges")
    w, h = int(m.group(1)), int(m.group(2))
    most = int(m.group(3)) if m.group(3) else 2
    if most != 2:
        raise ValueError(f"the game ID allows {most} bridges between two islands; bridges.pz allows 2")
    return w, h, run_length_rows(w, h, m.group(4), "[0-9]")


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Bridges", gameid, source, grid_lines("board", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
