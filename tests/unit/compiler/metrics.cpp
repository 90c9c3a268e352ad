// End-to-end tests for the clue metrics (seed 004): the car puzzle against values
// computed by hand, syntactic metrics on small specs, Z3 against brute force on Zebra3,
// and the Einstein puzzle by entailment.
#include <limits>

#include <boost/test/unit_test.hpp>

#include "compiler/driver/metrics_command.hpp"
#include "compiler/front/metrics/syntactic.hpp"
#include "runtime/ir/print.hpp"
#include "runtime/metrics/semantic.hpp"
#include "tests/unit/compiler/test_support.hpp"

namespace pm = pzc::metrics;
using pzc::driver::Session;

namespace {

std::unique_ptr<Session> load(const std::string& rel, bool include_clues = true) {
  auto s = std::make_unique<Session>();
  bool ok = s->load_spec(std::string(PZC_SOURCE_DIR) + "/" + rel) && s->select_instance("") && s->ground(include_clues);
  BOOST_REQUIRE_MESSAGE(ok, s->render_diagnostics());
  return s;
}

// The value of entry `key` of the Map var group `group`.
pzc::ir::Value map_value(const pzc::ir::Program& p, const pzc::ir::Assignment& a, const std::string& group,
                         const std::string& key) {
  for (const auto& g : p.groups)
    if (g.name == group)
      for (std::size_t i = 0; i < g.keys.size(); ++i)
        if (g.keys[i] == key) return a.at(static_cast<std::size_t>(g.first) + i);
  BOOST_FAIL("no entry " + group + "[" + key + "]");
  return 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(metrics)

BOOST_AUTO_TEST_CASE(car_seven_metrics_by_hand) {
  auto s = load("puzzles/clues/car.pz");
  auto rep = pzc::driver::analyse_puzzle(*s, {}, {});
  const auto& sem = rep.semantics;
  BOOST_TEST(sem.candidates == 9u);
  BOOST_TEST(sem.unbanned.size() == 1u);  // exactly one of the nine things is not banned
  BOOST_TEST(sem.unique());
  BOOST_TEST(pzc::ir::draw_assignment(*s->program, sem.solution_list.at(0)) == "top = blue\nbody = blue\n");
  BOOST_REQUIRE(rep.clues.size() == 2u);
  // c1 `top <> blue implies top = blue`: bans the 6 things with top in {red, green}.
  // c2 `body <> blue implies top = green`: bans top in {red, blue} x body in {red, green}: 4.
  BOOST_TEST(rep.clues[0].semantics.banned == 6u);
  BOOST_TEST(rep.clues[1].semantics.banned == 4u);
  // Per clue, the seven metrics in the seed's order:
  //  c1: 1 negation (the premise's <>), a ground fact, same property (top, top),
  //      bans 6 (not 0, not 1), no equivalent, indispensable (only it bans (green, *)).
  //  c2: 1 negation, no ground fact, different properties (body, top), bans 4, no
  //      equivalent, indispensable (only it bans (blue, red) and (blue, green)).
  std::array<int, 7> c1{1, 1, 0, 0, 0, 0, 1}, c2{1, 0, 1, 0, 0, 0, 1}, total{2, 1, 1, 0, 0, 0, 2};
  BOOST_TEST(rep.clues[0].seven == c1, boost::test_tools::per_element());
  BOOST_TEST(rep.clues[1].seven == c2, boost::test_tools::per_element());
  BOOST_TEST(rep.seven == total, boost::test_tools::per_element());
  BOOST_TEST(rep.clues[0].sum == 3);
  BOOST_TEST(rep.clues[1].sum == 3);
  BOOST_TEST(rep.sum == 6);
  BOOST_TEST(rep.clues[0].simple == "top = blue");
  BOOST_TEST(rep.clues[0].written == "top <> blue implies top = blue");
  BOOST_TEST(pzc::driver::compact_clue(*rep.clues[1].syntax.rule->body) == "body<>blue => top=green");
}

BOOST_AUTO_TEST_CASE(syntactic_metrics) {
  pzc::test::Compiled c;
  pzc::test::compile(c, R"(puzzle P
  enum Color { red, green, blue }
  var top, body : Color
  var house : Map(Color) of 1..3
  clue a: not (top = red) implies top = red
  clue b: top = red implies body <> green and not (body = blue)
  clue c: top <> red implies body = red
  clue d: house[red] = 1 implies house[green] = 2
  clue e: house[red] = 1 implies house[red] <> 2
  clue f: top = body
  clue g: top <> green implies top = blue
end
)", false);
  BOOST_REQUIRE_MESSAGE(!c.diags.has_errors(), c.errors());
  auto s = pm::clue_syntax(c.checked);
  BOOST_REQUIRE(s.size() == 7u);
  // a: `not A implies A` is the fact A; one negation.
  BOOST_TEST(s[0].ground_fact);
  BOOST_TEST(pzc::ast::to_string(*s[0].simple_form) == "(top = red)");
  BOOST_TEST(s[0].negations == 1);
  BOOST_TEST(!s[0].different_properties);
  // b: `<>` and `not`: 2 negations; premise about top, conclusion about body.
  BOOST_TEST(s[1].negations == 2);
  BOOST_TEST(!s[1].ground_fact);
  BOOST_TEST(s[1].different_properties);
  BOOST_TEST(s[1].size == 12);  // implies(=(top,red), and(<>(body,green), not(=(body,blue)))): 12 nodes
  BOOST_TEST(s[2].negations == 1);
  BOOST_TEST(s[2].different_properties);
  // d: entries of one Map at different keys are different properties; e: the same one.
  BOOST_TEST(s[3].different_properties);
  BOOST_TEST(s[3].premise_properties == std::vector<std::string>{"house[red]"}, boost::test_tools::per_element());
  BOOST_TEST(!s[4].different_properties);
  BOOST_TEST(!s[4].ground_fact);
  // f is no implication: no premise and conclusion to compare.
  BOOST_TEST(!s[5].implication);
  BOOST_TEST(!s[5].different_properties);
  // g: `top <> green implies top = blue` is not `not A implies A` (different values).
  BOOST_TEST(!s[6].ground_fact);
  BOOST_TEST(s[6].negations == 1);
}

// The solvers answer like brute force on Zebra3: enumeration by the native engine and by
// Z3, entailment by Z3.
BOOST_AUTO_TEST_CASE(zebra3_z3_agrees_with_brute_force) {
  auto s = load("puzzles/clues/zebra3.pz");
  const auto& p = *s->program;
  pm::BruteForceOracle brute(p);
  pzc::driver::SolverOracle z3(p);
  pzc::driver::SolverOracle by_z3(p, {}, pzc::driver::SolverOracle::Enumerator::Z3);
  pm::Options enumerate, entail;
  enumerate.method = pm::Method::Enumerate;
  entail.method = pm::Method::Entail;
  auto b = pm::analyse(p, brute, enumerate);
  auto ze = pm::analyse(p, z3, enumerate);
  auto zz = pm::analyse(p, by_z3, enumerate);
  auto zi = pm::analyse(p, z3, entail);
  BOOST_TEST(b.candidates == 216u);  // 3! ways for each of the three attributes
  BOOST_TEST(ze.candidates == b.candidates);
  BOOST_TEST(ze.candidate_list == b.candidate_list);
  BOOST_TEST(zz.candidate_list == b.candidate_list);
  BOOST_TEST(b.unique());
  BOOST_TEST(zi.unique());
  BOOST_TEST(zi.solution_list.at(0) == b.solution_list.at(0), boost::test_tools::per_element());
  BOOST_REQUIRE(b.clues.size() == 7u);
  for (std::size_t k = 0; k < b.clues.size(); ++k) {
    BOOST_TEST_CONTEXT("clue " << b.clues[k].name) {
      BOOST_TEST(ze.clues[k].banned_candidates == b.clues[k].banned_candidates, boost::test_tools::per_element());
      BOOST_TEST(zz.clues[k].banned_candidates == b.clues[k].banned_candidates, boost::test_tools::per_element());
      BOOST_TEST(zi.clues[k].indispensable == b.clues[k].indispensable);
      BOOST_TEST(zi.clues[k].equivalents == b.clues[k].equivalents, boost::test_tools::per_element());
      BOOST_TEST(zi.clues[k].bans_nothing == b.clues[k].bans_nothing);
      BOOST_TEST(zi.clues[k].bans_exactly_one == b.clues[k].bans_exactly_one);
    }
  }
  // Indispensable means: without the clue, a second solution appears (brute force).
  for (std::size_t k = 0; k < b.clues.size(); ++k) {
    pm::Query q;
    for (std::size_t c = 0; c < p.constraints.size(); ++c)
      if (p.constraints[c].origin.rule != b.clues[k].rule) q.keep.push_back(static_cast<int>(c));
    BOOST_TEST((brute.count(q, 2).count == 2) == b.clues[k].indispensable);
  }
}

// The native enumeration passes the models on as it finds them, and says whether it
// passed all of them: a limit below the count is not exact, one at or above it is, and a
// callback that stops it makes it not exact.
BOOST_AUTO_TEST_CASE(native_enumeration_limits) {
  auto s = load("puzzles/clues/zebra3.pz");
  const auto& p = *s->program;
  pzc::driver::SolverOracle oracle(p);
  const pm::Query rules{pm::rule_constraints(p), {}};
  std::uint64_t seen = 0;
  auto count_them = [&](const pzc::ir::Assignment&) {
    ++seen;
    return true;
  };
  for (std::uint64_t limit : {std::uint64_t{216}, std::uint64_t{1000}, std::numeric_limits<std::uint64_t>::max()}) {
    seen = 0;
    auto c = oracle.enumerate(rules, limit, count_them);
    BOOST_TEST(c.count == 216u);
    BOOST_TEST(c.exact);
    BOOST_TEST(seen == 216u);
  }
  seen = 0;
  auto below = oracle.enumerate(rules, 215, count_them);
  BOOST_TEST(below.count == 215u);
  BOOST_TEST(!below.exact);
  BOOST_TEST(seen == 215u);
  seen = 0;
  auto stopped = oracle.enumerate(rules, 1000, [&](const pzc::ir::Assignment&) { return ++seen < 3; });
  BOOST_TEST(stopped.count == 3u);
  BOOST_TEST(!stopped.exact);
  BOOST_TEST(seen == 3u);
}

BOOST_AUTO_TEST_CASE(einstein_by_entailment) {
  auto s = load("puzzles/clues/einstein.pz");
  const auto& p = *s->program;
  auto rep = pzc::driver::analyse_puzzle(*s, {}, {});
  const auto& sem = rep.semantics;
  BOOST_TEST(static_cast<int>(sem.method) == static_cast<int>(pm::Method::Entail));
  BOOST_REQUIRE(sem.unique());
  const auto& a = sem.solution_list[0];
  // The known answer: the Norwegian drinks water, the Japanese owns the zebra.
  BOOST_TEST(map_value(p, a, "drink", "water") == map_value(p, a, "nation", "Norwegian"));
  BOOST_TEST(map_value(p, a, "pet", "zebra") == map_value(p, a, "nation", "Japanese"));
  // Each clue's indispensability against an independent question: the program without
  // that clue has a second solution.
  std::vector<std::string> indispensable;
  for (const auto& c : rep.clues) {
    pzc::ir::Program without = p;
    std::erase_if(without.constraints, [&](const pzc::ir::Constraint& k) { return k.origin.rule == c.semantics.rule; });
    pzc::z3lower::Z3Backend backend(without);
    auto u = backend.unique();
    BOOST_TEST_CONTEXT("clue " << c.name) { BOOST_TEST(c.semantics.indispensable == !u.unique); }
    if (c.semantics.indispensable) indispensable.push_back(c.name);
  }
  BOOST_TEST_MESSAGE("Einstein's indispensable clues: " << indispensable.size());
  // All fourteen are: leaving out any one admits a second solution (checked above by a
  // separate uniqueness question for each).
  std::vector<std::string> all{"c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13", "c14", "c15"};
  BOOST_TEST(indispensable == all, boost::test_tools::per_element());
  // No clue of Einstein's is a tautology under the rules, nor bans only one candidate.
  BOOST_TEST(rep.seven[3] == 0);
  BOOST_TEST(rep.seven[4] == 0);
}

BOOST_AUTO_TEST_SUITE_END()
