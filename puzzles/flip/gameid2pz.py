#!/usr/bin/env python3
"""Converts a Tatham Flip game ID (`sgt-flip --generate 1 6x6c`) to a pzc instance of
puzzles/flip/flip.pz.

Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

The ID is WxH:MATRIX,GRID. Both parts are bitmaps, one bit a square row by row, four bits
to a hex digit, the first the digit's highest bit: GRID is the starting grid (1 = face
up), MATRIX has one row of W*H bits per square, the squares that pressing it turns.
flip.pz states the crosses pattern (a square and its orthogonal neighbours), so a matrix
of any other pattern is refused. The ID is not repeated in the instance (the matrix of a
20x20 board is 40,000 digits): make_instances.sh keeps it in NAME.flip."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402


def bits_of(hex_text, n):
    bits = []
    for ch in hex_text:
        v = int(ch, 16)
        bits.extend((v >> (3 - j)) & 1 for j in range(4))
    if len(bits) < n:
        raise ValueError(f"a bitmap of {len(bits)} bits where {n} are needed")
    return bits[:n]


def to_pz(name, gameid, source=None):
    m = match_gameid(gameid, r"(\d+)x(\d+):([0-9a-fA-F]+),([0-9a-fA-F]+)", "a Flip")
    w, h, matrix_hex, grid_hex = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    n = w * h
    matrix = bits_of(matrix_hex, n * n)
    for i in range(n):
        r, c = divmod(i, w)
        cross = {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        for j in range(n):
            if matrix[i * n + j] != (divmod(j, w) in cross):
                raise ValueError(f"pressing r{r + 1}c{c + 1} does not turn a cross: not the crosses pattern")
    bits = bits_of(grid_hex, n)
    rows = ["".join("#" if bits[r * w + c] else "0" for c in range(w)) for r in range(h)]
    return instance_text(name, "Flip", gameid, source, grid_lines("lit", rows), show_id=False)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
