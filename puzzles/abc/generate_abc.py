#!/usr/bin/python3
# Seeded generator of uniquely solvable Easy-as-ABC instances (python3-z3 for the uniqueness checks).
"""Usage: generate_abc.py NAME N LETTERS SEED [--keep-all] [--min-keep K] [--check FILE]

  NAME     instance name written into the block
  N        grid size
  LETTERS  the letter set, e.g. ABCD or AGSTU (never X: X is the blank in solutions)
  SEED     integer seed for Python's random (the output depends only on the arguments)
  --keep-all   keep all 4N edge clues (the full clue set) instead of thinning them
  --min-keep K stop removing clues once only K are left (default 0)
  --multiple   benchmark-only: take the first proposed solution and keep its full clue set
               WITHOUT requiring uniqueness (large grids are almost never unique from edge
               clues alone); the comment then says how many solutions were found (1 or >= 2)
  --check FILE only check the first EasyAsABC instance in FILE: prints unique / not unique / unsat

Method: a random solution whose full edge-clue set is unique (found by a counterexample-guided
z3 search, see unique_full_solution); all edge clues are derived from it, then clues are
removed in a random order while the puzzle stays unique (uniqueness = z3 finds no solution
different from the known one).
"""
import random
import sys

import z3


def first_letter(line):
    for ch in line:
        if ch != "X":
            return ch
    return "."


def clues_of(sol):
    n = len(sol)
    cols = ["".join(sol[r][c] for r in range(n)) for c in range(n)]
    return {
        "top": [first_letter(col) for col in cols],
        "bottom": [first_letter(col[::-1]) for col in cols],
        "left": [first_letter(row) for row in sol],
        "right": [first_letter(row[::-1]) for row in sol],
    }


class Model:
    """z3 encoding: one-hot Bool per (cell, symbol); symbol index m is the blank."""

    def __init__(self, n, letters):
        self.n, self.letters = n, letters
        m = len(letters)
        self.v = [[[z3.Bool(f"x_{r}_{c}_{k}") for k in range(m + 1)] for c in range(n)] for r in range(n)]
        self.base = []
        self.cache = {}
        for r in range(n):
            for c in range(n):
                self.base.append(z3.PbEq([(b, 1) for b in self.v[r][c]], 1))
        for k in range(m):
            for i in range(n):
                self.base.append(z3.PbEq([(self.v[i][c][k], 1) for c in range(n)], 1))
                self.base.append(z3.PbEq([(self.v[r][i][k], 1) for r in range(n)], 1))

    def line(self, side, i):
        n = self.n
        if side == "top":
            return [(r, i) for r in range(n)]
        if side == "bottom":
            return [(r, i) for r in reversed(range(n))]
        if side == "left":
            return [(i, c) for c in range(n)]
        return [(i, c) for c in reversed(range(n))]

    def clue_constraint(self, side, i, letter):
        # Cached: the generator asks for the same clue constraints over and over.
        key = (side, i, letter)
        if key not in self.cache:
            self.cache[key] = self._clue_constraint(side, i, letter)
        return self.cache[key]

    def _clue_constraint(self, side, i, letter):
        # Every letter occurs in the line, so "first letter seen is L" == "L comes before each other letter".
        L = self.letters.index(letter)
        cells = self.line(side, i)
        cons = []
        for j, (r, c) in enumerate(cells):
            before_has_L = z3.Or([self.v[rr][cc][L] for rr, cc in cells[:j]]) if j else z3.BoolVal(False)
            for k in range(len(self.letters)):
                if k != L:
                    cons.append(z3.Implies(self.v[r][c][k], before_has_L))
        return z3.And(cons)

    def solver(self, clues):
        s = z3.Solver()
        s.add(self.base)
        for side, vals in clues.items():
            for i, ch in enumerate(vals):
                if ch != ".":
                    s.add(self.clue_constraint(side, i, ch))
        return s

    def symbol_var(self, r, c, ch):
        k = len(self.letters) if ch == "X" else self.letters.index(ch)
        return self.v[r][c][k]

    def count_upto2(self, clues):
        """0, 1 or 2 (= at least two) solutions; also the first solution found."""
        s = self.solver(clues)
        if s.check() != z3.sat:
            return 0, None
        mdl = s.model()
        sol = []
        for r in range(self.n):
            row = ""
            for c in range(self.n):
                for k, b in enumerate(self.v[r][c]):
                    if z3.is_true(mdl.eval(b, model_completion=True)):
                        row += "X" if k == len(self.letters) else self.letters[k]
            sol.append(row)
        s.add(z3.Or([z3.Not(self.symbol_var(r, c, sol[r][c])) for r in range(self.n) for c in range(self.n)]))
        return (1 if s.check() == z3.unsat else 2), sol

    def read(self, mdl):
        sym = list(self.letters) + ["X"]
        return ["".join(sym[[z3.is_true(mdl.eval(b, model_completion=True)) for b in self.v[r][c]].index(True)]
                        for c in range(self.n)) for r in range(self.n)]

    def alternative(self, clues, sol):
        """Another solution of clues than sol, or None when sol is the only one."""
        s = self.solver(clues)
        s.add(z3.Or([z3.Not(self.symbol_var(r, c, sol[r][c])) for r in range(self.n) for c in range(self.n)]))
        return self.read(s.model()) if s.check() == z3.sat else None

    def unique_with(self, clues, sol):
        return self.alternative(clues, sol) is None


