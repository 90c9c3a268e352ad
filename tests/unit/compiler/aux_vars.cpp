// `aux var`: auxiliary variables are part of how the rules are stated, not of the answer.
// Solutions differing only in them are one solution, for the native engine (count,
// unique, solve), Z3 (count, unique, confirm) and the hint runtime (solved); checked
// against brute force on random programs and on Tents, whose tree-tent matching is one.
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <set>

#include "compiler/driver/session.hpp"
#include "compiler/front/ast/ast.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/hints/hints.hpp"
#include "tests/unit/compiler/test_support.hpp"
#include "tests/unit/engine/programs.hpp"

using namespace pzc;

namespace {

// The assignment restricted to the variables that are not aux.
ir::Assignment projection(const ir::Program& p, const ir::Assignment& a) {
  ir::Assignment out;
  for (std::size_t v = 0; v < a.size(); ++v)
    if (!p.vars[v].aux) out.push_back(a[v]);
  return out;
}

// The distinct projections of every complete assignment satisfying every constraint.
std::set<ir::Assignment> brute_projections(const ir::Program& p) {
  engine::Domains d(p);
  std::vector<ir::VarId> all;
  for (ir::VarId v = 0; v < static_cast<ir::VarId>(p.vars.size()); ++v) all.push_back(v);
  std::set<ir::Assignment> out;
  engine::test::for_each_assignment(p, d, all, [&](const ir::Assignment& a) {
    if (engine::test::satisfies_all(p, a)) out.insert(projection(p, a));
  });
  return out;
}

struct Loaded {
  driver::Session s;
};

void load(Loaded& l, const std::string& spec, const std::string& instance) {
  const std::string root = PZC_SOURCE_DIR;
  bool ok = l.s.load_spec(root + "/" + spec) && l.s.select_instance(root + "/" + instance) && l.s.ground();
  BOOST_REQUIRE_MESSAGE(ok, l.s.render_diagnostics());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(aux_vars)

BOOST_AUTO_TEST_CASE(parses_and_prints_and_aux_is_not_reserved) {
  test::Compiled c;
  test::compile(c, R"(puzzle P
  def aux = 2
  var x : 1..3
  aux var y, z : Seq(2) of 0..aux
  rule sum: x = y[1] + z[2]
end
)");
  BOOST_REQUIRE_MESSAGE(!c.diags.has_errors(), c.errors());
  const auto& decls = c.module->puzzles[0].decls;
  int aux = 0, plain = 0;
  for (const auto& d : decls)
    if (const auto* v = std::get_if<ast::VarDecl>(&d)) (v->aux ? aux : plain)++;
  BOOST_TEST(aux == 1);
  BOOST_TEST(plain == 1);
  BOOST_REQUIRE(c.program);
  int aux_vars = 0;
  for (const auto& v : c.program->vars) aux_vars += v.aux;
  BOOST_TEST(aux_vars == 4);
  for (const auto& g : c.program->groups) BOOST_TEST(g.aux == (g.name != "x"));
  std::string printed = ast::to_string(*c.module);
  BOOST_TEST(printed.find("aux var y, z : Seq(2) of (0 .. aux)") != std::string::npos, printed);
  // `aux` before anything but `var` is an error, not a declaration.
  test::Compiled bad;
  test::compile(bad, "puzzle P\n  aux rule: true\nend\n");
  BOOST_TEST(bad.diags.has_errors());
}

// Random programs with a random part of the variables aux: the native engine's count,
// unique and solve, for every variable order and check, and Z3's count and unique, all
// tell solutions apart by the other variables only.
BOOST_AUTO_TEST_CASE(projection_matches_brute_force) {
  std::mt19937_64 rng(std::getenv("PZC_SEED") ? std::stoull(std::getenv("PZC_SEED")) : 7);
  int several = 0, merged = 0;
  for (int round = 0; round < 60; ++round) {
    engine::test::Maker m;
    int nvars = 3 + static_cast<int>(rng() % 4);
    engine::test::random_csp(m, rng, nvars, 2 + static_cast<int>(rng() % 4), 0, 2, 3);
    ir::Program& p = m.program();
    for (auto& v : p.vars) v.aux = rng() % 3 == 0;
    const std::set<ir::Assignment> expected = brute_projections(p);
    ir::Program full = p;
    for (auto& v : full.vars) v.aux = false;
    const std::uint64_t full_count = engine::test::brute_count(full);
    several += expected.size() >= 2;
    merged += full_count > expected.size();
    BOOST_TEST_CONTEXT("round " << round) {
      // (DomWdeg: unique() branches on the aux variables too, then blocks the first answer.)
      for (engine::Order order : {engine::Order::None, engine::Order::MrvDegree, engine::Order::DomWdeg})
        for (engine::Check check : {engine::Check::None, engine::Check::Forward, engine::Check::Ac3}) {
          engine::SearchOptions o;
          o.order = order;
          o.check = check;
          engine::SearchResult r = engine::count(p, o);
          BOOST_TEST(r.exact);
          BOOST_TEST(engine::to_string(r.count) == std::to_string(expected.size()));
          engine::SearchResult u = engine::unique(p, o);
          BOOST_TEST(u.solutions.size() == std::min<std::size_t>(expected.size(), 2));
          std::set<ir::Assignment> seen;
          for (const auto& a : u.solutions) {
            BOOST_TEST(engine::test::satisfies_all(p, a));
            seen.insert(projection(p, a));
          }
          BOOST_TEST(seen.size() == u.solutions.size());
          engine::SearchOptions so = o;
          so.solution_limit = 1000;
          engine::SearchResult all = engine::solve(p, so);
          BOOST_TEST(all.solutions.size() == expected.size());
        }
      z3lower::Z3Backend z3(p, {});
      auto zc = z3.count(1000);
      BOOST_TEST(zc.exact);
      BOOST_TEST(zc.count == expected.size());
      z3lower::Z3Backend z3u(p, {});
      auto zu = z3u.unique();
      if (!expected.empty()) {
        BOOST_TEST(zu.unique == (expected.size() == 1));
        if (zu.second) BOOST_TEST((projection(p, *zu.first) != projection(p, *zu.second)));
      }
    }
  }
  // The cases that matter: several answers, and answers with several aux completions.
  BOOST_TEST(several > 5);
  BOOST_TEST(merged > 5);
}

BOOST_AUTO_TEST_CASE(tents_ring_has_one_answer_and_two_matchings) {
  Loaded l;
  load(l, "puzzles/tents/tents.pz", "puzzles/tents/tents_3x3_ring.pz");
  const ir::Program& p = *l.s.program;
  engine::SearchResult n = engine::count(p, {});
  BOOST_TEST(engine::to_string(n.count) == "1");
  engine::SearchResult u = engine::unique(p, {});
  BOOST_REQUIRE(u.solutions.size() == 1u);
  z3lower::Z3Backend z3(p, {});
  BOOST_TEST(z3.count(10).count == 1u);
  // Z3's uniqueness proof for the answer, as generate makes it.
  z3lower::UniqueChecker checker(z3lower::Options{});
  auto cr = checker.confirm(p, u.solutions[0]);
  BOOST_TEST(cr.unique);
  // The same rules with the matching a plain var: two solutions, differing only there.
  ir::Program plain = p;
  for (auto& v : plain.vars) v.aux = false;
  BOOST_TEST(engine::to_string(engine::count(plain, {}).count) == "2");
  // The hint runtime solves it (tents placed) even though the matching stays open.
  hints::HintEngine he(p, {});
  hints::Trace t = he.solve(hints::State::from_program(p));
  BOOST_TEST(t.solved);
  // Tier-1 deductions about the matching are bookkeeping: applied, not shown as steps
  // (the ring has some: "own r1c2 is not Down"), by solve() and next() alike.
  BOOST_TEST(!t.hints.empty());
  for (const auto& h : t.hints) BOOST_TEST(!(p.vars[static_cast<std::size_t>(h.var)].aux && h.tier <= 1));
  hints::State s = hints::State::from_program(p);
  for (int k = 0; k < 20 && !s.solved(); ++k) {
    auto h = he.next(s);
    BOOST_REQUIRE(h);
    BOOST_TEST(!(p.vars[static_cast<std::size_t>(h->var)].aux && h->tier <= 1));
    hints::HintEngine::apply(s, *h);
  }
  BOOST_TEST(s.solved());
  // The answer's cells are named plainly, the matching's by the spec's `name` declaration.
  BOOST_TEST(hints::cell_name(p, 0) == "r1c1");
  BOOST_TEST(hints::cell_name(p, p.groups[1].first) == "the way to the tent of the tree at r1c2");
}

BOOST_AUTO_TEST_SUITE_END()
