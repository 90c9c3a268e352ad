// The native engine and Z3 count the same solutions on bundled puzzles (and a few small
// variants with missing clues, so the counts are above one).
#include <boost/test/unit_test.hpp>

#include <memory>

#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"

namespace {

std::string root() { return PZC_SOURCE_DIR; }

struct Counts {
  std::string native;
  std::uint64_t z3 = 0;
  bool z3_exact = false;
};

Counts count_both(const std::string& spec, const std::string& instance, std::vector<std::string> givens = {}, int line = 0 /* --line: 0, not given */) {
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

// Both engines count `expected` solutions of the spec with these givens alone (a count
// made by hand, so that an engine's agreement with the other is not all that is tested).
void expect_count(const std::string& spec, const std::vector<std::string>& givens, const char* expected) {
  Counts c = count_both(spec, "", givens);
  check(c);
  std::string shown;
  for (const auto& g : givens) shown += (shown.empty() ? "" : " ") + g;
  BOOST_TEST(c.native == expected, shown);
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

// Hitori with all numbers different: only "no two shaded side by side" and "the white
// squares are connected" remain, so the solutions are counted here by brute force too.
// Z3's connected() (cuts checked lazily) and the native engine's flood fill agree with it, and the
// unique checker confirms a unique Hitori (its model check of connected() is a solver
// check) and refuses a wrong solution.
BOOST_AUTO_TEST_CASE(connected_white_squares) {
  for (auto [rows, cols] : {std::pair{1, 4}, {2, 3}, {3, 3}, {3, 4}, {4, 4}}) {
    std::string grid = "numbers=grid {\n";
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) grid += std::to_string(r * cols + c + 1) + " ";
      grid += "\n";
    }
    grid += "}";
    std::uint64_t brute = 0;
    for (std::uint32_t bits = 0; bits < (1u << (rows * cols)); ++bits) {
      auto black = [&](int r, int c) { return ((bits >> (r * cols + c)) & 1) != 0; };
      bool ok = true;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          ok = ok && !(black(r, c) && ((c + 1 < cols && black(r, c + 1)) || (r + 1 < rows && black(r + 1, c))));
      std::vector<int> seen(static_cast<std::size_t>(rows * cols), 0), stack;
      for (int i = 0; i < rows * cols && stack.empty(); ++i)
        if (!black(i / cols, i % cols)) stack.push_back(i), seen[static_cast<std::size_t>(i)] = 1;
      while (!stack.empty()) {
        int i = stack.back();
        stack.pop_back();
        for (int j = 0; j < rows * cols; ++j)
          if (!black(j / cols, j % cols) && !seen[static_cast<std::size_t>(j)] &&
              std::abs(i / cols - j / cols) + std::abs(i % cols - j % cols) == 1)
            seen[static_cast<std::size_t>(j)] = 1, stack.push_back(j);
      }
      for (int i = 0; i < rows * cols; ++i) ok = ok && (black(i / cols, i % cols) || seen[static_cast<std::size_t>(i)]);
      brute += ok;
    }
    BOOST_TEST_CONTEXT(rows << "x" << cols) {
      Counts c = count_both("puzzles/hitori/hitori.pz", "", {grid});
      check(c);
      BOOST_TEST(c.z3 == brute);
    }
  }
  pzc::driver::Session s;
  BOOST_REQUIRE(s.load_spec(root() + "/puzzles/hitori/hitori.pz") && s.select_instance(root() + "/puzzles/hitori/hitori_5x5_e.pz") &&
                s.ground());
  auto native = pzc::engine::unique(*s.program, {});
  BOOST_REQUIRE(native.solutions.size() == 1u);
  pzc::z3lower::UniqueChecker checker;
  auto u = checker.confirm(*s.program, native.solutions[0]);
  BOOST_TEST((u.status == pzc::z3lower::Status::Sat));
  BOOST_TEST(u.unique);
  pzc::ir::Assignment wrong = native.solutions[0];
  for (auto& x : wrong) x = 0;  // nothing shaded: a number repeats
  BOOST_TEST((checker.confirm(*s.program, wrong).status == pzc::z3lower::Status::Unsat));
  // Every clause holds, only connectivity breaks: r1c1 cut off by r1c2 and r2c1.
  pzc::driver::Session d;
  BOOST_REQUIRE(d.load_spec(root() + "/puzzles/hitori/hitori.pz") && d.add_given("numbers=grid {\n1 2 3\n4 5 6\n7 8 9\n}") &&
                d.ground());
  pzc::ir::Assignment cut(9, 0);
  cut[1] = cut[3] = 1;
  BOOST_REQUIRE(d.program->vars.size() == 9u);
  BOOST_TEST((checker.confirm(*d.program, cut).status == pzc::z3lower::Status::Unsat));
  cut[3] = 0;  // only r1c2 shaded: connected, but not the only solution
  auto other = checker.confirm(*d.program, cut);
  BOOST_TEST((other.status == pzc::z3lower::Status::Sat));
  BOOST_TEST(!other.unique);
}

// One UniqueChecker confirms programs in turn, keeping the constraints all of them had so
// far asserted between programs: a program without some of them (fewer clues) must not be
// judged under them. 4x4 Sudokus: the full grid's clues, then fewer (still unique), then
// two clues (many solutions), then the first again.
BOOST_AUTO_TEST_CASE(unique_checker_programs_in_turn) {
  const std::string solved = "1234\n3412\n2143\n4321\n";
  auto program = [&](const std::string& clues) {
    auto s = std::make_unique<pzc::driver::Session>();
    BOOST_REQUIRE(s->load_spec(root() + "/puzzles/sudoku/sudoku.pz") && s->add_given("box=2") &&
                  s->add_given("clues=grid {\n" + clues + "}") && s->ground());
    return s;
  };
  pzc::ir::Assignment expected;
  for (char ch : solved)
    if (ch != '\n') expected.push_back(ch - '0');
  pzc::z3lower::UniqueChecker checker;
  struct Case {
    std::string clues;
    bool unique;
  };
  for (const Case& c : {Case{solved, true}, Case{solved, true}, Case{"1...\n..1.\n.1..\n...1\n", false},
                        Case{"12..\n3...\n....\n...1\n", false}, Case{"1234\n3412\n21..\n....\n", true}, Case{solved, true},
                        Case{"1...\n....\n....\n....\n", false}}) {
    BOOST_TEST_CONTEXT(c.clues) {
      auto s = program(c.clues);
      auto native = pzc::engine::unique(*s->program, {});
      BOOST_REQUIRE(!native.solutions.empty());
      BOOST_TEST((native.solutions.size() == 1u) == c.unique);
      auto u = checker.confirm(*s->program, expected);
      BOOST_TEST((u.status == pzc::z3lower::Status::Sat));
      BOOST_TEST(u.unique == c.unique);
      if (!c.unique) {
        BOOST_REQUIRE(u.second.has_value());
        BOOST_TEST(pzc::ir::violated_constraints(*s->program, *u.second).empty());
        BOOST_TEST(!u.differing.empty());
      }
      pzc::ir::Assignment wrong = expected;
      std::swap(wrong[0], wrong[1]);  // a row still holds each number once, its columns do not
      BOOST_TEST((checker.confirm(*s->program, wrong).status == pzc::z3lower::Status::Unsat));
    }
  }
}

// Battleships' fleet is counted where ships start (a takeWhile over the unknowns): on
// boards small enough to count by hand, every placement of the fleet and nothing else.
BOOST_AUTO_TEST_CASE(battleships_fleet_by_hand) {
  const std::string spec = "puzzles/battleships/battleships.pz";
  auto board = [](const std::string& rows, int r, int c, const std::string& fleet) {
    std::string nulls;
    for (int i = 0; i < c; ++i) nulls += i ? ", null" : "null";
    std::string row_nulls;
    for (int i = 0; i < r; ++i) row_nulls += i ? ", null" : "null";
    return std::vector<std::string>{"board=\"" + rows + "\"", "cols=[" + nulls + "]", "rows=[" + row_nulls + "]",
                                    "fleet=" + fleet};
  };
  // One ship of three in a 1x3 row: 1. One of two in 1x4: 3 places. Two one-square ships
  // in 1x4, not touching: {1,3}, {1,4}, {2,4}. One ship of three in 3x3: 3 rows, 3 columns.
  expect_count(spec, board("...", 1, 3, "[0, 0, 1]"), "1");
  expect_count(spec, board("....", 1, 4, "[0, 1]"), "3");
  expect_count(spec, board("....", 1, 4, "[2]"), "3");
  expect_count(spec, board(".../.../...", 3, 3, "[0, 0, 1]"), "6");
  // The bundled 6x6 without its shown squares, and with two column numbers fewer.
  Counts open = count_both(spec, "puzzles/battleships/battleships_6x6_open.pz");
  check(open);
  BOOST_TEST(open.native == "6");
  Counts fewer = count_both(spec, "puzzles/battleships/battleships_6x6_open.pz", {"cols=[4, 1, null, 2, null, null]"});
  check(fewer);
  BOOST_TEST(fewer.native == "17");
}

// Heyawake's "no unshaded line crosses two room borders", on lines small enough to count
// by hand: rooms A B C in a row allow shading r1c1, r1c3, or both (not r1c2: the unshaded
// squares would be cut in two; not none: the line crosses two borders); the same down a
// column; rooms AABB cross one border: none, r1c1, r1c4, or both.
BOOST_AUTO_TEST_CASE(heyawake_lines_by_hand) {
  const std::string spec = "puzzles/heyawake/heyawake.pz";
  expect_count(spec, {"rooms=\"ABC\"", "counts=\"...\""}, "3");
  expect_count(spec, {"rooms=\"A/B/C\"", "counts=\"././.\""}, "3");
  expect_count(spec, {"rooms=\"AABB\"", "counts=\"....\""}, "4");
  check(count_both(spec, "puzzles/heyawake/heyawake_6x6_many.pz"));
}

// Thermometers fill from the bulb: a thermometer of three squares has four fillings (none,
// one, two, all from the bulb); with the bulb on the right and a row number of 2, only the
// two right squares; one square filled in the first column: only with the bulb there; two
// thermometers of two squares, 3 x 3 fillings.
BOOST_AUTO_TEST_CASE(thermometers_by_hand) {
  const std::string spec = "puzzles/thermometers/thermometers.pz";
  expect_count(spec, {"thermo=\"AAA\"", "step=\"123\"", "cols=[null, null, null]", "rows=[null]"}, "4");
  expect_count(spec, {"thermo=\"AAA\"", "step=\"321\"", "cols=[null, null, null]", "rows=[2]"}, "1");
  expect_count(spec, {"thermo=\"AAA\"", "step=\"123\"", "cols=[1, null, null]", "rows=[1]"}, "1");
  expect_count(spec, {"thermo=\"AAA\"", "step=\"321\"", "cols=[1, null, null]", "rows=[1]"}, "0");
  expect_count(spec, {"thermo=\"AA/BB\"", "step=\"12/21\"", "cols=[null, null]", "rows=[null, null]"}, "9");
}

// Kakurasu's weighted sums on a 2x2 grid, counted by hand: row 1 adding up to 3 shades
// both its squares (row 2 free: 4); rows 2 and 1 shade r1c2 and r2c1 (1); then column 1
// adds up to 2, not 1 (0).
BOOST_AUTO_TEST_CASE(kakurasu_by_hand) {
  const std::string spec = "puzzles/kakurasu/kakurasu.pz";
  expect_count(spec, {"rows=[3, null]", "cols=[null, null]"}, "4");
  expect_count(spec, {"rows=[2, 1]", "cols=[null, null]"}, "1");
  expect_count(spec, {"rows=[2, 1]", "cols=[1, null]"}, "0");
}

// Kropki's dots on the 288 4x4 Sudoku grids: relabelling the numbers maps grids to grids,
// so each ordered pair of different numbers stands in r1c1, r1c2 in 288 / 12 = 24 of them.
// A black dot there allows 4 pairs (1-2, 2-4 and back): 96 grids; a white one 6: 144.
BOOST_AUTO_TEST_CASE(kropki_dots_by_hand) {
  const std::string spec = "puzzles/kropki/kropki.pz";
  const std::string empty = "\"..../..../..../....\"";
  expect_count(spec, {"box=2", "digits=" + empty, "across=" + empty, "down=" + empty}, "288");
  expect_count(spec, {"box=2", "digits=" + empty, "across=\"x.../..../..../....\"", "down=" + empty}, "96");
  expect_count(spec, {"box=2", "digits=" + empty, "across=\"o.../..../..../....\"", "down=" + empty}, "144");
}

// Numbrix on an empty board: its solutions are the directed Hamiltonian paths of the grid
// graph (counted by a depth-first search in Python: 40 at 3x3, 124 at 4x3, 552 at 4x4).
// Z3 takes "the next number is beside it" split on the square's own number, one clause per
// number ("num[p] = 5 implies a neighbour is 6"): counted the same, and the clause is there.
BOOST_AUTO_TEST_CASE(numbrix_paths_by_hand) {
  const std::string spec = "puzzles/numbrix/numbrix.pz";
  expect_count(spec, {"start=\". . ./. . ./. . .\""}, "40");
  expect_count(spec, {"start=\". . . ./. . . ./. . . .\""}, "124");
  expect_count(spec, {"start=\". . . ./. . . ./. . . ./. . . .\""}, "552");
  pzc::driver::Session s;
  BOOST_REQUIRE(s.load_spec(root() + "/" + spec) && s.select_instance("") && s.add_given("start=\". . ./. . ./. . .\"") && s.ground());
  pzc::z3lower::Z3Backend z3(*s.program, {});
  BOOST_TEST(z3.smt2().find("(or (not num_r1_c1=5) (or num_r1_c2=6 num_r2_c1=6))") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
