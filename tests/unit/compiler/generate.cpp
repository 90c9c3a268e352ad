// pzc generate: generated ABC, Light Up and Sudoku puzzles are unique (Z3), minimal,
// graded at the requested level, carry the clues their solution implies (recomputed here
// by hand), and are reproducible from the seed.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>

#include <fmt/format.h>

#include "compiler/driver/generate_command.hpp"
#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/front/parse/parser.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"

namespace {

using namespace pzc;
using driver::GeneratedPuzzle;
using driver::GenerateOptions;

std::string path(const std::string& rel) { return std::string(PZC_SOURCE_DIR) + "/" + rel; }

// The instance text through the normal pipeline, as a file would be read.
bool load(driver::Session& s, const GenerateOptions& o, const std::string& text) {
  if (!s.load_spec(o.spec)) return false;
  std::uint32_t id = s.sm.add("<test>", text);
  auto m = parse::parse_module(s.sm, id, s.diags);
  if (!m || m->instances.empty()) return false;
  s.modules.push_back(std::make_unique<ast::Module>(std::move(*m)));
  s.instance = &s.modules.back()->instances[0];
  return s.ground();
}

std::uint64_t z3_count(const GenerateOptions& o, const std::string& text) {
  driver::Session s;
  BOOST_REQUIRE_MESSAGE(load(s, o, text), s.render_diagnostics() + text);
  z3lower::Z3Backend z3(*s.program);
  auto r = z3.count(2);
  return r.count;
}

// Unique by Z3 with the generator's solution, minimal, graded as asked.
void check_batch(const GenerateOptions& o, const driver::GenerateResult& res) {
  BOOST_REQUIRE_MESSAGE(res.ok, res.error);
  BOOST_REQUIRE_EQUAL(res.puzzles.size(), static_cast<std::size_t>(res.requested));
  if (o.classify.empty()) BOOST_TEST(res.requested == o.count);
  for (std::size_t i = 0; i < res.puzzles.size(); ++i)
    for (std::size_t j = i + 1; j < res.puzzles.size(); ++j) BOOST_TEST((res.puzzles[i].solution != res.puzzles[j].solution));
  for (const GeneratedPuzzle& p : res.puzzles) {
    std::string text = driver::instance_text(p, res.puzzle, "t");
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(p.z3_unique);
      driver::Session s;
      BOOST_REQUIRE(load(s, o, text));
      z3lower::Z3Backend z3(*s.program);
      auto u = z3.unique();
      BOOST_TEST(u.unique);
      BOOST_REQUIRE(u.first);
      BOOST_TEST((*u.first == p.solution));
      if (!o.difficulty.empty()) {
        BOOST_TEST(p.grade.level == o.difficulty);
        hints::HintEngine he(*s.program);
        BOOST_TEST(hints::grade(he.solve(hints::State::from_program(*s.program))).level == o.difficulty);
      } else {
        // No target: the printed grade is `pzc grade`'s, Z3's tier 5 included.
        hints::Grade g = hints::grade(driver::solving_trace(*s.program, driver::CommonOptions{}));
        BOOST_TEST(p.grade.level == g.level);
        BOOST_TEST(p.grade.score == g.score);
        BOOST_TEST(p.grade.steps == g.steps);
      }
      // Minimal: without any one clue the puzzle has two solutions (with a target level:
      // two solutions, or the hint runtime no longer solves it at that level). With
      // --keep-clues, every clue is kept instead.
      for (std::size_t c = 0; c < p.clues.size() && !o.keep_clues; ++c) {
        std::string less = driver::instance_text(p, res.puzzle, "t", c);
        std::uint64_t n = z3_count(o, less);
        if (o.difficulty.empty()) {
          BOOST_TEST(n == 2u, "clue " << c << " can be removed");
        } else if (n == 1) {
          driver::Session s2;
          BOOST_REQUIRE(load(s2, o, less));
          hints::HintEngine he(*s2.program);
          auto g = hints::grade(he.solve(hints::State::from_program(*s2.program)));
          BOOST_TEST(g.level != o.difficulty, "clue " << c << " can be removed at the same level");
        }
      }
    }
  }
}

// The solution's value of grid group `name` at (r, c), 1-based.
ir::Value cell(const driver::Session& s, const ir::Assignment& a, const std::string& name, std::int64_t r, std::int64_t c) {
  for (const auto& g : s.program->groups)
    if (g.name == name) return a[static_cast<std::size_t>(g.first + (r - 1) * g.dims[1] + (c - 1))];
  BOOST_FAIL("no group " + name);
  return 0;
}

// Calls f on each puzzle of the batch with its instance compiled again, as a file would be.
template <class F>
void each_loaded(const GenerateOptions& o, const driver::GenerateResult& res, F f) {
  for (const auto& p : res.puzzles) {
    driver::Session s;
    BOOST_REQUIRE(load(s, o, driver::instance_text(p, res.puzzle, "t")));
    f(p, s);
  }
}

// Magnets on a given 6x6 layout (a domino tiling), no target level: its first puzzle needs
// Z3's tier 5.
GenerateOptions magnets_on_a_layout(int count) {
  GenerateOptions o;
  o.spec = path("puzzles/magnets/magnets.pz");
  o.givens = {"layout=\"TLRLRT/BLRTTB/LRTBBT/TTBLRB/BBTTLR/LRBBLR\""};
  o.count = count;
  o.seed = 1;
  return o;
}

BOOST_AUTO_TEST_SUITE(generate)

// A given layout (a domino tiling) and no target: minimal puzzles that need Z3's tier 5
// are graded so (they were printed as "unsolved", the tiers below 5 alone).
BOOST_AUTO_TEST_CASE(magnets_without_target_graded_like_pzc_grade) {
  GenerateOptions o = magnets_on_a_layout(2);
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.puzzles.at(0).grade.max_tier == 5);
}

BOOST_AUTO_TEST_CASE(abc_5x5_unique_minimal_clues_are_first_letters) {
  GenerateOptions o;
  o.spec = path("puzzles/abc/abc.pz");
  o.givens = {"n=5", "letters={A,B,C}"};
  o.count = 3;
  o.seed = 1;
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    auto name = [&](ir::Value v) { return s.program->symbols[static_cast<std::size_t>(v)]; };
    // Every kept clue is the first letter seen from its side, computed here by hand.
    for (const auto& c : p.clues) {
      auto k = static_cast<std::int64_t>(c.index) + 1;
      std::string first;
      for (std::int64_t i = 1; i <= 5 && first.empty(); ++i) {
        std::int64_t j = 6 - i;
        ir::Value v = c.given == "top" ? cell(s, p.solution, "cell", i, k) : c.given == "bottom" ? cell(s, p.solution, "cell", j, k)
                    : c.given == "left" ? cell(s, p.solution, "cell", k, i) : cell(s, p.solution, "cell", k, j);
        if (name(v) != "X") first = name(v);
      }
      BOOST_TEST(c.value == first, c.given << "[" << k << "]");
    }
  });
}

// A batch of `count` puzzles of `spec` (a path in the repository) on size x size grids.
GenerateOptions sized(const std::string& spec, std::int64_t size, int count, std::uint64_t seed,
                      const std::string& difficulty = "") {
  GenerateOptions o;
  o.spec = path(spec);
  o.width = o.height = size;
  o.count = count;
  o.seed = seed;
  o.difficulty = difficulty;
  return o;
}

// Easy 4x4 Sudokus (boxes of 2 x 2).
GenerateOptions sudoku_4x4_easy(int count, std::uint64_t seed) {
  GenerateOptions o;
  o.spec = path("puzzles/sudoku/sudoku.pz");
  o.givens = {"box=2"};
  o.count = count;
  o.seed = seed;
  o.difficulty = "easy";
  return o;
}

BOOST_AUTO_TEST_CASE(lightup_7x7_easy_numbers_count_lights) {
  GenerateOptions o = sized("puzzles/lightup/lightup.pz", 7, 2, 3, "easy");
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const auto& b = p.boards.at(0);
    BOOST_TEST(p.block == "#");
    for (std::int64_t r = 1; r <= 7; ++r)
      for (std::int64_t c = 1; c <= 7; ++c) {
        const std::string& t = b.tokens[static_cast<std::size_t>((r - 1) * 7 + c - 1)];
        if (t.size() != 1 || t[0] < '0' || t[0] > '4') continue;
        int lights = 0;
        for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}})
          if (r + dr >= 1 && r + dr <= 7 && c + dc >= 1 && c + dc <= 7) lights += cell(s, p.solution, "light", r + dr, c + dc) != 0;
        BOOST_TEST(lights == t[0] - '0', "wall r" << r << "c" << c);
      }
    // rot2 symmetry of the layout (walls, numbered or not).
    for (std::size_t i = 0; i < b.tokens.size(); ++i)
      BOOST_TEST((b.tokens[i] == ".") == (b.tokens[b.tokens.size() - 1 - i] == "."));
    std::string id = driver::tatham_id(p);
    BOOST_TEST(id.rfind("7x7:", 0) == 0u);
  });
}

