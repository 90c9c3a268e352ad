// Tests for the semantic clue analysis (runtime/metrics/semantic) on hand-built IR,
// with the brute-force oracle: hand-computed banned sets, and enumeration against
// entailment on random clue sets.
#include "runtime/metrics/semantic.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

#include "runtime/ir/builder.hpp"
#include "runtime/metrics/choose.hpp"

using namespace pzc;
using namespace pzc::ir;

namespace {

VarId add_var(Program& p, const std::string& name, std::vector<Value> domain, ValueKind kind = ValueKind::Symbol) {
  p.vars.push_back(Variable{name, kind, std::move(domain), 0, {}, false, {}, {}, {}, {}});
  return static_cast<VarId>(p.vars.size() - 1);
}

void add_rule(Program& p, TermBuilder& /*b*/, const std::string& name, bool clue, std::vector<TermId> terms) {
  p.rules.push_back(RuleInfo{name, name, "test", 0, 0, clue});
  for (TermId t : terms) {
    Constraint c;
    c.kind = Kind::Expr;
    c.term = t;
    c.origin.rule = static_cast<std::int32_t>(p.rules.size() - 1);
    p.constraints.push_back(c);
  }
}

// `x op v`, op = or <>.
TermId cmp(TermBuilder& b, VarId x, bool eq, Value v) {
  return b.make(eq ? Op::Eq : Op::Ne, ValueKind::Bool, {b.var(x), b.constant(ValueKind::Symbol, v)});
}

TermId implies(TermBuilder& b, TermId a, TermId c) { return b.make(Op::Implies, ValueKind::Bool, {a, c}); }

// Three variables over {a, b, c}, a rule x <> y (18 candidates), and 2 to 1 + max_clues
// random implication clues between literals x = v or x <> v.
Program random_clues(metrics::Rng& rng, int max_clues) {
  Program p;
  p.symbols = {"a", "b", "c"};
  TermBuilder b(p);
  std::vector<VarId> xs{add_var(p, "x", {0, 1, 2}), add_var(p, "y", {0, 1, 2}), add_var(p, "z", {0, 1, 2})};
  add_rule(p, b, "x differs from y", false, {b.make(Op::Ne, ValueKind::Bool, {b.var(xs[0]), b.var(xs[1])})});
  const int clues = 2 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_clues)));
  for (int k = 0; k < clues; ++k) {
    auto lit = [&] { return cmp(b, xs[rng.below(3)], rng.below(2) == 0, static_cast<Value>(rng.below(3))); };
    TermId prem = lit(), conc = lit();
    add_rule(p, b, std::string("k").append(std::to_string(k)), true, {implies(b, prem, conc)});
  }
  return p;
}

constexpr Value kRed = 0, kGreen = 1, kBlue = 2;

// The car of seed 004: top and body in {red, green, blue}; candidate t = 3*top + body
// (the candidates are sorted lexicographically: (red,red), (red,green), ... (blue,blue)).
Program car(bool with_c3 = false) {
  Program p;
  p.symbols = {"red", "green", "blue"};
  TermBuilder b(p);
  VarId top = add_var(p, "top", {kRed, kGreen, kBlue});
  VarId body = add_var(p, "body", {kRed, kGreen, kBlue});
  // c1: top <> blue implies top = blue
  add_rule(p, b, "c1", true, {implies(b, cmp(b, top, false, kBlue), cmp(b, top, true, kBlue))});
  // c2: body <> blue implies top = green
  add_rule(p, b, "c2", true, {implies(b, cmp(b, body, false, kBlue), cmp(b, top, true, kGreen))});
  if (with_c3) {
    // c3: top = red implies top = blue -- the same as c1 (both say top <> red ... no:
    // c1 bans top in {red, green}; c3 bans top = red only), and c4: top = blue,
    // written as a plain fact: bans top in {red, green}, like c1.
    add_rule(p, b, "c3", true, {implies(b, cmp(b, top, true, kRed), cmp(b, top, true, kBlue))});
    add_rule(p, b, "c4", true, {cmp(b, top, true, kBlue)});
    // c5: body = red implies body = red bans nothing; c6: (top, body) <> (green, blue)
    // written as top = green implies body <> blue bans exactly (green, blue) = 5.
    add_rule(p, b, "c5", true, {implies(b, cmp(b, body, true, kRed), cmp(b, body, true, kRed))});
    add_rule(p, b, "c6", true, {implies(b, cmp(b, top, true, kGreen), cmp(b, body, false, kBlue))});
  }
  return p;
}

std::vector<std::size_t> idx(std::initializer_list<std::size_t> l) { return l; }

}  // namespace

BOOST_AUTO_TEST_SUITE(semantic)

