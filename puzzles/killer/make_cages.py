#!/usr/bin/python3
"""A random cage layout for Killer Sudoku: the N x N squares split into orthogonally
connected cages of 1 to MAX squares (mostly 2 and 3), lettered A-Z then a-z in the reading
order of their first squares. Deterministic for a seed.

Usage: make_cages.py N SEED [--max K]
Prints the layout as pzc's --given value: rows joined by '/' (quote it in the shell)."""
import argparse
import random
import sys

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def layout(n, rng, most):
    cage = [[-1] * n for _ in range(n)]
    count = 0
    for r in range(n):
        for c in range(n):
            if cage[r][c] >= 0:
                continue
            size = rng.choice([1] + [2] * 4 + [3] * 4 + [4] * 2 + [5]) if most >= 5 else rng.randint(1, most)
            size = min(size, most)
            cells = [(r, c)]
            cage[r][c] = count
            while len(cells) < size:
                free = [(rr + dr, cc + dc) for rr, cc in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= rr + dr < n and 0 <= cc + dc < n and cage[rr + dr][cc + dc] < 0]
                if not free:
                    break
                rr, cc = rng.choice(free)
                cage[rr][cc] = count
                cells.append((rr, cc))
            count += 1
    return cage, count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="the grid's side")
    ap.add_argument("seed", type=int)
    ap.add_argument("--max", type=int, default=5, dest="most", help="the largest cage (default 5)")
    a = ap.parse_args()
    n, seed, most = a.n, a.seed, a.most
    rng = random.Random(seed)
    for _ in range(1000):
        cage, count = layout(n, rng, most)
        if count <= len(LETTERS):
            break
    else:
        sys.exit(f"no layout of {n}x{n} with at most {len(LETTERS)} cages")
    # letters in the reading order of each cage's first square (cages are numbered so already)
    print("/".join("".join(LETTERS[cage[r][c]] for c in range(n)) for r in range(n)))


if __name__ == "__main__":
    main()