// Light Up's wall numbers follow from the solution (`E = digit(board[p])`), not tried one
// digit at a time. A spec whose clue rule numbers walls 1 to 3 only: a wall with 0 or 4
// lights around it stays a plain wall, in every solution drawn on a layout, and the
// puzzles are still unique, minimal and graded (the first solution on a layout decides
// which walls can be clues, as with tried values).
BOOST_AUTO_TEST_CASE(lightup_derived_numbers_only_of_clue_digits) {
  std::ifstream in(path("puzzles/lightup/lightup.pz"));
  std::string spec((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string from = "where board[p] in '0'..'4':";
  const auto at = spec.find(from);
  BOOST_REQUIRE(at != std::string::npos);
  spec.replace(at, from.size(), "where board[p] in '1'..'3':");
  // A name of this process's own: two test runs at once (two clones on one machine) shared
  // one file, and one removed it while the other still read it.
  const std::string file =
      (std::filesystem::temp_directory_path() / ("pzc_lightup_1to3_" + std::to_string(::getpid()) + ".pz")).string();
  std::ofstream(file) << spec;
  for (const char* level : {"easy", "tricky"}) {
    GenerateOptions o = sized("puzzles/lightup/lightup.pz", 7, 3, 2, level);
    o.spec = file;
    auto res = driver::generate(o);
    check_batch(o, res);
    each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
      int numbered = 0;
      const auto& b = p.boards.at(0);
      for (std::int64_t r = 1; r <= 7; ++r)
        for (std::int64_t c = 1; c <= 7; ++c) {
          const std::string& t = b.tokens[static_cast<std::size_t>((r - 1) * 7 + c - 1)];
          if (t == "." || t == "#") continue;
          BOOST_TEST((t.size() == 1 && t[0] >= '1' && t[0] <= '3'), "wall r" << r << "c" << c << " is " << t);
          int lights = 0;
          for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}})
            if (r + dr >= 1 && r + dr <= 7 && c + dc >= 1 && c + dc <= 7) lights += cell(s, p.solution, "light", r + dr, c + dc) != 0;
          BOOST_TEST(lights == t[0] - '0', "wall r" << r << "c" << c);
          ++numbered;
        }
      BOOST_TEST(numbered > 0);
    });
  }
  std::filesystem::remove(file);
}

// --trace: each puzzle's trace is the one its grade counts (as many steps, the same
// conclusions as `pzc explain` of the printed puzzle), and the metrics tally it.
BOOST_AUTO_TEST_CASE(trace_and_metrics_are_the_grades) {
  GenerateOptions o = sized("puzzles/lightup/lightup.pz", 7, 2, 5, "easy");
  o.trace = true;
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    BOOST_TEST(p.cells == 49u);
    BOOST_TEST(p.trace_text.size() == static_cast<std::size_t>(p.grade.steps));
    BOOST_REQUIRE(p.trace_json.size() == static_cast<std::size_t>(p.grade.steps));
    auto trace = driver::solving_trace(*s.program, driver::CommonOptions{});
    BOOST_REQUIRE(trace.hints.size() == p.trace_json.size());
    for (std::size_t i = 0; i < trace.hints.size(); ++i)
      BOOST_TEST(p.trace_json[i]["conclusion"].get<std::string>() == hints::conclusion(*s.program, trace.hints[i]));
    int by_technique = 0;
    for (const auto& [nm, k] : p.steps_by_technique) by_technique += k;
    BOOST_TEST(by_technique == p.grade.steps);
    std::set<std::string> names;
    for (const auto& r : s.program->rules) names.insert(r.name);
    int cited = 0;
    for (const auto& [nm, k] : p.steps_by_rule) {
      BOOST_TEST(names.count(nm) == 1u, nm);
      cited += k;
    }
    BOOST_TEST(cited >= p.grade.steps);  // every step cites a rule, some several
  });
  o.trace = false;
  auto plain = driver::generate(o);
  BOOST_REQUIRE(plain.ok);
  BOOST_TEST(plain.puzzles.at(0).trace_text.empty());
  BOOST_TEST(plain.puzzles.at(0).steps_by_technique == res.puzzles.at(0).steps_by_technique);
}

// A tier-5 step (a Z3 core) counts by technique only: steps_by_rule is the tally of the
// steps of tiers 1-4, which cite the same rules whether or not the cores are shrunk (the
// generator skips shrinking them without --trace).
BOOST_AUTO_TEST_CASE(tier5_steps_count_by_technique_only) {
  GenerateOptions o = magnets_on_a_layout(1);
  auto res = driver::generate(o);
  BOOST_REQUIRE_MESSAGE(res.ok, res.error);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    BOOST_REQUIRE(p.grade.max_tier == 5);
    std::map<std::string, int> by_technique(p.steps_by_technique.begin(), p.steps_by_technique.end());
    BOOST_TEST(by_technique["solver-core"] == p.grade.per_tier[5]);
    auto trace = driver::solving_trace(*s.program, driver::CommonOptions{}, nullptr, /*for_grade=*/true);
    BOOST_REQUIRE(trace.solved);
    std::map<std::string, int> expected;
    for (const auto& h : trace.hints) {
      if (h.tier >= 5) continue;
      std::set<std::string> rules;
      for (int c : h.constraints) rules.insert(s.program->rules[static_cast<std::size_t>(s.program->constraints[static_cast<std::size_t>(c)].origin.rule)].name);
      for (const auto& r : rules) ++expected[r];
    }
    const std::map<std::string, int> got(p.steps_by_rule.begin(), p.steps_by_rule.end());
    BOOST_TEST(got == expected);
    BOOST_TEST(!got.empty());
  });
}

// --stats: the batch's counts agree with what it printed, and every phase that ran took time.
BOOST_AUTO_TEST_CASE(stats_count_what_the_batch_did) {
  GenerateOptions o = sized("puzzles/lightup/lightup.pz", 7, 3, 4, "tricky");
  for (int jobs : {1, 2}) {  // the main thread's family, the workers'
    o.jobs = jobs;
    auto res = driver::generate(o);
    BOOST_REQUIRE_MESSAGE(res.ok, res.error);
    const driver::GenerateStats& st = res.stats;
    BOOST_TEST(st.accepted >= 3);  // a repeated solution is made again, so maybe more
    BOOST_TEST(st.layouts >= 3);
    BOOST_TEST(st.solutions >= st.layouts);  // each layout serves one solution or more
    BOOST_TEST(st.screened_out < st.layouts);
    // Each solution past the screen goes on to removal unless its full clue set fails; each
    // removal run ends below the level, graded off the target, or accepted.
    BOOST_TEST(st.removal_runs + st.full_set_failed + st.screened_out == st.solutions);
    BOOST_TEST(st.below_level + st.grade_rejected + st.accepted == st.removal_runs);
    for (double t : {st.t_layout, st.t_frame, st.t_attribute, st.t_screen, st.t_draw, st.t_removal, st.t_reground, st.t_grade, st.t_z3})
      BOOST_TEST(t > 0.0);
    const double phases = st.t_layout + st.t_frame + st.t_attribute + st.t_screen + st.t_draw + st.t_clues + st.t_removal +
                          st.t_reground + st.t_grade + st.t_z3;
    BOOST_TEST(phases <= jobs * st.t_total + 1e-3);
    std::string text = driver::stats_text(st, jobs);
    BOOST_TEST(text.find("Z3 proof") != std::string::npos);
    // Each job that proved a puzzle counted its first proof (Z3's start-up) apart.
    BOOST_TEST(st.t_z3_first > 0.0);
    BOOST_TEST(st.t_z3_first <= st.t_z3);
    BOOST_TEST(text.find("of which each job's first proof") != std::string::npos);
    BOOST_TEST(driver::stats_json(st)["phase_seconds"]["z3_first"].get<double>() == st.t_z3_first);
    BOOST_TEST(st.batch == 3);
    BOOST_TEST(text.find("generate: 3 puzzles") == 0u);
  }
}

