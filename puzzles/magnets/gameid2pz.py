#!/usr/bin/env python3
# Converts a Simon Tatham Magnets game ID ("WxH:desc") into a pzc `instance ... of Magnets` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (magnets.c, new_game_int/generate_desc), five parts separated
by ',':
  W characters  the + count of each column, left to right (the top edge)
  H characters  the + count of each row, top to bottom (the left edge)
  W characters  the - count of each column (the bottom edge)
  H characters  the - count of each row (the right edge)
  W*H chars     row-major, the domino halves: 'L' 'R' (left, right half), 'T' 'B' (top,
                bottom half), '*' a single square (further ',' are ignored)
A count is '0'..'9', 'a'..'z' for 10..35, 'A'..'Z' for 36..61, '.' for none.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def count(ch):
    if ch == ".":
        return None
    if ch.isdigit():
        return int(ch)
    if "a" <= ch <= "z":
        return ord(ch) - ord("a") + 10
    return ord(ch) - ord("A") + 36


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)x(\d+)[^:]*:([0-9a-zA-Z.]*),([0-9a-zA-Z.]*),([0-9a-zA-Z.]*),([0-9a-zA-Z.]*),([LRTB*,]*)", "a Magnets")
    w, h = int(m.group(1)), int(m.group(2))
    col_plus, row_plus, col_minus, row_minus = (m.group(i) for i in range(3, 7))
    for part, n, what in [(col_plus, w, "column + counts"), (row_plus, h, "row + counts"),
                          (col_minus, w, "column - counts"), (row_minus, h, "row - counts")]:
        if len(part) != n:
            raise ValueError(f"{len(part)} {what}, not {n}")
    cells = m.group(7).replace(",", "")
    if len(cells) != w * h:
        raise ValueError(f"the domino part has {len(cells)} squares, not {w * h}")
    layout = [cells[r * w:(r + 1) * w] for r in range(h)]
    return w, h, [[count(ch) for ch in part] for part in (col_plus, col_minus, row_plus, row_minus)], layout


def to_pz(name, gameid, source=None):
    _, _, (col_plus, col_minus, row_plus, row_minus), layout = parse_gameid(gameid)
    seq = lambda xs: "[" + ", ".join("null" if x is None else str(x) for x in xs) + "]"
    body = grid_lines("layout", layout)
    body += [f"  colPlus = {seq(col_plus)}", f"  colMinus = {seq(col_minus)}",
             f"  rowPlus = {seq(row_plus)}", f"  rowMinus = {seq(row_minus)}"]
    return instance_text(name, "Magnets", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
