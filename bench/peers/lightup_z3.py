#!/usr/bin/python3
# Benchmark peer: Light Up solved directly with python3-z3 (Bool per empty cell, PB constraints), plus a uniqueness check.
"""Usage: lightup_z3.py INSTANCE(.pz|.lightup) [--print] [--solve-only]

Prints one line: `unique` / `not unique` / `unsat`, then the solve and uniqueness-check wall times.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzinst  # noqa: E402
import z3  # noqa: E402


def build(board):
    h, w = len(board), len(board[0])
    hsegs, vsegs, hseg_of, vseg_of = pzinst.lightup_segments(board)
    light = {(r, c): z3.Bool(f"l_{r}_{c}") for r in range(h) for c in range(w) if board[r][c] == "."}
    s = z3.Solver()
    # At most one light per segment: no light shines on another.
    for seg in hsegs + vsegs:
        if len(seg) > 1:
            s.add(z3.AtMost(*[light[p] for p in seg], 1))
    # Every empty cell is lit by a light in its row segment or column segment.
    for p in light:
        seen = {q for q in hsegs[hseg_of[p]]} | {q for q in vsegs[vseg_of[p]]}
        s.add(z3.Or([light[q] for q in sorted(seen)]))
    # Numbered walls: exactly that many orthogonal neighbours are lights.
    for r in range(h):
        for c in range(w):
            if board[r][c] in "01234":
                k = int(board[r][c])
                nbrs = [light[(r + dr, c + dc)] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if (r + dr, c + dc) in light]
                if k > len(nbrs):
                    s.add(z3.BoolVal(False))
                elif nbrs:
                    s.add(z3.PbEq([(v, 1) for v in nbrs], k))
    return s, light


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    name, _, fields = pzinst.load(argv[1], "LightUp")
    board = fields["board"]
    t0 = time.perf_counter()
    s, light = build(board)
    t1 = time.perf_counter()
    res = s.check()
    t2 = time.perf_counter()
    verdict, t3 = "unsat", t2
    if res == z3.sat and "--solve-only" in argv:
        verdict = "sat"
    elif res == z3.sat:
        m = s.model()
        sol = {p: z3.is_true(m.eval(v, model_completion=True)) for p, v in light.items()}
        if "--print" in argv:
            for r in range(len(board)):
                print("".join("*" if sol.get((r, c)) else board[r][c] for c in range(len(board[0]))))
        s.add(z3.Or([v if not sol[p] else z3.Not(v) for p, v in light.items()]))
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