// A layout whose blocks are never clues (Tents' trees) is drawn too; the clues are the
// other clue givens (tents per row and column), derived from the solution. Random trees
// at the default density rarely admit tents at all, so the density falls there.
BOOST_AUTO_TEST_CASE(tents_8x8_trees_drawn_counts_hold) {
  GenerateOptions o = sized("puzzles/tents/tents.pz", 8, 2, 1, "easy");
  o.symmetry = "none";
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.stats.layouts > res.stats.solutions);  // some layouts had no solution
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const driver::GivenBoard* board = nullptr;
    for (const auto& b : p.boards)
      if (b.name == "board") board = &b;
    BOOST_REQUIRE(board);
    int trees = 0, tents = 0;
    for (std::size_t i = 0; i < board->tokens.size(); ++i) {
      BOOST_TEST((board->tokens[i] == "." || board->tokens[i] == "T"));
      trees += board->tokens[i] == "T";
      tents += cell(s, p.solution, "tent", static_cast<std::int64_t>(i) / 8 + 1, static_cast<std::int64_t>(i) % 8 + 1) != 0;
    }
    BOOST_TEST(trees > 0);
    BOOST_TEST(tents == trees);  // one tent of its own per tree
    BOOST_TEST(!p.clues.empty());
    for (const auto& c : p.clues) {
      int n = 0;
      for (std::int64_t k = 1; k <= 8; ++k)
        n += (c.given == "cols" ? cell(s, p.solution, "tent", k, static_cast<std::int64_t>(c.index) + 1)
                                : cell(s, p.solution, "tent", static_cast<std::int64_t>(c.index) + 1, k)) != 0;
      BOOST_TEST(c.value == std::to_string(n), c.given << "[" << c.index + 1 << "]");
    }
  });
}

// Zebra puzzles whose clues are data (Bool? grids of facts about numbered things): the
// generator keeps a minimal set of the facts the drawn houses make true, at the level.
BOOST_AUTO_TEST_CASE(zebra_facts_hold_for_the_houses) {
  GenerateOptions o;
  o.spec = path("puzzles/clues/zebra_facts.pz");
  o.count = 2;
  o.seed = 1;
  o.difficulty = "tricky";
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const ir::VarGroup* house = nullptr;
    for (const auto& g : s.program->groups)
      if (g.name == "house") house = &g;
    BOOST_REQUIRE(house);
    auto h = [&](std::size_t thing) { return p.solution[static_cast<std::size_t>(house->first) + thing]; };  // 0-based
    BOOST_TEST(p.clues.size() > 5u);
    for (const auto& c : p.clues) {
      const std::size_t i = c.index / 25, j = c.index % 25;
      BOOST_REQUIRE((c.value == "0" || c.value == "1"));
      const bool says = c.value == "1";
      bool holds = false;
      if (c.given == "same") holds = h(i) == h(j);
      else if (c.given == "next") holds = h(i) - h(j) == 1 || h(j) - h(i) == 1;
      else if (c.given == "left") holds = h(i) + 1 == h(j);
      else if (c.given == "at") holds = h(i) == static_cast<ir::Value>(j + 1);
      else BOOST_FAIL("a clue of " + c.given);
      BOOST_TEST(holds == says, c.given << "[" << i + 1 << ", " << j + 1 << "] = " << c.value);
    }
  });
}

// --classify: `count` puzzles for each combination of the variables' values that some
// solution has, each solution taking its class's values; the others get a note.
BOOST_AUTO_TEST_CASE(classify_covers_every_possible_class) {
  GenerateOptions o = sudoku_4x4_easy(1, 2);
  o.classify = {"cell_r1_c1", "cell_r2_c2"};
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.requested == 12);  // 4 x 4 pairs, less the 4 with equal digits in one box
  BOOST_TEST(res.note.find("no solution has cell_r1_c1 = 3, cell_r2_c2 = 3") != std::string::npos);
  std::set<std::pair<std::string, std::string>> seen;
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    BOOST_REQUIRE_EQUAL(p.cls.size(), 2u);
    BOOST_TEST(p.cls[0].first == "cell_r1_c1");
    BOOST_TEST(p.cls[0].second == std::to_string(cell(s, p.solution, "cell", 1, 1)));
    BOOST_TEST(p.cls[1].second == std::to_string(cell(s, p.solution, "cell", 2, 2)));
    seen.insert({p.cls[0].second, p.cls[1].second});
  });
  BOOST_TEST(seen.size() == 12u);
  // A name that is no variable of the ground program is refused, with the closest one.
  o.classify = {"cell_r1c1"};
  auto bad = driver::generate(o);
  BOOST_TEST(!bad.ok);
  BOOST_TEST(bad.bad_input);
  BOOST_TEST(bad.error.find("did you mean 'cell_r1_c1'?") != std::string::npos, bad.error);
}

BOOST_AUTO_TEST_CASE(sudoku_4x4_easy_clues_are_the_solution) {
  GenerateOptions o = sudoku_4x4_easy(2, 5);
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    for (const auto& c : p.clues) {
      auto r = static_cast<std::int64_t>(c.index / 4) + 1, col = static_cast<std::int64_t>(c.index % 4) + 1;
      BOOST_TEST(c.value == std::to_string(cell(s, p.solution, "cell", r, col)));
    }
  });
}

// Flip's states are clues derived from drawn presses (each square's parity): on a 6x6
// board every one is needed (the presses are a linear system of full rank), so the
// minimal puzzle keeps all 36 (check_batch removes each: two answers), each the parity of
// the presses on and around its square, by hand. A 20x20 board with --keep-clues: the
// removal's questions and Z3's proof go by elimination (without it the proof ran for over
// ten minutes, and the removal passed the search's node limit on every question). A 7x7
// board at fiendish: its tier-5 steps are parities summed by elimination, which the
// removal's saturation takes without Z3 (tier 5 counts as 4, however often it is used;
// saturation stopped after two such steps, and no puzzle was found at any level).
BOOST_AUTO_TEST_CASE(flip_states_are_the_presses) {
  for (std::int64_t size : {6, 7, 20}) {
    GenerateOptions o = sized("puzzles/flip/flip.pz", size, size == 6 ? 2 : 1, 1, size == 7 ? "fiendish" : "");
    o.keep_clues = size == 20;
    auto res = driver::generate(o);
    check_batch(o, res);
    each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
      BOOST_TEST(p.clues.size() == static_cast<std::size_t>(size * size));
      for (const auto& c : p.clues) {
        auto r = static_cast<std::int64_t>(c.index) / size + 1, col = static_cast<std::int64_t>(c.index) % size + 1;
        int turned = 0;
        for (auto [dr, dc] : {std::pair{-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}})
          if (r + dr >= 1 && r + dr <= size && col + dc >= 1 && col + dc <= size)
            turned += static_cast<int>(cell(s, p.solution, "press", r + dr, col + dc));
        BOOST_TEST(c.value == (turned % 2 ? "1" : "0"), "r" << r << "c" << col);
      }
    });
  }
}

// Int clues that no variable takes are probed upward from 0 while the requires accept
// them, then the spec's integer literals above that are tried too: Tapa's require accepts
// "at most 122 or 1111", and 1111 (four runs of one) was never placed. Every clue kept
// (--keep-clues), so each square whose ring is four single shaded squares holds 1111:
// checked by hand on the solution's ring, clockwise from the top left.
BOOST_AUTO_TEST_CASE(tapa_int_literals_are_clue_values) {
  GenerateOptions o = sized("puzzles/tapa/tapa.pz", 7, 10, 1);
  o.keep_clues = true;
  auto res = driver::generate(o);
  check_batch(o, res);
  int fours = 0;
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    for (const auto& c : p.clues) {
      const auto r = static_cast<std::int64_t>(c.index) / 7 + 1, col = static_cast<std::int64_t>(c.index) % 7 + 1;
      const int dr[] = {-1, -1, -1, 0, 1, 1, 1, 0}, dc[] = {-1, 0, 1, 1, 1, 0, -1, -1};
      bool ring[8];
      for (int k = 0; k < 8; ++k) {
        const auto rr = r + dr[k], cc = col + dc[k];
        ring[k] = rr >= 1 && rr <= 7 && cc >= 1 && cc <= 7 && cell(s, p.solution, "shaded", rr, cc) == 1;
      }
      int starts = 0, shaded = 0;  // runs start where a shaded square follows an unshaded one
      for (int k = 0; k < 8; ++k) {
        shaded += ring[k];
        starts += ring[k] && !ring[(k + 7) % 8];
      }
      const bool four_single = starts == 4 && shaded == 4;
      BOOST_TEST((c.value == "1111") == four_single, "r" << r << "c" << col << " holds " << c.value);
      fours += c.value == "1111";
    }
  });
  BOOST_TEST(fours > 0);  // (one, in the sixth puzzle)
}

