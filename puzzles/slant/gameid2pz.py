#!/usr/bin/env python3
# Converts a Simon Tatham Slant game ID ("WxH:desc") into a pzc `instance ... of Slant` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (slant.c, new_game_desc/validate_desc), row-major over the
(W+1) x (H+1) grid points (the corners of the squares): '0'..'4' a numbered point;
'a'..'z' skip 1..26 points without a number.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([0-4a-z]*)", "a Slant")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, run_length_rows(w + 1, h + 1, m.group(3), "[0-4]")


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Slant", gameid, source, grid_lines("clues", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
