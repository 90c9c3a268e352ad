#!/usr/bin/env python3
"""Independent checker for Aquarium instances (no pzc, standard library only).

  check_aquarium.py INSTANCE.pz [--limit N]          count solutions (up to N, default 2)
  check_aquarium.py INSTANCE.pz --solution FILE|-   check a solution as `pzc solve` draws it
                                                    ('~' water, the tank's letter dry)

Rules: each tank (equal letters) is filled up to a level: the water squares of a tank are
exactly its squares in the rows from some row down to its bottom row. Each row's and
column's number (null: none) is its count of water squares. Exit 0 when the instance is
unique (or the solution is valid and the only one), 1 otherwise.
"""
import re
import sys


def parse_instance(text):
    """The tanks grid and the rows/cols lists of the (first) instance in a .pz file."""
    text = re.sub(r"--[^\n]*", "", text)  # comments
    m = re.search(r"\btanks\s*=\s*grid\s*\{([^}]*)\}", text)
    if m:
        tanks = [ln.strip() for ln in m.group(1).splitlines() if ln.strip()]
    else:  # the one-line form: tanks = "ABC/DEF"
        m = re.search(r'\btanks\s*=\s*"([^"]*)"', text)
        tanks = m.group(1).split("/")

    def seq(name):
        m = re.search(r"\b%s\s*=\s*\[([^\]]*)\]" % name, text)
        items = [x.strip() for x in m.group(1).split(",") if x.strip()]
        return [None if x == "null" else int(x) for x in items]

    rows, cols = seq("rows"), seq("cols")
    h, w = len(tanks), len(tanks[0])
    assert all(len(r) == w for r in tanks), "ragged tanks grid"
    assert len(rows) == h and len(cols) == w, "one number per row and per column"
    return tanks, rows, cols


def tank_cells(tanks):
    cells = {}
    for r, line in enumerate(tanks):
        for c, ch in enumerate(line):
            cells.setdefault(ch, []).append((r, c))
    return cells


def connected(sq):
    sq = set(sq)
    todo, seen = [next(iter(sq))], set()
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [q for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if q in sq]
    return seen == sq


def solve(tanks, rows, cols, limit):
    """Count the fillings (up to limit); return (count, first solution as a set of squares)."""
    h, w = len(tanks), len(tanks[0])
    groups = list(tank_cells(tanks).values())
    for g in groups:
        assert connected(g), "tank is not connected"
    # each tank's choices: a level L (water = its squares in rows >= L), from top to bottom + 1
    options = []
    for g in groups:
        top, bottom = min(r for r, _ in g), max(r for r, _ in g)
        options.append([[q for q in g if q[0] >= lev] for lev in range(top, bottom + 2)])
    # per row/column, how many squares the tanks not yet placed could still add
    rest_r, rest_c = [0] * h, [0] * w
    for g in groups:
        for r, c in g:
            rest_r[r] += 1
            rest_c[c] += 1
    got_r, got_c = [0] * h, [0] * w
    found, first = [0], [None]
    water = []

    def fits():
        for i in range(h):
            if rows[i] is not None and not got_r[i] <= rows[i] <= got_r[i] + rest_r[i]:
                return False
        for j in range(w):
            if cols[j] is not None and not got_c[j] <= cols[j] <= got_c[j] + rest_c[j]:
                return False
        return True

    def place(k):
        if found[0] >= limit:
            return
        if k == len(groups):
            found[0] += 1
            if first[0] is None:
                first[0] = set(q for part in water for q in part)
            return
        for r, c in groups[k]:
            rest_r[r] -= 1
            rest_c[c] -= 1
        for wet in options[k]:
            for r, c in wet:
                got_r[r] += 1
                got_c[c] += 1
            if fits():
                water.append(wet)
                place(k + 1)
                water.pop()
            for r, c in wet:
                got_r[r] -= 1
                got_c[c] -= 1
        for r, c in groups[k]:
            rest_r[r] += 1
            rest_c[c] += 1

    place(0)
    return found[0], first[0]


def check_solution(tanks, rows, cols, picture):
    """Errors of a drawn solution (an empty list when it is valid)."""
    h, w = len(tanks), len(tanks[0])
    lines = [ln.strip() for ln in picture.splitlines()]
    lines = [ln for ln in lines if len(ln) == w and not ln.endswith(":")][-h:]
    if len(lines) != h:
        return ["the picture is not %d rows of %d squares" % (h, w)]
    errs = []
    wet = set()
    for r in range(h):
        for c in range(w):
            ch = lines[r][c]
            if ch == "~":
                wet.add((r, c))
            elif ch != tanks[r][c]:
                errs.append("r%dc%d is %r: neither '~' nor its tank %r" % (r + 1, c + 1, ch, tanks[r][c]))
    for letter, g in tank_cells(tanks).items():
        lev = min([r for r, _ in g if (r, _) in wet], default=None)
        if lev is not None and set(q for q in g if q[0] >= lev) != set(q for q in g if q in wet):
            errs.append("tank %s is not filled up to a level" % letter)
    for i in range(h):
        n = sum((i, j) in wet for j in range(w))
        if rows[i] is not None and n != rows[i]:
            errs.append("row %d has %d water squares, not %d" % (i + 1, n, rows[i]))
    for j in range(w):
        n = sum((i, j) in wet for i in range(h))
        if cols[j] is not None and n != cols[j]:
            errs.append("column %d has %d water squares, not %d" % (j + 1, n, cols[j]))
    return errs


def main(argv):
    args = argv[1:]
    limit = 2
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    sol = None
    if "--solution" in args:
        i = args.index("--solution")
        sol = args[i + 1]
        del args[i:i + 2]
    with open(args[0]) as f:
        tanks, rows, cols = parse_instance(f.read())
    n, first = solve(tanks, rows, cols, limit)
    if sol is None:
        print("%s: %d solution(s)%s" % (args[0], n, " (limit reached)" if n >= limit else ""))
        if first is not None:
            for r in range(len(tanks)):
                print("".join("~" if (r, c) in first else tanks[r][c] for c in range(len(tanks[0]))))
        return 0 if n == 1 else 1
    picture = sys.stdin.read() if sol == "-" else open(sol).read()
    errs = check_solution(tanks, rows, cols, picture)
    for e in errs:
        print("error:", e)
    print("%s: solution %s; the instance has %d solution(s)%s"
          % (args[0], "invalid" if errs else "valid", n, " (limit reached)" if n >= limit else ""))
    return 0 if not errs and n == 1 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
