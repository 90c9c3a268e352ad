#!/usr/bin/env python3
"""Independent Undead checker (no pzc). Reads an instance .pz (board, the mirrors; monsters,
the monsters given from the start; top, right, bottom, left, totals), traces every line
of sight through the mirrors on a grid with a border
(as Tatham's undead.c does: each pass through a square is counted), counts the
solutions by backtracking with bound pruning (up to --limit), and checks a solution grid
(rows of G V Z and the mirrors, as `pzc solve` draws it) given with --grid FILE.
Usage: check_undead.py INSTANCE.pz [--grid FILE] [--limit N] [--show]"""
import re
import sys


def load(path):
    t = open(path).read()
    g = re.search(r"board = grid \{\n(.*?)\n\s*\}", t, re.S)
    if g:
        rows = [l.strip() for l in g.group(1).splitlines() if l.strip()]
        rows = [r.replace("\\\\", "\\") if False else r for r in rows]
    else:
        s = re.search(r'board = "(.*?)"', t).group(1).encode().decode("unicode_escape")
        rows = s.split("/") if "/" not in s.replace("/", "") else None
    # the given monsters are a grid of their own ('.' none); drawn onto the board's squares
    m = re.search(r"monsters = grid \{\n(.*?)\n\s*\}", t, re.S)
    if m:
        mons = [l.strip() for l in m.group(1).splitlines() if l.strip()]
        if len(mons) != len(rows) or any(len(a) != len(b) for a, b in zip(mons, rows)):
            sys.exit(f"{path}: the monsters grid is not the board's size")
        for r, (a, b) in enumerate(zip(mons, rows), 1):
            for c, (x, y) in enumerate(zip(a, b), 1):
                if x != "." and (x not in "GVZ" or y != "."):
                    sys.exit(f"{path}: r{r}c{c}: the monster {x!r} is given on {y!r}")
        rows = ["".join(x if x != "." else y for x, y in zip(a, b)) for a, b in zip(mons, rows)]
    def seq(name):
        m = re.search(name + r" = \[(.*?)\]", t)
        return [None if x.strip() == "null" else int(x) for x in m.group(1).split(",")]
    return rows, seq("top"), seq("right"), seq("bottom"), seq("left"), seq("totals")


def trace(rows, r, c, dr, dc):
    """From the border square (r, c) (0 or h+1 / w+1, 1-based inside) moving (dr, dc):
    the list of (cell, after_mirror) for each pass through a monster square."""
    h, w = len(rows), len(rows[0])
    out, mirror = [], False
    while True:
        r, c = r + dr, c + dc
        if not (1 <= r <= h and 1 <= c <= w):
            return out
        ch = rows[r - 1][c - 1]
        if ch == "\\":      # down->right, right->down, up->left, left->up
            dr, dc = dc, dr
            mirror = True
        elif ch == "/":     # down->left, left->down, up->right, right->up
            dr, dc = -dc, -dr
            mirror = True
        else:
            out.append(((r, c), mirror))


def lines(rows, top, right, bottom, left):
    h, w = len(rows), len(rows[0])
    ls = []
    for c in range(1, w + 1):
        ls.append((top[c - 1], trace(rows, 0, c, 1, 0)))
        ls.append((bottom[c - 1], trace(rows, h + 1, c, -1, 0)))
    for r in range(1, h + 1):
        ls.append((left[r - 1], trace(rows, r, 0, 0, 1)))
        ls.append((right[r - 1], trace(rows, r, w + 1, 0, -1)))
    return [(n, l) for n, l in ls if n is not None]


def seen(kind, mirror):
    return kind == "Z" or (kind == "V" and not mirror) or (kind == "G" and mirror)


def solve(rows, top, right, bottom, left, totals, limit):
    h, w = len(rows), len(rows[0])
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1) if rows[r - 1][c - 1] not in "\\/"]
    ls = lines(rows, top, right, bottom, left)
    a = {}
    for (r, c) in cells:
        if rows[r - 1][c - 1] in "GVZ":
            a[(r, c)] = rows[r - 1][c - 1]
    free = [p for p in cells if p not in a]
    # order: cells on the most lines first
    occ = {p: sum(1 for _, l in ls for q, _ in l if q == p) for p in free}
    free.sort(key=lambda p: -occ[p])
    sols = []

    def ok():
        cnt = {k: sum(1 for v in a.values() if v == k) for k in "GVZ"}
        left_cells = len(cells) - len(a)
        for i, k in enumerate("GVZ"):
            if totals[i] is not None and (cnt[k] > totals[i] or cnt[k] + left_cells < totals[i]):
                return False
        for n, l in ls:
            lo = hi = 0
            for q, m in l:
                v = a.get(q)
                if v is None:
                    hi += 1
                elif seen(v, m):
                    lo += 1
                    hi += 1
            if lo > n or hi < n:
                return False
        return True

    def rec(i):
        if len(sols) > limit:
            return
        if not ok():
            return
        if i == len(free):
            sols.append(dict(a))
            return
        for k in "GVZ":
            a[free[i]] = k
            rec(i + 1)
            del a[free[i]]
    rec(0)
    return sols, ls


def main():
    args = sys.argv[1:]
    rows, top, right, bottom, left, totals = load(args[0])
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 1000
    sols, ls = solve(rows, top, right, bottom, left, totals, limit)
    print(f"{args[0]}: {len(rows[0])}x{len(rows)}, {len(ls)} numbers, "
          f"{'more than ' + str(limit) if len(sols) > limit else len(sols)} solution(s)")
    if "--show" in args and sols:
        for s in sols[:3]:
            print("\n".join("".join(s.get((r, c), rows[r - 1][c - 1]) for c in range(1, len(rows[0]) + 1)) for r in range(1, len(rows) + 1)))
            print()
    if "--grid" in args:
        g = [l.rstrip("\n") for l in open(args[args.index("--grid") + 1]) if l.strip() and "solution" not in l]
        sol = {}
        errs = []
        for r, line in enumerate(g, 1):
            for c, ch in enumerate(line, 1):
                b = rows[r - 1][c - 1]
                if b in "\\/":
                    if ch != b:
                        errs.append(f"r{r}c{c} should be the mirror {b}")
                else:
                    if ch not in "GVZ" or (b in "GVZ" and ch != b):
                        errs.append(f"r{r}c{c}: {ch}")
                    sol[(r, c)] = ch
        for i, k in enumerate("GVZ"):
            if totals[i] is not None and sum(v == k for v in sol.values()) != totals[i]:
                errs.append(f"{k} total")
        for n, l in ls:
            got = sum(seen(sol[q], m) for q, m in l)
            if got != n:
                errs.append(f"a line sees {got}, not {n}: {l}")
        same = any(s == sol for s in sols)
        print("grid:", "OK" if not errs else errs, "(one of the solutions found)" if same else "")


main()
