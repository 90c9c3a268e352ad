#!/usr/bin/env python3
"""Numbrix instances: a random Hamiltonian path on an R x C grid (Warnsdorff's rule with
random ties, restarted until it covers the grid), numbered 1..R*C; then clues removed in
random order while `pzc unique --engine z3` still proves the solution unique.

Usage: make_instances.py PZC ROWS COLS SEED NAME   (prints an instance block)"""
import random
import subprocess
import sys
import tempfile


def path(rows, cols, rng):
    def nbrs(p):
        r, c = p
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield (r + dr, c + dc)
    while True:
        p = (rng.randrange(rows), rng.randrange(cols))
        seen, walk = {p}, [p]
        while True:
            options = [q for q in nbrs(p) if q not in seen]
            if not options:
                break
            rng.shuffle(options)
            p = min(options, key=lambda q: sum(1 for x in nbrs(q) if x not in seen))
            seen.add(p)
            walk.append(p)
        if len(walk) == rows * cols:
            return walk


def block(name, grid):
    rows = "\n".join("    " + " ".join(f"{v:>2}" if v else " ." for v in row) for row in grid)
    return f"instance {name} of Numbrix\n  start = grid {{\n{rows}\n  }}\nend\n"


def unique(pzc, spec, grid):
    with tempfile.NamedTemporaryFile("w", suffix=".pz", delete=False) as f:
        f.write(block("t", grid))
    r = subprocess.run([pzc, "unique", spec, f.name, "--engine", "z3"], capture_output=True, text=True)
    return r.returncode == 0


def main():
    pzc, rows, cols, seed, name = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    spec = __file__.rsplit("/", 1)[0] + "/numbrix.pz"
    rng = random.Random(seed)
    grid = [[0] * cols for _ in range(rows)]
    for k, (r, c) in enumerate(path(rows, cols, rng)):
        grid[r][c] = k + 1
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    for r, c in cells:
        keep = grid[r][c]
        grid[r][c] = 0
        if not unique(pzc, spec, grid):
            grid[r][c] = keep
    sys.stdout.write(block(name, grid))


main()
