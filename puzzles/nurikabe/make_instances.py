#!/usr/bin/env python3
"""Makes Nurikabe instances with a unique solution: a random shading is drawn (islands
grown square by square, never touching, the sea kept connected, until no 2x2 pool is
left), each island gets its size on one random square, and `pzc unique` keeps the draw
only if that shading is the only solution. Deterministic for a given seed.

Usage: make_instances.py PZC NAME WxH SEED [MAX_ISLAND]   (writes NAME.pz)
"""
import json
import random
import subprocess
import sys


def neighbours(w, h, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def sea_connected(w, h, black):
    cells = [(r, c) for r in range(h) for c in range(w) if black[r][c]]
    if not cells:
        return True
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for q in neighbours(w, h, r, c):
            if black[q[0]][q[1]] and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def pools(w, h, black):
    return [(r, c) for r in range(h - 1) for c in range(w - 1)
            if black[r][c] and black[r + 1][c] and black[r][c + 1] and black[r + 1][c + 1]]


def draw(w, h, rng, max_island):
    black = [[True] * w for _ in range(h)]
    owner = [[-1] * w for _ in range(h)]
    islands = []

    def free(r, c, k):  # may join island k: shaded, touching no other island
        return black[r][c] and all(owner[q[0]][q[1]] in (-1, k) for q in neighbours(w, h, r, c))

    def whiten(r, c, k):
        black[r][c] = False
        if not sea_connected(w, h, black):
            black[r][c] = True
            return False
        owner[r][c] = k
        islands[k].append((r, c))
        return True

    # first a few islands grown to random sizes, then pools broken up one by one
    for _ in range(max(1, w * h // 12)):
        r, c = rng.randrange(h), rng.randrange(w)
        k = len(islands)
        if not free(r, c, k):
            continue
        islands.append([])
        if not whiten(r, c, k):
            islands.pop()
            continue
        target = rng.randint(2, max_island)
        for _ in range(4 * target):
            if len(islands[k]) >= target:
                break
            frontier = [q for (a, b) in islands[k] for q in neighbours(w, h, a, b) if free(q[0], q[1], k)]
            if not frontier:
                break
            q = rng.choice(frontier)
            whiten(q[0], q[1], k)
    for _ in range(20 * w * h):
        left = pools(w, h, black)
        if not left:
            return black, islands
        r, c = rng.choice(left)
        r, c = r + rng.randint(0, 1), c + rng.randint(0, 1)
        grown = False
        # grow an island next to the pool, or start one in it
        near = [k for k in range(len(islands)) if free(r, c, k) and any(owner[q[0]][q[1]] == k for q in neighbours(w, h, r, c))]
        if near:
            k = rng.choice(near)
            if len(islands[k]) < max_island:
                grown = whiten(r, c, k)
        elif free(r, c, len(islands)):
            islands.append([])
            grown = whiten(r, c, len(islands) - 1)
            if not grown:
                islands.pop()
        if not grown:
            continue
    return None


def instance(name, w, h, black, islands, rng):
    grid = [["."] * w for _ in range(h)]
    for isl in islands:
        r, c = rng.choice(isl)
        grid[r][c] = str(len(isl))
    lines = [f"instance {name} of Nurikabe", "  clues = grid {"]
    lines += ["    " + "".join(row) for row in grid]
    lines += ["  }", "end"]
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    pzc, name, size, seed = argv[1], argv[2], argv[3], int(argv[4])
    max_island = int(argv[5]) if len(argv) > 5 else 9
    w, h = map(int, size.split("x"))
    rng = random.Random(seed)
    for attempt in range(1, 2001):
        drawn = draw(w, h, rng, max_island)
        if not drawn:
            continue
        text = instance(name, w, h, drawn[0], drawn[1], rng)
        with open(f"{name}.pz", "w") as f:
            f.write(f"-- make_instances.py {name} {size} {seed} {max_island} (attempt {attempt})\n" + text)
        out = subprocess.run([pzc, "unique", "--json", "nurikabe.pz", f"{name}.pz"], capture_output=True, text=True)
        try:
            unique = json.loads(out.stdout).get("unique", False)
        except json.JSONDecodeError:
            unique = False
        if unique:
            print(f"{name}: attempt {attempt}")
            return 0
    print(f"{name}: no unique instance in 2000 attempts", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
