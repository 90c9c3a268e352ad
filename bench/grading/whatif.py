#!/usr/bin/env python3
# What-if for the grade formula: re-grades the saved sgt game IDs from `pzc explain --json` traces under the
# current formula and a proposed one (docs/grading.md), without touching the grader. Usage: whatif.py [pzc]
import collections, json, os, statistics, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
PZC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'build', 'pzc')
FAMILIES = [
    ('lightup', 'puzzles/lightup/lightup.pz', ['lightup_d0:easy', 'lightup_d1:tricky', 'lightup_d2:hard']),
    ('sudoku', 'puzzles/sudoku/sudoku.pz', ['sudoku_dt:trivial', 'sudoku_db:basic', 'sudoku_di:intermediate',
                                            'sudoku_da:advanced', 'sudoku_de:extreme', 'sudoku_du:unreasonable']),
]
W = {1: 1, 2: 2, 3: 5, 4: 12, 5: 30}  # hints::grade weights (docs/hints.md)
NAMES = {1: 'easy', 2: 'tricky', 3: 'hard', 4: 'fiendish'}


def current_tier(step):
    return step['tier']


def proposed_tier(step):
    # A contradiction whose chain cites at most 3 distinct rule instances (provenance text, so the binary
    # clauses one "shines on no other light" rule grounds to count once) is a local argument: tier 3.
    if step['technique'] == 'contradiction' and len(set(step['rules'])) <= 3:
        return 3
    return step['tier']


def level(steps, tier_of):
    ts = [min(tier_of(s), 4) for s in steps]  # tier 5 counts as 4
    top = max(ts)
    if top >= 3 and ts.count(top) <= 2:
        top -= 1
    return top


def score(steps, tier_of, w1):
    return sum(w1 if tier_of(s) == 1 else W[tier_of(s)] for s in steps)


VARIANTS = [
    ('current (w1 = 1, tiers as traced)', current_tier, 1),
    ('proposed (w1 = 0, contradiction over <= 3 rule instances is tier 3)', proposed_tier, 0),
]

traces = []
for fam, spec, files in FAMILIES:
    for order, pair in enumerate(files, 1):
        fname, lvl = pair.split(':')
        for gid in open(os.path.join(ROOT, 'bench', 'grading', fname + '.txt')):
            if not gid.strip():
                continue
            out = subprocess.run([PZC, 'explain', os.path.join(ROOT, spec), '-', '--json'], input=gid,
                                 capture_output=True, text=True).stdout
            traces.append((fam, order, lvl, json.loads(out)['steps']))

for title, tier_of, w1 in VARIANTS:
    print(f'## {title}\n')
    for fam, _, _ in FAMILIES:
        ft = [t for t in traces if t[0] == fam]
        lvls = list(dict.fromkeys(t[2] for t in sorted(ft, key=lambda t: t[1])))
        print(f'| {fam}: sgt \\ pzc | easy | tricky | hard | fiendish | mean score | median score | min | max |')
        print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
        means = []
        for lvl in lvls:
            lt = [t[3] for t in ft if t[2] == lvl]
            conf = collections.Counter(level(s, tier_of) for s in lt)
            sc = [score(s, tier_of, w1) for s in lt]
            means.append(statistics.mean(sc))
            print(f'| {lvl} | ' + ' | '.join(str(conf[k]) for k in NAMES)
                  + f' | {statistics.mean(sc):.1f} | {statistics.median(sc):.1f} | {min(sc)} | {max(sc)} |')
        mono = all(a < b for a, b in zip(means, means[1:]))
        print(f'\nmean score strictly increasing: {"yes" if mono else "NO"}\n')

# contradiction chains: how many distinct rule instances they cite, per sgt level
print('## Contradiction (tier 4) hints by distinct rule instances cited\n')
for fam, _, _ in FAMILIES:
    ft = [t for t in traces if t[0] == fam]
    for lvl in dict.fromkeys(t[2] for t in sorted(ft, key=lambda t: t[1])):
        c = collections.Counter(len(set(s['rules'])) for t in ft if t[2] == lvl for s in t[3]
                                if s['technique'] == 'contradiction')
        if c:
            print(f'- {fam} {lvl}: ' + ', '.join(f'{k} rules: {v}' for k, v in sorted(c.items())))
