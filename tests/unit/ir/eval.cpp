// Tests for full and partial evaluation of ground IR terms (runtime/ir/eval).
#include "runtime/ir/eval.hpp"

#include <boost/test/unit_test.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <random>

#include "runtime/ir/builder.hpp"
#include "tests/unit/ir/random_terms.hpp"

using namespace pzc::ir;

namespace {

VarId add_var(Program& p, const std::string& name, ValueKind kind, std::vector<Value> domain) {
  p.vars.push_back(Variable{name, kind, std::move(domain), 0, {}, false, {}, {}, {}, {}});
  return static_cast<VarId>(p.vars.size() - 1);
}

// The two Int variables of the random range tests: x may be null and has a hole at -2, y
// spans zero.
std::pair<VarId, VarId> add_int_vars(Program& p) {
  VarId x = add_var(p, "x", ValueKind::Int, {kNull, -3, -1, 0, 1, 2, 3});
  VarId y = add_var(p, "y", ValueKind::Int, {-2, -1, 0, 1, 2});
  return {x, y};
}

// A random non-empty subset of variable v's domain: its candidates.
std::vector<Value> random_candidates(const Program& p, VarId v, std::mt19937& rng) {
  std::vector<Value> out;
  while (out.empty())
    for (Value d : p.vars[static_cast<size_t>(v)].domain)
      if (rng() % 2) out.push_back(d);
  return out;
}

VarRange range_of(const std::vector<Value>& candidates) {
  VarRange r;
  for (Value d : candidates) r.add(d);
  return r;
}

int add_constraint(Program& p, TermId term, std::vector<VarId> scope, Kind kind = Kind::Expr) {
  Constraint c;
  c.kind = kind;
  c.term = term;
  c.scope = std::move(scope);
  p.constraints.push_back(c);
  return static_cast<int>(p.constraints.size() - 1);
}

// Brute-force truth of a term over every completion of a partial assignment.
Truth brute_truth(const Program& p, TermId t, const PartialAssignment& partial) {
  std::vector<size_t> open;
  Assignment a(p.vars.size(), 0);
  for (size_t v = 0; v < p.vars.size(); ++v) {
    if (partial[v]) a[v] = *partial[v];
    else open.push_back(v);
  }
  std::vector<size_t> pos(open.size(), 0);
  bool t_seen = false, f_seen = false;
  while (true) {
    for (size_t i = 0; i < open.size(); ++i) a[open[i]] = p.vars[open[i]].domain[pos[i]];
    (truthy(evaluate(p, t, a)) ? t_seen : f_seen) = true;
    size_t i = 0;
    for (; i < open.size(); ++i) {
      if (++pos[i] < p.vars[open[i]].domain.size()) break;
      pos[i] = 0;
    }
    if (i == open.size()) break;
  }
  if (t_seen && f_seen) return Truth::Unknown;
  return t_seen ? Truth::True : Truth::False;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(eval)

BOOST_AUTO_TEST_CASE(arithmetic_and_null) {
  Program p;
  TermBuilder b(p);
  VarId x = add_var(p, "x", ValueKind::Int, {-7, 0, 7});
  auto I = ValueKind::Int;
  TermId tx = b.var(x);
  TermId two = b.integer(2);
  TermId null = b.constant(I, kNull);
  Assignment a{-7};
  BOOST_TEST(evaluate(p, b.make(Op::Div, I, {tx, two}), a) == -3);  // truncation, not floor
  BOOST_TEST(evaluate(p, b.make(Op::Mod, I, {tx, two}), a) == -1);
  BOOST_TEST(evaluate(p, b.make(Op::Div, I, {tx, b.integer(0)}), a) == kNull);
  BOOST_TEST(evaluate(p, b.make(Op::Mod, I, {tx, b.integer(0)}), a) == kNull);
  BOOST_TEST(evaluate(p, b.make(Op::Add, I, {tx, null}), a) == kNull);
  BOOST_TEST(evaluate(p, b.make(Op::Sub, I, {tx, two, two}), a) == -11);
  BOOST_TEST(evaluate(p, b.make(Op::Mul, I, {tx, two}), a) == -14);
  BOOST_TEST(evaluate(p, b.make(Op::Neg, I, {tx}), a) == 7);
  BOOST_TEST(evaluate(p, b.make(Op::Abs, I, {tx}), a) == 7);
  BOOST_TEST(evaluate(p, b.make(Op::Min, I, {tx, two}), a) == -7);
  BOOST_TEST(evaluate(p, b.make(Op::Max, I, {tx, two}), a) == 2);
  BOOST_TEST(evaluate(p, b.make(Op::Max, I, {tx, null}), a) == kNull);
  auto B = ValueKind::Bool;
  // Eq/Ne compare plain values; orderings with null are false either way.
  BOOST_TEST(evaluate(p, b.make(Op::Eq, B, {null, null}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Ne, B, {tx, null}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Lt, B, {tx, null}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::Ge, B, {tx, null}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::Le, B, {tx, two}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Gt, B, {tx, two}), a) == 0);
}

BOOST_AUTO_TEST_CASE(boolean_count_alldiff_table) {
  Program p;
  TermBuilder b(p);
  auto B = ValueKind::Bool;
  auto I = ValueKind::Int;
  VarId u = add_var(p, "u", B, {0, 1});
  VarId v = add_var(p, "v", B, {0, 1});
  VarId w = add_var(p, "w", B, {0, 1});
  TermId tu = b.var(u), tv = b.var(v), tw = b.var(w);
  Assignment a{1, 0, 1};
  BOOST_TEST(evaluate(p, b.make(Op::Not, B, {tu}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::And, B, {tu, tv}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::Or, B, {tv, tw}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Xor, B, {tu, tv, tw}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::Implies, B, {tu, tv}), a) == 0);
  BOOST_TEST(evaluate(p, b.make(Op::Implies, B, {tv, tu}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Iff, B, {tu, tw}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::Count, I, {tu, tv, tw}), a) == 2);
  BOOST_TEST(evaluate(p, b.make(Op::Ite, I, {tv, b.integer(5), b.integer(6)}), a) == 6);
  TermId null = b.constant(I, kNull);
  BOOST_TEST(evaluate(p, b.make(Op::AllDiff, B, {b.integer(1), null, b.integer(2), null}), a) == 1);
  BOOST_TEST(evaluate(p, b.make(Op::AllDiff, B, {b.integer(1), null, b.integer(1)}), a) == 0);
  p.tables.push_back(TableData{{{1, 0}, {0, 0}}});
  TermId table = b.make(Op::Table, B, {tu, tv}, 0);
  BOOST_TEST(evaluate(p, table, a) == 1);
  BOOST_TEST(evaluate(p, table, Assignment{0, 1, 0}) == 0);
  int c = add_constraint(p, table, {u, v}, Kind::Table);
  add_constraint(p, b.make(Op::Or, B, {tu, tv}), {u, v});
  BOOST_TEST(satisfied(p, p.constraints[static_cast<size_t>(c)], a));
  BOOST_TEST(violated_constraints(p, Assignment{0, 1, 0}) == std::vector<int>{0});
  BOOST_TEST(violated_constraints(p, Assignment{0, 0, 0}) == std::vector<int>{1});
  BOOST_CHECK_THROW(evaluate(p, b.make(Op::Table, B, {tu}, 7), a), std::logic_error);
}

// A Latin-square row over {A, B, C} (symbols 0..2), written both ways: all-different, and
// "each letter exactly once" counts.
BOOST_AUTO_TEST_CASE(partial_latin_row) {
  Program p;
  p.symbols = {"A", "B", "C"};
  TermBuilder b(p);
  auto S = ValueKind::Symbol;
  auto B = ValueKind::Bool;
  std::vector<VarId> row;
  std::vector<TermId> cells;
  for (int c = 1; c <= 3; ++c) {
    row.push_back(add_var(p, "cell_r1_c" + std::to_string(c), S, {0, 1, 2}));
    cells.push_back(b.var(row.back()));
  }
  int alldiff = add_constraint(p, b.make(Op::AllDiff, B, cells), row, Kind::AllDifferent);
  std::vector<int> once;
  for (Value letter = 0; letter < 3; ++letter) {
    std::vector<TermId> is;
    for (TermId c : cells) is.push_back(b.make(Op::Eq, B, {c, b.constant(S, letter)}));
    TermId count = b.make(Op::Count, ValueKind::Int, is);
    once.push_back(add_constraint(p, b.make(Op::Eq, B, {count, b.integer(1)}), row, Kind::Cardinality));
  }
  // A duplicate and an unfilled cell: violated whatever the unfilled cell becomes.
  PartialAssignment dup{0, 0, std::nullopt};
  BOOST_TEST((evaluate_partial(p, p.constraints[0].term, dup) == Truth::False));
  BOOST_TEST((evaluate_partial(p, p.constraints[static_cast<size_t>(once[0])].term, dup) == Truth::False));
  BOOST_TEST(definitely_violated(p, dup) == (std::vector<int>{alldiff, once[0]}));
  // A row still missing a letter but with an unfilled cell: nothing is violated yet.
  PartialAssignment missing{0, std::nullopt, 1};
  BOOST_TEST(definitely_violated(p, missing).empty());
  BOOST_TEST((evaluate_partial(p, p.constraints[static_cast<size_t>(once[2])].term, missing) == Truth::Unknown));
  // Filled completely and correctly: every constraint is True.
  PartialAssignment full{0, 2, 1};
  for (const Constraint& c : p.constraints) BOOST_TEST((evaluate_partial(p, c.term, full) == Truth::True));
}

BOOST_AUTO_TEST_CASE(count_intervals) {
  Program p;
  TermBuilder b(p);
  auto B = ValueKind::Bool;
  std::vector<TermId> bs;
  for (int i = 0; i < 4; ++i) bs.push_back(b.var(add_var(p, fmt::format("b{}", i), B, {0, 1})));
  TermId count = b.make(Op::Count, ValueKind::Int, bs);
  PartialAssignment a{1, 1, std::nullopt, 0};  // count in [2, 3]
  BOOST_TEST((evaluate_partial(p, b.make(Op::Eq, B, {count, b.integer(1)}), a) == Truth::False));
  BOOST_TEST((evaluate_partial(p, b.make(Op::Eq, B, {count, b.integer(3)}), a) == Truth::Unknown));
  BOOST_TEST((evaluate_partial(p, b.make(Op::Ge, B, {count, b.integer(2)}), a) == Truth::True));
  BOOST_TEST((evaluate_partial(p, b.make(Op::Lt, B, {count, b.integer(2)}), a) == Truth::False));
  BOOST_TEST((evaluate_partial(p, b.make(Op::Le, B, {b.make(Op::Add, ValueKind::Int, {count, b.integer(1)}), b.integer(4)}), a) == Truth::True));
}

// Interval reasoning cannot see x - x = 0; enumeration of the completions can.
BOOST_AUTO_TEST_CASE(exact_by_enumeration) {
  Program p;
  TermBuilder b(p);
  auto I = ValueKind::Int;
  auto B = ValueKind::Bool;
  VarId x = add_var(p, "x", I, {1, 2, 3});
  TermId diff = b.make(Op::Sub, I, {b.var(x), b.var(x)});
  TermId is_one = b.make(Op::Eq, B, {diff, b.integer(1)});
  TermId is_zero = b.make(Op::Eq, B, {diff, b.integer(0)});
  add_constraint(p, is_one, {x});
  add_constraint(p, is_zero, {x});
  PartialAssignment open{std::nullopt};
  BOOST_TEST((evaluate_partial(p, is_one, open) == Truth::Unknown));
  BOOST_TEST((constraint_truth(p, p.constraints[0], open) == Truth::False));
  BOOST_TEST((constraint_truth(p, p.constraints[1], open) == Truth::True));
  BOOST_TEST((constraint_truth(p, p.constraints[0], open, 2) == Truth::Unknown));  // over the limit
  BOOST_TEST(definitely_violated(p, open) == std::vector<int>{0});
}

// Property: partial evaluation is sound, and constraint_truth is exact, on random terms
// checked against every completion.
BOOST_AUTO_TEST_CASE(partial_is_sound_on_random_terms) {
  std::mt19937 rng(12345);
  int decided = 0;
  for (int round = 0; round < 400; ++round) {
    Program p;
    TermBuilder b(p);
    VarId x = add_var(p, "x", ValueKind::Int, {kNull, -2, 0, 1, 3});
    VarId y = add_var(p, "y", ValueKind::Int, {-1, 2});
    VarId z = add_var(p, "z", ValueKind::Bool, {0, 1});
    pzc::test::RandomTerms gen{b, rng, {x, y}, {z}};
    TermId t = gen.bool_term(3);
    add_constraint(p, t, {x, y, z});
    std::uniform_int_distribution<int> coin(0, 1);
    PartialAssignment a(3);
    for (size_t v = 0; v < 3; ++v)
      if (coin(rng)) a[v] = p.vars[v].domain[std::uniform_int_distribution<size_t>(0, p.vars[v].domain.size() - 1)(rng)];
    Truth brute = brute_truth(p, t, a);
    Truth quick = evaluate_partial(p, t, a);
    BOOST_TEST_CONTEXT("round " << round) {
      if (quick != Truth::Unknown) {
        BOOST_TEST((quick == brute));
        ++decided;
      }
      BOOST_TEST((constraint_truth(p, p.constraints[0], a) == brute));
    }
  }
  BOOST_TEST(decided > 100);  // the interval reasoning decides a fair share on its own
}

// evaluate_ranges with candidate sets that have holes (a variable may take 0 and 3 but not
// 1 or 2), told through `may_be`: sound against every choice of candidates, and `x = 1`
// over those candidates is false where the bounds alone leave it open.
BOOST_AUTO_TEST_CASE(ranges_with_holes_are_sound_on_random_terms) {
  std::mt19937 rng(777);
  int decided = 0, decided_by_bounds = 0;
  for (int round = 0; round < 600; ++round) {
    Program p;
    TermBuilder b(p);
    auto [x, y] = add_int_vars(p);
    VarId z = add_var(p, "z", ValueKind::Bool, {0, 1});
    pzc::test::RandomTerms gen{b, rng, {x, y}, {z}};
    TermId t = gen.bool_term(3);
    // Each variable's candidates: a random non-empty subset of its domain.
    std::vector<std::vector<Value>> cand(3);
    std::vector<VarRange> ranges(3);
    for (size_t v = 0; v < 3; ++v) {
      cand[v] = random_candidates(p, static_cast<VarId>(v), rng);
      ranges[v] = range_of(cand[v]);
    }
    const std::vector<VarId> scope{x, y, z};
    auto may_be = [&](std::size_t i, Value value) {
      return std::find(cand[i].begin(), cand[i].end(), value) != cand[i].end();
    };
    // Brute force over the candidates.
    bool t_seen = false, f_seen = false;
    Assignment a(3);
    for (Value vx : cand[0])
      for (Value vy : cand[1])
        for (Value vz : cand[2]) {
          a = {vx, vy, vz};
          (truthy(evaluate(p, t, a)) ? t_seen : f_seen) = true;
        }
    const Truth brute = t_seen && f_seen ? Truth::Unknown : t_seen ? Truth::True : Truth::False;
    const Truth quick = evaluate_ranges(p, t, scope, ranges, may_be);
    const Truth bounds = evaluate_ranges(p, t, scope, ranges);
    BOOST_TEST_CONTEXT("round " << round) {
      if (quick != Truth::Unknown) {
        BOOST_TEST((quick == brute));
        ++decided;
      }
      if (bounds != Truth::Unknown) {
        BOOST_TEST((bounds == quick));  // the holes only add decisions
        ++decided_by_bounds;
      }
    }
  }
  BOOST_TEST(decided > decided_by_bounds);
  // The case the engine's search for supports needs: y's candidates -2 and 2.
  Program p;
  TermBuilder b(p);
  VarId y = add_var(p, "y", ValueKind::Int, {-2, -1, 0, 1, 2});
  TermId eq = b.make(Op::Eq, ValueKind::Bool, {b.var(y), b.integer(1)});
  const std::vector<VarId> scope{y};
  std::vector<VarRange> r(1);
  r[0].add(-2), r[0].add(2);
  BOOST_TEST((evaluate_ranges(p, eq, scope, r) == Truth::Unknown));
  BOOST_TEST((evaluate_ranges(p, eq, scope, r, [](std::size_t, Value v) { return v == -2 || v == 2; }) == Truth::False));
}

// The incremental RangeEvaluator against evaluate_ranges, step by step: random terms
// (with shared subterms, deep ones included), and a walk of candidate changes, one position
// at a time, some of which only open or close a hole inside the bounds (may_be's answer
// changes, the range does not). The answers must be equal, not merely both sound.
BOOST_AUTO_TEST_CASE(incremental_ranges_equal_evaluate_ranges) {
  std::mt19937 rng(4242);
  int steps = 0, decided = 0;
  for (int round = 0; round < 300; ++round) {
    Program p;
    TermBuilder b(p);
    auto [x, y] = add_int_vars(p);
    VarId z = add_var(p, "z", ValueKind::Bool, {0, 1});
    VarId w = add_var(p, "w", ValueKind::Bool, {0, 1});
    pzc::test::RandomTerms gen{b, rng, {x, y}, {z, w}};
    // Wide And, Or and Count nodes over shared subterms, as a fleet count grounds.
    std::vector<TermId> parts;
    for (int i = 0; i < 6; ++i) parts.push_back(gen.bool_term(1 + static_cast<int>(rng() % 3)));
    std::vector<TermId> top{b.make(Op::And, ValueKind::Bool, {parts[0], parts[1], parts[2]}),
                            b.make(Op::Or, ValueKind::Bool, {parts[2], parts[3], parts[4], parts[5]}),
                            b.make(Op::Eq, ValueKind::Bool,
                                   {b.make(Op::Count, ValueKind::Int, parts), gen.int_term(1)}),
                            gen.bool_term(4)};
    TermId t = b.make(round % 2 ? Op::Or : Op::And, ValueKind::Bool, top);
    const std::vector<VarId> scope{x, y, z, w};
    std::vector<std::vector<Value>> cand(4);
    std::vector<VarRange> ranges(4);
    for (size_t v = 0; v < 4; ++v) {
      cand[v] = random_candidates(p, static_cast<VarId>(v), rng);
      ranges[v] = range_of(cand[v]);
    }
    const std::function<bool(std::size_t, Value)> may_be = [&](std::size_t i, Value value) {
      return std::find(cand[i].begin(), cand[i].end(), value) != cand[i].end();
    };
    RangeEvaluator ev(p, t, scope);
    BOOST_TEST(ev.made_for(p, t, scope));
    ev.reset(ranges, &may_be);
    for (int step = 0; step < 40; ++step) {
      const Truth whole = evaluate_ranges(p, t, scope, ranges, may_be);
      BOOST_TEST_CONTEXT("round " << round << ", step " << step) { BOOST_TEST((ev.truth() == whole)); }
      ++steps;
      decided += whole != Truth::Unknown;
      const size_t v = rng() % 4;
      if (step % 3 == 2 && cand[v].size() > 2) {
        cand[v].erase(cand[v].begin() + 1);  // a hole: the bounds stay
      } else if (step % 4 == 1) {
        cand[v] = {cand[v][rng() % cand[v].size()]};  // one value, as the search tries
      } else {
        cand[v] = random_candidates(p, static_cast<VarId>(v), rng);
      }
      ranges[v] = range_of(cand[v]);
      ev.set(v, ranges);
    }
  }
  BOOST_TEST(steps == 300 * 40);
  BOOST_TEST(decided > steps / 5);  // the walk reaches decided terms, not only Unknown
}

BOOST_AUTO_TEST_SUITE_END()

// Connected over random cell sets (some cells missing, so the grid has holes) and random
// memberships: the full evaluation is a flood fill, and the three-valued evaluation is
// sound against every completion.
BOOST_AUTO_TEST_CASE(connected_matches_flood_fill) {
  std::mt19937 rng(5);
  int compared = 0, decided = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Program p;
    TermBuilder tb(p);
    const int rows = 1 + static_cast<int>(rng() % 3), cols = 1 + static_cast<int>(rng() % 4);
    std::vector<std::vector<Value>> cells;
    std::vector<TermId> member;
    for (int r = 1; r <= rows; ++r)
      for (int c = 1; c <= cols; ++c) {
        if (rng() % 5 == 0) continue;  // a hole
        cells.push_back({r, c});
        VarId v = add_var(p, fmt::format("m{}", cells.size()), ValueKind::Bool, {0, 1});
        member.push_back(rng() % 6 == 0 ? tb.boolean(rng() % 2 != 0) : tb.var(v));
      }
    if (cells.empty()) continue;
    p.tables.push_back(TableData{cells});
    const TermId t = tb.make(Op::Connected, ValueKind::Bool, member, static_cast<Value>(p.tables.size() - 1));
    // Full assignments against a flood fill here.
    for (int k = 0; k < 20; ++k) {
      Assignment a(p.vars.size());
      for (auto& x : a) x = static_cast<Value>(rng() % 2);
      std::vector<char> in(cells.size());
      for (size_t i = 0; i < cells.size(); ++i) in[i] = truthy(evaluate(p, member[i], a));
      std::vector<char> seen(cells.size(), 0);
      std::vector<size_t> stack;
      for (size_t i = 0; i < cells.size() && stack.empty(); ++i)
        if (in[i]) stack.push_back(i), seen[i] = 1;
      while (!stack.empty()) {
        size_t i = stack.back();
        stack.pop_back();
        for (size_t j = 0; j < cells.size(); ++j)
          if (in[j] && !seen[j] && std::abs(cells[i][0] - cells[j][0]) + std::abs(cells[i][1] - cells[j][1]) == 1)
            seen[j] = 1, stack.push_back(j);
      }
      bool connected = true;
      for (size_t i = 0; i < cells.size(); ++i) connected = connected && (!in[i] || seen[i]);
      BOOST_TEST(truthy(evaluate(p, t, a)) == connected);
      ++compared;
    }
    // Partial assignments: True / False only when every completion agrees.
    for (int k = 0; k < 5; ++k) {
      PartialAssignment partial(p.vars.size());
      for (auto& x : partial)
        if (rng() % 2) x = static_cast<Value>(rng() % 2);
      Truth got = evaluate_partial(p, t, partial), want = brute_truth(p, t, partial);
      if (got != Truth::Unknown) {
        BOOST_TEST((got == want));
        ++decided;
      }
    }
  }
  BOOST_TEST(compared > 1000);
  BOOST_TEST(decided > 50);
}
