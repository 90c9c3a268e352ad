#!/usr/bin/env python3
# Converts a Simon Tatham Rectangles game ID ("WxH:desc") into a pzc `instance ... of Rectangles` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (rect.c, new_game_desc/validate_desc), row-major over the W x H
squares: a number in decimal is a numbered square; 'a'..'z' skip 1..26 squares without a
number; '_' separates two numbers that follow each other.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([0-9a-z_]*)", "a Rectangles")
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, run_length_rows(w, h, m.group(3), r"\d+")


def to_pz(name, gameid, source=None):
    _, _, rows = parse_gameid(gameid)
    return instance_text(name, "Rectangles", gameid, source, grid_lines("clues", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
