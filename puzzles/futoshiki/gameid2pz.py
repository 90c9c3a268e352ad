#!/usr/bin/env python3
# Converts a Simon Tatham Unequal (Futoshiki) game ID ("N:desc") into a pzc `instance ... of Futoshiki` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (unequal.c, new_game/validate_desc): N*N comma-separated
squares, row-major; each is a number (0 for none) followed by flags: U, R, D or L when
the square is larger than its neighbour above, right, below or left. Only the
greater-than mode is read (an 'a' in the parameters, the adjacent mode, is refused).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, run  # noqa: E402

MOVES = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def parse_gameid(gameid):
    gameid = gameid.strip()
    m = match_gameid(gameid, r"(\d+)([^:]*):([0-9URDL,]*)", "an Unequal")
    n, params, desc = int(m.group(1)), m.group(2), m.group(3)
    if "a" in params:
        raise ValueError("the adjacent mode of Unequal is not Futoshiki")
    squares = [s for s in desc.split(",") if s]
    if len(squares) != n * n:
        raise ValueError(f"the description has {len(squares)} squares, not {n * n}")
    digits = [["."] * n for _ in range(n)]
    across = [["."] * n for _ in range(n)]
    down = [["."] * n for _ in range(n)]
    for i, s in enumerate(squares):
        r, c = divmod(i, n)
        sm = re.fullmatch(r"(\d+)([URDL]*)", s)
        if not sm:
            raise ValueError(f"square {i + 1}: {s!r} is not a number and flags")
        if int(sm.group(1)) > n:
            raise ValueError(f"square {i + 1}: {sm.group(1)} is larger than {n}")
        if int(sm.group(1)):
            digits[r][c] = sm.group(1)
        for f in sm.group(2):
            dr, dc = MOVES[f]
            rr, cc = r + dr, c + dc
            if not (0 <= rr < n and 0 <= cc < n):
                raise ValueError(f"square {i + 1}: the sign {f} points out of the grid")
            # The sign lives on the upper / left square of the pair.
            if f == "R": across[r][c] = ">"
            elif f == "L": across[r][cc] = "<"
            elif f == "D": down[r][c] = "v"
            else: down[rr][c] = "^"
    return n, digits, across, down


def to_pz(name, gameid, source=None):
    n, digits, across, down = parse_gameid(gameid)
    body = []
    for label, g in (("digits", digits), ("across", across), ("down", down)):
        body += grid_lines(label, [" ".join(row) for row in g])
    return instance_text(name, "Futoshiki", gameid, source, body)

if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