// Char clues that no variable takes ('<', '>', '^', 'v'): the tokens come from the spec's
// literals, each sign clue holds for the solution, and the squares where no sign can
// stand (right of the last column, below the last row) are never clues.
BOOST_AUTO_TEST_CASE(futoshiki_4x4_easy_signs_hold) {
  GenerateOptions o = sized("puzzles/futoshiki/futoshiki.pz", 4, 2, 2, "easy");
  auto res = driver::generate(o);
  check_batch(o, res);
  int signs = 0;
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    BOOST_TEST(p.candidate_clues == 16u + 12u + 12u);
    for (const auto& c : p.clues) {
      auto r = static_cast<std::int64_t>(c.index / 4) + 1, col = static_cast<std::int64_t>(c.index % 4) + 1;
      const ir::Value x = cell(s, p.solution, "num", r, col);
      BOOST_TEST_CONTEXT(c.given << " r" << r << "c" << col << " " << c.value) {
        if (c.given == "digits") {
          BOOST_TEST(c.value == std::to_string(x));
        } else if (c.given == "across") {
          BOOST_REQUIRE(col < 4);
          BOOST_TEST(c.value == (x < cell(s, p.solution, "num", r, col + 1) ? "<" : ">"));
          ++signs;
        } else {
          BOOST_REQUIRE(c.given == "down");
          BOOST_REQUIRE(r < 4);
          BOOST_TEST(c.value == (x < cell(s, p.solution, "num", r + 1, col) ? "^" : "v"));
          ++signs;
        }
      }
    }
  });
  BOOST_TEST(signs > 0);
}

// Minimal when the removal's questions were not exact: at easy, Futoshiki's clues were
// asked with the inequality techniques' facts as if no clue were given, and a digit those
// techniques made needless stayed (seed 3: r2c4); above easy the grade is not monotone in
// the clues, and a Slitherlink number that later removals made needless stayed (seed 3).
// Such clues are asked again, exactly, until none goes (check_batch removes each one).
BOOST_AUTO_TEST_CASE(minimal_when_questions_were_not_exact) {
  GenerateOptions fut = sized("puzzles/futoshiki/futoshiki.pz", 5, 2, 3, "easy");
  check_batch(fut, driver::generate(fut));
  GenerateOptions sl = sized("puzzles/slitherlink/slitherlink.pz", 4, 1, 3, "hard");
  check_batch(sl, driver::generate(sl));
}

// Int clues that no variable takes (Range's counts): the values tried are those the
// requires accept; each kept number counts the white squares its square sees, by hand.
BOOST_AUTO_TEST_CASE(range_6x6_easy_numbers_count_what_they_see) {
  GenerateOptions o = sized("puzzles/range/range.pz", 6, 2, 3, "easy");
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    BOOST_TEST(!p.clues.empty());
    for (const auto& c : p.clues) {
      auto r = static_cast<std::int64_t>(c.index / 6) + 1, col = static_cast<std::int64_t>(c.index % 6) + 1;
      BOOST_TEST_CONTEXT("r" << r << "c" << col) {
        BOOST_TEST(cell(s, p.solution, "black", r, col) == 0);
        int seen = 1;
        for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}})
          for (std::int64_t rr = r + dr, cc = col + dc; rr >= 1 && rr <= 6 && cc >= 1 && cc <= 6 && !cell(s, p.solution, "black", rr, cc);
               rr += dr, cc += dc)
            ++seen;
        BOOST_TEST(c.value == std::to_string(seen));
      }
    }
  });
}

// Enum clues that no variable takes: every member of the enum is tried.
BOOST_AUTO_TEST_CASE(enum_clues_no_variable_takes) {
  const std::string spec = R"(puzzle Signs
  enum Sign { lt, gt }
  given digits : Grid(Int?)
  given across : Grid(Sign?)
  clue digits, across
  require "the grids are square and the same size":
    digits.rows = digits.cols and across.rows = digits.rows and across.cols = digits.cols
  var x : Grid(digits.rows, digits.cols) of 1..digits.cols
  rule "row {r} holds each number once" for r in 1..digits.rows: x.row(r)->isUnique()
  rule "column {c} holds each number once" for c in 1..digits.cols: x.col(c)->isUnique()
  clue "{p} is {digits[p]}" for p in digits.cells where digits[p] <> null: x[p] = digits[p]
  clue "{p} {across[p]} right" for p in across.cells where p.col < across.cols and across[p] <> null:
    if across[p] = lt then x[p] < x[p.row, p.col + 1] else x[p] > x[p.row, p.col + 1] endif
end
)";
  const std::string file = std::string(PZC_BINARY_DIR) + "/generate_enum_signs.pz";
  {
    std::ofstream out(file);
    out << spec;
  }
  GenerateOptions o;
  o.spec = file;
  o.width = o.height = 4;
  o.count = 3;
  o.seed = 4;
  auto res = driver::generate(o);
  check_batch(o, res);
  int signs = 0;
  for (const auto& p : res.puzzles)
    for (const auto& c : p.clues)
      if (c.given == "across") {
        BOOST_TEST((c.value == "lt" || c.value == "gt"));
        ++signs;
      }
  BOOST_TEST(signs > 0);
}

BOOST_AUTO_TEST_CASE(same_seed_same_batch_other_seed_other_batch) {
  GenerateOptions o = sized("puzzles/lightup/lightup.pz", 6, 3, 7);
  auto text = [&](const driver::GenerateResult& r) {
    std::string all;
    for (const auto& p : r.puzzles) all += driver::instance_text(p, r.puzzle, "t") + p.grade.level;
    return all;
  };
  auto a = driver::generate(o);
  o.jobs = 2;  // threads do not change the result
  auto b = driver::generate(o);
  o.seed = 8;
  o.jobs = 1;
  auto c = driver::generate(o);
  BOOST_REQUIRE(a.ok && b.ok && c.ok);
  BOOST_TEST(text(a) == text(b));
  BOOST_TEST(text(a) != text(c));
}

// Filling and Palisade: the native engine's random search draws no solution of the empty
// board (regions as Boolean memberships), so Z3 draws every one, seeded by the attempt.
// The puzzles are unique, minimal and easy all the same, the same with two jobs as with
// one, and the squares of each region add up as the clues say (Filling: each region has
// as many squares as its number).
BOOST_AUTO_TEST_CASE(z3_draws_where_the_native_search_cannot) {
  auto text = [&](const driver::GenerateResult& r) {
    std::string all;
    for (const auto& p : r.puzzles) all += driver::instance_text(p, r.puzzle, "t") + p.grade.level;
    return all;
  };
  for (auto [spec, size] : {std::pair{"puzzles/filling/filling.pz", 4}, std::pair{"puzzles/palisade/palisade.pz", 5}}) {
    BOOST_TEST_CONTEXT(spec) {
      GenerateOptions o = sized(spec, size, 2, 1, "easy");
      auto res = driver::generate(o);
      check_batch(o, res);
      BOOST_TEST(res.stats.z3_draws == res.stats.solutions);
      BOOST_TEST(res.stats.z3_draws >= 2);
      BOOST_TEST(driver::stats_text(res.stats, 1).find("by Z3") != std::string::npos);
      if (size == 5) {  // (Palisade, the quicker)
        o.jobs = 2;
        auto two = driver::generate(o);
        BOOST_REQUIRE_MESSAGE(two.ok, two.error);
        BOOST_TEST(text(res) == text(two));
        continue;
      }
      // Each Filling region (squares of one number, connected) has that many squares.
      each_loaded(o, res, [&](const GeneratedPuzzle& p, const driver::Session& s) {
        std::vector<int> seen(16, 0);
        for (int start = 0; start < 16; ++start) {
          if (seen[static_cast<std::size_t>(start)]) continue;
          const ir::Value n = cell(s, p.solution, "num", start / 4 + 1, start % 4 + 1);
          std::vector<int> stack{start};
          seen[static_cast<std::size_t>(start)] = 1;
          int squares = 0;
          while (!stack.empty()) {
            int q = stack.back();
            stack.pop_back();
            ++squares;
            const int r = q / 4, c = q % 4;
            for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
              const int r2 = r + dr, c2 = c + dc;
              if (r2 < 0 || r2 >= 4 || c2 < 0 || c2 >= 4) continue;
              const int q2 = r2 * 4 + c2;
              if (seen[static_cast<std::size_t>(q2)] || cell(s, p.solution, "num", r2 + 1, c2 + 1) != n) continue;
              seen[static_cast<std::size_t>(q2)] = 1;
              stack.push_back(q2);
            }
          }
          BOOST_TEST(squares == n, "the region of square " << start << " holds " << n);
        }
      });
    }
  }
}

// The runs of black squares along a line of the solution, written as the instance does.
std::string runs_text(const driver::Session& s, const ir::Assignment& a, bool row, std::int64_t k, std::int64_t len) {
  std::vector<int> runs;
  int run = 0;
  for (std::int64_t i = 1; i <= len + 1; ++i) {
    bool black = i <= len && (row ? cell(s, a, "black", k, i) : cell(s, a, "black", i, k)) != 0;
    if (black) ++run;
    else if (run) runs.push_back(run), run = 0;
  }
  std::string out = "[";
  for (std::size_t j = 0; j < runs.size(); ++j) out += (j ? ", " : "") + std::to_string(runs[j]);
  return out + "]";
}

