#!/usr/bin/python3
"""Kakuro instances for pzc: a random board (first row and column black, then black
squares at random with 180-degree symmetry, so that every run has 2..MAXRUN squares and
the white squares are connected), a
random fill with no digit twice in a run, its run sums as clues; kept only when z3 proves
the fill the only solution. Deterministic for a seed.

Usage: generate_kakuro.py NAME ROWS COLS SEED [--tries T] [--maxrun K]
Prints the instance (a .pz block) with the command and the solution in its comment."""
import random
import sys

import z3


def runs(board, rows, cols):
    """(start black square, direction, squares) for every run of white squares."""
    out = []
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != '#':
                continue
            for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
                sq = []
                rr, cc = r + dr, c + dc
                while rr < rows and cc < cols and board[rr][cc] == '.':
                    sq.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if sq:
                    out.append(((r, c), d, sq))
    return out


def draw_board(rows, cols, maxrun, rng):
    for _ in range(10000):
        b = [['.'] * cols for _ in range(rows)]
        for c in range(cols):
            b[0][c] = '#'
        for r in range(rows):
            b[r][0] = '#'
        for r in range(1, rows):
            for c in range(1, cols):
                rr, cc = rows - r, cols - c  # symmetric partner in the inner grid
                if (rr, cc) < (r, c) and rr >= 1 and cc >= 1:
                    continue
                if rng.random() < 0.25:
                    b[r][c] = '#'
                    if rr >= 1 and cc >= 1:
                        b[rr][cc] = '#'
        rs = runs(b, rows, cols)
        if not rs or any(len(sq) < 2 or len(sq) > maxrun for _, _, sq in rs):
            continue
        # every white square lies in an across and a down run of 2 or more
        cover = {}
        for _, d, sq in rs:
            for s in sq:
                cover.setdefault(s, set()).add(d)
        whites = [(r, c) for r in range(rows) for c in range(cols) if b[r][c] == '.']
        if not all(len(cover.get(s, ())) == 2 for s in whites) or len(whites) < rows + cols:
            continue
        # the white squares are connected (one puzzle, not several)
        seen, todo = {whites[0]}, [whites[0]]
        while todo:
            r, c = todo.pop()
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                q = (r + dr, c + dc)
                if q in cover and q not in seen:
                    seen.add(q)
                    todo.append(q)
        if len(seen) == len(whites):
            return b, rs
    return None, None


def main():
    args = sys.argv[1:]
    tries, maxrun = 5000, 4
    for opt in ("--tries", "--maxrun"):
        if opt in args:
            i = args.index(opt)
            if opt == "--tries":
                tries = int(args[i + 1])
            else:
                maxrun = int(args[i + 1])
            del args[i:i + 2]
    name, rows, cols, seed = args[0], int(args[1]), int(args[2]), int(args[3])
    rng = random.Random(seed)
    for t in range(1, tries + 1):
        b, rs = draw_board(rows, cols, maxrun, rng)
        if b is None:
            continue
        # a random fill: digits drawn square by square, no repeat in a run
        fill = {}
        ok = True
        order = [(r, c) for r in range(rows) for c in range(cols) if b[r][c] == '.']
        for s in order:
            used = set()
            for _, _, sq in rs:
                if s in sq:
                    used |= {fill[x] for x in sq if x in fill}
            free = [d for d in range(1, 10) if d not in used]
            if not free:
                ok = False
                break
            fill[s] = rng.choice(free)
        if not ok:
            continue
        x = {s: z3.Int(f"d{s[0]}_{s[1]}") for s in order}
        sol = z3.Solver()
        for s in order:
            sol.add(x[s] >= 1, x[s] <= 9)
        for _, _, sq in rs:
            sol.add(z3.Distinct([x[s] for s in sq]))
            sol.add(z3.Sum([x[s] for s in sq]) == sum(fill[s] for s in sq))
        sol.add(z3.Or([x[s] != fill[s] for s in order]))
        if sol.check() != z3.unsat:
            continue
        across = [['.'] * cols for _ in range(rows)]
        down = [['.'] * cols for _ in range(rows)]
        for (r, c), d, sq in rs:
            (across if d == "across" else down)[r][c] = str(sum(fill[s] for s in sq))
        w = max(len(v) for g in (across, down) for row in g for v in row)
        print(f"-- generate_kakuro.py {name} {rows} {cols} {seed} --maxrun {maxrun}: try {t}, unique (z3)")
        print("-- solution:")
        for r in range(rows):
            print("--   " + "".join(str(fill[(r, c)]) if b[r][c] == '.' else '#' for c in range(cols)))
        print(f"instance {name} of Kakuro")
        print("  board = grid {")
        for r in range(rows):
            print("    " + "".join(b[r]))
        print("  }")
        for nm, g in (("across", across), ("down", down)):
            print(f"  {nm} = grid {{")
            for r in range(rows):
                print("    " + " ".join(v.rjust(w) for v in g[r]))
            print("  }")
        print("end")
        return 0
    print(f"no unique puzzle in {tries} tries", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
