#!/usr/bin/env python3
# Converts a Simon Tatham Tracks game ID ("WxH:desc") into a pzc `instance ... of Tracks` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (tracks.c, validate_desc/new_game): row-major over the W x H
squares, a hex digit 1-F is a square with a given piece, its bits the sides the track
leaves by (R 1, U 2, L 4, D 8); 'a'..'z' skip 1..26 squares; then W + H numbers, each after
a ',': the columns left to right, then the rows top to bottom. An 'S' before a column's
number marks the exit (on the bottom edge), before a row's number the entrance (on the
left edge).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402

PIECE = {1 | 4: "-", 2 | 8: "|", 2 | 1: "L", 2 | 4: "J", 4 | 8: "7", 1 | 8: "F"}


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([0-9A-Fa-z]*)((?:,S?\d+)+)", "a Tracks")
    w, h = int(m.group(1)), int(m.group(2))
    cells, i = ["."] * (w * h), 0
    for ch in m.group(3):
        if "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
            continue
        f = int(ch, 16)
        if f:
            if f not in PIECE:
                raise ValueError(f"square {i} has flags {f}, not two directions")
            if i >= w * h:
                raise ValueError("the description runs past the grid")
            cells[i] = PIECE[f]
        i += 1
    if i != w * h:
        raise ValueError(f"the description covers {i} squares, not {w * h}")
    nums = m.group(4).split(",")[1:]
    if len(nums) != w + h:
        raise ValueError(f"{len(nums)} numbers, not {w + h}")
    exits = [k for k in range(w) if nums[k].startswith("S")]
    entries = [k for k in range(h) if nums[w + k].startswith("S")]
    if len(exits) != 1 or len(entries) != 1:
        raise ValueError("not one entrance and one exit")
    vals = [int(x.lstrip("S")) for x in nums]
    return w, h, ["".join(cells[r * w:(r + 1) * w]) for r in range(h)], vals[:w], vals[w:], entries[0] + 1, exits[0] + 1


def to_pz(name, gameid, source=None):
    w, h, rows, cols, rws, entry, exit_ = parse_gameid(gameid)
    body = grid_lines("pieces", rows) + [f"  cols = {cols}", f"  rows = {rws}", f"  entry = {entry}", f"  exit = {exit_}"]
    return instance_text(name, "Tracks", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
