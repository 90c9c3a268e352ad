#!/usr/bin/env python3
# Converts a Simon Tatham Undead game ID ("WxH[dD]:G,V,Z,grid,clues...") into a pzc `instance ... of Undead` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (undead.c, new_game_desc / new_game / validate_desc):
  WxH          width and height (a 'dX' difficulty may follow; ignored)
  G,V,Z,       the numbers of ghosts, vampires and zombies
  grid         row by row: 'L' a '\\' mirror, 'R' a '/' mirror, 'G' 'V' 'Z' a monster given
               from the start, 'a'..'z' a run of 1..26 empty squares
  ,N,N,...     2*(W+H) numbers clockwise from the top-left corner: above the columns left
               to right, right of the rows top to bottom, below the columns right to left,
               left of the rows bottom to top
The mirrors are written to `board` ('.' elsewhere), the given monsters to `monsters`, a
grid of the same size ('.' where none is given), so that `pzc generate`'s drawn layout
holds only mirrors.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import match_gameid, run  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)(?:x(\d+))?(?:d[a-z])?:(\d+),(\d+),(\d+),([a-zLRGVZ]*)((?:,\d+)*)", "an Undead")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    totals = [int(m.group(i)) for i in (3, 4, 5)]
    cells = []
    for ch in m.group(6):
        if ch == "L":
            cells.append("\\")
        elif ch == "R":
            cells.append("/")
        elif ch in "GVZ":
            cells.append(ch)
        else:
            cells.extend("." * (ord(ch) - ord("a") + 1))
    if len(cells) != w * h:
        raise ValueError(f"the grid covers {len(cells)} squares, not {w * h}")
    if sum(c not in "\\/" for c in cells) != sum(totals):
        raise ValueError("the monster totals do not match the squares without mirrors")
    nums = [int(x) for x in m.group(7).split(",")[1:]]
    if len(nums) != 2 * (w + h):
        raise ValueError(f"{len(nums)} edge numbers, not {2 * (w + h)}")
    top = nums[:w]
    right = nums[w:w + h]
    bottom = nums[w + h:2 * w + h][::-1]
    left = nums[2 * w + h:][::-1]
    # the mirrors go to `board`, the given monsters to a grid of their own, `monsters`
    board = ["".join(ch if ch in "\\/" else "." for ch in cells[r * w:(r + 1) * w]) for r in range(h)]
    monsters = ["".join(ch if ch in "GVZ" else "." for ch in cells[r * w:(r + 1) * w]) for r in range(h)]
    return board, monsters, top, right, bottom, left, totals


def to_pz(name, gameid, source=None):
    board, monsters, top, right, bottom, left, totals = parse_gameid(gameid)
    lst = lambda xs: "[" + ", ".join(map(str, xs)) + "]"
    out = [f"-- {source}"] if source else []
    out.append(f"-- game ID: {gameid.strip()}")
    out.append(f"instance {name} of Undead")
    out.append("  board = grid {")
    out.extend("    " + r for r in board)
    out.append("  }")
    out.append("  monsters = grid {")
    out.extend("    " + r for r in monsters)
    out.append("  }")
    out += [f"  top = {lst(top)}", f"  right = {lst(right)}", f"  bottom = {lst(bottom)}",
            f"  left = {lst(left)}", f"  totals = {lst(totals)}", "end"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
