#!/usr/bin/env python3
# Converts a Simon Tatham Solo game ID ("RxC:desc", e.g. 3x3:... for 9x9) or an 81-char digit string into a pzc Sudoku instance.
"""Usage: gameid2pz.py NAME (GAMEID | @FILE) [--source TEXT]

Solo description format (solo.c, encode_grid): row-major; 'a'..'z' is a run of 1..26 empty
cells; a clue is written in decimal; '_' separates two clues that would otherwise run together.
Only plain square-box sudoku is accepted (RxC with R == C, no jigsaw/killer/X suffixes in the
description). A plain string of 81 digits/'.'/'0' (0 or . = empty) is accepted too.
"""
import re
import sys


def parse_gameid(gid):
    """Returns (box, rows) with rows as lists of ints, 0 = empty."""
    gid = gid.strip()
    if re.fullmatch(r"[0-9.]{81}", gid):
        cells = [0 if ch == "." else int(ch) for ch in gid]
        return 3, [cells[r * 9:(r + 1) * 9] for r in range(9)]
    m = re.fullmatch(r"(\d+)x(\d+)[^:]*:([a-z0-9_]+)", gid)
    if not m:
        raise ValueError(f"not a plain Solo game ID: {gid!r}")
    bw, bh, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    if bw != bh:
        raise ValueError("only square boxes (RxR) are supported")
    n = bw * bh
    cells = []
    for tok in re.findall(r"[a-z]|\d+|_", desc):
        if tok == "_":
            continue
        if tok.isdigit():
            v = int(tok)
            if not 1 <= v <= n:
                raise ValueError(f"clue {v} out of range 1..{n}")
            cells.append(v)
        else:
            cells.extend([0] * (ord(tok) - ord("a") + 1))
    if len(cells) != n * n:
        raise ValueError(f"description has {len(cells)} cells, expected {n * n}")
    return bw, [cells[r * n:(r + 1) * n] for r in range(n)]


def instance_block(name, box, rows, source):
    n = box * box
    out = [f"-- {source}"] if source else []
    out += [f"instance {name} of Sudoku", f"  box = {box}", "  clues = grid {"]
    for row in rows:
        if n <= 9:
            out.append("    " + "".join(str(v) if v else "." for v in row))
        else:
            out.append("    " + " ".join(f"{v if v else '.':>2}" for v in row))
    out += ["  }", "end"]
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    name, gid = argv[1], argv[2]
    if gid.startswith("@"):
        with open(gid[1:]) as f:
            gid = f.read().strip()
    source = argv[argv.index("--source") + 1] if "--source" in argv else f"Tatham game ID {gid}"
    box, rows = parse_gameid(gid)
    sys.stdout.write(instance_block(name, box, rows, source))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