// Clues that are collections (a Nonogram line's runs) are derived from the solution by
// evaluating the clue rule's other side; --keep-clues keeps every one, as a Nonogram has.
BOOST_AUTO_TEST_CASE(nonogram_kept_line_clues_are_the_runs) {
  GenerateOptions o;
  o.spec = path("puzzles/nonogram/nonogram.pz");
  o.lengths = {{"rows", 6}, {"cols", 8}};
  o.keep_clues = true;
  o.difficulty = "tricky";
  o.count = 3;
  o.seed = 1;
  auto res = driver::generate(o);
  check_batch(o, res);
  for (const auto& p : res.puzzles) {
    std::string text = driver::instance_text(p, res.puzzle, "t");
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(p.clues.size() == 14u);  // every line
      driver::Session s;
      BOOST_REQUIRE(load(s, o, text));
      for (const auto& c : p.clues) {
        bool row = c.given == "rows";
        auto k = static_cast<std::int64_t>(c.index) + 1;
        BOOST_TEST(c.value == runs_text(s, p.solution, row, k, row ? 8 : 6), c.given << "[" << k << "]");
      }
    }
  }
}

// Without --keep-clues the line clues are removable like any other: unique and minimal.
BOOST_AUTO_TEST_CASE(nonogram_minimal_line_clues) {
  GenerateOptions o;
  o.spec = path("puzzles/nonogram/nonogram.pz");
  o.lengths = {{"rows", 5}, {"cols", 5}};
  o.count = 2;
  o.seed = 2;
  auto res = driver::generate(o);
  check_batch(o, res);
  for (const auto& p : res.puzzles) {
    BOOST_TEST(p.clues.size() < 10u);
    driver::Session s;
    BOOST_REQUIRE(load(s, o, driver::instance_text(p, res.puzzle, "t")));
    for (const auto& c : p.clues) {
      bool row = c.given == "rows";
      BOOST_TEST(c.value == runs_text(s, p.solution, row, static_cast<std::int64_t>(c.index) + 1, 5));
    }
  }
}

// Int clues that a rule computes from the variables (Kakuro's sums) are derived too: the
// digits' values (0..9) do not cover them. On a given board, with every sum kept.
// Every Kakuro puzzle of the batch has a sum in every black square before a run (all
// clues kept), and it is the run's digits added up, on the puzzle's own board.
void check_kakuro_sums(const GenerateOptions& o, const driver::GenerateResult& res) {
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const driver::GivenBoard* board = nullptr;
    for (const auto& b : p.boards)
      if (b.name == "board") board = &b;
    std::vector<std::string> rows;
    if (board) rows = std::vector<std::string>(board->tokens.size() / 6, "");
    for (std::size_t i = 0; board && i < board->tokens.size(); ++i) rows[i / 6] += board->tokens[i];
    if (!board)  // given on the command line: from the instance
      for (const auto& b : o.givens)
        if (b.rfind("board=", 0) == 0)
          for (std::size_t k = 7; k + 6 <= b.size(); k += 7) rows.push_back(b.substr(k, 6));
    BOOST_REQUIRE_EQUAL(rows.size(), 6u);
    auto white = [&](std::int64_t r, std::int64_t c) { return r <= 6 && c <= 6 && rows[r - 1][c - 1] == '.'; };
    for (std::int64_t k = 1; k <= 6; ++k) BOOST_TEST((!white(1, k) && !white(k, 1)));  // the first row and column
    std::size_t runs = 0;
    for (std::int64_t r = 1; r <= 6; ++r)
      for (std::int64_t c = 1; c <= 6; ++c)
        runs += static_cast<std::size_t>(!white(r, c) && white(r, c + 1)) + static_cast<std::size_t>(!white(r, c) && white(r + 1, c));
    BOOST_TEST(runs > 0u);
    BOOST_TEST(p.clues.size() == runs);
    for (const auto& c : p.clues) {
      auto r = static_cast<std::int64_t>(c.index / 6) + 1, col = static_cast<std::int64_t>(c.index % 6) + 1;
      BOOST_TEST_CONTEXT(c.given << " r" << r << "c" << col) {
        BOOST_TEST(!white(r, col));
        const bool across = c.given == "across";
        ir::Value sum = 0;
        for (std::int64_t k = 1; across ? white(r, col + k) : white(r + k, col); ++k)
          sum += across ? cell(s, p.solution, "digit", r, col + k) : cell(s, p.solution, "digit", r + k, col);
        BOOST_TEST(sum > 0);
        BOOST_TEST(c.value == std::to_string(sum));
      }
    }
  });
}

BOOST_AUTO_TEST_CASE(kakuro_sums_are_the_runs) {
  GenerateOptions o;
  o.spec = path("puzzles/kakuro/kakuro.pz");
  o.givens = {"board=\"######/##..##/##..../#..#../#....#/###..#\""};
  o.keep_clues = true;
  o.count = 2;
  o.seed = 1;
  o.max_attempts = 5000;
  check_kakuro_sums(o, driver::generate(o));
}

// Each region (equal tokens) of a w-wide grid is connected.
void check_regions_connected(const std::vector<std::string>& t, int w) {
  const int n = static_cast<int>(t.size());
  for (const auto& l : std::set<std::string>(t.begin(), t.end())) {
    std::vector<int> seen(static_cast<std::size_t>(n), 0), stack;
    for (int i = 0; i < n && stack.empty(); ++i)
      if (t[static_cast<std::size_t>(i)] == l) stack.push_back(i), seen[static_cast<std::size_t>(i)] = 1;
    while (!stack.empty()) {
      int i = stack.back();
      stack.pop_back();
      for (int j : {i - w, i + w, i % w ? i - 1 : -1, i % w < w - 1 ? i + 1 : -1})
        if (j >= 0 && j < n && !seen[static_cast<std::size_t>(j)] && t[static_cast<std::size_t>(j)] == l)
          seen[static_cast<std::size_t>(j)] = 1, stack.push_back(j);
    }
    for (int i = 0; i < n; ++i) BOOST_TEST((t[static_cast<std::size_t>(i)] != l || seen[static_cast<std::size_t>(i)]), "region " << l);
  }
}

// Each cage of a 4x4 Killer (equal tokens of `cages`, row-major) has exactly one sum, in
// its first square (reading order), and it is the cage's numbers added up.
void check_killer_sums(const GeneratedPuzzle& p, driver::Session& s, const std::vector<std::string>& cages) {
  BOOST_REQUIRE_EQUAL(cages.size(), 16u);
  std::map<std::string, ir::Value> sum;
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < 16; ++i) {
    sum[cages[i]] += cell(s, p.solution, "cell", static_cast<std::int64_t>(i / 4) + 1, static_cast<std::int64_t>(i % 4) + 1);
    first.emplace(cages[i], i);
  }
  BOOST_TEST(p.clues.size() == sum.size());  // every sum kept
  std::set<std::string> summed;
  for (const auto& c : p.clues) {
    BOOST_TEST_CONTEXT("sum at square " << c.index) {
      BOOST_TEST(c.given == "sums");
      BOOST_TEST(first[cages[c.index]] == c.index);
      BOOST_TEST(c.value == std::to_string(sum[cages[c.index]]));
      summed.insert(cages[c.index]);
    }
  }
  BOOST_TEST(summed.size() == sum.size());
}

// A 4x4 Killer (box 2), every sum kept, with these givens besides.
GenerateOptions killer_4x4(std::vector<std::string> givens, std::uint64_t seed) {
  GenerateOptions o;
  o.spec = path("puzzles/killer/killer.pz");
  o.givens = std::move(givens);
  o.givens.insert(o.givens.begin(), "box=2");
  o.keep_clues = true;
  o.seed = seed;
  return o;
}

// The tokens of a puzzle's board `name` (a drawn one: it must be there).
const std::vector<std::string>& board_tokens(const GeneratedPuzzle& p, const std::string& name) {
  auto it = std::find_if(p.boards.begin(), p.boards.end(), [&](const driver::GivenBoard& b) { return b.name == name; });
  BOOST_REQUIRE(it != p.boards.end());
  return it->tokens;
}

// Killer Sudoku on a given cage layout, every sum kept (7 cages).
BOOST_AUTO_TEST_CASE(killer_sums_are_the_cages) {
  const std::string cages = "ABBB/CDDE/CFDG/CFGG";
  GenerateOptions o = killer_4x4({"cages=\"" + cages + "\""}, 2);
  o.count = 3;
  auto res = driver::generate(o);
  check_batch(o, res);
  std::vector<std::string> letters;
  for (char ch : cages)
    if (ch != '/') letters.emplace_back(1, ch);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) { check_killer_sums(p, s, letters); });
}

