#!/usr/bin/env python3
# Converts a Simon Tatham Signpost game ID ("WxH:cells") into a pzc `instance ... of Signpost` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (signpost.c, new_game_desc/parse_desc):
  WxH:        the grid's width and height
  CELLS       row-major, one per square: an optional number (the square's given number)
              then a letter 'a'..'h', the square's arrow: N, NE, E, SE, S, SW, W, NW
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run  # noqa: E402


def to_pz(name, gameid, source=None):
    m = match_gameid(gameid, r"(\d+)x(\d+):((?:\d*[a-h])+)", "a Signpost")
    w, h = int(m.group(1)), int(m.group(2))
    cells = re.findall(r"(\d*)([a-h])", m.group(3))
    if len(cells) != w * h:
        raise ValueError(f"the description has {len(cells)} squares, not {w * h}")
    numbers = [int(k) if k else None for k, _ in cells]
    for k in numbers:
        if k is not None and not 1 <= k <= w * h:
            raise ValueError(f"the number {k} is not between 1 and {w * h}")
    arrows = [a for _, a in cells]
    body = grid_lines("arrows", ["".join(arrows[r * w:(r + 1) * w]) for r in range(h)])
    body += grid_lines("numbers", number_rows([numbers[r * w:(r + 1) * w] for r in range(h)]))
    return instance_text(name, "Signpost", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
