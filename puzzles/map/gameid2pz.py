#!/usr/bin/env python3
# Converts a Simon Tatham Map game ID ("WxHnN[dD]:edges,clues") into a pzc `instance ... of Map` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT] [--solution]

Game-ID description format (map.c, new_game_desc / parse_edge_list / new_game):
  WxHnN        width, height, number of regions (a 'dX' difficulty may follow; ignored)
  edges        the w*(h-1) horizontal edges (below each square, row by row) then the
               (w-1)*h vertical edges (right of each square, column by column), as runs:
               a letter 'a'..'y' is a run of 1..25 edges, after which the state toggles
               (non-border <-> border); 'z' is a run of 25 without a toggle. The first
               run counts one notional non-border before the first edge.
  ','          then the clues: region k (numbered by first square, row by row) is '0'..'3'
               its colour, or a letter 'a'..'z' skipping 1..26 regions without a colour.
--solution prints the region grid and the regions instead (for checkers).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import match_gameid, regions, run  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)(?:x(\d+))?(?:n(\d+))?(?:d[a-z])?:([a-z]*),([a-z0-3]*)", "a Map")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    n = int(m.group(3)) if m.group(3) else w * h // 8
    edges, clues = m.group(4), m.group(5)
    joined = []
    total = w * (h - 1) + (w - 1) * h
    pos, state = -1, False
    for ch in edges:
        k = 25 if ch == "z" else ord(ch) - ord("a") + 1
        for _ in range(k):
            if pos < 0:
                pos += 1
                continue
            if pos >= total:
                raise ValueError("too much data in the edge list")
            if pos < w * (h - 1):
                y, x, dx, dy = pos // w, pos % w, 0, 1
            else:
                x, y, dx, dy = (pos - w * (h - 1)) // h, (pos - w * (h - 1)) % h, 1, 0
            if not state:
                joined.append((y * w + x, (y + dy) * w + x + dx))
            pos += 1
        if ch != "z":
            state = not state
    if pos != total:
        raise ValueError(f"the edge list covers {pos} edges, not {total}")
    region, roots = regions(w * h, joined)
    if len(roots) != n:
        raise ValueError(f"the edge list defines {len(roots)} regions, not {n}")
    colours = []
    for ch in clues:
        if ch.isdigit():
            colours.append(int(ch))
        else:
            colours.extend([None] * (ord(ch) - ord("a") + 1))
    if len(colours) != n:
        raise ValueError(f"the clue list covers {len(colours)} regions, not {n}")
    return w, h, n, [region[r * w:(r + 1) * w] for r in range(h)], colours


def to_pz(name, gameid, source=None):
    w, h, n, rows, colours = parse_gameid(gameid)
    width = len(str(n - 1))
    out = [f"-- {source}"] if source else []
    out.append(f"-- game ID: {gameid.strip()}")
    out.append(f"instance {name} of Map")
    out.append("  region = grid {")
    out.extend("    " + " ".join(str(v).rjust(width) for v in row) for row in rows)
    out.append("  }")
    out.append("  given_colour = [" + ", ".join("null" if c is None else str(c) for c in colours) + "]")
    out.append("end")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
