#!/usr/bin/env python3
# Converts a Simon Tatham Towers game ID ("N:clues[,grid]") into a pzc `instance ... of Towers` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (towers.c, new_game_desc/validate_desc):
  N:            the grid size
  4N numbers    separated by '/', empty for no clue: the top edge (left to right), the
                bottom edge (left to right), the left edge (top to bottom), the right edge
                (top to bottom)
  ,GRID         optional, row-major: 'a'..'z' a run of 1..26 empty squares, a digit a
                given tower (runs and digits alternate, so no separator is needed)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)(?:[^:]*)?:([0-9/]*)(?:,([a-z0-9]*))?", "a Towers")
    n = int(m.group(1))
    nums = m.group(2).split("/")
    if len(nums) != 4 * n:
        raise ValueError(f"expected {4 * n} edge clues, found {len(nums)}")
    clues = [int(x) if x and x != "0" else None for x in nums]
    cells = []
    for ch in m.group(3) or "":
        if "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - ord("a") + 1))
        else:
            cells.append(int(ch))
    if not m.group(3):
        cells = [None] * (n * n)
    if len(cells) != n * n:
        raise ValueError(f"the grid part has {len(cells)} squares, not {n * n}")
    return n, clues[0:n], clues[n:2 * n], clues[2 * n:3 * n], clues[3 * n:4 * n], cells


def to_pz(name, gameid, source=None):
    n, top, bottom, left, right, cells = parse_gameid(gameid)
    seq = lambda xs: "[" + ", ".join("null" if x is None else str(x) for x in xs) + "]"
    body = [f"  n = {n}", f"  top = {seq(top)}", f"  bottom = {seq(bottom)}", f"  left = {seq(left)}", f"  right = {seq(right)}"]
    body += grid_lines("heights", ["".join("." if x is None else str(x) for x in cells[r * n:(r + 1) * n]) for r in range(n)])
    return instance_text(name, "Towers", gameid, source, body)

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
