#!/usr/bin/env python3
# Converts a Simon Tatham Palisade game ID ("WxHnK:clues") into a pzc `instance ... of Palisade` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (palisade.c, new_game_desc/validate_desc/new_game):
  WxHnK:        the grid's width and height and the size K of every region ("N" alone is
                N x N with regions of N; "WxH" has regions of W)
  clues         row-major: '0'..'4' a square's number of borders, 'a'..'z' a run of 1..26
                squares without a number (a longer run is written as several letters);
                the squares after the last number are left out
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gameid_cli import grid_lines, instance_text, match_gameid, number_rows, run, run_length_rows  # noqa: E402


def parse_gameid(gameid):
    m = match_gameid(gameid, r"(\d+)(?:x(\d+))?(?:n(\d+))?:([a-z0-4]*)", "a Palisade")
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    k = int(m.group(3)) if m.group(3) else w
    if k < 1 or (w * h) % k:
        raise ValueError(f"the region size {k} does not divide the {w * h} squares")
    desc = m.group(4)
    # new_game_desc writes a run of empty squares only before a number, so the squares
    # after the last number are left out; fill them in
    covered = sum(ord(ch) - ord("a") + 1 if ch.isalpha() else 1 for ch in desc)
    if covered > w * h:
        raise ValueError(f"the description covers {covered} squares, not {w * h}")
    desc += "z" * ((w * h - covered) // 26) + ("" if (w * h - covered) % 26 == 0 else chr(ord("a") - 1 + (w * h - covered) % 26))
    return w, h, k, run_length_rows(w, h, desc, "[0-4]")


def to_pz(name, gameid, source=None):
    w, h, k, rows = parse_gameid(gameid)
    body = [f"  k = {k}"] + grid_lines("clues", number_rows(rows))
    return instance_text(name, "Palisade", gameid, source, body)


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, to_pz))
