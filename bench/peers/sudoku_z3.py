#!/usr/bin/python3
# Benchmark peer: Sudoku (box x box blocks) solved directly with python3-z3 (Int per cell, Distinct), plus a uniqueness check.
"""Usage: sudoku_z3.py INSTANCE.pz [--print]"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzinst  # noqa: E402
import z3  # noqa: E402


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    name, _, f = pzinst.load(argv[1], "Sudoku")
    b = f["box"]
    n = b * b
    clues = [[0 if t == "." else int(t) for t in row] for row in f["clues"]]
    assert len(clues) == n and all(len(r) == n for r in clues), "clue grid has the wrong shape"
    t0 = time.perf_counter()
    x = [[z3.Int(f"x_{r}_{c}") for c in range(n)] for r in range(n)]
    s = z3.Solver()
    s.add([z3.And(1 <= v, v <= n) for row in x for v in row])
    s.add([z3.Distinct(row) for row in x])
    s.add([z3.Distinct([x[r][c] for r in range(n)]) for c in range(n)])
    s.add([z3.Distinct([x[br + i][bc + j] for i in range(b) for j in range(b)])
           for br in range(0, n, b) for bc in range(0, n, b)])
    s.add([x[r][c] == clues[r][c] for r in range(n) for c in range(n) if clues[r][c]])
    t1 = time.perf_counter()
    res = s.check()
    t2 = time.perf_counter()
    verdict, t3 = "unsat", t2
    if res == z3.sat:
        m = s.model()
        sol = [[m.eval(x[r][c]).as_long() for c in range(n)] for r in range(n)]
        if "--print" in argv:
            for row in sol:
                print(" ".join(f"{v:>2}" for v in row))
        s.add(z3.Or([x[r][c] != sol[r][c] for r in range(n) for c in range(n)]))
        verdict = "unique" if s.check() == z3.unsat else "not unique"
        t3 = time.perf_counter()
    print(f"{verdict}  instance={name}  build={t1 - t0:.3f}s  solve={t2 - t1:.3f}s  "
          f"uniqueness={t3 - t2:.3f}s  total={t3 - t0:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
