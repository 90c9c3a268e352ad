#!/usr/bin/env python3
"""Independent checker for Jigsaw Sudoku instances (no pzc, standard library only).

  check_jigsaw.py INSTANCE.pz [--limit N]          count solutions (up to N, default 2)
  check_jigsaw.py INSTANCE.pz --solution FILE|-   check a solution as `pzc solve` draws it
                                                  (n rows of n digits)

Rules: an n x n grid holds 1..n; every row, every column and every region (equal letters
of `regions`) holds each number once. The instance must have n regions of n connected
squares. `cells` gives the clues ('.' none). Exit 0 when the instance is unique (or the
solution is valid and the only one), 1 otherwise.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from latin_units import grid, main  # noqa: E402


def parse_instance(text):
    text = re.sub(r"--[^\n]*", "", text)  # comments
    regions = grid(text, "regions")
    cells = [[None if t in (".", "_", "null") else int(t) for t in row] for row in grid(text, "cells")]
    n = len(regions)
    assert all(len(r) == n for r in regions), "the region grid is not square"
    assert len(cells) == n and all(len(r) == n for r in cells), "the number grid is not n x n"
    return regions, cells


def connected(squares):
    squares = set(squares)
    todo, seen = [next(iter(squares))], set()
    while todo:
        r, c = todo.pop()
        if (r, c) not in seen:
            seen.add((r, c))
            todo += [q for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if q in squares]
    return seen == squares


def units(regions):
    """Every unit (a name and the squares that hold 1..n once): rows, columns, regions."""
    n = len(regions)
    by_letter = {}
    for r in range(n):
        for c in range(n):
            by_letter.setdefault(regions[r][c], []).append((r, c))
    assert len(by_letter) == n, "%d regions, not %d" % (len(by_letter), n)
    for letter, sq in by_letter.items():
        assert len(sq) == n, "region %s has %d squares, not %d" % (letter, len(sq), n)
        assert connected(sq), "region %s is not connected" % letter
    rows = [("row %d" % (r + 1), [(r, c) for c in range(n)]) for r in range(n)]
    cols = [("column %d" % (c + 1), [(r, c) for r in range(n)]) for c in range(n)]
    return rows + cols + [("region %s" % k, sq) for k, sq in by_letter.items()]


def load(text):
    regions, cells = parse_instance(text)
    return len(regions), units(regions), cells


if __name__ == "__main__":
    sys.exit(main(sys.argv, load))