BOOST_AUTO_TEST_CASE(car_by_hand) {
  Program p = car();
  metrics::BruteForceOracle oracle(p);
  auto s = metrics::analyse(p, oracle);
  BOOST_TEST(static_cast<int>(s.method) == static_cast<int>(metrics::Method::Enumerate));
  BOOST_TEST(s.candidates == 9u);
  // c1 is false exactly when top <> blue: it bans top = red (0,1,2) and top = green (3,4,5).
  BOOST_TEST(s.clues[0].banned_candidates == idx({0, 1, 2, 3, 4, 5}), boost::test_tools::per_element());
  // c2 is false when body <> blue and top <> green: top in {red, blue}, body in {red, green}:
  // (red,red)=0 (red,green)=1 (blue,red)=6 (blue,green)=7.
  BOOST_TEST(s.clues[1].banned_candidates == idx({0, 1, 6, 7}), boost::test_tools::per_element());
  // Only (blue, blue) = 8 survives: the unique solution.
  BOOST_TEST(s.unbanned == idx({8}), boost::test_tools::per_element());
  BOOST_TEST(s.unique());
  BOOST_TEST(s.solution_list.at(0) == (Assignment{kBlue, kBlue}), boost::test_tools::per_element());
  // Semantic metrics: nothing bans nothing or exactly one; the banned sets differ (no
  // equivalents); c1 alone bans (green, *) = 3,4,5 and c2 alone bans 6,7: both indispensable.
  BOOST_TEST(s.banning_nothing() == 0);
  BOOST_TEST(s.banning_exactly_one() == 0);
  BOOST_TEST(s.with_equivalents() == 0);
  BOOST_TEST(s.indispensable() == 2);
  BOOST_TEST(s.redundant() == 0);
}

BOOST_AUTO_TEST_CASE(car_extended_by_hand) {
  Program p = car(true);
  metrics::BruteForceOracle oracle(p);
  auto s = metrics::analyse(p, oracle);
  // c3 bans top = red: 0,1,2. c4 bans top <> blue: 0..5, like c1. c5 bans nothing.
  // c6 bans (green, blue) = 5 only.
  BOOST_TEST(s.clues[2].banned_candidates == idx({0, 1, 2}), boost::test_tools::per_element());
  BOOST_TEST(s.clues[3].banned_candidates == idx({0, 1, 2, 3, 4, 5}), boost::test_tools::per_element());
  BOOST_TEST(s.clues[4].banned_candidates.empty());
  BOOST_TEST(s.clues[5].banned_candidates == idx({5}), boost::test_tools::per_element());
  BOOST_TEST(s.clues[0].equivalents == idx({3}), boost::test_tools::per_element());
  BOOST_TEST(s.clues[3].equivalents == idx({0}), boost::test_tools::per_element());
  BOOST_TEST(s.banning_nothing() == 1);
  BOOST_TEST(s.banning_exactly_one() == 1);
  BOOST_TEST(s.with_equivalents() == 2);
  // Candidates banned by one clue only: 6, 7 (by c2). 3, 4 are banned by c1 and c4; 5 by
  // c1, c4, c6. So only c2 is indispensable.
  BOOST_TEST(s.indispensable() == 1);
  BOOST_TEST(s.clues[1].indispensable);
  BOOST_TEST(s.redundant() == 5);
  BOOST_TEST(s.unique());
}

// The entailment questions answer like enumeration, on random implication clues over
// three variables with a rule (x <> y).
BOOST_AUTO_TEST_CASE(entailment_agrees_with_enumeration) {
  metrics::Rng rng(7);
  for (int round = 0; round < 60; ++round) {
    Program p = random_clues(rng, 5);
    metrics::BruteForceOracle oracle(p);
    metrics::Options enumerate, entail;
    enumerate.method = metrics::Method::Enumerate;
    entail.method = metrics::Method::Entail;
    auto a = metrics::analyse(p, oracle, enumerate);
    auto e = metrics::analyse(p, oracle, entail);
    BOOST_TEST(a.candidates == 18u);  // 3*3 - 3 (x = y) = 6 pairs, times 3 for z
    BOOST_REQUIRE(a.clues.size() == e.clues.size());
    for (std::size_t k = 0; k < a.clues.size(); ++k) {
      BOOST_TEST(a.clues[k].bans_nothing == e.clues[k].bans_nothing);
      BOOST_TEST(a.clues[k].bans_exactly_one == e.clues[k].bans_exactly_one);
      BOOST_TEST(a.clues[k].indispensable == e.clues[k].indispensable);
      BOOST_TEST(a.clues[k].equivalents == e.clues[k].equivalents, boost::test_tools::per_element());
      BOOST_TEST(std::min<std::uint64_t>(a.clues[k].banned, 2) == e.clues[k].banned);
    }
    BOOST_TEST(std::min<std::uint64_t>(a.solutions, 2) == e.solutions);
    BOOST_TEST(a.unique() == e.unique());
  }
}

