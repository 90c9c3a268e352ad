#!/usr/bin/env python3
# Converts a Simon Tatham Filling game ID ("WxH:clues") into a pzc `instance ... of Filling` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (filling.c, new_game_desc/validate_desc):
  WxH:          the grid's width and height (a single number N means N x N)
  clues         row-major, one character per run: '1'..'9' a given number, 'a'..'z' a
                run of 1..26 squares without one ('0' too stands for one empty square,
                as in the solved strings filling.c prints)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)(?:x(\d+))?:([a-z0-9]*)", "a Filling")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    cells = []
    for ch in m.group(3):
        if "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - ord("a") + 1))
        elif ch == "0":
            cells.append(None)
        else:
            cells.append(int(ch))
    if len(cells) != w * h:
        raise ValueError(f"the description covers {len(cells)} squares, not {w * h}")
    return w, h, [cells[r * w:(r + 1) * w] for r in range(h)]


def to_pz(name, gameid, source=None):
    w, h, rows = parse_gameid(gameid)
    return instance_text(name, "Filling", gameid, source, grid_lines("clues", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
