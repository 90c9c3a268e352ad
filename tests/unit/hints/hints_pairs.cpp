// Tier 3 (rule pairs) on random pairs of literal counts (clauses, cardinalities): the
// values it removes are exactly those no solution of the two constraints together allows,
// by brute force; and a trace's level equals what saturate() says without the trace.
#include <boost/test/unit_test.hpp>

#include <random>
#include <set>

#include "runtime/hints/hints.hpp"
#include "runtime/ir/eval.hpp"

namespace {

namespace hints = pzc::hints;
namespace ir = pzc::ir;

struct Builder {
  ir::Program p;
  ir::TermId add(ir::Term t) {
    p.terms.push_back(std::move(t));
    return static_cast<ir::TermId>(p.terms.size() - 1);
  }
  ir::TermId constant(ir::Value v) { return add({ir::Op::Const, ir::ValueKind::Int, v, {}}); }
  ir::TermId literal(const ir::Literal& l) {
    return add({l.positive ? ir::Op::Eq : ir::Op::Ne, ir::ValueKind::Bool, 0,
                {static_cast<ir::TermId>(l.var), constant(l.value)}});
  }
  // A clause (lo = 0) or a cardinality lo..hi over the literals.
  void count(std::vector<ir::Literal> lits, bool clause, std::int64_t lo, std::int64_t hi) {
    ir::Constraint c;
    c.kind = clause ? ir::Kind::Clause : ir::Kind::Cardinality;
    std::vector<ir::TermId> args;
    for (const auto& l : lits) {
      c.scope.push_back(l.var);
      args.push_back(literal(l));
    }
    std::sort(c.scope.begin(), c.scope.end());
    c.scope.erase(std::unique(c.scope.begin(), c.scope.end()), c.scope.end());
    c.literals = std::move(lits);
    if (clause) {
      c.term = add({ir::Op::Or, ir::ValueKind::Bool, 0, args});
    } else {
      c.lo = lo;
      c.hi = hi;
      ir::TermId n = add({ir::Op::Count, ir::ValueKind::Int, 0, args});
      c.term = add({ir::Op::And, ir::ValueKind::Bool, 0,
                    {add({ir::Op::Le, ir::ValueKind::Bool, 0, {constant(lo), n}}),
                     add({ir::Op::Le, ir::ValueKind::Bool, 0, {n, constant(hi)}})}});
    }
    c.origin = {0, {}, "count"};
    p.constraints.push_back(std::move(c));
  }
};

// n variables over 0..k-1 (Var terms first, so a VarId is its term id).
Builder vars(int n, int k) {
  Builder b;
  for (int i = 0; i < n; ++i) {
    ir::Variable v;
    v.name = "x";
    v.name += std::to_string(i + 1);
    for (int x = 0; x < k; ++x) v.domain.push_back(x);
    v.group = -1;
    b.p.vars.push_back(v);
    b.p.terms.push_back({ir::Op::Var, ir::ValueKind::Int, i, {}});
  }
  b.p.rules.push_back({"count", "count", "t.pz", 1, 1, false});
  return b;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hints_pairs)

BOOST_AUTO_TEST_CASE(pair_removals_are_exactly_the_unsupported_values) {
  std::mt19937_64 rng(11);
  int with_removals = 0, without = 0, unsat = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = 6, k = round % 3 == 0 ? 3 : 2;
    Builder b = vars(n, k);
    for (int side = 0; side < 2; ++side) {
      std::vector<ir::Literal> lits;
      int len = 2 + static_cast<int>(rng() % 4);
      for (int i = 0; i < len; ++i)
        lits.push_back({static_cast<ir::VarId>(rng() % n), static_cast<ir::Value>(rng() % k), rng() % 3 != 0});
      bool clause = rng() % 3 == 0;
      std::int64_t lo = static_cast<std::int64_t>(rng() % 3), hi = lo + static_cast<std::int64_t>(rng() % 3);
      b.count(lits, clause, lo, hi);
    }
    const ir::Program& p = b.p;
    if (p.constraints[0].scope.size() < 2 || p.constraints[1].scope.size() < 2) continue;  // givens, not rules
    hints::State st = hints::State::from_program(p);
    for (ir::VarId v = 0; v < n; ++v)  // some candidates already gone
      if (rng() % 4 == 0 && st.domains().size(v) > 1) st.domains().remove(v, st.domains().first(v));
    // Brute force over the candidates: which values some solution of both allows.
    std::vector<std::vector<ir::Value>> cands;
    for (ir::VarId v = 0; v < n; ++v) cands.push_back(st.candidates(v));
    std::set<std::pair<ir::VarId, ir::Value>> supported;
    bool any = false;
    ir::Assignment a(static_cast<std::size_t>(n));
    std::vector<std::size_t> at(static_cast<std::size_t>(n), 0);
    while (true) {
      for (std::size_t v = 0; v < a.size(); ++v) a[v] = cands[v][at[v]];
      if (ir::satisfied(p, p.constraints[0], a) && ir::satisfied(p, p.constraints[1], a)) {
        any = true;
        for (ir::VarId v = 0; v < n; ++v) supported.insert({v, a[static_cast<std::size_t>(v)]});
      }
      std::size_t j = 0;
      while (j < a.size() && ++at[j] == cands[j].size()) at[j++] = 0;
      if (j == a.size()) break;
    }
    std::set<ir::VarId> joint(p.constraints[0].scope.begin(), p.constraints[0].scope.end());
    joint.insert(p.constraints[1].scope.begin(), p.constraints[1].scope.end());
    bool share = false;
    for (ir::VarId v : p.constraints[1].scope) share = share || std::count(p.constraints[0].scope.begin(), p.constraints[0].scope.end(), v);
    int open = 0;
    for (ir::VarId v : joint) open += cands[static_cast<std::size_t>(v)].size() > 1;
    std::set<std::pair<ir::VarId, ir::Value>> expected;
    if (any && share && open >= 2)
      for (ir::VarId v : joint)
        if (cands[static_cast<std::size_t>(v)].size() > 1)
          for (ir::Value x : cands[static_cast<std::size_t>(v)])
            if (!supported.count({v, x})) expected.insert({v, x});
    hints::HintEngine he(p);
    std::set<std::pair<ir::VarId, ir::Value>> got;
    for (const auto& h : he.all_of(st, hints::Technique::RulePair))
      for (ir::Value x : h.removed) got.insert({h.var, x});
    BOOST_TEST_CONTEXT("round " << round) { BOOST_TEST((got == expected)); }
    (!any ? unsat : expected.empty() ? without : with_removals)++;
  }
  // Both outcomes occur, and the searches cut branches in unsatisfiable pairs too.
  BOOST_TEST(with_removals > 20);
  BOOST_TEST(without > 20);
  BOOST_TEST(unsat > 5);
}

