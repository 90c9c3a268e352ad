#!/usr/bin/env python3
# Converts a Simon Tatham Dominosa game ID ("N:desc") into a pzc `instance ... of Dominosa` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID format (dominosa.c, new_game/validate_desc): N is the largest number (the
parameters may go on, e.g. "6db": difficulty b basic, h hard, ...); the grid has N + 1
rows of N + 2 squares. The description has one entry per square, row-major: a digit
'0'..'9', or a number above 9 in square brackets ("[10]").
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)[^:]*:((?:[0-9]|\[\d+\])*)", "a Dominosa")
    n = int(m.group(1))
    w, h = n + 2, n + 1
    nums = [int(tok.strip("[]")) for tok in re.findall(r"\[\d+\]|[0-9]", m.group(2))]
    if len(nums) != w * h:
        raise ValueError(f"the description has {len(nums)} squares, not {w * h}")
    return n, [nums[r * w:(r + 1) * w] for r in range(h)]


def to_pz(name, gameid, source=None):
    _, rows = parse_gameid(gameid)
    return instance_text(name, "Dominosa", gameid, source, grid_lines("numbers", number_rows(rows)))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
