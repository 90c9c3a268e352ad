#!/usr/bin/env python3
# Converts a Simon Tatham Loopy game ID on the square grid ("WxHt0:desc") into a pzc
# `instance ... of Slitherlink` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (loopy.c, new_game/validate_desc), row-major over the faces:
'0'..'4' a numbered square; 'a'..'z' skip 1..26 squares without a number. Only the square
grid (type t0) is read.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)t(\d+)[^:]*:([0-9a-z]*)", "a Loopy")
    w, h, grid_type = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if grid_type != 0:
        raise ValueError(f"grid type t{grid_type} is not the square grid (t0)")
    return w, h, run_length_rows(w, h, m.group(4), "[0-9]")


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Slitherlink", gameid, source, grid_lines("clues", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
