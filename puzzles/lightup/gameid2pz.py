#!/usr/bin/env python3
# Converts a Simon Tatham Light Up game ID ("WxH:desc") into a pzc `instance ... of LightUp` block.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Game-ID description format (lightup.c, new_game_desc/validate_desc), read row-major:
  'a'..'z'  a run of 1..26 empty squares
  'B'       a black square without a number
  '0'..'4'  a black square with that number
Numbered walls are single characters, so no separator is needed between them.
"""
import re
import sys


def parse_gameid(gameid):
    """Returns (width, height, rows) with rows as strings over '.', '#', '0'-'4'."""
    gameid = gameid.strip()
    m = re.fullmatch(r"(\d+)x(\d+)[^:]*:(.*)", gameid)
    if not m:
        raise ValueError(f"not a Light Up game ID: {gameid!r}")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    cells = []
    for ch in desc:
        if "a" <= ch <= "z":
            cells.extend("." * (ord(ch) - ord("a") + 1))
        elif ch == "B":
            cells.append("#")
        elif "0" <= ch <= "4":
            cells.append(ch)
        else:
            raise ValueError(f"unexpected character {ch!r} in game description")
    if len(cells) != w * h:
        raise ValueError(f"description has {len(cells)} squares, expected {w}x{h}={w * h}")
    rows = ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]
    return w, h, rows


def to_gameid(rows):
    """Inverse of parse_gameid (used to check the round trip)."""
    out, run = [], 0
    def flush():
        nonlocal run
        while run > 0:
            k = min(run, 26)
            out.append(chr(ord("a") + k - 1))
            run -= k
    for ch in "".join(rows):
        if ch == ".":
            run += 1
            continue
        flush()
        out.append("B" if ch == "#" else ch)
    flush()
    return f"{len(rows[0])}x{len(rows)}:" + "".join(out)


def instance_block(name, rows, source):
    lines = [f"-- {source}"] if source else []
    lines.append(f"instance {name} of LightUp")
    lines.append("  board = grid {")
    lines.extend(f"    {r}" for r in rows)
    lines.append("  }")
    lines.append("end")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    name, gid = argv[1], argv[2]
    if gid.startswith("@"):
        with open(gid[1:]) as f:
            gid = f.read().strip()
    source = f"Tatham game ID {gid}"
    if "--source" in argv:
        source = argv[argv.index("--source") + 1]
    _, _, rows = parse_gameid(gid)
    # The params part of an ID may carry more than WxH; the description part must round-trip.
    assert to_gameid(rows).split(":", 1)[1] == gid.split(":", 1)[1], "round trip failed"
    sys.stdout.write(instance_block(name, rows, source))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
