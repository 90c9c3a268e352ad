// The native engine and Z3 count the same solutions on bundled puzzles (and a few small
// variants with missing clues, so the counts are above one).
#include <boost/test/unit_test.hpp>

#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"

namespace {

std::string root() { return PZC_SOURCE_DIR; }

struct Counts {
  std::string native;
  std::uint64_t z3 = 0;
  bool z3_exact = false;
};

Counts count_both(const std::string& spec, const std::string& instance, std::vector<std::string> givens = {}, int line = 1) {
  pzc::driver::Session s;
  s.line = line;
  bool ok = s.load_spec(root() + "/" + spec) && s.select_instance(instance.empty() ? "" : root() + "/" + instance);
  for (const auto& g : givens) ok = ok && s.add_given(g);
  ok = ok && s.ground();
  BOOST_REQUIRE_MESSAGE(ok, s.render_diagnostics());
  Counts c;
  pzc::engine::SearchOptions so;
  auto r = pzc::engine::count(*s.program, so);
  BOOST_REQUIRE(r.exact);
  c.native = pzc::engine::to_string(r.count);
  pzc::z3lower::Z3Backend z3(*s.program, {});
  auto zr = z3.count(100000);
  c.z3 = zr.count;
  c.z3_exact = zr.exact;
  return c;
}

void check(const Counts& c) {
  BOOST_TEST(c.z3_exact);
  BOOST_TEST(c.native == std::to_string(c.z3));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(engines_agree)

BOOST_AUTO_TEST_CASE(crosswords) {
  for (int line = 1; line <= 3; ++line) {
    BOOST_TEST_CONTEXT("slots line " << line) {
      Counts c = count_both("puzzles/crossword/crossword.pz", "puzzles/crossword/slots.txt",
                            {"words=@" + root() + "/puzzles/crossword/words_500.txt"}, line);
      check(c);
      BOOST_TEST(c.z3 > 0u);
    }
  }
  Counts distinct = count_both("puzzles/crossword/crossword.pz", "puzzles/crossword/slots.txt",
                               {"words=@" + root() + "/puzzles/crossword/words_500.txt", "distinct=true"}, 2);
  check(distinct);
}

BOOST_AUTO_TEST_CASE(abc_with_few_clues) {
  Counts c = count_both("puzzles/abc/abc.pz", "",
                        {"n=5", "letters={A,B,C}", "top=\"A....\"", "bottom=\".....\"", "left=\"..B..\"", "right=\".....\""});
  check(c);
  BOOST_TEST(c.z3 > 1u);
}

BOOST_AUTO_TEST_CASE(lightup_and_sudoku_unique) {
  check(count_both("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_a.lightup"));
  Counts s = count_both("puzzles/sudoku/sudoku.pz", "", {});
  check(s);
  BOOST_TEST(s.z3 == 1u);
}

BOOST_AUTO_TEST_CASE(lightup_with_walls_only) {
  // A small board with unnumbered walls only has many solutions.
  Counts c = count_both("puzzles/lightup/lightup.pz", "", {"board=\"..#../...../#...#/...../.#...\""});
  check(c);
  BOOST_TEST(c.z3 > 1u);
}

// Towers' "seen" rules are generic expressions: the native engine's search for supports
// against Z3, with some edge clues dropped so that several solutions remain.
BOOST_AUTO_TEST_CASE(towers_with_few_clues) {
  Counts c = count_both("puzzles/towers/towers.pz", "puzzles/towers/towers_4x4_e.pz",
                        {"top=[null, 2, null, null]", "bottom=[null, null, null, null]", "right=[null, null, 3, null]"});
  check(c);
  BOOST_TEST(c.z3 > 1u);
  Counts five = count_both("puzzles/towers/towers.pz", "puzzles/towers/towers_5x5_e.pz", {"left=[null, null, null, null, null]"});
  check(five);
  BOOST_TEST(five.z3 >= 1u);
}

BOOST_AUTO_TEST_CASE(star_battle_and_kakuro) {
  Counts four = count_both("puzzles/starbattle/starbattle.pz", "", {});  // the spec's own instance: four solutions
  check(four);
  BOOST_TEST(four.z3 == 4u);
  Counts k = count_both("puzzles/kakuro/kakuro.pz", "puzzles/kakuro/kk_6x6.pz");
  check(k);
  BOOST_TEST(k.z3 == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
