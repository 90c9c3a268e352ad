"""What the Sudoku-variant checkers share (puzzles/jigsaw/check_jigsaw.py,
puzzles/sudokux/check_sudokux.py), without pzc and with the standard library only: reading
a grid from an instance file, counting the fillings of an n x n grid in which every unit
(a row, a column, a region, a diagonal: any set of n squares) holds 1..n once, checking a
drawn solution, and the command line. Each checker says only what its units are."""
import re
import sys


def grid(text, name):
    """The rows of `name = grid { ... }` (or `name = "a/b/c"`), each a list of tokens."""
    m = re.search(r"\b%s\s*=\s*grid\s*\{[^\n]*\n(.*?)\n\s*\}" % name, text, re.S)
    if m:
        lines = [ln.strip() for ln in m.group(1).splitlines() if ln.strip()]
    else:
        lines = re.search(r'\b%s\s*=\s*"([^"]*)"' % name, text).group(1).split("/")
    return [ln.split() if " " in ln else list(ln) for ln in lines]


def solve(n, units, cells, limit):
    """Count the fillings (up to limit) by backtracking on the square with fewest options.
    Each unit keeps a bitmask of the numbers it already holds (bit v for number v)."""
    squares = [(r, c) for r in range(n) for c in range(n)]
    of = {p: [i for i, (_, u) in enumerate(units) if p in u] for p in squares}
    used = [0] * len(units)
    grid = {}
    for p in squares:  # place the clues; a clash means no solution
        v = cells[p[0]][p[1]]
        if v is not None:
            if not 1 <= v <= n or any(used[i] >> v & 1 for i in of[p]):
                return 0, None
            grid[p] = v
            for i in of[p]:
                used[i] |= 1 << v
    full = (1 << (n + 1)) - 2  # bits 1..n
    found, first = [0], [None]

    def options(p):
        m = full
        for i in of[p]:
            m &= ~used[i]
        return [v for v in range(1, n + 1) if m >> v & 1]

    def search():
        if found[0] >= limit:
            return
        empty = [p for p in squares if p not in grid]
        if not empty:
            found[0] += 1
            if first[0] is None:
                first[0] = dict(grid)
            return
        p = min(empty, key=lambda q: len(options(q)))
        for v in options(p):
            grid[p] = v
            for i in of[p]:
                used[i] |= 1 << v
            search()
            for i in of[p]:
                used[i] &= ~(1 << v)
            del grid[p]

    search()
    return found[0], first[0]


def check_solution(n, units, cells, picture):
    """Errors of a drawn solution (an empty list when it is valid)."""
    rows = [ln.split() if " " in ln.strip() else list(ln.strip()) for ln in picture.splitlines()]
    rows = [r for r in rows if len(r) == n and all(t.isdigit() for t in r)][-n:]
    if len(rows) != n:
        return ["the picture is not %d rows of %d numbers" % (n, n)]
    val = {(r, c): int(rows[r][c]) for r in range(n) for c in range(n)}
    errs = ["r%dc%d is %d, not 1..%d" % (p[0] + 1, p[1] + 1, v, n) for p, v in val.items() if not 1 <= v <= n]
    errs += ["r%dc%d is %d, but the clue says %d" % (r + 1, c + 1, val[r, c], cells[r][c])
             for r in range(n) for c in range(n) if cells[r][c] is not None and cells[r][c] != val[r, c]]
    for name, u in units:
        if sorted(val[p] for p in u) != list(range(1, n + 1)):
            errs.append("%s does not hold 1..%d once each" % (name, n))
    return errs


def main(argv, load):
    """The command line of both checkers: `load(text)` gives (n, units, clues)."""
    args = argv[1:]
    limit, sol = 2, None
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    if "--solution" in args:
        i = args.index("--solution")
        sol = args[i + 1]
        del args[i:i + 2]
    with open(args[0]) as f:
        n, us, cells = load(f.read())
    count, first = solve(n, us, cells, limit)
    more = " (limit reached)" if count >= limit else ""
    if sol is None:
        print("%s: %d solution(s)%s" % (args[0], count, more))
        if first is not None:
            for r in range(n):
                print("".join(str(first[r, c]) for c in range(n)))
        return 0 if count == 1 else 1
    picture = sys.stdin.read() if sol == "-" else open(sol).read()
    errs = check_solution(n, us, cells, picture)
    for e in errs:
        print("error:", e)
    print("%s: solution %s; the instance has %d solution(s)%s"
          % (args[0], "invalid" if errs else "valid", count, more))
    return 0 if not errs and count == 1 else 1
