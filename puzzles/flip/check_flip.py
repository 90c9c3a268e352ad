#!/usr/bin/env python3
"""Independent checker for Flip instances (puzzles/flip/flip.pz), without pzc: reads the
`lit = grid { ... }` block of an instance file and solves the presses as a linear system
over GF(2) (one equation per square: its own press and its neighbours' add up to its
starting state), by Gaussian elimination. Prints the number of answers (0, or 2 to the
number of free presses) and one answer drawn as `pzc solve` draws it ('*' pressed).

    check_flip.py INSTANCE.pz                 # count the answers, draw one
    check_flip.py INSTANCE.pz --check ANSWER  # check pzc's drawing (a file, or - for stdin)
"""
import sys


def read_grid(path):
    rows, inside = [], False
    for line in open(path):
        text = line.strip()
        if not inside:
            if text.startswith("lit") and text.endswith("{"):
                inside = True
            continue
        if text == "}":
            break
        if text:
            rows.append([ch in "#1" for ch in text])
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        sys.exit(f"{path}: no rectangular `lit = grid {{ ... }}` block")
    return rows


def neighbours(r, c, h, w):
    for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield (r + dr) * w + (c + dc)


def solve(lit):
    h, w = len(lit), len(lit[0])
    n = h * w
    # Each equation as an int bitmask over the n presses, the right-hand side as bit n.
    eqs = []
    for r in range(h):
        for c in range(w):
            m = 0
            for j in neighbours(r, c, h, w):
                m |= 1 << j
            eqs.append(m | (int(lit[r][c]) << n))
    pivots, row = [], 0
    for col in range(n):
        at = next((i for i in range(row, n) if eqs[i] >> col & 1), None)
        if at is None:
            continue
        eqs[row], eqs[at] = eqs[at], eqs[row]
        for i in range(n):
            if i != row and eqs[i] >> col & 1:
                eqs[i] ^= eqs[row]
        pivots.append(col)
        row += 1
    if any(e == 1 << n for e in eqs[row:]):
        return 0, None
    press = [0] * n  # free presses at 0
    for i, col in enumerate(pivots):
        press[col] = eqs[i] >> n & 1
    return 2 ** (n - len(pivots)), press


def check(lit, drawing):
    h, w = len(lit), len(lit[0])
    rows = [line.strip() for line in drawing.splitlines() if line.strip()]
    if len(rows) != h or any(len(r) != w or set(r) - set("*.") for r in rows):
        return f"the answer is not a {h} x {w} drawing of '*' and '.'"
    for r in range(h):
        for c in range(w):
            turns = sum(rows[j // w][j % w] == "*" for j in neighbours(r, c, h, w))
            if (turns + lit[r][c]) % 2:
                return f"r{r + 1}c{c + 1} ends face up"
    return None


def main():
    args = sys.argv[1:]
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--check"):
        sys.exit(__doc__)
    lit = read_grid(args[0])
    if len(args) == 3:
        text = sys.stdin.read() if args[2] == "-" else open(args[2]).read()
        why = check(lit, text)
        print("ok" if why is None else f"wrong: {why}")
        sys.exit(0 if why is None else 1)
    count, press = solve(lit)
    print(f"{count} answer(s)")
    if press:
        w = len(lit[0])
        for r in range(len(lit)):
            print("".join("*" if press[r * w + c] else "." for c in range(w)))


if __name__ == "__main__":
    main()
