#!/usr/bin/env python3
# Checks a Slant solution printed by `pzc solve` against the rules, independently of pzc.
"""Usage: pzc solve slant.pz NAME.pz | check_solution.py (NAME.slant | NAME.pz) [--tatham PARAMS#SEED]

Reads the game ID from NAME.slant (or the clue grid from an instance file, such as one
`pzc generate` wrote) and the drawn solution (one row of '/' and '\\' per
square row) from stdin, and checks: every square has a diagonal, every numbered point has
that many diagonals ending on it, and the diagonals form no loop (a union-find over the
points). With --tatham, also that sgt-slant generates the same puzzle from PARAMS#SEED
and that its own solution (the save file's AUXINFO) is the same drawing.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid2pz import parse_gameid  # noqa: E402


def read_instance(path):
    """(w, h, clue rows) of the `clues = grid { ... }` block of an instance file."""
    lines = open(path).read().split("grid {", 1)[1].split("}", 1)[0].split()
    clues = [[None if ch == "." else int(ch) for ch in line] for line in lines]
    return len(clues[0]) - 1, len(clues) - 1, clues


def check(w, h, clues, rows):
    if len(rows) != h or any(len(r) != w or set(r) - {"/", "\\"} for r in rows):
        return f"the drawing is not {h} rows of {w} diagonals"
    count = [[0] * (w + 1) for _ in range(h + 1)]
    parent = list(range((h + 1) * (w + 1)))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in range(h):
        for c in range(w):
            a, b = ((r, c + 1), (r + 1, c)) if rows[r][c] == "/" else ((r, c), (r + 1, c + 1))
            for i, j in (a, b):
                count[i][j] += 1
            x, y = find(a[0] * (w + 1) + a[1]), find(b[0] * (w + 1) + b[1])
            if x == y:
                return f"the diagonal in row {r + 1}, column {c + 1} closes a loop"
            parent[x] = y
    for i in range(h + 1):
        for j in range(w + 1):
            if clues[i][j] is not None and clues[i][j] != count[i][j]:
                return f"point ({i + 1}, {j + 1}) has {count[i][j]} diagonals, not {clues[i][j]}"
    return None


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = open(argv[1]).read()
    gameid = None if "grid {" in text else text.strip()
    rows = [line.strip() for line in sys.stdin if line.strip() and set(line.strip()) <= {"/", "\\"}]
    err = check(*(read_instance(argv[1]) if gameid is None else parse_gameid(gameid)), rows)
    if err is None and gameid is not None and "--tatham" in argv:
        import sgt_auxinfo
        desc, aux = sgt_auxinfo.generate("/usr/games/sgt-slant", argv[argv.index("--tatham") + 1])
        if desc != gameid.split(":", 1)[1]:
            err = "sgt-slant generates another puzzle from that seed"
        elif aux != "".join(rows):
            err = "Tatham's solution differs"
    print(f"{argv[1]}: {'ok' if err is None else err}")
    return 0 if err is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