def unique_full_solution(n, letters, rng, max_rounds=5000, accept_first=False):
    """A random solution whose full edge-clue set has exactly one solution.

    Random solutions are almost never determined by their edge clues alone (letters swap inside
    the grid unseen from the edges), so this is a counterexample-guided search: z3 proposes a
    solution T (random phases, seeded); if C(T) has another solution T', the cells where T and T'
    differ form a pattern that can be swapped unseen, and a lemma forbids both versions of that
    pattern in later proposals. The lemmas are heuristic (a pattern might be visible elsewhere);
    the final check is exact.
    """
    model = Model(n, letters)
    gen = z3.Solver()
    gen.set("random_seed", rng.randrange(1 << 30))
    # Default phase caching keeps each proposal close to the last one, so the search repairs
    # ambiguities locally instead of jumping to an unrelated grid with new ones.
    if accept_first:
        gen.set("phase_selection", 5)  # random phases: a less regular grid
    gen.add(model.base)
    # The commonest unseen swap is a 2x2 "intercalate" of two letters (a b / b a); forbid them
    # up front (not needed when any solution will do). Letter/blank intercalates are left to the
    # lemmas: with several blanks per line, forbidding them all can leave no grid at all.
    syms = [] if accept_first else list(letters)
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    for a in syms:
                        for b in syms:
                            if a != b:
                                gen.add(z3.Or(z3.Not(model.symbol_var(r1, c1, a)), z3.Not(model.symbol_var(r1, c2, b)),
                                              z3.Not(model.symbol_var(r2, c1, b)), z3.Not(model.symbol_var(r2, c2, a))))
    # Randomise the start: a random first row (fine: any solution can be row/letter permuted to it).
    first = list(letters) + ["X"] * (n - len(letters))
    rng.shuffle(first)
    gen.add([model.symbol_var(0, c, first[c]) for c in range(n)])
    for rounds in range(max_rounds):
        if gen.check() != z3.sat:
            return None, rounds
        sol = model.read(gen.model())
        if accept_first:
            return sol, rounds
        alt = model.alternative(clues_of(sol), sol)
        if alt is None:
            print(f"generate_abc: unique full clue set after {rounds} rounds", file=sys.stderr)
            return sol, rounds
        diff = [(r, c) for r in range(n) for c in range(n) if sol[r][c] != alt[r][c]]
        for g in (sol, alt):
            gen.add(z3.Not(z3.And([model.symbol_var(r, c, g[r][c]) for r, c in diff])))
    return None, max_rounds


def generate(n, letters, seed, keep_all=False, min_keep=0, multiple=False):
    rng = random.Random(seed)
    sol, _ = unique_full_solution(n, letters, rng, accept_first=multiple)
    if multiple:
        return sol, clues_of(sol)
    if sol is None:
        return None, None
    clues = clues_of(sol)
    model = Model(n, letters)
    if not keep_all:
        order = [(side, i) for side in ("top", "bottom", "left", "right") for i in range(n)]
        rng.shuffle(order)
        kept = 4 * n
        for side, i in order:
            if kept <= min_keep:
                break
            old = clues[side][i]
            if old == ".":
                continue
            clues[side][i] = "."
            if model.unique_with(clues, sol):
                kept -= 1
            else:
                clues[side][i] = old
    return sol, clues


def block(name, n, letters, clues, sol, comment):
    out = [f"-- {c}" for c in comment]
    out.append(f"-- solution (X = blank): {' '.join(sol)}")
    out.append(f"instance {name} of EasyAsABC")
    out.append(f"  n = {n}")
    out.append(f"  letters = {{{', '.join(letters)}}}")
    out.append(f'  top    = "{"".join(clues["top"])}"      -- one char per column, left to right')
    out.append(f'  bottom = "{"".join(clues["bottom"])}"      -- one char per column, left to right')
    out.append(f'  left   = "{"".join(clues["left"])}"      -- one char per row, top to bottom')
    out.append(f'  right  = "{"".join(clues["right"])}"      -- one char per row, top to bottom')
    out.append("end")
    return "\n".join(out) + "\n"


def check_file(path):
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "peers"))
    import pzinst
    _, _, f = pzinst.load(path, "EasyAsABC")
    n, letters = f["n"], "".join(f["letters"])
    clues = {side: list(f.get(side, "." * n)) for side in ("top", "bottom", "left", "right")}
    cnt, _ = Model(n, letters).count_upto2(clues)
    print({0: "unsat", 1: "unique", 2: "not unique"}[cnt])
    return 0


def main(argv):
    if "--check" in argv:
        return check_file(argv[argv.index("--check") + 1])
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    name, n, letters, seed = argv[1], int(argv[2]), argv[3], int(argv[4])
    assert "X" not in letters and len(set(letters)) == len(letters) and len(letters) <= n
    keep_all = "--keep-all" in argv
    min_keep = int(argv[argv.index("--min-keep") + 1]) if "--min-keep" in argv else 0
    multiple = "--multiple" in argv
    tries = 0
    while True:
        sol, clues = generate(n, letters, seed + tries, keep_all, min_keep, multiple)
        if sol is not None:
            break
        tries += 1
    kept = sum(ch != "." for v in clues.values() for ch in v)
    cmd = f"generate_abc.py {' '.join(argv[1:])}"
    if multiple:
        cnt = "exactly one solution" if Model(n, letters).unique_with(clues, sol) else \
            "NOT UNIQUE: at least two solutions (benchmark instance)"
    else:
        cnt = "unique solution checked with z3"
    comment = [f"generated by puzzles/abc/{cmd}" + (f" (seed {seed + tries} used)" if tries else ""),
               f"{kept} of {4 * n} edge clues; {cnt}"]
    sys.stdout.write(block(name, n, letters, clues, sol, comment))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
