#!/usr/bin/python3
# Benchmark peer: Easy as ABC solved directly with python3-z3 (one-hot Bool per cell and symbol), plus a uniqueness check.
"""Usage: abc_z3.py INSTANCE.pz [--print] [--solve-only]

Prints one line: `unique` / `not unique` / `unsat`, then the solve and uniqueness-check wall times.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzinst  # noqa: E402
import z3  # noqa: E402

SIDES = ("top", "bottom", "left", "right")


def line_cells(n, side, i):
    if side == "top":
        return [(r, i) for r in range(n)]
    if side == "bottom":
        return [(r, i) for r in reversed(range(n))]
    if side == "left":
        return [(i, c) for c in range(n)]
    return [(i, c) for c in reversed(range(n))]


def build(n, letters, clues):
    m = len(letters)
    # v[r][c][k]: cell (r, c) holds letter k; k == m is the blank.
    v = [[[z3.Bool(f"x_{r}_{c}_{k}") for k in range(m + 1)] for c in range(n)] for r in range(n)]
    s = z3.Solver()
    for r in range(n):
        for c in range(n):
            s.add(z3.PbEq([(b, 1) for b in v[r][c]], 1))
    for k in range(m):
        for i in range(n):
            s.add(z3.PbEq([(v[i][c][k], 1) for c in range(n)], 1))
            s.add(z3.PbEq([(v[r][i][k], 1) for r in range(n)], 1))
    # Every letter is in every line, so "the first letter seen is L" is the same as
    # "each other letter has an L somewhere before it".
    for side in SIDES:
        for i, ch in enumerate(clues[side]):
            if ch == ".":
                continue
            L = letters.index(ch)
            cells = line_cells(n, side, i)
            for j, (r, c) in enumerate(cells):
                before = z3.Or([v[rr][cc][L] for rr, cc in cells[:j]]) if j else z3.BoolVal(False)
                for k in range(m):
                    if k != L:
                        s.add(z3.Implies(v[r][c][k], before))
    return s, v


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    name, _, f = pzinst.load(argv[1], "EasyAsABC")
    n, letters = f["n"], list(f["letters"])
    clues = {side: f.get(side, "." * n) for side in SIDES}
    for side in SIDES:
        assert len(clues[side]) == n, f"{side} clue string must have {n} chars"
    t0 = time.perf_counter()
    s, v = build(n, letters, clues)
    t1 = time.perf_counter()
    res = s.check()
    t2 = time.perf_counter()
    verdict, t3 = "unsat", t2
    if res == z3.sat and "--solve-only" in argv:
        verdict = "sat"
    elif res == z3.sat:
        mdl = s.model()
        true_vars = [b for row in v for cell in row for b in cell if z3.is_true(mdl.eval(b, model_completion=True))]
        if "--print" in argv:
            sym = letters + ["X"]
            for r in range(n):
                print("".join(sym[[z3.is_true(mdl.eval(b, model_completion=True)) for b in v[r][c]].index(True)]
                              for c in range(n)))
        s.add(z3.Or([z3.Not(b) for b in true_vars]))
        res2 = s.check()
        t3 = time.perf_counter()
        verdict = "unique" if res2 == z3.unsat else "not unique"
    elif res != z3.unsat:
        verdict = "unknown"
    print(f"{verdict}  instance={name}  build={t1 - t0:.3f}s  solve={t2 - t1:.3f}s  "
          f"uniqueness={t3 - t2:.3f}s  total={t3 - t0:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
