#!/usr/bin/env python3
# Converts a Simon Tatham Keen game ID ("N:blocks,clues") into a pzc `instance ... of Keen` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (keen.c, encode_block_structure/parse_block_structure):
  N:         the grid size
  BLOCKS     the cage walls: the N(N-1) vertical edges between horizontal neighbours in
             reading order, then the N(N-1) horizontal edges between vertical neighbours
             column by column, and one closing edge. '_' is a wall, 'a'..'y' are 1..25
             squares joined across (no wall) and then a wall, 'z' is 25 joined and no
             wall. A letter followed by a number k stands for k copies of it.
  ,CLUES     one per cage, cages ordered by their first square (reading order): the
             operation ('a' add, 'm' multiply, 's' subtract, 'd' divide) and the number.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, regions, run  # noqa: E402

OPS = {"a": "+", "m": "*", "s": "-", "d": "/"}
# One character per cage, as in killer/: letters first.
NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def walls(n, blocks):
    """The 2N(N-1) edges, True where a wall parts two squares."""
    expanded = []
    for ch, count in re.findall(r"([_a-z])(\d*)", blocks):
        expanded.extend([ch] * (int(count) if count else 1))
    if "".join(ch + cnt for ch, cnt in re.findall(r"([_a-z])(\d*)", blocks)) != blocks:
        raise ValueError(f"unexpected characters in the cage walls {blocks!r}")
    edges = []
    for ch in expanded:
        if ch == "_":
            edges.append(True)
        elif ch == "z":
            edges.extend([False] * 25)
        else:
            edges.extend([False] * (ord(ch) - ord("a") + 1) + [True])
    total = 2 * n * (n - 1)
    if len(edges) != total + 1 or not edges[-1]:
        raise ValueError(f"the cage walls cover {len(edges) - 1} edges, not {total}")
    return edges[:total]


def cages(n, edges):
    """The cage of each square (row-major), numbered by first square in reading order."""
    half = n * (n - 1)
    joined = []
    for i, wall in enumerate(edges):
        if wall:
            continue
        if i < half:  # between (y, x) and (y, x + 1)
            y, x = divmod(i, n - 1)
            joined.append((y * n + x, y * n + x + 1))
        else:  # between (y, x) and (y + 1, x), column by column
            x, y = divmod(i - half, n - 1)
            joined.append((y * n + x, (y + 1) * n + x))
    return regions(n * n, joined)


def to_pz(name, gameid, source=None):
    m = match_gameid(gameid, r"(\d+):([_a-z0-9]+),((?:[asmd]\d+)+)", "a Keen")
    n = int(m.group(1))
    if not 1 <= n <= 9:
        raise ValueError(f"a grid of {n} x {n}: Keen grids are 1 to 9 squares a side")
    cage_of, roots = cages(n, walls(n, m.group(2)))
    clues = re.findall(r"([asmd])(\d+)", m.group(3))
    if len(clues) != len(roots):
        raise ValueError(f"{len(roots)} cages but {len(clues)} clues")
    if len(roots) > len(NAMES):
        raise ValueError(f"{len(roots)} cages: at most {len(NAMES)} can be named")
    ops = ["."] * (n * n)
    targets = [None] * (n * n)
    for (op, number), root in zip(clues, roots):
        ops[root] = OPS[op]
        targets[root] = int(number)
    rows = lambda xs: ["".join(xs[r * n:(r + 1) * n]) for r in range(n)]
    body = grid_lines("cages", rows([NAMES[k] for k in cage_of]))
    body += grid_lines("ops", rows(ops))
    body += grid_lines("targets", number_rows([targets[r * n:(r + 1) * n] for r in range(n)]))
    return instance_text(name, "Keen", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