// Keen on given cages and operations (keen_5x5_n's), every number kept: one number per
// cage, in its first square, and it is the cage's sum, product, difference or quotient by
// its operation (a `/` only where one number divides the other: the spec's rule for a /
// with no number keeps the drawn solutions so). Each operation's clue rule derives the
// number only where its `where` holds (`ops[p] = '+' and targets[p] <> null`): without
// that, the last rule's value stood in every cage; and the quotient comes from `big(p) =
// targets[p] * small(p)`, the clue solved for as a factor.
BOOST_AUTO_TEST_CASE(keen_numbers_follow_the_operations) {
  GenerateOptions o;
  o.spec = path("puzzles/keen/keen.pz");
  o.givens = {"cages=@" + path("tests/golden/keen/cages_5x5.txt"), "ops=@" + path("tests/golden/keen/ops_5x5.txt")};
  o.keep_clues = true;
  o.count = 3;
  o.seed = 2;
  auto res = driver::generate(o);
  check_batch(o, res);
  const std::string cages = "ABCCDABEFDABEFGHIJJGHIIJG", ops = "++/./..--.....*+**.......";
  std::map<char, std::vector<ir::Value>> values;
  std::map<char, std::size_t> first;
  int quotients = 0;
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    values.clear();
    first.clear();
    for (std::size_t i = 0; i < 25; ++i) {
      values[cages[i]].push_back(cell(s, p.solution, "cell", static_cast<std::int64_t>(i / 5) + 1, static_cast<std::int64_t>(i % 5) + 1));
      first.emplace(cages[i], i);
    }
    BOOST_TEST(p.clues.size() == values.size());  // every cage's number
    for (const auto& c : p.clues) {
      BOOST_TEST_CONTEXT("number at square " << c.index) {
        BOOST_TEST(c.given == "targets");
        const char cage = cages[c.index];
        BOOST_REQUIRE(first[cage] == c.index);
        const auto& v = values[cage];
        ir::Value want = 0;
        switch (ops[c.index]) {
          case '+': for (auto x : v) want += x; break;
          case '*': want = 1; for (auto x : v) want *= x; break;
          case '-': want = std::max(v[0], v[1]) - std::min(v[0], v[1]); break;
          case '/':
            BOOST_TEST(std::max(v[0], v[1]) % std::min(v[0], v[1]) == 0);
            want = std::max(v[0], v[1]) / std::min(v[0], v[1]);
            ++quotients;
            break;
          default: BOOST_FAIL("no operation at the first square");
        }
        BOOST_TEST(c.value == std::to_string(want));
      }
    }
  });
  BOOST_TEST(quotients == 6);  // two / cages in each of the three puzzles
}

// Without a board, it is drawn: the squares the requires keep black (the first row and
// column) are black in every drawn board, and the others are drawn at the density (were
// the first row and column drawn too, only boards dark enough to black them all out by
// chance would fit, about 0.85^11 of them at 0.85).
BOOST_AUTO_TEST_CASE(kakuro_board_drawn) {
  GenerateOptions o;
  o.spec = path("puzzles/kakuro/kakuro.pz");
  o.width = o.height = 6;
  o.keep_clues = true;
  o.count = 3;
  o.seed = 3;
  o.max_attempts = 60;
  auto res = driver::generate(o);
  BOOST_TEST(res.stats.layouts >= 3);
  check_kakuro_sums(o, res);
}

// No clues at all and a Char grid (Star Battle's regions): the grid is drawn as a
// partition into as many connected regions as the requires ask for, until one has a
// unique solution.
BOOST_AUTO_TEST_CASE(starbattle_regions_drawn) {
  GenerateOptions o = sized("puzzles/starbattle/starbattle.pz", 6, 2, 1);
  auto res = driver::generate(o);
  check_batch(o, res);
  for (const auto& p : res.puzzles) {
    BOOST_REQUIRE_EQUAL(p.boards.size(), 1u);
    const auto& t = p.boards[0].tokens;
    BOOST_REQUIRE_EQUAL(t.size(), 36u);
    std::set<std::string> letters(t.begin(), t.end());
    BOOST_TEST(letters.size() == 6u);
    BOOST_TEST(p.clues.empty());
    check_regions_connected(t, 6);
  }
}

// Techniques that read clues (Magnets' blank counting) take part in the removal when the
// full clue set needs them: each clue subset asked about gets its own facts. The puzzles
// are easy only with those techniques (the rules' own deductions leave them unsolved), and
// minimal at easy with them (check_batch grades each one-clue-less puzzle in full).
BOOST_AUTO_TEST_CASE(magnets_easy_removal_with_clue_techniques) {
  GenerateOptions o = magnets_on_a_layout(2);
  o.difficulty = "easy";
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.stats.subset_facts >= 1);
  BOOST_TEST(res.stats.subset_facts <= res.stats.removal_runs);
  BOOST_TEST(driver::stats_text(res.stats, 1).find("with each clue subset's technique facts") != std::string::npos);
  BOOST_TEST(driver::stats_json(res.stats).at("subset_facts").get<std::int64_t>() == res.stats.subset_facts);
  int need_techniques = 0;
  each_loaded(o, res, [&](const GeneratedPuzzle&, driver::Session& s) {
    ir::Program bare = *s.program;
    bare.techniques.clear();
    hints::HintEngine he(bare);
    need_techniques += hints::grade(he.solve(hints::State::from_program(bare))).level != "easy";
  });
  BOOST_TEST(need_techniques >= 1);
}

// A Char layout that the requires accept all '*' and otherwise only in L R and T B pairs
// (Magnets' dominoes): drawn as a random domino tiling, with one '*' on an odd board. The
// counts kept are the solution's.
BOOST_AUTO_TEST_CASE(magnets_tiling_drawn) {
  for (int n : {6, 7}) {
    BOOST_TEST_CONTEXT(n << "x" << n) {
      GenerateOptions o = sized("puzzles/magnets/magnets.pz", n, 3, 2, "easy");
      auto res = driver::generate(o);
      check_batch(o, res);
      std::set<std::vector<std::string>> layouts;
      each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
        const auto& t = board_tokens(p, "layout");
        BOOST_REQUIRE_EQUAL(t.size(), static_cast<std::size_t>(n * n));
        layouts.insert(t);
        int singles = 0, across = 0, down = 0;
        for (int i = 0; i < n * n; ++i) {
          const int r = i / n, c = i % n;
          const std::string& x = t[static_cast<std::size_t>(i)];
          if (x == "*") ++singles;
          else if (x == "L") {
            BOOST_TEST((c + 1 < n && t[static_cast<std::size_t>(i + 1)] == "R"));
            ++across;
          }
          else if (x == "R") BOOST_TEST((c > 0 && t[static_cast<std::size_t>(i - 1)] == "L"));
          else if (x == "T") {
            BOOST_TEST((r + 1 < n && t[static_cast<std::size_t>(i + n)] == "B"));
            ++down;
          }
          else if (x == "B") BOOST_TEST((r > 0 && t[static_cast<std::size_t>(i - n)] == "T"));
          else BOOST_FAIL("square " << i << " holds " << x);
        }
        BOOST_TEST(singles == n % 2);
        BOOST_TEST(across > 0);  // the flips leave the regular start (all L R, or all T B)
        BOOST_TEST(down > 0);
        BOOST_TEST(!p.clues.empty());
        for (const auto& k : p.clues) {
          const std::string sign = k.given.find("Plus") != std::string::npos ? "plus" : "minus";
          const bool col = k.given.rfind("col", 0) == 0;
          int count = 0;
          for (int j = 1; j <= n; ++j) {
            const auto line = static_cast<std::int64_t>(k.index) + 1;
            const ir::Value v = col ? cell(s, p.solution, "cell", j, line) : cell(s, p.solution, "cell", line, j);
            count += s.program->symbols.at(static_cast<std::size_t>(v)) == sign;
          }
          BOOST_TEST(k.value == std::to_string(count), k.given << " " << k.index);
        }
      });
      BOOST_TEST(layouts.size() == 3u);
    }
  }
}

// A partition whose count of regions the requires leave free (Norinori's: any count, each
// region of two squares or more). The count starts at about four squares a region and
// walks toward the edge of solvability; a region under the fewest squares the requires
// accept grows first, so that no drawn partition is refused for a small region.
BOOST_AUTO_TEST_CASE(norinori_free_region_count) {
  GenerateOptions o = sized("puzzles/norinori/norinori.pz", 6, 3, 1);
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.stats.refused == 0);
  BOOST_TEST(res.stats.layouts > 0);
  for (const auto& p : res.puzzles) {
    const auto& t = board_tokens(p, "regions");
    BOOST_REQUIRE_EQUAL(t.size(), 36u);
    std::map<std::string, int> size;
    for (const auto& l : t) ++size[l];
    for (const auto& [l, n] : size) BOOST_TEST(n >= 2, "region " << l << " has " << n << " square");
    BOOST_TEST(size.size() >= 6u);  // not the one region the requires accept first
    BOOST_TEST(size.size() <= 12u);
    check_regions_connected(t, 6);
  }
  // At 8x8 the count starts at 16, where no partition has a solution, and walks down.
  GenerateOptions big = sized("puzzles/norinori/norinori.pz", 8, 1, 1);
  res = driver::generate(big);
  check_batch(big, res);
  for (const auto& p : res.puzzles) {
    const auto& t = board_tokens(p, "regions");
    const auto regions = std::set<std::string>(t.begin(), t.end()).size();
    BOOST_TEST(regions >= 12u);
    BOOST_TEST(regions <= 15u);
  }
  // --regions keeps its count, with the small regions grown first as well.
  o.regions = 8;
  o.count = 2;
  res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.stats.refused == 0);
  for (const auto& p : res.puzzles) {
    const auto& t = board_tokens(p, "regions");
    BOOST_TEST(std::set<std::string>(t.begin(), t.end()).size() == 8u);
  }
}

