#!/usr/bin/env python3
# Checks a Rectangles solution printed by `pzc solve` against the rules, independently of pzc.
"""Usage: pzc solve rect.pz NAME.pz | check_solution.py (NAME.rect | NAME.pz) [--tatham PARAMS#SEED]

Reads the game ID from NAME.rect (or the number grid from an instance file, such as one
`pzc generate` would write) and the drawn solution (one letter per square, a letter per
rectangle) from stdin, and checks: the squares of each letter form a filled rectangle,
which holds exactly one number, equal to its area, and every square has a letter. With
--tatham, also that sgt-rect generates the same puzzle from PARAMS#SEED and that its own
solution (the save file's AUXINFO: the borders inside the grid) has the same borders.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid2pz import parse_gameid  # noqa: E402


def read_instance(path):
    """(w, h, number rows) of the `clues = grid { ... }` block of an instance file."""
    lines = open(path).read().split("grid {", 1)[1].split("}", 1)[0].strip().splitlines()
    rows = [line.split() if " " in line.strip() else list(line.strip()) for line in lines]
    clues = [[None if x == "." else int(x) for x in row] for row in rows]
    return len(clues[0]), len(clues), clues


def check(w, h, clues, rows):
    if len(rows) != h or any(len(r) != w for r in rows):
        return f"the drawing is not {h} rows of {w} letters"
    squares = {}
    for r in range(h):
        for c in range(w):
            squares.setdefault(rows[r][c], []).append((r, c))
    for letter, cells in squares.items():
        r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
        c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
        if len(cells) != (r1 - r0 + 1) * (c1 - c0 + 1):
            return f"rectangle {letter} is not a filled rectangle"
        numbers = [clues[r][c] for r, c in cells if clues[r][c] is not None]
        if len(numbers) != 1:
            return f"rectangle {letter} holds {len(numbers)} numbers"
        if numbers[0] != len(cells):
            return f"rectangle {letter} has {len(cells)} squares, but its number is {numbers[0]}"
    return None


def borders(w, h, rows):
    """Tatham's solution string for a drawing: 'S', the vertical borders inside each row,
    then the horizontal borders below each row but the last."""
    v = [rows[y][x - 1] != rows[y][x] for y in range(h) for x in range(1, w)]
    hz = [rows[y - 1][x] != rows[y][x] for y in range(1, h) for x in range(w)]
    return "S" + "".join("1" if b else "0" for b in v + hz)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = open(argv[1]).read()
    gameid = None if "grid {" in text else text.strip()
    w, h, clues = read_instance(argv[1]) if gameid is None else parse_gameid(gameid)
    rows = [line.strip() for line in sys.stdin]
    rows = [r for r in rows if len(r) == w and r.isalnum()]
    err = check(w, h, clues, rows)
    if err is None and gameid is not None and "--tatham" in argv:
        import sgt_auxinfo
        desc, aux = sgt_auxinfo.generate("/usr/games/sgt-rect", argv[argv.index("--tatham") + 1])
        if desc != gameid.split(":", 1)[1]:
            err = "sgt-rect generates another puzzle from that seed"
        elif aux != borders(w, h, rows):
            err = "Tatham's solution differs"
    print(f"{argv[1]}: {'ok' if err is None else err}")
    return 0 if err is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