// Enumeration streams the candidates: without the lists (Options::list_values 0) every
// count, flag, equivalence and solution is the one computed with them, and no candidate
// is kept.
BOOST_AUTO_TEST_CASE(enumeration_without_the_lists_agrees) {
  metrics::Rng rng(11);
  for (int round = 0; round < 60; ++round) {
    Program p = random_clues(rng, 6);
    metrics::BruteForceOracle oracle(p);
    metrics::Options listed, unlisted;
    listed.method = unlisted.method = metrics::Method::Enumerate;
    unlisted.list_values = 0;
    auto a = metrics::analyse(p, oracle, listed);
    auto u = metrics::analyse(p, oracle, unlisted);
    BOOST_TEST(a.listed);
    BOOST_TEST(!u.listed);
    BOOST_TEST(u.candidate_list.empty());
    BOOST_TEST(u.unbanned.empty());
    BOOST_TEST(a.candidates == 18u);
    BOOST_TEST(a.candidate_list.size() == 18u);
    BOOST_TEST(u.candidates == a.candidates);
    BOOST_TEST(a.unbanned_count == a.unbanned.size());
    BOOST_TEST(u.unbanned_count == a.unbanned_count);
    BOOST_TEST(u.solutions == a.solutions);
    BOOST_TEST(u.solutions_exact == a.solutions_exact);
    BOOST_TEST(u.solution_list == a.solution_list);
    // The solutions listed are the first unbanned candidates in order.
    for (std::size_t i = 0; i < a.solution_list.size(); ++i)
      BOOST_TEST(a.solution_list[i] == a.candidate_list.at(a.unbanned.at(i)), boost::test_tools::per_element());
    BOOST_REQUIRE(u.clues.size() == a.clues.size());
    for (std::size_t k = 0; k < a.clues.size(); ++k) {
      BOOST_TEST_CONTEXT("round " << round << ", clue " << k) {
        BOOST_TEST(a.clues[k].banned == a.clues[k].banned_candidates.size());
        BOOST_TEST(u.clues[k].banned_candidates.empty());
        BOOST_TEST(u.clues[k].banned == a.clues[k].banned);
        BOOST_TEST(u.clues[k].bans_nothing == a.clues[k].bans_nothing);
        BOOST_TEST(u.clues[k].bans_exactly_one == a.clues[k].bans_exactly_one);
        BOOST_TEST(u.clues[k].indispensable == a.clues[k].indispensable);
        BOOST_TEST(u.clues[k].equivalents == a.clues[k].equivalents, boost::test_tools::per_element());
        // Equivalent clues are exactly those with the same banned list.
        for (std::size_t j = 0; j < a.clues.size(); ++j)
          if (j != k)
            BOOST_TEST((a.clues[j].banned_candidates == a.clues[k].banned_candidates) ==
                       (std::count(a.clues[k].equivalents.begin(), a.clues[k].equivalents.end(), j) == 1));
      }
    }
  }
}

// The lists are kept while candidates x variables x clues is at most list_values.
BOOST_AUTO_TEST_CASE(listing_budget) {
  Program p = car();  // 9 candidates, 2 variables, 2 clues: 36 values at most
  metrics::BruteForceOracle oracle(p);
  metrics::Options o;
  o.list_values = 36;
  auto at = metrics::analyse(p, oracle, o);
  BOOST_TEST(at.listed);
  BOOST_TEST(at.candidate_list.size() == 9u);
  o.list_values = 35;
  auto below = metrics::analyse(p, oracle, o);
  BOOST_TEST(!below.listed);
  BOOST_TEST(below.candidate_list.empty());
  BOOST_TEST(below.candidates == 9u);
  BOOST_TEST(below.unbanned_count == 1u);
  BOOST_TEST(below.unique());
  BOOST_TEST(below.indispensable() == 2);
}

BOOST_AUTO_TEST_CASE(clue_without_constraints_and_helpers) {
  Program p = car();
  p.rules.push_back(RuleInfo{"empty", "", "test", 0, 0, true});  // a clue that grounded to nothing
  auto clues = metrics::clues_of(p);
  BOOST_TEST(clues.size() == 3u);
  BOOST_TEST(clues[2].constraints.empty());
  BOOST_TEST(metrics::rule_constraints(p).empty());
  BOOST_TEST(metrics::domain_product(p) == 9u);
  metrics::BruteForceOracle oracle(p);
  metrics::Options entail;
  entail.method = metrics::Method::Entail;
  auto s = metrics::analyse(p, oracle, entail);
  BOOST_TEST(s.clues[2].bans_nothing);
  BOOST_TEST(!s.clues[2].indispensable);
  BOOST_TEST(s.unique());
}

BOOST_AUTO_TEST_SUITE_END()
