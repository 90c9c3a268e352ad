// The auto mode's portfolio (native engine and Z3 racing in two threads) answers solve and
// unique like each engine alone, on unique, not-unique and unsatisfiable instances, and
// count with the native engine's count.
#include <boost/test/unit_test.hpp>

#include <atomic>

#include "compiler/driver/commands.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"

namespace {

using pzc::driver::Answer;
using pzc::driver::CommonOptions;
using pzc::driver::Job;

std::string root() { return PZC_SOURCE_DIR; }

// A grounded program (the session owns it).
struct Grounded {
  pzc::driver::Session s;
  const pzc::ir::Program& program() const { return *s.program; }
};

void ground(Grounded& g, const std::string& spec, const std::string& instance, const std::vector<std::string>& givens = {}) {
  bool ok = g.s.load_spec(root() + "/" + spec) && g.s.select_instance(instance.empty() ? "" : root() + "/" + instance);
  for (const auto& x : givens) ok = ok && g.s.add_given(x);
  ok = ok && g.s.ground();
  BOOST_REQUIRE_MESSAGE(ok, g.s.render_diagnostics());
}

CommonOptions with_engine(const std::string& engine) {
  CommonOptions o;
  o.engine = engine;
  return o;
}

bool valid(const pzc::ir::Program& p, const Answer& a) {
  for (const auto& sol : a.solutions)
    if (!pzc::ir::violated_constraints(p, sol).empty()) return false;
  return true;
}

enum class Expect { Unique, NotUnique, Unsat };

// unique and solve by the native engine alone, Z3 alone, the portfolio with both engines
// started at once (no head start) and the default auto mode: same statuses, same unique
// solution; two distinct valid solutions when not unique.
void check_agree(const pzc::ir::Program& p, Expect expect) {
  const auto want = expect == Expect::Unsat ? Answer::Status::Unsat : Answer::Status::Sat;
  for (Job job : {Job::Unique, Job::Solve}) {
    BOOST_TEST_CONTEXT((job == Job::Unique ? "unique" : "solve")) {
      Answer native = pzc::driver::run_job(with_engine("native"), p, job, 2);
      Answer z3 = pzc::driver::run_job(with_engine("z3"), p, job, 2);
      Answer race = pzc::driver::run_portfolio(with_engine("auto"), p, job, 0.0);
      Answer dflt = pzc::driver::run_job(with_engine("auto"), p, job, 2);
      BOOST_TEST(native.engine == "native");
      BOOST_TEST(z3.engine == "z3");
      BOOST_TEST((race.engine == "native (portfolio)" || race.engine == "z3 (portfolio)"), race.engine);
      for (const Answer* a : {&native, &z3, &race, &dflt}) {
        BOOST_TEST_CONTEXT(a->engine) {
          BOOST_TEST((a->status == want));
          BOOST_TEST(valid(p, *a));
          std::size_t n = expect == Expect::Unsat ? 0 : job == Job::Solve || expect == Expect::Unique ? 1 : 2;
          BOOST_TEST(a->solutions.size() == n);
          if (n == 2) BOOST_TEST((a->solutions[0] != a->solutions[1]));
          // A unique solution is the same whichever engine found it.
          if (expect == Expect::Unique && n == 1) BOOST_TEST((a->solutions[0] == native.solutions[0]));
        }
      }
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(portfolio)

BOOST_AUTO_TEST_CASE(abc_unique) {
  Grounded g;
  ground(g, "puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz");
  check_agree(g.program(), Expect::Unique);
}

BOOST_AUTO_TEST_CASE(abc_not_unique) {
  Grounded g;
  ground(g, "puzzles/abc/abc.pz", "",
         {"n=4", "letters={A,B,C}", "top=\"A...\"", "bottom=\"....\"", "left=\"....\"", "right=\"....\""});
  check_agree(g.program(), Expect::NotUnique);
}

BOOST_AUTO_TEST_CASE(lightup_unique_and_not_unique) {
  Grounded a;
  ground(a, "puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_a.lightup");
  check_agree(a.program(), Expect::Unique);
  Grounded b;
  ground(b, "puzzles/lightup/lightup.pz", "", {"board=\"..#../...../#...#/...../.#...\""});
  check_agree(b.program(), Expect::NotUnique);
}

BOOST_AUTO_TEST_CASE(lightup_unsat) {
  // A 4 in a corner has only two neighbours for its four lights.
  Grounded g;
  ground(g, "puzzles/lightup/lightup.pz", "", {"board=\"4..../...../...../...../.....\""});
  check_agree(g.program(), Expect::Unsat);
}

BOOST_AUTO_TEST_CASE(sudoku_unique) {
  Grounded g;
  ground(g, "puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_basic.pz");
  check_agree(g.program(), Expect::Unique);
}

BOOST_AUTO_TEST_CASE(z3_wins_and_the_native_engine_is_stopped) {
  // Without ordering or propagation the native engine needs far longer than Z3 on this
  // 8x8 board; the portfolio returns Z3's answer, which needs the native thread stopped.
  Grounded g;
  ground(g, "puzzles/abc/abc.pz", "puzzles/abc/abc_8x8_c.pz");
  CommonOptions o = with_engine("auto");
  o.order = "none";
  o.check = "none";
  Answer race = pzc::driver::run_portfolio(o, g.program(), Job::Unique, 0.0);
  Answer z3 = pzc::driver::run_job(with_engine("z3"), g.program(), Job::Unique, 2);
  BOOST_TEST(race.engine == "z3 (portfolio)");
  BOOST_TEST((race.status == Answer::Status::Sat));
  BOOST_REQUIRE(race.solutions.size() == 1u);
  BOOST_TEST((race.solutions == z3.solutions));
  // count too: the one solution, counted by Z3 first.
  Answer counted = pzc::driver::run_portfolio(o, g.program(), Job::Count, 0.0, 0);
  BOOST_TEST(counted.engine == "z3 (portfolio)");
  BOOST_TEST(counted.count == "1");
  BOOST_TEST(counted.exact);
}

BOOST_AUTO_TEST_CASE(stop_flag_and_interrupt) {
  Grounded g;
  ground(g, "puzzles/abc/abc.pz", "puzzles/abc/abc_8x8_c.pz");
  // A stop flag already set: the native engine gives up at its first node.
  std::atomic<bool> stop{true};
  pzc::engine::SearchOptions so;
  so.stop = &stop;
  auto r = pzc::engine::unique(g.program(), so);
  BOOST_TEST((r.status == pzc::engine::Status::Unknown));
  BOOST_TEST(r.reason == "stopped");
  BOOST_TEST(r.stats.nodes == 1u);
  // Interrupted before the query: Z3 answers unknown, "interrupted", without solving.
  pzc::z3lower::Z3Backend backend(g.program());
  backend.interrupt();
  auto u = backend.unique();
  BOOST_TEST((u.status == pzc::z3lower::Status::Unknown));
  BOOST_TEST(u.unknown_reason == "interrupted");
  BOOST_TEST(!u.first.has_value());
}

// count: the first exact count wins; Z3 gives up past kPortfolioZ3CountCap solutions and
// the native engine counts on alone; a --limit reached is an answer from either engine.
BOOST_AUTO_TEST_CASE(count_race) {
  Grounded small;  // an empty 5x5 Light Up: 5! placements, below Z3's cap
  ground(small, "puzzles/lightup/lightup.pz", "", {"board=\"...../...../...../...../.....\""});
  Answer a = pzc::driver::run_portfolio(with_engine("auto"), small.program(), Job::Count, 0.0, 0);
  BOOST_TEST(a.count == "120");
  BOOST_TEST(a.exact);
  BOOST_TEST((a.engine == "native (portfolio)" || a.engine == "z3 (portfolio)"), a.engine);

  Grounded large;  // 7! = 5040 placements, past Z3's cap of 1000
  ground(large, "puzzles/lightup/lightup.pz", "",
         {"board=\"......./......./......./......./......./......./.......\""});
  static_assert(pzc::driver::kPortfolioZ3CountCap < 5040);
  Answer b = pzc::driver::run_portfolio(with_engine("auto"), large.program(), Job::Count, 0.0, 0);
  BOOST_TEST(b.count == "5040");
  BOOST_TEST(b.exact);
  BOOST_TEST(b.engine == "native (portfolio)");
  // A --limit below the count: "more than 100" answers, whichever engine says it first.
  Answer c = pzc::driver::run_portfolio(with_engine("auto"), large.program(), Job::Count, 0.0, 100);
  BOOST_TEST(c.count == "100");
  BOOST_TEST(!c.exact);
  BOOST_TEST(c.reason == "limit");
  Answer z = pzc::driver::run_job(with_engine("z3"), large.program(), Job::Count, 100);
  BOOST_TEST(z.reason == "limit");  // the same reason as the native engine's
  BOOST_TEST(!z.exact);
}

// auto runs the portfolio, except on a program with a variable of more values than Z3's
// one Boolean per value suits: the native engine alone (Einstein's puzzle over 1..100000:
// the portfolio took 3.6 GB and no answer in 100 s, the native engine 42 s).
BOOST_AUTO_TEST_CASE(auto_is_native_alone_past_kPortfolioMaxZ3Values) {
  auto program_with = [](std::size_t values) {
    pzc::ir::Program p;
    std::vector<pzc::ir::Value> domain(values);
    for (std::size_t i = 0; i < values; ++i) domain[i] = static_cast<pzc::ir::Value>(i + 1);
    p.vars.push_back(pzc::ir::Variable{"small", pzc::ir::ValueKind::Int, {1, 2, 3}, 0, {}, false, {}, {}, {}, {}});
    p.vars.push_back(pzc::ir::Variable{"x", pzc::ir::ValueKind::Int, domain, 0, {}, false, {}, {}, {}, {}});
    return p;
  };
  const auto at_cap = program_with(pzc::driver::kPortfolioMaxZ3Values);
  const auto past_cap = program_with(pzc::driver::kPortfolioMaxZ3Values + 1);
  BOOST_TEST(pzc::driver::pick_engine(with_engine("auto"), at_cap) == "portfolio");
  BOOST_TEST(pzc::driver::pick_engine(with_engine("auto"), past_cap) == "native");
  BOOST_TEST(pzc::driver::pick_engine(with_engine("z3"), past_cap) == "z3");  // asked for: as asked
  BOOST_TEST(pzc::driver::pick_engine(with_engine("native"), at_cap) == "native");
}

BOOST_AUTO_TEST_SUITE_END()
