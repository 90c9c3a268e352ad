#!/usr/bin/env python3
"""Converts a Simon Tatham Pegs game ID (`sgt-pegs --generate 1 7x7cross`) into a pzc
`instance ... of Pegs` block for puzzles/pegs/pegs.pz.

Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID format (pegs.c, validate_desc): WxH:DESC, DESC one character per square row by
row: 'P' a peg, 'H' an empty hole, 'O' outside the board (no hole). The instance's
`start` grid writes them 1, 0 and 2 (a Grid state holds Ints).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402

CODE = {"P": "1", "H": "0", "O": "2"}


def parse_gameid(gameid):
    """(w, h, rows of 'P'/'H'/'O' text); ValueError on a malformed ID."""
    m = match_gameid(gameid, r"(\d+)x(\d+):([PHO]*)", "a Pegs")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    if len(desc) != w * h:
        raise ValueError(f"the description has {len(desc)} squares, not {w} x {h} = {w * h}")
    return w, h, [desc[r * w:(r + 1) * w] for r in range(h)]


def to_pz(name, gameid, source=None):
    w, h, rows = parse_gameid(gameid)
    body = grid_lines("start", ["".join(CODE[ch] for ch in row) for row in rows])
    return instance_text(name, "Pegs", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
