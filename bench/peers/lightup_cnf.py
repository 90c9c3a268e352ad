#!/usr/bin/env python3
# Benchmark peer: Light Up as DIMACS CNF solved by cadical (Debian package), uniqueness by a blocking clause and a second run.
"""Usage: lightup_cnf.py INSTANCE(.pz|.lightup) [--dimacs OUT.cnf] [--cadical PATH] [--print] [--solve-only]

Encoding: one variable per empty cell (a light). "At most one light per segment" uses a
sequential counter (Sinz 2005) for segments longer than 4 and pairwise clauses otherwise;
numbered walls (at most 4 neighbours) are encoded directly by forbidding every neighbour
subset that breaks the count. Prints `unique` / `not unique` / `unsat` and cadical's wall
times (each run includes process start-up and parsing).
"""
import itertools
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzinst  # noqa: E402


def encode(board):
    h, w = len(board), len(board[0])
    hsegs, vsegs, hseg_of, vseg_of = pzinst.lightup_segments(board)
    var = {}
    for r in range(h):
        for c in range(w):
            if board[r][c] == ".":
                var[(r, c)] = len(var) + 1
    nvars = len(var)
    clauses = []

    def fresh():
        nonlocal nvars
        nvars += 1
        return nvars

    def at_most_one(xs):
        if len(xs) <= 4:
            clauses.extend([-a, -b] for a, b in itertools.combinations(xs, 2))
            return
        # s[i] <=> some of xs[0..i] is true
        s = [fresh() for _ in xs[:-1]]
        clauses.append([-xs[0], s[0]])
        for i in range(1, len(xs) - 1):
            clauses.append([-xs[i], s[i]])
            clauses.append([-s[i - 1], s[i]])
            clauses.append([-xs[i], -s[i - 1]])
        clauses.append([-xs[-1], -s[-1]])

    for seg in hsegs + vsegs:
        if len(seg) > 1:
            at_most_one([var[p] for p in seg])
    for p in sorted(var):
        seen = sorted(set(hsegs[hseg_of[p]]) | set(vsegs[vseg_of[p]]))
        clauses.append([var[q] for q in seen])
    for r in range(h):
        for c in range(w):
            if board[r][c] not in "01234":
                continue
            k = int(board[r][c])
            nb = [var[(r + dr, c + dc)] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                  if (r + dr, c + dc) in var]
            if k > len(nb):
                clauses.append([])  # unsatisfiable clue
                continue
            clauses.extend([-x for x in sub] for sub in itertools.combinations(nb, k + 1))          # <= k
            clauses.extend(list(sub) for sub in itertools.combinations(nb, len(nb) - k + 1))    # >= k
    return var, nvars, clauses


def dimacs(nvars, clauses):
    lines = [f"p cnf {nvars} {len(clauses)}"]
    lines.extend(" ".join(map(str, cl)) + " 0" for cl in clauses)
    return "\n".join(lines) + "\n"


def run_cadical(cadical, nvars, clauses):
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as tmp:
        tmp.write(dimacs(nvars, clauses))
    try:
        t0 = time.perf_counter()
        out = subprocess.run([cadical, "-q", tmp.name], capture_output=True, text=True, check=False)
        t1 = time.perf_counter()
    finally:
        os.unlink(tmp.name)
    if out.returncode == 20:
        return None, t1 - t0
    if out.returncode != 10:
        raise RuntimeError(f"cadical exit {out.returncode}: {out.stderr}")
    model = set()
    for line in out.stdout.splitlines():
        if line.startswith("v "):
            model.update(int(t) for t in line[2:].split() if int(t) > 0)
    return model, t1 - t0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cadical = argv[argv.index("--cadical") + 1] if "--cadical" in argv else "cadical"
    name, _, f = pzinst.load(argv[1], "LightUp")
    board = f["board"]
    t0 = time.perf_counter()
    var, nvars, clauses = encode(board)
    t1 = time.perf_counter()
    if "--dimacs" in argv:
        with open(argv[argv.index("--dimacs") + 1], "w") as out:
            out.write(dimacs(nvars, clauses))
    model, ts1 = run_cadical(cadical, nvars, clauses)
    verdict, ts2 = "unsat", 0.0
    if model is not None and "--solve-only" in argv:
        verdict = "sat"
    elif model is not None:
        if "--print" in argv:
            for r in range(len(board)):
                print("".join("*" if var.get((r, c)) in model else board[r][c] for c in range(len(board[0]))))
        block = [-v if v in model else v for v in var.values()]
        model2, ts2 = run_cadical(cadical, nvars, clauses + [block])
        verdict = "unique" if model2 is None else "not unique"
    print(f"{verdict}  instance={name}  vars={nvars}  clauses={len(clauses)}  encode={t1 - t0:.3f}s  "
          f"solve={ts1:.3f}s  uniqueness={ts2:.3f}s  total={t1 - t0 + ts1 + ts2:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