// A Char grid that the spec never compares with a character (Killer's cages) is drawn as
// a partition too, beside the clue grid: about three squares a region (16 / 3 = 5 at 4x4),
// each connected, and each cage's sum derived from the drawn cages. The requires allow at
// most 4 squares a cage (n), which the drawing finds and keeps to: a square shut in by full
// cages starts one more. Without that bound, 63% of drawn partitions broke the require, and
// easy 4x4 Killers with every sum kept were not found in 200 attempts.
BOOST_AUTO_TEST_CASE(killer_cages_drawn) {
  GenerateOptions o = killer_4x4({}, 1);
  o.count = 3;
  auto res = driver::generate(o);
  check_batch(o, res);
  BOOST_TEST(res.stats.refused == 0);
  std::set<std::vector<std::string>> partitions;
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const auto& t = board_tokens(p, "cages");
    partitions.insert(t);
    const auto cages = std::set<std::string>(t.begin(), t.end()).size();
    BOOST_TEST(cages >= 5u);
    BOOST_TEST(cages <= 6u);
    for (const auto& c : std::set<std::string>(t.begin(), t.end()))
      BOOST_TEST(std::count(t.begin(), t.end(), c) <= 4, "cage " << c);
    check_regions_connected(t, 4);
    check_killer_sums(p, s, t);
  });
  BOOST_TEST(partitions.size() == res.puzzles.size());  // a partition per puzzle
}

// --regions K: that many regions, or a clear error when the requires refuse K.
BOOST_AUTO_TEST_CASE(regions_option) {
  GenerateOptions o = killer_4x4({}, 1);
  o.regions = 8;
  auto res = driver::generate(o);
  check_batch(o, res);
  for (const auto& p : res.puzzles) {
    const auto& t = board_tokens(p, "cages");
    BOOST_TEST(std::set<std::string>(t.begin(), t.end()).size() == 8u);
  }
  o.regions = 3;  // a cage of 6 or more squares: more than n = 4
  o.width = o.height = 4;
  res = driver::generate(o);
  BOOST_TEST(!res.ok);
  BOOST_TEST(res.error.find("--regions 3: the requires refuse a partition of 'cages' into 3 regions") != std::string::npos,
             res.error);
}

// --max-region K: no region has more than K squares (a free square that no region may take
// starts one more), each is connected and carries its sum; on a spec with no partition,
// or with more regions needed than letters, a clear error.
BOOST_AUTO_TEST_CASE(max_region_option) {
  GenerateOptions o = killer_4x4({}, 1);
  o.max_region = 2;
  o.count = 3;
  auto res = driver::generate(o);
  check_batch(o, res);
  each_loaded(o, res, [&](const GeneratedPuzzle& p, driver::Session& s) {
    const auto& t = board_tokens(p, "cages");
    std::map<std::string, int> size;
    for (const auto& l : t) ++size[l];
    for (const auto& [l, n] : size) BOOST_TEST(n <= 2, "cage " << l << " has " << n << " squares");
    BOOST_TEST(size.size() >= 8u);
    check_regions_connected(t, 4);
    check_killer_sums(p, s, t);
  });
  GenerateOptions big = killer_4x4({}, 1);
  big.givens = {};  // 9x9: 81 squares, at most 52 regions
  big.max_region = 1;
  res = driver::generate(big);
  BOOST_TEST(!res.ok);
  BOOST_TEST(res.error.find("--max-region 1: the 81 squares of 'cages' need at least 81 regions of at most 1 square,") !=
                 std::string::npos, res.error);
  GenerateOptions sudoku;
  sudoku.spec = path("puzzles/sudoku/sudoku.pz");
  sudoku.max_region = 3;
  res = driver::generate(sudoku);
  BOOST_TEST(!res.ok);
  BOOST_TEST(res.error.find("--max-region 3: Sudoku has no grid that generate draws as a partition") != std::string::npos,
             res.error);
}

BOOST_AUTO_TEST_CASE(spec_without_clues_is_refused) {
  GenerateOptions o;
  o.spec = path("puzzles/clues/car.pz");
  auto res = driver::generate(o);
  BOOST_TEST(!res.ok);
  BOOST_TEST(res.error.find("nothing to generate") != std::string::npos);
}

// The generator asks HintEngine::saturate (no trace) what solve() would say: same
// solved, hardest tier, count at that tier (up to 3) and level, for every tier cap, on
// bundled instances and on random subsets of their clue constraints (as the removal loop
// makes them, and as a mask over the whole program, as it asks). Also: removing a
// constraint saturate did not use changes nothing.
BOOST_AUTO_TEST_CASE(saturation_matches_the_trace) {
  struct Case {
    const char* spec;
    const char* instance;
    int max_cap;  // tier-4 traces on the larger boards take too long for a unit test
  };
  const Case cases[] = {
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_a.pz", 4},
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_b.pz", 4},
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d0.pz", 3},
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d2.pz", 3},
      {"puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz", 4},
      {"puzzles/abc/abc.pz", "puzzles/abc/abc_6x6_b.pz", 3},
      {"puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_basic.pz", 3},
      {"puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_advanced.pz", 2},
  };
  std::mt19937_64 rng(7);
  int compared = 0, solved = 0, unsolved = 0, with_top_count = 0, stopped_early = 0;
  for (const Case& c : cases) {
    driver::Session s;
    bool ok = s.load_spec(path(c.spec)) && s.select_instance(path(c.instance)) && s.ground();
    BOOST_REQUIRE_MESSAGE(ok, s.render_diagnostics());
    const ir::Program& full = *s.program;
    for (int round = 0; round < 10; ++round) {
      // Round 0: the instance; then random subsets of its clue constraints.
      ir::Program p = full;
      std::vector<char> on(full.constraints.size(), 1);
      if (round > 0) {
        double keep = round % 2 ? 0.9 : 0.7;
        p.constraints.clear();
        for (std::size_t k = 0; k < full.constraints.size(); ++k) {
          const auto& con = full.constraints[k];
          on[k] = !full.rules[static_cast<std::size_t>(con.origin.rule)].is_clue ||
                  static_cast<double>(rng() >> 11) * 0x1.0p-53 < keep;
          if (on[k]) p.constraints.push_back(con);
        }
      }
      for (int cap = 1; cap <= c.max_cap; ++cap) {
        hints::Options ho;
        ho.max_tier = cap;
        hints::HintEngine he(p, ho);
        hints::Trace t = he.solve(hints::State::from_program(p));
        hints::Grade g = hints::grade(t);
        hints::HintEngine he2(p, ho);
        hints::Saturation sat = he2.saturate(hints::State::from_program(p));
        // The same subset as a mask over the whole program (how the generator asks).
        hints::HintEngine he_full(full, ho);
        hints::Saturation masked = he_full.saturate(hints::State::from_program(full, &on), &on);
        BOOST_TEST_CONTEXT(c.instance << " round " << round << " cap " << cap) {
          BOOST_TEST(masked.solved == sat.solved);
          BOOST_TEST(masked.level == sat.level);
          BOOST_TEST(masked.max_tier == sat.max_tier);
          BOOST_TEST(masked.at_top == sat.at_top);
          BOOST_TEST(masked.used.size() == sat.used.size());
          BOOST_TEST(sat.solved == t.solved);
          BOOST_TEST(sat.level == g.level);
          // As the generator asks for level cap - 1: stopping early gives its answer.
          if (cap >= 2) {
            hints::HintEngine he3(p, ho);
            hints::Saturation early = he3.saturate(hints::State::from_program(p), nullptr, cap - 1);
            auto rank = [](const std::string& l) { return l == "easy" ? 1 : l == "tricky" ? 2 : l == "hard" ? 3 : 4; };
            BOOST_TEST((early.solved && rank(early.level) <= cap - 1) == (t.solved && rank(g.level) <= cap - 1));
            if (!early.beyond) BOOST_TEST(early.level == g.level);
            stopped_early += early.beyond;
          }
          if (t.solved) {
            BOOST_TEST(sat.max_tier == g.max_tier);
            int top = g.max_tier;
            if (top >= 3) BOOST_TEST(sat.at_top == std::min(g.per_tier[static_cast<std::size_t>(top)], 3));
            with_top_count += top >= 3;
          }
        }
        ++compared;
        (t.solved ? solved : unsolved)++;
        // A constraint no deduction used can go: the answer stays (what the removal loop
        // relies on to skip clues).
        if (sat.solved && sat.max_tier <= 3 && cap == c.max_cap) {
          std::vector<int> unused;
          for (int k = 0; k < static_cast<int>(p.constraints.size()); ++k)
            if (p.constraints[static_cast<std::size_t>(k)].scope.size() > 1 &&
                !std::binary_search(sat.used.begin(), sat.used.end(), k))
              unused.push_back(k);
          if (unused.empty()) continue;
          ir::Program q = p;
          q.constraints.erase(q.constraints.begin() + unused[rng() % unused.size()]);
          hints::HintEngine he3(q, ho);
          hints::Saturation sq = he3.saturate(hints::State::from_program(q));
          BOOST_TEST(sq.solved);
          BOOST_TEST(sq.level == sat.level);
        }
      }
    }
  }
  // The comparisons cover both outcomes and the softened top-tier counts.
  BOOST_TEST(solved > 10);
  BOOST_TEST(unsolved > 10);
  BOOST_TEST(with_top_count > 0);
  BOOST_TEST(stopped_early > 0);
  BOOST_TEST_MESSAGE(compared << " comparisons: " << solved << " solved, " << unsolved << " not, " << with_top_count
                              << " with a softened top tier, " << stopped_early << " stopped early");
}

