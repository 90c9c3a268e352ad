#!/usr/bin/env python3
# Writes MiniZinc data (.dzn) for lightup.mzn / abc.mzn from a pzc instance (.pz, or .lightup game ID).
"""Usage: to_dzn.py INSTANCE [OUT.dzn]   (stdout when OUT is omitted)"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzinst  # noqa: E402


def arr(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def arr2(rows):
    return "[|" + "|".join(", ".join(str(x) for x in r) for r in rows) + "|]"


def lightup_dzn(board):
    h, w = len(board), len(board[0])
    code = {".": -1, "#": 5}
    b = [[code[ch] if ch in code else int(ch) for ch in row] for row in board]
    hsegs, vsegs, hseg_of, vseg_of = pzinst.lightup_segments(board)
    hs = [[hseg_of.get((r, c), -1) + 1 for c in range(w)] for r in range(h)]
    vs = [[vseg_of.get((r, c), -1) + 1 for c in range(w)] for r in range(h)]
    return "\n".join([
        f"h = {h};", f"w = {w};", f"board = {arr2(b)};",
        f"nh = {len(hsegs)};", f"hrow = {arr([s[0][0] + 1 for s in hsegs])};",
        f"hc1 = {arr([s[0][1] + 1 for s in hsegs])};", f"hc2 = {arr([s[-1][1] + 1 for s in hsegs])};",
        f"nv = {len(vsegs)};", f"vcol = {arr([s[0][1] + 1 for s in vsegs])};",
        f"vr1 = {arr([s[0][0] + 1 for s in vsegs])};", f"vr2 = {arr([s[-1][0] + 1 for s in vsegs])};",
        f"hseg = {arr2(hs)};", f"vseg = {arr2(vs)};",
    ]) + "\n"


def abc_dzn(f):
    n, letters = f["n"], list(f["letters"])
    def code(s):
        s = s if s else "." * n
        return arr([0 if ch == "." else letters.index(ch) + 1 for ch in s])
    return "\n".join([
        f"% letters: {', '.join(f'{i + 1}={l}' for i, l in enumerate(letters))}",
        f"n = {n};", f"m = {len(letters)};",
        f"top = {code(f.get('top'))};", f"bottom = {code(f.get('bottom'))};",
        f"left = {code(f.get('left'))};", f"right = {code(f.get('right'))};",
    ]) + "\n"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    _, puzzle, f = pzinst.load(argv[1])
    if puzzle == "LightUp":
        text = lightup_dzn(f["board"])
    elif puzzle == "EasyAsABC":
        text = abc_dzn(f)
    else:
        raise SystemExit(f"to_dzn.py: no MiniZinc model for puzzle {puzzle}")
    if len(argv) > 2:
        with open(argv[2], "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
