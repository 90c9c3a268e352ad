#!/usr/bin/python3
"""Star Battle instances for pzc: a random star placement, regions grown from its stars
(each region starts from `stars` stars and grows at random into free neighbours), kept
only when z3 proves the solution unique. Deterministic for a seed.

Usage: generate_starbattle.py NAME N STARS SEED [--tries T]
Prints the instance (a .pz block) with the command and the solution in its comment."""
import random
import sys

import z3


def star_solver(n, stars, region=None):
    """A solver for `stars` per row, column (and region, if given), no two touching, and
    its Bools x[r][c]."""
    s = z3.Solver()
    x = [[z3.Bool(f"s{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        s.add(z3.PbEq([(x[i][c], 1) for c in range(n)], stars))
        s.add(z3.PbEq([(x[r][i], 1) for r in range(n)], stars))
        if region is not None:
            s.add(z3.PbEq([(x[r][c], 1) for r in range(n) for c in range(n) if region[r][c] == i], stars))
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    s.add(z3.Not(z3.And(x[r][c], x[rr][cc])))
    return s, x


def placements(n, stars, rng):
    """A random star placement: `stars` per row and column, no two touching."""
    s, x = star_solver(n, stars)
    # a random objective-free nudge: random phase through random assumptions order
    z3.set_param("smt.random_seed", rng.randrange(1 << 30))
    z3.set_param("sat.random_seed", rng.randrange(1 << 30))
    prefs = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(prefs)
    while True:
        # fix a few random squares as stars, relax if unsatisfiable
        fixed = []
        for r, c in prefs[: rng.randrange(1, n)]:
            fixed.append(x[r][c])
        if s.check(*fixed) == z3.sat:
            m = s.model()
            return [(r, c) for r in range(n) for c in range(n) if z3.is_true(m.eval(x[r][c]))]
        rng.shuffle(prefs)


def grow(n, stars, sol, rng):
    """Regions grown from the stars: star k // stars seeds region k; the second star of a
    region is joined to it by a random path grown first."""
    region = [[-1] * n for _ in range(n)]
    order = sol[:]
    rng.shuffle(order)
    k = len(order) // stars
    for i, (r, c) in enumerate(order[:k]):
        region[r][c] = i
    pending = order[k:]
    # each further star joins the nearest region by a straight-ish path, if free
    for (r, c) in pending:
        if region[r][c] >= 0:
            continue
        best = None
        for i, (rr, cc) in enumerate(order[:k]):
            cnt = sum(1 for (a, b) in sol if region[a][b] == i)
            if cnt >= stars:
                continue
            d = abs(rr - r) + abs(cc - c)
            if best is None or d < best[0]:
                best = (d, i, rr, cc)
        if best is None:
            return None
        _, i, rr, cc = best
        a, b = r, c
        path = [(a, b)]
        while (a, b) != (rr, cc):
            if a != rr and (b == cc or rng.random() < 0.5):
                a += 1 if rr > a else -1
            else:
                b += 1 if cc > b else -1
            path.append((a, b))
        for (a, b) in path:
            if region[a][b] not in (-1, i):
                return None
            if (a, b) in sol and (a, b) != (r, c) and (a, b) != (rr, cc):
                return None
        for (a, b) in path:
            region[a][b] = i
    free = [(r, c) for r in range(n) for c in range(n) if region[r][c] < 0]
    while free:
        rng.shuffle(free)
        moved = False
        for (r, c) in free:
            nb = [region[r + dr][c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                  if 0 <= r + dr < n and 0 <= c + dc < n and region[r + dr][c + dc] >= 0]
            if nb:
                region[r][c] = rng.choice(nb)
                moved = True
        free = [(r, c) for r in range(n) for c in range(n) if region[r][c] < 0]
        if not moved:
            return None
    return region


def count_solutions(n, stars, region, cap=2):
    s, x = star_solver(n, stars, region)
    found = []
    while len(found) < cap and s.check() == z3.sat:
        m = s.model()
        sol = [(r, c) for r in range(n) for c in range(n) if z3.is_true(m.eval(x[r][c]))]
        found.append(sol)
        s.add(z3.Or([z3.Not(x[r][c]) for (r, c) in sol]))
    return found


def main():
    args = sys.argv[1:]
    tries = 20000
    if "--tries" in args:
        i = args.index("--tries")
        tries = int(args[i + 1])
        del args[i:i + 2]
    name, n, stars, seed = args[0], int(args[1]), int(args[2]), int(args[3])
    rng = random.Random(seed)
    for t in range(1, tries + 1):
        sol = placements(n, stars, rng)
        region = grow(n, stars, sol, rng)
        if region is None:
            continue
        found = count_solutions(n, stars, region)
        if len(found) != 1:
            continue
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        print(f"-- generate_starbattle.py {name} {n} {stars} {seed}: try {t}, unique (z3)")
        print("-- solution (* = star):")
        for r in range(n):
            print("--   " + "".join("*" if (r, c) in sol else letters[region[r][c]] for c in range(n)))
        print(f"instance {name} of StarBattle")
        if stars != 1:
            print(f"  stars = {stars}")
        print("  regions = grid {")
        for r in range(n):
            print("    " + "".join(letters[region[r][c]] for c in range(n)))
        print("  }")
        print("end")
        return 0
    print(f"no unique puzzle in {tries} tries", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