BOOST_AUTO_TEST_CASE(saturation_level_equals_the_trace_grade) {
  // Chains of overlapping counts: traces of every tier cap, compared with saturate().
  std::mt19937_64 rng(5);
  int solved = 0, unique = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = 7;
    Builder b = vars(n, 2);
    int m = 6 + static_cast<int>(rng() % 6);
    for (int c = 0; c < m; ++c) {
      std::vector<ir::Literal> lits;
      int len = 2 + static_cast<int>(rng() % 3);
      for (int i = 0; i < len; ++i) lits.push_back({static_cast<ir::VarId>(rng() % n), 1, rng() % 4 != 0});
      std::int64_t lo = static_cast<std::int64_t>(rng() % 2), hi = lo + static_cast<std::int64_t>(rng() % 2);
      b.count(lits, rng() % 3 == 0, lo, hi);
    }
    // Only programs with a solution (as every program the generator asks about): then no
    // deduction ever removes it, and neither answer depends on the order of deductions.
    // Without one, a weak tier can "solve" into a non-solution along one path and not another.
    int solutions = 0;
    for (int bits = 0; bits < (1 << n); ++bits) {
      ir::Assignment x(static_cast<std::size_t>(n));
      for (int v = 0; v < n; ++v) x[static_cast<std::size_t>(v)] = (bits >> v) & 1;
      solutions += ir::violated_constraints(b.p, x).empty();
    }
    if (solutions == 0) continue;
    unique += solutions == 1;
    for (int cap = 1; cap <= 4; ++cap) {
      hints::Options o;
      o.max_tier = cap;
      hints::HintEngine a(b.p, o), s(b.p, o);
      hints::Trace t = a.solve(hints::State::from_program(b.p));
      hints::Grade g = hints::grade(t);
      hints::Saturation sat = s.saturate(hints::State::from_program(b.p));
      BOOST_TEST_CONTEXT("round " << round << " cap " << cap) {
        BOOST_TEST(sat.solved == t.solved);
        BOOST_TEST(sat.level == g.level);
        if (t.solved) BOOST_TEST(sat.max_tier == g.max_tier);
        // The engines remember rule pairs found to add nothing (by the pair and its local
        // candidates): asked again, they answer as they did fresh.
        hints::Trace t2 = a.solve(hints::State::from_program(b.p));
        BOOST_TEST(t2.hints.size() == t.hints.size());
        for (std::size_t k = 0; k < std::min(t.hints.size(), t2.hints.size()); ++k) {
          BOOST_TEST(t2.hints[k].var == t.hints[k].var);
          BOOST_TEST(t2.hints[k].value == t.hints[k].value);
          BOOST_TEST(t2.hints[k].tier == t.hints[k].tier);
          BOOST_TEST((t2.hints[k].constraints == t.hints[k].constraints));
        }
        for (hints::HintEngine* e : {&s, &a}) {
          hints::Saturation again = e->saturate(hints::State::from_program(b.p));
          BOOST_TEST(again.solved == sat.solved);
          BOOST_TEST(again.level == sat.level);
          BOOST_TEST(again.max_tier == sat.max_tier);
          BOOST_TEST((again.used == sat.used));
        }
      }
      solved += t.solved;
    }
  }
  BOOST_TEST_MESSAGE(unique << " unique, " << solved << " solved traces");
  BOOST_TEST(unique > 20);
  BOOST_TEST(solved > 50);
}

