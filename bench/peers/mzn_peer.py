#!/usr/bin/env python3
# Runs the MiniZinc peer (lightup.mzn / abc.mzn with Gecode, at most 2 solutions) on one instance; prints the verdict and time.
"""Usage: mzn_peer.py INSTANCE [--solver gecode] [--timeout SECONDS] [--print] [--solve-only]

Prints `unique` / `not unique` / `unsat` (with --solve-only: `sat` at the first solution)
and the wall time of the whole minizinc run (flattening + search for up to two solutions). With --timeout (default 300 s) an unfinished
search reports `unknown`.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pzinst  # noqa: E402
import to_dzn  # noqa: E402


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    solver = argv[argv.index("--solver") + 1] if "--solver" in argv else "gecode"
    timeout = float(argv[argv.index("--timeout") + 1]) if "--timeout" in argv else 300.0
    name, puzzle, f = pzinst.load(argv[1])
    model = {"LightUp": "lightup.mzn", "EasyAsABC": "abc.mzn"}[puzzle]
    dzn = to_dzn.lightup_dzn(f["board"]) if puzzle == "LightUp" else to_dzn.abc_dzn(f)
    with tempfile.NamedTemporaryFile("w", suffix=".dzn", delete=False) as tmp:
        tmp.write(dzn)
    try:
        t0 = time.perf_counter()
        out = subprocess.run(["minizinc", "--solver", solver, "-n", "1" if "--solve-only" in argv else "2", "--time-limit", str(int(timeout * 1000)),
                              os.path.join(HERE, model), tmp.name],
                             capture_output=True, text=True, check=False)
        t1 = time.perf_counter()
    finally:
        os.unlink(tmp.name)
    if out.returncode != 0:
        sys.stderr.write(out.stdout + out.stderr)
        return 1
    sols = out.stdout.count("----------")
    verdict = "unsat" if "=====UNSATISFIABLE=====" in out.stdout else \
        {0: "unknown", 1: "unique", 2: "not unique"}[min(sols, 2)]
    if sols == 1 and "--solve-only" in argv:
        verdict = "sat"
    elif sols == 1 and "==========" not in out.stdout:
        verdict = "unknown"  # search did not finish
    if "--print" in argv:
        print(out.stdout.split("----------")[0].rstrip())
    print(f"{verdict}  instance={name}  solver={solver}  total={t1 - t0:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