// The removal loop starts each question from what the clues kept so far give: the closures
// under tier 1 and tiers 1-2 with them (HintEngine::close, grown clue by clue) and their
// propagation in the native search (SubsetSearch::keep). Every answer must be the one from
// scratch: on random clue subsets S of bundled instances and random kept parts K of S,
// saturate from the closures of K says what saturate from nothing says (solved, tier,
// count, level, early stop), for every cap; a clue of S outside K that it did not use can
// go with the answer unchanged; and the search gives the same status and number of
// solutions.
BOOST_AUTO_TEST_CASE(saturation_from_a_kept_closure_matches_from_scratch) {
  const std::pair<const char*, const char*> cases[] = {
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_a.pz"},
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d0.pz"},
      {"puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d2.pz"},
      {"puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_basic.pz"},
      {"puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_advanced.pz"},
      {"puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz"},  // declared techniques: no base
      // Every wall numbered (pzc generate --keep-clues, seeds 5 and 7): clues to spare.
      {"puzzles/lightup/lightup.pz",
       ".11..01. 1.12...1 0....0.. .....0.. ..1..... ..1....0 2...11.1 .11..11."},
      {"puzzles/lightup/lightup.pz",
       ".11..01.11 10.1.00... .....11... 1..0...1.0 02........ ........00 1.1...1..1 ...10..... ...00.1.02 02.10..11."},
  };
  std::mt19937_64 rng(11);
  auto coin = [&](double p) { return static_cast<double>(rng() >> 11) * 0x1.0p-53 < p; };
  int compared = 0, solved = 0, unsolved = 0, beyond = 0, closed_something = 0, unused_dropped = 0, searched = 0,
      tier2_used = 0;
  for (const auto& [spec, instance] : cases) {
    driver::Session s;
    // Rows of a board: written out as an instance file.
    const bool rows = std::string(instance).find(' ') != std::string::npos;
    std::string file = path(instance);
    if (rows) {
      file = std::string(PZC_BINARY_DIR) + "/full_clues_" + std::to_string(std::string(instance).size()) + ".pz";
      std::string board(instance);
      std::replace(board.begin(), board.end(), ' ', '\n');
      std::ofstream(file) << "instance full_clues of LightUp\n  board = grid {\n" << board << "\n  }\nend\n";
    }
    bool ok = s.load_spec(path(spec)) && s.select_instance(file) && s.ground();
    BOOST_REQUIRE_MESSAGE(ok, s.render_diagnostics());
    const ir::Program& p = *s.program;
    const std::size_t n = p.constraints.size();
    std::vector<char> rules(n);
    for (std::size_t c = 0; c < n; ++c) rules[c] = !p.rules[static_cast<std::size_t>(p.constraints[c].origin.rule)].is_clue;
    hints::StartStates starts(p);
    for (int round = 0; round < 8; ++round) {
      // S: the rules and some clues; K: the rules and some of S's clues; K0: part of K.
      std::vector<char> in_s(n), in_k(n), in_k0(n);
      const double keep = round % 2 ? 0.97 : 0.85;
      for (std::size_t c = 0; c < n; ++c) {
        in_s[c] = rules[c] || coin(keep);
        in_k[c] = rules[c] || (in_s[c] && coin(0.6));
        in_k0[c] = rules[c] || (in_k[c] && coin(0.5));
      }
      for (int cap = 1; cap <= 3; ++cap) {
        hints::Options ho;
        ho.max_tier = cap;
        hints::HintEngine he(p, ho);
        hints::Closure k0 = he.close(1, starts.from(in_k0), in_k0);
        hints::Closure k = he.close(1, starts.from(in_k), in_k, &k0);
        hints::Closure k20 = he.close(2, starts.from(in_k0), in_k0);
        hints::Closure k2 = he.close(2, starts.from(in_k), in_k);
        bool narrowed = false;
        hints::State plain = starts.from(in_k);
        for (ir::VarId v = 0; v < plain.num_vars(); ++v) narrowed = narrowed || k.state.domains().size(v) < plain.domains().size(v);
        closed_something += narrowed;
        for (int stop : {0, cap - 1}) {
          hints::Saturation a = he.saturate(k, starts.from(in_s), &in_s, stop);
          // The tier-2 base made when asked, by the engine saturating (as the generator does).
          std::optional<hints::Closure> lazy;
          hints::Saturation a2 = he.saturate(k, starts.from(in_s), &in_s, stop, [&] {
            lazy = he.close(2, starts.from(in_k), in_k, &k20);
            return &*lazy;
          });
          hints::Saturation b = he.saturate(starts.from(in_s), &in_s, stop);
          BOOST_TEST_CONTEXT((rows ? "full clues" : instance) << " round " << round << " cap " << cap << " stop " << stop) {
            for (const hints::Saturation* x : {&a, &a2}) {
              BOOST_TEST(x->solved == b.solved);
              BOOST_TEST(x->level == b.level);
              BOOST_TEST(x->max_tier == b.max_tier);
              BOOST_TEST(x->at_top == b.at_top);
              BOOST_TEST(x->beyond == b.beyond);
            }
          }
          tier2_used += b.max_tier >= 2 && !b.beyond;
          ++compared;
          (b.solved ? solved : unsolved)++;
          beyond += b.beyond;
          // A clue constraint of S outside K that the answer did not use.
          if (!a2.solved || a2.max_tier > 3) continue;
          std::vector<std::size_t> unused;
          for (std::size_t c = 0; c < n; ++c)
            if (in_s[c] && !in_k[c] && p.constraints[c].scope.size() > 1 &&
                !std::binary_search(a2.used.begin(), a2.used.end(), static_cast<int>(c)))
              unused.push_back(c);
          if (unused.empty()) continue;
          std::vector<char> fewer = in_s;
          fewer[unused[rng() % unused.size()]] = 0;
          hints::Saturation f = he.saturate(k, starts.from(fewer), &fewer, stop, [&] { return &k2; });
          BOOST_TEST(f.solved);
          BOOST_TEST(f.level == a2.level);
          ++unused_dropped;
        }
      }
      // The native search with K propagated once (kept in two steps) against without.
      engine::SubsetSearch plain_search(p, {}, &rules);
      engine::SubsetSearch kept_search(p, {}, &rules);
      kept_search.keep(in_k0);
      engine::SearchResult before = kept_search.unique(in_s);
      kept_search.keep(in_k);
      for (const auto* mask : {&in_s, &in_k}) {
        engine::SearchResult x = plain_search.unique(*mask);
        engine::SearchResult y = kept_search.unique(*mask);
        BOOST_TEST((x.status == y.status));
        BOOST_TEST(x.solutions.size() == y.solutions.size());
        ++searched;
      }
      BOOST_TEST((before.status == plain_search.unique(in_s).status));
    }
  }
  BOOST_TEST(solved > 10);
  BOOST_TEST(unsolved > 10);
  BOOST_TEST(closed_something > 10);
  BOOST_TEST(unused_dropped > 10);
  BOOST_TEST(tier2_used > 10);
  BOOST_TEST_MESSAGE(compared << " comparisons: " << solved << " solved, " << unsolved << " not, " << beyond
                              << " stopped early, " << tier2_used << " past tier 1, " << closed_something
                              << " closures that deduced, " << unused_dropped
                              << " unused clues dropped, " << searched << " searches");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
