#!/usr/bin/env python3
# Converts a Simon Tatham Pearl game ID ("WxH:desc") into a pzc `instance ... of Pearl` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (pearl.c, new_game/validate_desc), row-major: 'B' a black
pearl, 'W' a white one, 'a'..'z' skip 1..26 squares without a pearl.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)x(\d+):([BWa-z]*)", "a Pearl")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, run_length_rows(w, h, m.group(3), "[BW]")


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    text = ["".join("." if x is None else x for x in row) for row in rows]
    return instance_text(name, "Pearl", gameid, source, grid_lines("pearls", text))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
