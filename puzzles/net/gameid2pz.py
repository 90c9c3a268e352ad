#!/usr/bin/env python3
# Converts a Simon Tatham Net game ID ("WxH:desc") into a pzc `instance ... of Net` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (net.c, new_game_desc), row-major: each square is a hex digit,
its tile's wires (right 1, up 2, left 4, down 8) as shuffled, followed by 'v' for a
barrier right of it and 'h' for one below it. Wrapping puzzles ("WxHw") are refused:
net.pz has the grid's edges as walls.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)x(\d+)(w?)[^:]*:([0-9a-fA-Fvh]*)", "a Net")
    w, h = int(m.group(1)), int(m.group(2))
    if m.group(3):
        raise ValueError("a wrapping Net game ID; net.pz has no wrapping")
    tiles, walls = [], []
    for digit, marks in re.findall(r"([0-9a-fA-F])([vh]*)", m.group(4)):
        tiles.append(int(digit, 16))
        walls.append("+" if "v" in marks and "h" in marks else "v" if "v" in marks else "h" if "h" in marks else ".")
    if len(tiles) != w * h:
        raise ValueError(f"the description covers {len(tiles)} squares, not {w * h}")
    return w, h, [tiles[r * w:(r + 1) * w] for r in range(h)], ["".join(walls[r * w:(r + 1) * w]) for r in range(h)]


def to_pz(name, gameid, source=None):
    _, _, tiles, walls = parse_gameid(gameid)
    return instance_text(name, "Net", gameid, source, grid_lines("tiles", number_rows(tiles)) + grid_lines("walls", walls))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
