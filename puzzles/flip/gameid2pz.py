#!/usr/bin/env python3
"""Converts a Tatham Flip game ID (`sgt-flip --generate 1 6x6c`) to a pzc instance of
puzzles/flip/flip.pz. The ID is WxH:MATRIX,GRID. Both parts are bitmaps, one bit a
square row by row, four bits to a hex digit, the first the digit's highest bit: GRID is
the starting grid (1 = face up), MATRIX has one row of W*H bits per square, the squares
that pressing it turns. flip.pz states the crosses pattern (a square and its orthogonal
neighbours), so a matrix of any other pattern is refused."""
import sys


def bits_of(hex_text, n):
    bits = []
    for ch in hex_text:
        v = int(ch, 16)
        bits.extend((v >> (3 - j)) & 1 for j in range(4))
    if len(bits) < n:
        sys.exit(f"a bitmap of {len(bits)} bits where {n} are needed")
    return bits[:n]


def convert(game_id, name, comment):
    params, desc = game_id.split(":", 1)
    w, h = (int(x) for x in params.split("x"))
    matrix_hex, grid_hex = desc.split(",")
    n = w * h
    matrix = bits_of(matrix_hex, n * n)
    for i in range(n):
        r, c = divmod(i, w)
        cross = {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        for j in range(n):
            if matrix[i * n + j] != (divmod(j, w) in cross):
                sys.exit(f"{name}: pressing r{r + 1}c{c + 1} does not turn a cross: not the crosses pattern")
    bits = bits_of(grid_hex, n)
    rows = ["".join("#" if bits[r * w + c] else "0" for c in range(w)) for r in range(h)]
    out = [f"-- {comment}", f"instance {name} of Flip", "  lit = grid {"]
    out += ["    " + row for row in rows]
    out += ["  }", "end"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: gameid2pz.py GAME_ID NAME COMMENT")
    sys.stdout.write(convert(sys.argv[1], sys.argv[2], sys.argv[3]))
