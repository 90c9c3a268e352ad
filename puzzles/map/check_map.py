#!/usr/bin/env python3
"""Independent Map checker (no pzc): reads an instance .pz written by gameid2pz.py,
counts the 4-colourings that agree with the given colours (backtracking, largest-degree
first, up to --limit), and checks a solution given as JSON (pzc solve --json) or Tatham's
aux string (S;c:r;...).
Usage: check_map.py INSTANCE.pz [--solution FILE.json] [--aux FILE.aux] [--limit N]"""
import json
import re
import sys


def load(path):
    text = open(path).read()
    m = re.search(r"region = grid \{\n(.*?)\n\s*\}", text, re.S)
    if m:
        grid = [list(map(int, line.split())) for line in m.group(1).splitlines() if line.strip()]
    else:
        s = re.search(r'region = "(.*?)"', text).group(1)
        grid = [list(map(int, row.split())) for row in s.split("/")]
    cl = re.search(r"given_colour = \[(.*?)\]", text).group(1)
    colours = [None if t.strip() == "null" else int(t) for t in cl.split(",")]
    return grid, colours


def adjacency(grid, n):
    adj = [set() for _ in range(n)]
    h, w = len(grid), len(grid[0])
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < h and cc < w and grid[r][c] != grid[rr][cc]:
                    adj[grid[r][c]].add(grid[rr][cc])
                    adj[grid[rr][cc]].add(grid[r][c])
    return adj


def count(adj, colours, limit):
    n = len(colours)
    col = list(colours)
    order = sorted(range(n), key=lambda k: -len(adj[k]))
    found = []

    def rec(i):
        if len(found) > limit:
            return
        if i == n:
            found.append(list(col))
            return
        k = order[i]
        if col[k] is not None:
            if all(col[j] != col[k] for j in adj[k] if col[j] is not None):
                rec(i + 1)
            return
        for v in range(4):
            if all(col[j] != v for j in adj[k]):
                col[k] = v
                rec(i + 1)
                col[k] = None
    # check the givens first
    for k in range(n):
        if colours[k] is not None and any(colours[j] == colours[k] for j in adj[k]):
            return []
    rec(0)
    return found


def valid(sol, adj, colours):
    errs = []
    for k, c in enumerate(sol):
        if c not in range(4):
            errs.append(f"region {k} has colour {c}")
        if colours[k] is not None and colours[k] != c:
            errs.append(f"region {k} should be {colours[k]}, is {c}")
        for j in adj[k]:
            if j > k and sol[j] == c:
                errs.append(f"regions {k} and {j} touch and are both {c}")
    return errs


def main():
    args = sys.argv[1:]
    grid, colours = load(args[0])
    n = len(colours)
    adj = adjacency(grid, n)
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 1000
    sols = count(adj, colours, limit)
    print(f"{args[0]}: {n} regions, {sum(len(a) for a in adj)//2} borders, "
          f"{'more than ' + str(limit) if len(sols) > limit else len(sols)} solution(s)")
    if "--solution" in args:
        js = json.load(open(args[args.index("--solution") + 1]))
        m = js["solution"]["colour"]
        sol = [m[str(k)] for k in range(n)]
        e = valid(sol, adj, colours)
        print("pzc solution:", "OK" if not e else e)
    if "--aux" in args:
        a = open(args[args.index("--aux") + 1]).read().strip()
        sol = [None] * n
        for part in a.split(";")[1:]:
            c, r = part.split(":")
            sol[int(r)] = int(c)
        e = valid(sol, adj, colours)
        print("Tatham's solution:", "OK" if not e else e, "; same as the unique one" if len(sols) == 1 and sols[0] == sol else "")


main()