// StartStates::from(mask) is State::from_program(program, &mask): same candidates, same
// placed cells, for random masks over programs with one-variable constraints.
BOOST_AUTO_TEST_CASE(start_states_equal_from_program) {
  std::mt19937_64 rng(11);
  int fixed_seen = 0;
  for (int round = 0; round < 100; ++round) {
    const int n = 6;
    Builder b = vars(n, 4);
    for (int c = 0; c < 10; ++c) {
      std::vector<ir::Literal> lits;
      int len = rng() % 3 == 0 ? 2 : 1;  // mostly one-variable constraints
      ir::VarId v = static_cast<ir::VarId>(rng() % n);
      for (int i = 0; i < len; ++i)
        lits.push_back({i == 0 ? v : static_cast<ir::VarId>(rng() % n), static_cast<ir::Value>(rng() % 4), rng() % 3 != 0});
      b.count(lits, rng() % 2 == 0, 1, 1);
    }
    hints::StartStates starts(b.p);
    for (int ask = 0; ask < 5; ++ask) {
      std::vector<char> active(b.p.constraints.size());
      for (auto& a : active) a = static_cast<char>(rng() % 2);
      hints::State want = hints::State::from_program(b.p, &active);
      hints::State got = starts.from(active);
      BOOST_TEST_CONTEXT("round " << round << " ask " << ask) {
        for (ir::VarId v = 0; v < n; ++v) {
          BOOST_TEST(got.candidates(v) == want.candidates(v));
          BOOST_TEST(got.placed(v) == want.placed(v));
          fixed_seen += want.placed(v);
        }
      }
    }
  }
  BOOST_TEST(fixed_seen > 50);
}

// A puzzle without a solution: its givens fix x1 = 1 and x2 = 1, and a rule wants exactly
// one of them to be 1. Every cell is fixed from the start, but the trace is not solved: it
// names the broken rule (a trace that called such a grid solved printed it as the answer).
BOOST_AUTO_TEST_CASE(a_trace_of_contradicting_givens_is_not_solved) {
  Builder b = vars(2, 2);
  b.count({{0, 1, true}}, true, 0, 0);  // given: x1 = 1
  b.count({{1, 1, true}}, true, 0, 0);  // given: x2 = 1
  b.count({{0, 1, true}, {1, 1, true}}, false, 1, 1);
  hints::HintEngine engine(b.p);
  hints::Trace t = engine.solve(hints::State::from_program(b.p));
  BOOST_TEST(!t.solved);
  BOOST_TEST(t.broken == std::vector<int>{2});
  // The same rule with one given fewer: solved, nothing broken.
  Builder c = vars(2, 2);
  c.count({{0, 1, true}}, true, 0, 0);
  c.count({{0, 1, true}, {1, 1, true}}, false, 1, 1);
  hints::HintEngine engine2(c.p);
  hints::Trace fine = engine2.solve(hints::State::from_program(c.p));
  BOOST_TEST(fine.solved);
  BOOST_TEST(fine.broken.empty());
}

BOOST_AUTO_TEST_SUITE_END()
