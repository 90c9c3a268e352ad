#!/usr/bin/env python3
"""Independent checker for Pegs instances (puzzles/pegs/pegs.pz), plain Python 3, no pzc.

Usage:
  check_pegs.py INSTANCE.pz [SOLUTION] [--solve] [--limit N]

INSTANCE.pz is an instance file as gameid2pz.py writes it (`start = grid { ... }`, 1 a
peg, 0 an empty hole, 2 outside the board), or a .pegs file holding Tatham's game ID.

SOLUTION is the output of `pzc search` (a file, or `-` for stdin): the number of moves on
the first line, the moves on the second, `jump(rRcC,D)` with D one of R, D, L, U (right,
down, left, up); lines after those two (`--stats`) are ignored. Every jump is replayed:
the square must hold a peg, the next square in the direction a peg, the one beyond it an
empty hole; at the end exactly one peg must be left, and the count must match.

--solve decides by its own depth-first search, with a memo of the positions proved dead,
whether one peg can be left, and prints a solution in pzc's notation. --limit N stops it
after N positions (default 2,000,000) and says so (exit 3).

Exit codes: 0 ok (solution valid / board solvable), 1 invalid solution or unsolvable
board, 2 bad input, 3 the limit was reached.
"""
import re
import sys

DIRS = {"R": (0, 1), "D": (1, 0), "L": (0, -1), "U": (-1, 0)}
CODE = {"P": 1, "H": 0, "O": 2}


def read_instance(path):
    text = open(path).read()
    m = re.search(r"^\s*(\d+)x(\d+):([PHO]+)\s*$", text, re.M)
    if path.endswith(".pegs") and m:
        w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
        if len(desc) != w * h:
            raise ValueError(f"game ID has {len(desc)} squares, not {w * h}")
        return [[CODE[ch] for ch in desc[r * w:(r + 1) * w]] for r in range(h)]
    m = re.search(r"start\s*=\s*grid\s*\{[^\n]*\n(.*?)\n\s*\}", text, re.S)
    if not m:
        raise ValueError("no 'start = grid { ... }' in the instance")
    rows = [line.strip() for line in m.group(1).splitlines() if line.strip()]
    grid = [[int(ch) for ch in (row.split() if " " in row else row)] for row in rows]
    if any(len(row) != len(grid[0]) for row in grid):
        raise ValueError("the rows of the grid have different lengths")
    if any(v not in (0, 1, 2) for row in grid for v in row):
        raise ValueError("a square is not 0, 1 or 2")
    return grid


def jumps(grid):
    """Every jump of the board as (name, from, over, to), square indexes row-major, in
    pzc's order (squares row by row, then R, D, L, U)."""
    h, w = len(grid), len(grid[0])
    out = []
    for r in range(h):
        for c in range(w):
            for d, (dr, dc) in DIRS.items():
                r2, c2 = r + 2 * dr, c + 2 * dc
                if not (0 <= r2 < h and 0 <= c2 < w):
                    continue
                if 2 in (grid[r][c], grid[r + dr][c + dc], grid[r2][c2]):
                    continue
                out.append((f"jump(r{r + 1}c{c + 1},{d})", r * w + c, (r + dr) * w + c + dc, r2 * w + c2))
    return out


def pegs_of(grid):
    """The position as a bitmask: bit i set when square i (row-major) holds a peg."""
    w = len(grid[0])
    return sum(1 << (r * w + c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == 1)


def check(grid, text):
    lines = text.splitlines()
    if not lines or not lines[0].strip().isdigit():
        return "the solution does not start with the number of moves"
    count = int(lines[0])
    moves = lines[1].split() if len(lines) > 1 else []
    if len(moves) != count:
        return f"the first line says {count} moves, the second has {len(moves)}"
    table = {name: (a, b, c) for name, a, b, c in jumps(grid)}
    pos = pegs_of(grid)
    for k, name in enumerate(moves, 1):
        if name not in table:
            return f"move {k} '{name}' is not a jump of this board"
        a, b, c = table[name]
        if not (pos >> a & 1 and pos >> b & 1 and not pos >> c & 1):
            return f"move {k} '{name}' is not legal here (needs a peg, a peg and an empty hole)"
        pos &= ~(1 << a | 1 << b)
        pos |= 1 << c
    left = bin(pos).count("1")
    if left != 1:
        return f"{left} pegs are left after {count} moves, not one"
    return None


def solve(grid, limit):
    """(moves or None, positions visited); raises TimeoutError past the limit."""
    table = jumps(grid)
    dead = set()
    path = []
    visited = 0

    def dfs(pos):
        nonlocal visited
        if pos & (pos - 1) == 0:          # one peg left
            return True
        if pos in dead:
            return False
        visited += 1
        if visited > limit:
            raise TimeoutError
        for name, a, b, c in table:
            if pos >> a & 1 and pos >> b & 1 and not pos >> c & 1:
                path.append(name)
                if dfs(pos & ~(1 << a | 1 << b) | 1 << c):
                    return True
                path.pop()
        dead.add(pos)
        return False

    start = pegs_of(grid)
    if start == 0:
        return None, 0
    return (path if dfs(start) else None), visited


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    limit = 2000000
    if "--limit" in argv:
        limit = int(argv[argv.index("--limit") + 1])
        args.remove(str(limit))
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        grid = read_instance(args[0])
    except (OSError, ValueError) as e:
        print(f"check_pegs.py: {args[0]}: {e}", file=sys.stderr)
        return 2
    pegs = bin(pegs_of(grid)).count("1")
    status = 0
    if len(args) > 1:
        text = sys.stdin.read() if args[1] == "-" else open(args[1]).read()
        err = check(grid, text)
        print(f"solution: {'INVALID: ' + err if err else 'valid, one peg left'}")
        status = 1 if err else 0
    if "--solve" in argv:
        sys.setrecursionlimit(10000)
        try:
            moves, visited = solve(grid, limit)
        except TimeoutError:
            print(f"solve: stopped after {limit} positions ({pegs} pegs)")
            return 3
        if moves is None:
            print(f"solve: unsolvable ({pegs} pegs, {visited} positions searched)")
            return 1
        print(f"solve: solvable ({pegs} pegs, {visited} positions searched)")
        print(len(moves))
        print(" ".join(moves))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
