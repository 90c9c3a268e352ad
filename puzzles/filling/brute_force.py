#!/usr/bin/env python3
"""Soundness check of filling.pz against a brute force: every valid Fillomino filling of a
small board is enumerated in Python, and `pzc count` (native engine and Z3) must find as
many solutions as the brute force for the empty board and for random clue subsets of
random fillings. Usage (from the repository root): puzzles/filling/brute_force.py [SEED]
(PZC in the environment names the binary; default build/pzc). A 4x4 board with numbers up
to 9 is left out: the plain-Python brute force takes more than half an hour on it."""
import os
import random
import subprocess
import sys

def valid(grid, R, C):
    seen = [[False]*C for _ in range(R)]
    for r in range(R):
        for c in range(C):
            if seen[r][c]: continue
            v = grid[r][c]; stack = [(r, c)]; seen[r][c] = True; n = 0
            while stack:
                a, b = stack.pop(); n += 1
                for da, db in ((1,0),(-1,0),(0,1),(0,-1)):
                    x, y = a+da, b+db
                    if 0 <= x < R and 0 <= y < C and not seen[x][y] and grid[x][y] == v:
                        seen[x][y] = True; stack.append((x, y))
            if n != v: return False
    return True

def fillings(R, C, top):
    out = []
    g = [[0]*C for _ in range(R)]
    cells = [(r, c) for r in range(R) for c in range(C)]
    def comp_ok(r, c):
        # component of (r,c) among assigned squares: size <= value; if closed, == value
        v = g[r][c]; seen = {(r, c)}; stack = [(r, c)]; open_ = False
        while stack:
            a, b = stack.pop()
            for da, db in ((1,0),(-1,0),(0,1),(0,-1)):
                x, y = a+da, b+db
                if 0 <= x < R and 0 <= y < C:
                    if g[x][y] == 0: open_ = True
                    elif g[x][y] == v and (x, y) not in seen:
                        seen.add((x, y)); stack.append((x, y))
        if len(seen) > v: return False
        if not open_ and len(seen) != v: return False
        return True
    def rec(i):
        if i == len(cells):
            if valid(g, R, C): out.append([row[:] for row in g])
            return
        r, c = cells[i]
        for v in range(1, top+1):
            g[r][c] = v
            ok = comp_ok(r, c)
            # neighbours above/left whose components may now be closed
            if ok:
                for x, y in ((r-1, c), (r, c-1)):
                    if x >= 0 and y >= 0 and not comp_ok(x, y): ok = False; break
            if ok: rec(i+1)
        g[r][c] = 0
    rec(0)
    return out


PZC = os.environ.get('PZC', 'build/pzc')
def pzc_count(R, C, clues, engine, most):
    g = "/".join("".join("." if clues[r][c] is None else str(clues[r][c]) for c in range(C)) for r in range(R))
    out = subprocess.run([PZC, 'count', 'puzzles/filling/filling.pz', '--given', f'clues="{g}"', '--given', f'most={most}', '--engine', engine, '--time-limit', '60'],
                         capture_output=True, text=True, timeout=120).stdout
    if 'no solution' in out: return 0
    try: return int(out.split(':')[1].split()[0])
    except Exception: return out.strip()
rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
for (R, C, most, trials) in [(1, 3, 9, 2), (2, 2, 9, 3), (2, 3, 9, 4), (3, 3, 9, 5), (3, 3, 4, 3), (3, 4, 9, 5), (2, 5, 9, 3), (4, 4, 3, 4)]:
    fs = fillings(R, C, min(most, R*C))
    for trial in range(trials):
        if trial == 0 and R * C <= 6:
            clues = [[None]*C for _ in range(R)]
        else:
            sol = rnd.choice(fs)
            dens = rnd.choice([0.3, 0.5])
            clues = [[v if rnd.random() < dens else None for v in row] for row in sol]
        want = sum(1 for f in fs if all(clues[r][c] is None or clues[r][c] == f[r][c] for r in range(R) for c in range(C)))
        got = [pzc_count(R, C, clues, e, most) for e in ('native', 'z3')]
        print(R, C, most, want, got, 'OK' if got == [want, want] else 'MISMATCH', flush=True)
