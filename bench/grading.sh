#!/bin/sh
# Compares `pzc grade` with the difficulty levels of Simon Tatham's generators (sgt-puzzles):
# grades every saved game ID in bench/grading/*.txt and prints confusion tables and score statistics.
# Usage: bench/grading.sh [path/to/pzc]   (default: build/pzc)
#   REGEN=1 bench/grading.sh   first regenerates the ID files from fixed seeds (needs sgt-puzzles; the
#                              generators are deterministic for a given "params#seed", so this reproduces them)
# Writes the per-puzzle rows to bench/grading/results.tsv and the tables (markdown) to stdout.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PZC=${1:-$ROOT/build/pzc}
DIR=$ROOT/bench/grading
N=${N:-20}
SEED=${SEED:-pzc-grade}

if [ "${REGEN:-0}" = 1 ]; then
  for d in 0 1 2; do
    /usr/games/sgt-lightup --generate "$N" "10x10b20s2d$d#$SEED" 2>/dev/null > "$DIR/lightup_d$d.txt"
  done
  for d in t b i a e u; do
    /usr/games/sgt-solo --generate "$N" "3x3d$d#$SEED" 2>/dev/null > "$DIR/sudoku_d$d.txt"
  done
fi

# family  spec  FILE:sgt-level,... (easiest first)
LIST="
lightup puzzles/lightup/lightup.pz lightup_d0:easy,lightup_d1:tricky,lightup_d2:hard
sudoku  puzzles/sudoku/sudoku.pz   sudoku_dt:trivial,sudoku_db:basic,sudoku_di:intermediate,sudoku_da:advanced,sudoku_de:extreme,sudoku_du:unreasonable
"

OUT=$DIR/results.tsv
# Runs `pzc grade --json` on each ID (fed on stdin as instance "-"), writes $OUT, prints the tables:
# confusion (rows sgt level, columns pzc level), score mean/median, tier usage, monotonicity verdict.
python3 - "$PZC" "$ROOT" "$DIR" "$OUT" "$LIST" <<'EOF'
import json, statistics, subprocess, sys, time
pzc, root, bdir, out, spec_list = sys.argv[1:6]
W = {1: 1, 2: 2, 3: 5, 4: 12, 5: 30}  # tier weights of hints::grade (docs/hints.md)
rows = []
for line in spec_list.strip().splitlines():
    fam, spec, files = line.split()
    for order, pair in enumerate(files.split(','), 1):
        fname, lvl = pair.split(':')
        ids = [l.strip() for l in open(f'{bdir}/{fname}.txt') if l.strip()]
        for idx, gid in enumerate(ids, 1):
            t0 = time.monotonic()
            p = subprocess.run([pzc, 'grade', f'{root}/{spec}', '-', '--json'], input=gid + '\n',
                               capture_output=True, text=True)
            secs = time.monotonic() - t0
            try:
                g = json.loads(p.stdout)
            except ValueError:
                g = {'level': 'error', 'score': 0, 'max_tier': 0, 'steps': 0,
                     'per_tier': {str(k): 0 for k in W}, 'solved': False}
            rows.append(dict(family=fam, sgt_order=order, sgt_level=lvl, index=idx, pzc_level=g['level'],
                             score=float(g['score']), max_tier=g['max_tier'], steps=g['steps'],
                             **{f't{k}': g['per_tier'][str(k)] for k in W},
                             solved=str(g['solved']).lower(), seconds=round(secs, 3), game_id=gid))
with open(out, 'w') as f:
    keys = list(rows[0])
    f.write('\t'.join(keys) + '\n')
    for r in rows:
        f.write('\t'.join(str(r[k]) for k in keys) + '\n')

levels = ['easy', 'tricky', 'hard', 'fiendish']
for fam in dict.fromkeys(r['family'] for r in rows):
    fr = [r for r in rows if r['family'] == fam]
    sgt = list(dict.fromkeys(r['sgt_level'] for r in sorted(fr, key=lambda r: r['sgt_order'])))
    cols = levels + [c for c in ('unsolved', 'error') if any(r['pzc_level'] == c for r in fr)]
    print(f'### {fam}: confusion (rows: sgt level, columns: pzc level)\n')
    print('| sgt \\ pzc | ' + ' | '.join(cols) + ' |')
    print('|---|' + '---:|' * len(cols))
    for lvl in sgt:
        lr = [r for r in fr if r['sgt_level'] == lvl]
        print(f'| {lvl} | ' + ' | '.join(str(sum(r['pzc_level'] == c for r in lr)) for c in cols) + ' |')
    print(f'\n### {fam}: score and tiers per sgt level (means over the puzzles unless said)\n')
    print('| sgt level | n | mean score | median score | min | max | steps | max tier '
          '| tier-1 | tier-2 | tier-3 | tier-4 | tier-5 | score from tiers 1-2 | s/puzzle |')
    print('|---|' + '---:|' * 14)
    means = []
    for lvl in sgt:
        lr = [r for r in fr if r['sgt_level'] == lvl and r['pzc_level'] != 'error']
        sc = [r['score'] for r in lr]
        low = sum(r['t1'] * W[1] + r['t2'] * W[2] for r in lr)
        means.append(statistics.mean(sc))
        print(f'| {lvl} | {len(lr)} | {statistics.mean(sc):.1f} | {statistics.median(sc):.1f} | {min(sc):.0f} | {max(sc):.0f} '
              f'| {statistics.mean(r["steps"] for r in lr):.1f} | {statistics.mean(r["max_tier"] for r in lr):.2f} | '
              + ' | '.join(f'{statistics.mean(r[f"t{k}"] for r in lr):.2f}' for k in W)
              + f' | {100 * low / sum(sc):.0f}% | {statistics.mean(r["seconds"] for r in lr):.2f} |')
    mono = all(a < b for a, b in zip(means, means[1:]))
    print(f'\nmean score strictly increasing with the sgt level: {"yes" if mono else "NO"} '
          f'({" < ".join(f"{m:.1f}" for m in means) if mono else ", ".join(f"{m:.1f}" for m in means)})\n')
EOF
