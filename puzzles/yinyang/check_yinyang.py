#!/usr/bin/env python3
"""Independent Yin-Yang checker (no pzc): reads an instance .pz (its `circles = grid {...}`
block: 'B' a black circle, 'W' a white one, '.' none), counts the colourings by its own
backtracking search (up to --limit), and checks a solution given as the picture `pzc
solve` prints ('#' black, 'o' white, one row a line; other lines are ignored).

Rules checked: the black squares are one orthogonally connected group, so are the white
squares, and no 2x2 block is all one colour; every circle's square has the circle's colour.

Usage: check_yinyang.py INSTANCE.pz [SOLUTION.txt | -] [--limit N]"""
import re
import sys


def load(path):
    text = open(path).read()
    m = re.search(r"circles\s*=\s*grid\s*\{\n(.*?)\n\s*\}", text, re.S)
    if not m:
        sys.exit(f"{path}: no 'circles = grid {{ ... }}' block")
    rows = [line.split("--")[0].strip().replace(" ", "") for line in m.group(1).splitlines()]
    rows = [r for r in rows if r]
    if any(len(r) != len(rows[0]) for r in rows) or any(ch not in "BW." for r in rows for ch in r):
        sys.exit(f"{path}: the circles grid is not a rectangle of B, W and .")
    return rows


def neighbours(r, c, h, w):
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < h and 0 <= cc < w:
            yield rr, cc


def components(col, h, w, colour):
    """The groups of squares of one colour among those filled (col[r][c] is None if not)."""
    seen, groups = set(), []
    for r in range(h):
        for c in range(w):
            if col[r][c] == colour and (r, c) not in seen:
                group, stack = [], [(r, c)]
                seen.add((r, c))
                while stack:
                    p = stack.pop()
                    group.append(p)
                    for q in neighbours(*p, h, w):
                        if col[q[0]][q[1]] == colour and q not in seen:
                            seen.add(q)
                            stack.append(q)
                groups.append(group)
    return groups


def connectivity_ok(col, h, w, rows):
    """False if some colour already has a group that can no longer grow while other squares
    of that colour exist or must come (a circle of that colour among the empty squares)."""
    for colour in (True, False):
        groups = components(col, h, w, colour)
        for g in groups:
            closed = all(col[q[0]][q[1]] is not None for p in g for q in neighbours(*p, h, w))
            if closed:
                if len(groups) > 1:
                    return False
                want = "B" if colour else "W"
                if any(col[r][c] is None and rows[r][c] == want for r in range(h) for c in range(w)):
                    return False
    return True


def block_ok(col, r, c):
    """The 2x2 blocks completed by square (r, c), filled row by row, are not one colour."""
    if r == 0 or c == 0:
        return True
    cells = (col[r - 1][c - 1], col[r - 1][c], col[r][c - 1], col[r][c])
    return not (all(cells) or not any(cells))


def count(rows, limit):
    h, w = len(rows), len(rows[0])
    col = [[None] * w for _ in range(h)]
    found = []

    def rec(i):
        if len(found) > limit:
            return
        if i == h * w:
            found.append(["".join("#" if x else "o" for x in row) for row in col])
            return
        r, c = divmod(i, w)
        options = [True, False] if rows[r][c] == "." else [rows[r][c] == "B"]
        for v in options:
            col[r][c] = v
            if block_ok(col, r, c) and connectivity_ok(col, h, w, rows):
                rec(i + 1)
            col[r][c] = None

    rec(0)
    return found


def check(rows, picture):
    h, w = len(rows), len(rows[0])
    errs = []
    if len(picture) != h or any(len(line) != w for line in picture):
        return [f"the picture is not {h} x {w}"]
    col = [[ch == "#" for ch in line] for line in picture]
    for r in range(h):
        for c in range(w):
            if rows[r][c] != "." and col[r][c] != (rows[r][c] == "B"):
                errs.append(f"r{r + 1}c{c + 1} has a {rows[r][c]} circle but the other colour")
            if r and c and block_ok(col, r, c) is False:
                errs.append(f"the 2x2 block ending at r{r + 1}c{c + 1} is all one colour")
    for colour, name in ((True, "black"), (False, "white")):
        n = len(components(col, h, w, colour))
        if n > 1:
            errs.append(f"the {name} squares form {n} groups")
    return errs


def main():
    args = sys.argv[1:]
    limit = 2
    if "--limit" in args:
        k = args.index("--limit")
        limit = int(args[k + 1])
        del args[k:k + 2]
    if not args:
        sys.exit(__doc__)
    rows = load(args[0])
    sols = count(rows, limit)
    n = f"more than {limit}" if len(sols) > limit else str(len(sols))
    clues = sum(ch != "." for r in rows for ch in r)
    print(f"{args[0]}: {len(rows)}x{len(rows[0])}, {clues} circles, {n} solution(s)")
    if len(args) > 1:
        text = sys.stdin.read() if args[1] == "-" else open(args[1]).read()
        picture = [line.strip() for line in text.splitlines()
                   if line.strip() and set(line.strip()) <= set("#o")]
        errs = check(rows, picture)
        same = len(sols) == 1 and sols[0] == picture
        print("solution:", "OK" + (" (the unique one)" if same else "") if not errs else "; ".join(errs))
        return 0 if not errs else 1
    return 0


sys.exit(main())
