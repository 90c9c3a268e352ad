#!/usr/bin/env python3
# Converts a Simon Tatham Tents game ID ("WxH:desc,numbers") into a pzc `instance ... of Tents` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (tents.c, new_game_desc/new_game): the squares row-major, each
tree written as the run of open squares before it: '_' none, 'a'..'y' 1..25; 'z' is 25
open squares with no tree after them; one more run letter closes the grid. Then ",N" for
each of the W columns (left to right) and each of the H rows (top to bottom): their tents.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([_a-z]*)((?:,\d+)*)", "a Tents")
    w, h = int(m.group(1)), int(m.group(2))
    squares, i = ["."] * (w * h), 0
    for ch in m.group(3):
        if ch == "z":
            i += 25
            continue
        i += 0 if ch == "_" else ord(ch) - ord("a") + 1
        if i == w * h:
            break
        if i > w * h:
            raise ValueError("the description runs past the grid")
        squares[i] = "T"
        i += 1
    if i != w * h:
        raise ValueError(f"the description covers {i} squares, not {w * h}")
    numbers = [int(x) for x in m.group(4).split(",")[1:]]
    if len(numbers) != w + h:
        raise ValueError(f"{len(numbers)} numbers for {w} columns and {h} rows")
    rows = ["".join(squares[r * w:(r + 1) * w]) for r in range(h)]
    return w, h, rows, numbers[:w], numbers[w:]


def to_pz(name, gameid, source=None):
    _, _, rows, cols, row_counts = parse_gameid(gameid)
    body = grid_lines("board", rows)
    body.append(f"  cols = [{', '.join(map(str, cols))}]")
    body.append(f"  rows = [{', '.join(map(str, row_counts))}]")
    return instance_text(name, "Tents", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
