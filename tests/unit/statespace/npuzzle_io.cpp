// Tests of the seed's N-puzzle file formats: parsing input.txt (and its error messages)
// and writing solution.txt, end to end with breadth-first search.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "runtime/statespace/npuzzle_io.hpp"

using namespace pzc::statespace;

namespace {

std::string error_of(std::string_view text) {
  const NPuzzleParse r = parse_npuzzle(text);
  BOOST_TEST(!r.puzzle.has_value());
  return r.error ? r.error->describe() : "(no error)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(npuzzle_io)

BOOST_AUTO_TEST_CASE(parses_tabs_spaces_and_crlf) {
  const State want{4, 1, 3, 2, 0, 6, 7, 5, 8};
  for (std::string_view text : {"4\t1\t3\n2\t0\t6\n7\t5\t8\n", "4 1 3\n2 0 6\n7 5 8",
                                "4\t1 3\r\n2  0\t6\r\n7 5 8\r\n\r\n", "\n4 1 3\n\n2 0 6\n7 5 8\n\n"}) {
    const NPuzzleParse r = parse_npuzzle(text);
    BOOST_REQUIRE(r.puzzle.has_value());
    BOOST_TEST(!r.error.has_value());
    BOOST_TEST(r.puzzle->n == 3);
    BOOST_TEST(r.puzzle->tiles == want, boost::test_tools::per_element());
  }
  const NPuzzleParse four = parse_npuzzle("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n");
  BOOST_REQUIRE(four.puzzle.has_value());
  BOOST_TEST(four.puzzle->n == 4);
}

BOOST_AUTO_TEST_CASE(malformed_inputs_name_line_and_problem) {
  BOOST_TEST(error_of("") == "the input holds no numbers");
  BOOST_TEST(error_of("\n \n") == "the input holds no numbers");
  BOOST_TEST(error_of("4 1 3\n2 0\n7 5 8\n") ==
             "line 2: expected 3 numbers (the board is square, with 3 rows), found 2");
  BOOST_TEST(error_of("4 1 3 9\n2 0 6 10\n7 5 8 11\n") ==
             "line 1: expected 3 numbers (the board is square, with 3 rows), found 4");
  BOOST_TEST(error_of("4 1 3\n2 x 6\n7 5 8\n") == "line 2: 'x' is not a whole number");
  BOOST_TEST(error_of("4 1 3\n2 0 6\n7 5 8.5\n") == "line 3: '8.5' is not a whole number");
  BOOST_TEST(error_of("4 1 3\n2 0 6\n7 5 9\n") == "line 3: 9 is out of range: a 3x3 board holds 0..8");
  BOOST_TEST(error_of("4 1 3\n2 0 6\n7 -5 8\n") == "line 3: -5 is out of range: a 3x3 board holds 0..8");
  BOOST_TEST(error_of("4 1 3\n2 0 6\n7 4 8\n") == "line 3: 4 appears again (first on line 1)");
  BOOST_TEST(error_of("4 1 3\n2 0 0\n7 5 8\n") == "line 2: 0 appears twice on this line");
  BOOST_TEST(error_of("0\n") == "line 1: the puzzle must be at least 2 x 2 (found 1 row)");
  const NPuzzleParse missing = read_npuzzle_file("/nonexistent/input.txt");
  BOOST_REQUIRE(missing.error.has_value());
  BOOST_TEST(missing.error->line == 0);
  BOOST_TEST(missing.error->describe() == "cannot open '/nonexistent/input.txt'");
}

BOOST_AUTO_TEST_CASE(solution_format) {
  BOOST_TEST(format_solution({"left", "up", "right", "down", "down", "right"}) ==
             "6\nleft up right down down right\n");
  BOOST_TEST(format_solution({}) == "0\n\n");
}

BOOST_AUTO_TEST_CASE(seed_example_end_to_end) {
  // ./puzzle breadth input.txt solution.txt on the seed's example.
  const auto dir = std::filesystem::temp_directory_path() /
                   ("pzc_npuzzle_io_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string input = (dir / "input.txt").string();
  const std::string output = (dir / "solution.txt").string();
  {
    std::ofstream f(input);
    f << "4\t1\t3\n2\t0\t6\n7\t5\t8\n";
  }
  const NPuzzleParse p = read_npuzzle_file(input);
  BOOST_REQUIRE(p.puzzle.has_value());
  SearchOptions o;
  o.strategy = *parse_strategy("breadth");
  const SearchResult r = solve_npuzzle(*p.puzzle, o);
  BOOST_REQUIRE(r.status == SearchStatus::solved);
  BOOST_TEST(!write_solution_file(output, r.move_names).has_value());
  std::ifstream in(output, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  BOOST_TEST(ss.str() == "6\nleft up right down down right\n");
  // A* and IDA* find 6 moves too.
  for (const char* s : {"a-star", "ida-star"}) {
    o.strategy = *parse_strategy(s);
    BOOST_TEST(solve_npuzzle(*p.puzzle, o).moves.size() == 6u);
  }
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(unsolvable_file_is_reported) {
  const NPuzzleParse p = parse_npuzzle("1 2 3\n4 5 6\n8 7 0\n");
  BOOST_REQUIRE(p.puzzle.has_value());
  SearchOptions o;
  o.strategy = Strategy::breadth;
  const SearchResult r = solve_npuzzle(*p.puzzle, o);
  BOOST_TEST((r.status == SearchStatus::unsolvable));
  BOOST_TEST(r.stats.expanded == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
