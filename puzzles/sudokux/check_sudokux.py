#!/usr/bin/env python3
"""Independent checker for Sudoku X instances (no pzc, standard library only).

  check_sudokux.py INSTANCE.pz [--limit N]          count solutions (up to N, default 2)
  check_sudokux.py INSTANCE.pz --solution FILE|-   check a solution as `pzc solve` draws it
                                                   (n rows of n numbers)

Rules: an n x n grid (n = box * box, `box = 3` unless the instance says otherwise) holds
1..n; every row, every column, every box and both main diagonals hold each number once.
`clues` gives the clues ('.' none). Exit 0 when the instance is unique (or the solution
is valid and the only one), 1 otherwise.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from latin_units import grid, main  # noqa: E402


def parse_instance(text):
    text = re.sub(r"--[^\n]*", "", text)  # comments
    m = re.search(r"\bbox\s*=\s*(\d+)", text)
    box = int(m.group(1)) if m else 3
    clues = [[None if t in (".", "_", "null") else int(t) for t in row] for row in grid(text, "clues")]
    n = box * box
    assert len(clues) == n and all(len(r) == n for r in clues), "the grid is not %d x %d" % (n, n)
    return box, clues


def units(box):
    """Every unit (a name and the squares that hold 1..n once): rows, columns, boxes, diagonals."""
    n = box * box
    rows = [("row %d" % (r + 1), [(r, c) for c in range(n)]) for r in range(n)]
    cols = [("column %d" % (c + 1), [(r, c) for r in range(n)]) for c in range(n)]
    boxes = [("the box at r%dc%d" % (br + 1, bc + 1), [(br + i, bc + j) for i in range(box) for j in range(box)])
             for br in range(0, n, box) for bc in range(0, n, box)]
    diagonals = [("the diagonal from r1c1", [(i, i) for i in range(n)]),
                 ("the diagonal from r1c%d" % n, [(i, n - 1 - i) for i in range(n)])]
    return rows + cols + boxes + diagonals


def load(text):
    box, cells = parse_instance(text)
    return box * box, units(box), cells


if __name__ == "__main__":
    sys.exit(main(sys.argv, load))
