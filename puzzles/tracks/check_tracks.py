#!/usr/bin/env python3
"""Independent Tracks checker (no pzc): reads an instance block (pieces grid, cols, rows,
entry, exit), counts the tracks by depth-first search over simple paths from the entrance
(up to --limit), and checks a picture (pzc solve's output: - | L J 7 F .) if given.
Usage: check_tracks.py INSTANCE.pz [SOLUTION.txt] [--limit N]"""
import re
import sys

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPD = {"N": "S", "S": "N", "E": "W", "W": "E"}
PIECE = {"-": {"E", "W"}, "|": {"N", "S"}, "L": {"N", "E"}, "J": {"N", "W"}, "7": {"W", "S"}, "F": {"E", "S"}}


def read(path):
    t = open(path).read()
    g = re.search(r"pieces\s*=\s*grid\s*\{[^\n]*\n(.*?)\n\s*\}", t, re.S).group(1)
    pieces = [l.strip() for l in g.split("\n") if l.strip()]
    def seq(name):
        v = re.search(name + r"\s*=\s*\[([^\]]*)\]", t).group(1)
        return [None if x.strip() == "null" else int(x) for x in v.split(",")]
    cols, rows = seq(r"\bcols"), seq(r"\brows")
    entry = int(re.search(r"\bentry\s*=\s*(\d+)", t).group(1))
    exit_ = int(re.search(r"\bexit\s*=\s*(\d+)", t).group(1))
    return pieces, cols, rows, entry, exit_


def check_links(pieces, cols, rows, entry, exit_, links):
    """links: dict (r, c) -> set of directions (0-based cells)."""
    h, w = len(pieces), len(pieces[0])
    for (r, c), s in links.items():
        if len(s) != 2:
            return f"r{r+1}c{c+1} has {len(s)} links"
        for d in s:
            dr, dc = DIRS[d]
            rr, cc = r + dr, c + dc
            if 0 <= rr < h and 0 <= cc < w:
                if OPPD[d] not in links.get((rr, cc), set()):
                    return f"link r{r+1}c{c+1} {d} not matched"
            elif not ((d == "W" and c == 0 and r == entry - 1) or (d == "S" and r == h - 1 and c == exit_ - 1)):
                return f"r{r+1}c{c+1} leaves the grid by {d}"
    if "W" not in links.get((entry - 1, 0), set()) or "S" not in links.get((h - 1, exit_ - 1), set()):
        return "entrance or exit unused"
    # one path: walk from the entrance
    seen, cur, came = set(), (entry - 1, 0), "W"
    while True:
        seen.add(cur)
        out = [d for d in links[cur] if d != came]
        if len(out) != 1:
            return "bad walk"
        d = out[0]
        if cur == (h - 1, exit_ - 1) and d == "S":
            break
        dr, dc = DIRS[d]
        cur, came = (cur[0] + dr, cur[1] + dc), OPPD[d]
        if cur in seen:
            return "loop"
    if seen != set(links):
        return "squares with track off the path (a loop)"
    for c in range(w):
        n = sum(1 for r in range(h) if (r, c) in links)
        if cols[c] is not None and n != cols[c]:
            return f"column {c+1} has {n}, not {cols[c]}"
    for r in range(h):
        n = sum(1 for c in range(w) if (r, c) in links)
        if rows[r] is not None and n != rows[r]:
            return f"row {r+1} has {n}, not {rows[r]}"
    for r in range(h):
        for c in range(w):
            ch = pieces[r][c]
            if ch != "." and links.get((r, c)) != PIECE[ch]:
                return f"piece at r{r+1}c{c+1} not matched"
    return None


def solve(pieces, cols, rows, entry, exit_, limit):
    h, w = len(pieces), len(pieces[0])
    colcnt, rowcnt = [0] * w, [0] * h
    cap = lambda a, i: a[i] if a[i] is not None else 10 ** 9
    given = {(r, c) for r in range(h) for c in range(w) if pieces[r][c] != "."}
    path, links, sols = [], {}, []

    def ok_to_enter(r, c):
        return colcnt[c] < cap(cols, c) and rowcnt[r] < cap(rows, r)

    def rec(cur, came):
        if len(sols) >= limit:
            return
        r, c = cur
        for d in "NESW":
            if d == came:
                continue
            s = {came, d}
            if cur in given and s != PIECE[pieces[r][c]]:
                continue
            if cur == (h - 1, exit_ - 1) and d == "S":
                links[cur] = s
                if check_links(pieces, cols, rows, entry, exit_, links) is None:
                    sols.append(dict(links))
                del links[cur]
                continue
            dr, dc = DIRS[d]
            nr, nc = r + dr, c + dc
            if not (0 <= nr < h and 0 <= nc < w) or (nr, nc) in links or (nr, nc) == cur:
                continue
            if not ok_to_enter(nr, nc):
                continue
            links[cur] = s
            colcnt[nc] += 1; rowcnt[nr] += 1
            rec((nr, nc), OPPD[d])
            colcnt[nc] -= 1; rowcnt[nr] -= 1
            del links[cur]

    start = (entry - 1, 0)
    if ok_to_enter(*start):
        colcnt[0] += 1; rowcnt[entry - 1] += 1
        rec(start, "W")
    return sols


def picture(h, w, links):
    inv = {frozenset(v): k for k, v in PIECE.items()}
    return ["".join(inv[frozenset(links[(r, c)])] if (r, c) in links else "." for c in range(w)) for r in range(h)]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    limit = 10
    if "--limit" in sys.argv:
        limit = int(sys.argv[sys.argv.index("--limit") + 1]); args.remove(str(limit))
    pieces, cols, rows, entry, exit_ = read(args[0])
    h, w = len(pieces), len(pieces[0])
    if len(args) > 1:
        lines = [l.strip() for l in open(args[1]) if re.fullmatch(r"[-|LJ7F.]+", l.strip() or "x")][-h:]
        links = {}
        for r in range(h):
            for c in range(w):
                if lines[r][c] != ".":
                    links[(r, c)] = set(PIECE[lines[r][c]])
        err = check_links(pieces, cols, rows, entry, exit_, links)
        print("solution check:", "OK" if err is None else "WRONG: " + err)
    sols = solve(pieces, cols, rows, entry, exit_, limit)
    print(f"{w}x{h}: {len(sols)} solution(s){' (limit reached)' if len(sols) >= limit else ''}")
    for s in sols[:2]:
        print("\n".join(picture(h, w, s))); print()


if __name__ == "__main__":
    main()
