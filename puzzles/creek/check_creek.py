#!/usr/bin/env python3
# An independent Creek checker: counts solutions by its own search and checks a drawing.
"""Usage:
  check_creek.py INSTANCE.pz [--limit N]        count the solutions (up to N, default 2)
  pzc solve creek.pz INSTANCE.pz | check_creek.py INSTANCE.pz --check
                                                check the drawing on stdin against the rules

Reads the `corners = grid { ... }` block of an instance file (one character per point, or
whitespace-separated tokens; '.', '_' or '-' is no number). The grid of points is
(h + 1) x (w + 1) for h x w squares; point (i, j) touches squares (i-1..i, j-1..j).
Rules: each number counts the shaded squares touching its point; the unshaded squares
are orthogonally connected. Uses no pzc code and no third-party package.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from shading_cli import number_grid, run  # noqa: E402


def read_instance(path):
    """The corner numbers as a list of rows (None where there is no number)."""
    rows = number_grid(path, "corners")
    if len(rows) < 2 or len(rows[0]) < 2:
        sys.exit(f"{path}: the grid of points is not a rectangle of at least 2 x 2")
    return rows


def touching(i, j, h, w):
    """The squares (r, c), 0-based, that touch point (i, j), 0-based."""
    return [(r, c) for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < h and 0 <= c < w]


def connected(cells):
    """Whether a set of squares is orthogonally connected (the empty set is)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def count_solutions(corners, limit):
    h, w = len(corners) - 1, len(corners[0]) - 1
    # for each square, the numbered points it touches
    points = {(r, c): [] for r in range(h) for c in range(w)}
    clues = {}
    for i in range(h + 1):
        for j in range(w + 1):
            if corners[i][j] is not None:
                sq = touching(i, j, h, w)
                clues[(i, j)] = (corners[i][j], sq)
                for s in sq:
                    points[s].append((i, j))
    if any(k > len(sq) for k, sq in clues.values()):
        return 0, None
    order = [(r, c) for r in range(h) for c in range(w)]
    value = {}  # square -> True (shaded) / False
    found, first = 0, None

    def consistent(sq):
        for pt in points[sq]:
            k, around = clues[pt]
            shaded = sum(1 for s in around if value.get(s) is True)
            open_ = sum(1 for s in around if s not in value)
            if shaded > k or shaded + open_ < k:
                return False
        if value[sq]:
            # the unshaded squares must still be joinable through undecided ones
            white = {s for s, v in value.items() if not v}
            free = white | {s for s in order if s not in value}
            if white:
                start = next(iter(white))
                seen, stack = {start}, [start]
                while stack:
                    r, c = stack.pop()
                    for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if n in free and n not in seen:
                            seen.add(n)
                            stack.append(n)
                if not white <= seen:
                    return False
        return True

    def search(k):
        nonlocal found, first
        if found >= limit:
            return
        if k == len(order):
            if connected({s for s, v in value.items() if not v}):
                found += 1
                if first is None:
                    first = dict(value)
            return
        sq = order[k]
        for v in (False, True):
            value[sq] = v
            if consistent(sq):
                search(k + 1)
            del value[sq]

    search(0)
    return found, first


def check(corners, rows):
    h, w = len(corners) - 1, len(corners[0]) - 1
    if len(rows) != h or any(len(r) != w for r in rows):
        return f"the drawing is not {h} rows of {w} squares"
    black = {(r, c) for r in range(h) for c in range(w) if rows[r][c] == "#"}
    for i in range(h + 1):
        for j in range(w + 1):
            k = corners[i][j]
            n = sum(1 for s in touching(i, j, h, w) if s in black)
            if k is not None and n != k:
                return f"point ({i + 1}, {j + 1}) touches {n} shaded squares, not {k}"
    if not connected({(r, c) for r in range(h) for c in range(w)} - black):
        return "the unshaded squares are not connected"
    return None


def main(argv):
    return run(argv, __doc__, read_instance, count_solutions, check,
               lambda g, first: ["".join("#" if first[(r, c)] else "." for c in range(len(g[0]) - 1)) for r in range(len(g) - 1)],
               lambda g: f"{len(g) - 1}x{len(g[0]) - 1} squares")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
