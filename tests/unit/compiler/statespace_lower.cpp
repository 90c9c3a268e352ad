// Tests of the state-space lowering: npuzzle.pz lowers to a program that behaves exactly like
// the hand-built make_sliding_tiles (run side by side on random states); a Seq puzzle
// (frogs and toads) and one with defs and assignments (jugs) lower and are solved with the
// optimum found independently; bad specs get diagnostics.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include <unistd.h>

#include "compiler/driver/session.hpp"
#include "compiler/front/statespace/lower.hpp"
#include "runtime/statespace/program.hpp"
#include "runtime/statespace/search.hpp"

namespace {

using namespace pzc;
using statespace::CompiledProgram;
using statespace::State;
using statespace::StateProgram;

struct Lowered {
  std::optional<StateProgram> program;
  State start;
  std::string diagnostics;
};

// Temporary specs and instances, removed when the test program exits.
struct TempFiles {
  std::vector<std::filesystem::path> paths;
  ~TempFiles() {
    std::error_code ec;
    for (const auto& p : paths) std::filesystem::remove(p, ec);
  }
};
TempFiles temp_files;

std::string temp_file(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() /
              ("pzc_statespace_lower_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  temp_files.paths.push_back(path);
  return path.string();
}

Lowered lower_file(const std::string& spec, const std::string& instance, const std::string& heuristic = "") {
  driver::Session s;
  Lowered out;
  bool ok = s.load_spec(spec) && s.select_instance(instance) && s.ground();
  if (ok) out.program = statespace_lower::lower_state_space(s.checked, s.bound, s.diags, out.start, {heuristic});
  out.diagnostics = s.render_diagnostics();
  return out;
}

const std::string kNPuzzle = std::string(PZC_SOURCE_DIR) + "/puzzles/npuzzle/npuzzle.pz";
const std::string kFrogs = std::string(PZC_SOURCE_DIR) + "/puzzles/statespace/frogs.pz";

// An n x n instance file (tab-separated rows, as the seed's input.txt).
std::string grid_file(const State& tiles, int n, const std::string& name) {
  std::ostringstream text;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) text << tiles[static_cast<std::size_t>(r * n + c)] << (c + 1 < n ? "\t" : "\n");
  return temp_file(name, text.str());
}

State random_permutation(int n, std::mt19937& rng) {
  State s(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = static_cast<statespace::Value>(i);
  std::shuffle(s.begin(), s.end(), rng);
  return s;
}

// A solvable start: a random walk from the goal with the reference program.
State random_walk(const CompiledProgram& p, int steps, std::mt19937& rng) {
  const int n = p.num_slots();
  State s(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = static_cast<statespace::Value>((i + 1) % n);
  for (int k = 0; k < steps; ++k) {
    CompiledProgram::Context ctx{};
    p.prepare(s.data(), ctx);
    const int m = static_cast<int>(rng() % static_cast<unsigned>(p.num_moves()));
    statespace::Change ch;
    p.try_move(m, ctx, s.data(), ch);
  }
  return s;
}

// Runs both programs on the same states: moves enabled, successor states, goal, h, and
// the incremental updates all agree.
void check_same_behaviour(const StateProgram& lowered, const StateProgram& reference, std::mt19937& rng) {
  BOOST_REQUIRE_EQUAL(lowered.num_slots, reference.num_slots);
  BOOST_TEST(lowered.value_min == reference.value_min);
  BOOST_TEST(lowered.value_max == reference.value_max);
  BOOST_REQUIRE_EQUAL(lowered.moves.size(), reference.moves.size());
  for (std::size_t m = 0; m < lowered.moves.size(); ++m) BOOST_TEST(lowered.moves[m].name == reference.moves[m].name);
  const int n = lowered.num_slots;
  for (bool tables : {true, false}) {
    CompiledProgram a(lowered, false, tables), b(reference, false, tables);
    if (tables) {
      // The fast paths of the runtime apply to the lowered program too.
      BOOST_TEST(a.tabulated_moves());
      BOOST_TEST(a.tabulated_heuristic());
      BOOST_TEST(!a.goal_table().empty());
    }
    for (int k = 0; k < 300; ++k) {
      State s = k == 0 ? random_walk(b, 0, rng) : random_permutation(n, rng);
      BOOST_TEST(a.goal_failures(s.data()) == b.goal_failures(s.data()));
      const int h = b.heuristic(s.data());
      BOOST_TEST(a.heuristic(s.data()) == h);
      CompiledProgram::Context ca{}, cb{};
      a.prepare(s.data(), ca);
      b.prepare(s.data(), cb);
      for (int m = 0; m < a.num_moves(); ++m) {
        State sa = s, sb = s;
        statespace::Change cha{}, chb{};
        const bool ea = a.try_move(m, ca, sa.data(), cha);
        const bool eb = b.try_move(m, cb, sb.data(), chb);
        BOOST_TEST(ea == eb);
        BOOST_TEST(sa == sb);
        if (!ea || !eb) continue;
        BOOST_TEST(a.heuristic_after(h, sa.data(), cha) == b.heuristic(sb.data()));
        BOOST_TEST(a.goal_failures_after(a.goal_failures(s.data()), sa.data(), cha) == b.goal_failures(sb.data()));
      }
    }
  }
  // Solvability and linear conflict rest on the same analysis.
  auto ga = statespace::analyze_grid_permutation(lowered);
  auto gb = statespace::analyze_grid_permutation(reference);
  BOOST_REQUIRE(ga.has_value());
  BOOST_REQUIRE(gb.has_value());
  BOOST_TEST(ga->goal == gb->goal);
  BOOST_TEST(ga->blank == gb->blank);
}

// Frogs and toads solved directly (independent of the lowering): BFS over strings.
int frogs_shortest(int frogs, int toads) {
  const int n = frogs + toads + 1;
  std::string start = std::string(static_cast<std::size_t>(frogs), '1') + "0" + std::string(static_cast<std::size_t>(toads), '2');
  std::string goal = std::string(static_cast<std::size_t>(toads), '2') + "0" + std::string(static_cast<std::size_t>(frogs), '1');
  std::map<std::string, int> dist{{start, 0}};
  std::deque<std::string> queue{start};
  while (!queue.empty()) {
    std::string s = queue.front();
    queue.pop_front();
    if (s == goal) return dist[s];
    const int e = static_cast<int>(s.find('0'));
    auto step = [&](int from, char who) {
      if (from < 0 || from >= n || s[static_cast<std::size_t>(from)] != who) return;
      std::string t = s;
      std::swap(t[static_cast<std::size_t>(from)], t[static_cast<std::size_t>(e)]);
      if (dist.emplace(t, dist[s] + 1).second) queue.push_back(t);
    };
    step(e - 1, '1');
    step(e - 2, '1');
    step(e + 1, '2');
    step(e + 2, '2');
  }
  return -1;
}

// Two jugs solved directly: the fewest moves until either holds `want`, or -1.
int jugs_shortest(int small, int big, int want) {
  std::map<std::pair<int, int>, int> dist{{{0, 0}, 0}};
  std::deque<std::pair<int, int>> queue{{0, 0}};
  while (!queue.empty()) {
    auto [a, b] = queue.front();
    queue.pop_front();
    if (a == want || b == want) return dist[{a, b}];
    const int to_big = std::min(a, big - b), to_small = std::min(b, small - a);
    for (auto next : {std::pair{small, b}, std::pair{a, big}, std::pair{0, b}, std::pair{a, 0},
                      std::pair{a - to_big, b + to_big}, std::pair{a + to_small, b - to_small}})
      if (dist.emplace(next, dist[{a, b}] + 1).second) queue.push_back(next);
  }
  return -1;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// frogs.pz with one line replaced.
std::string frogs_variant(const std::string& from, const std::string& to) {
  std::string text = read_text(kFrogs);
  const auto at = text.find(from);
  BOOST_REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return temp_file("frogs_variant.pz", text);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(statespace_lower)

BOOST_AUTO_TEST_CASE(npuzzle_3x3_behaves_like_make_sliding_tiles) {
  Lowered l = lower_file(kNPuzzle, "seed_example");
  BOOST_REQUIRE_MESSAGE(l.program.has_value(), l.diagnostics);
  BOOST_TEST(l.start == (State{4, 1, 3, 2, 0, 6, 7, 5, 8}));
  BOOST_TEST(l.program->grid_rows == 3);
  BOOST_TEST(l.program->grid_cols == 3);
  BOOST_TEST(l.program->heuristic_name == "manhattan");
  // The def is the prelude's one local; goal and heuristic are in their per-slot forms.
  BOOST_TEST(l.program->num_locals == 1);
  BOOST_TEST(!l.program->goal_per_slot.empty());
  BOOST_TEST(!l.program->heuristic_per_slot.empty());
  std::mt19937 rng(7);
  check_same_behaviour(*l.program, statespace::make_sliding_tiles(3, 3), rng);
}

BOOST_AUTO_TEST_CASE(npuzzle_4x4_behaves_like_make_sliding_tiles) {
  std::mt19937 rng(11);
  const State start = random_permutation(16, rng);
  Lowered l = lower_file(kNPuzzle, grid_file(start, 4, "4x4.txt"));
  BOOST_REQUIRE_MESSAGE(l.program.has_value(), l.diagnostics);
  BOOST_TEST(l.start == start);
  check_same_behaviour(*l.program, statespace::make_sliding_tiles(4, 4), rng);
}

BOOST_AUTO_TEST_CASE(npuzzle_searches_agree_with_the_reference) {
  Lowered l = lower_file(kNPuzzle, "seed_example");
  BOOST_REQUIRE_MESSAGE(l.program.has_value(), l.diagnostics);
  const CompiledProgram lowered(*l.program), reference(statespace::make_sliding_tiles(3, 3));
  std::mt19937 rng(3);
  for (int k = 0; k < 12; ++k) {
    const State start = k == 0 ? l.start : random_walk(reference, 8 + 2 * k, rng);
    for (auto strategy : {statespace::Strategy::breadth, statespace::Strategy::best, statespace::Strategy::astar,
                          statespace::Strategy::idastar}) {
      statespace::SearchOptions o;
      o.strategy = strategy;
      const auto ra = statespace::search(lowered, start, o);
      const auto rb = statespace::search(reference, start, o);
      BOOST_TEST(static_cast<int>(ra.status) == static_cast<int>(rb.status));
      BOOST_TEST(ra.move_names == rb.move_names);
      BOOST_TEST(ra.stats.expanded == rb.stats.expanded);
    }
  }
  // Wrong parity: decided before searching.
  State odd = l.start;
  std::swap(odd[0], odd[1]);
  statespace::SearchOptions o;
  o.strategy = statespace::Strategy::breadth;
  BOOST_TEST(static_cast<int>(statespace::search(lowered, odd, o).status) ==
             static_cast<int>(statespace::SearchStatus::unsolvable));
}

BOOST_AUTO_TEST_CASE(frogs_and_toads_lowers_and_is_solved) {
  for (const auto& [instance, frogs, toads] :
       std::vector<std::tuple<std::string, int, int>>{{"three_each", 3, 3}, {"two_and_four", 2, 4}}) {
    Lowered l = lower_file(kFrogs, instance);
    BOOST_REQUIRE_MESSAGE(l.program.has_value(), l.diagnostics);
    const int n = frogs + toads + 1;
    BOOST_TEST(l.program->num_slots == n);
    BOOST_TEST(l.program->grid_rows == 0);
    BOOST_TEST(l.program->moves.size() == 4u);
    BOOST_TEST(!l.program->goal_per_slot.empty());
    BOOST_TEST(!l.program->heuristic_per_slot.empty());
    const int expected = frogs * toads + frogs + toads;
    BOOST_TEST(frogs_shortest(frogs, toads) == expected);
    const CompiledProgram p(*l.program);
    for (auto strategy : {statespace::Strategy::breadth, statespace::Strategy::astar, statespace::Strategy::idastar}) {
      statespace::SearchOptions o;
      o.strategy = strategy;
      const auto r = statespace::search(p, l.start, o);
      BOOST_REQUIRE(r.status == statespace::SearchStatus::solved);
      BOOST_TEST(static_cast<int>(r.moves.size()) == expected);
      const State end = statespace::apply_moves(p, l.start, r.moves);
      BOOST_TEST(p.goal_failures(end.data()) == 0);
      State want;
      for (int i = 1; i <= n; ++i) want.push_back(static_cast<statespace::Value>(i <= toads ? 2 : i == toads + 1 ? 0 : 1));
      BOOST_TEST(end == want);
    }
    // The heuristic counts animals outside their final stretch: admissible, 0 at the goal.
    State goal;
    for (int i = 1; i <= n; ++i) goal.push_back(static_cast<statespace::Value>(i <= toads ? 2 : i == toads + 1 ? 0 : 1));
    BOOST_TEST(p.heuristic(goal.data()) == 0);
    int misplaced = 0;  // frogs at or left of the empty pad's final place, toads right of theirs
    for (int i = 1; i <= n; ++i) {
      const int v = l.start[static_cast<std::size_t>(i - 1)];
      misplaced += (v == 1 && i <= toads + 1) || (v == 2 && i > toads);
    }
    BOOST_TEST(misplaced == frogs + std::min(toads, n - std::max(toads, frogs + 1)));
    BOOST_TEST(p.heuristic(l.start.data()) == misplaced);
  }
}

BOOST_AUTO_TEST_CASE(jugs_with_defs_and_assignments) {
  const std::string spec = std::string(PZC_SOURCE_DIR) + "/puzzles/statespace/jugs.pz";
  for (int want = 0; want <= 6; ++want) {
    driver::Session s;
    BOOST_REQUIRE(s.load_spec(spec) && s.select_instance("die_hard") && s.add_given("want=" + std::to_string(want)) &&
                  s.ground());
    State start;
    auto program = pzc::statespace_lower::lower_state_space(s.checked, s.bound, s.diags, start);
    BOOST_REQUIRE_MESSAGE(program.has_value(), s.render_diagnostics());
    BOOST_TEST(program->num_locals == 2);  // pour, back
    BOOST_TEST(program->value_max == 5);
    BOOST_TEST(start == (State{0, 0}));
    statespace::SearchOptions o;
    o.strategy = statespace::Strategy::breadth;
    const CompiledProgram p(*program);
    const auto r = statespace::search(p, start, o);
    const int expected = jugs_shortest(3, 5, want);
    if (expected < 0) {
      BOOST_TEST(static_cast<int>(r.status) == static_cast<int>(statespace::SearchStatus::exhausted));
      continue;
    }
    BOOST_REQUIRE(r.status == statespace::SearchStatus::solved);
    BOOST_TEST(static_cast<int>(r.moves.size()) == expected);
    const State end = statespace::apply_moves(p, start, r.moves);
    BOOST_TEST((end[0] == want || end[1] == want));
  }
}

// A move with a `for` (puzzles/statespace/hanoi.pz: `move disc for i in 1..discs, to in
// 1..3 when ...`) is one move per binding, named disc(i,to). Each strategy's path is
// replayed here under the rules of the Towers of Hanoi, independently of the spec, and is
// 2^discs - 1 moves long (the known optimum).
BOOST_AUTO_TEST_CASE(hanoi_moves_for_each_binding) {
  const std::string spec = std::string(PZC_SOURCE_DIR) + "/puzzles/statespace/hanoi.pz";
  for (int discs = 1; discs <= 6; ++discs) {
    driver::Session s;
    BOOST_REQUIRE(s.load_spec(spec) && s.select_instance("three") && s.add_given("discs=" + std::to_string(discs)) &&
                  s.ground());
    State start;
    auto program = pzc::statespace_lower::lower_state_space(s.checked, s.bound, s.diags, start);
    BOOST_REQUIRE_MESSAGE(program.has_value(), s.render_diagnostics());
    BOOST_REQUIRE(program->moves.size() == static_cast<std::size_t>(3 * discs));
    BOOST_TEST(program->moves[0].name == "disc(1,1)");
    BOOST_TEST(program->moves.back().name == fmt::format("disc({},3)", discs));
    const CompiledProgram p(*program);
    // (IDA* only up to 3 discs: with this weak heuristic its iterations grow as 3^depth.)
    std::vector<statespace::Strategy> strategies = {statespace::Strategy::breadth, statespace::Strategy::astar};
    if (discs <= 3) strategies.push_back(statespace::Strategy::idastar);
    for (auto strategy : strategies) {
      statespace::SearchOptions o;
      o.strategy = strategy;
      const auto r = statespace::search(p, start, o);
      BOOST_REQUIRE(r.status == statespace::SearchStatus::solved);
      BOOST_TEST(static_cast<int>(r.move_names.size()) == (1 << discs) - 1);
      std::vector<int> peg(static_cast<std::size_t>(discs + 1), 1);
      for (const std::string& name : r.move_names) {
        int i = 0, to = 0;
        BOOST_REQUIRE(std::sscanf(name.c_str(), "disc(%d,%d)", &i, &to) == 2);
        BOOST_REQUIRE((i >= 1 && i <= discs && to >= 1 && to <= 3));
        BOOST_TEST(peg[static_cast<std::size_t>(i)] != to);
        for (int j = 1; j < i; ++j)  // no smaller disc on top of disc i, nor on peg `to`
          BOOST_TEST((peg[static_cast<std::size_t>(j)] != peg[static_cast<std::size_t>(i)] && peg[static_cast<std::size_t>(j)] != to));
        peg[static_cast<std::size_t>(i)] = to;
      }
      for (int i = 1; i <= discs; ++i) BOOST_TEST(peg[static_cast<std::size_t>(i)] == 3);
    }
  }
}

BOOST_AUTO_TEST_CASE(heuristic_selection) {
  Lowered none = lower_file(kFrogs, "three_each", "none");
  BOOST_REQUIRE(none.program.has_value());
  BOOST_TEST(none.program->heuristic.empty());
  BOOST_TEST(none.program->heuristic_per_slot.empty());
  Lowered missing = lower_file(kFrogs, "three_each", "nosuch");
  BOOST_TEST(!missing.program.has_value());
  BOOST_TEST(missing.diagnostics.find("has no heuristic 'nosuch' (it has: misplaced)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(whole_state_forms_when_not_per_slot) {
  // A goal that is not a forAll over the slots, and a heuristic reading a def (a prelude
  // local), lower to whole-state code with the same meaning.
  const std::string spec = frogs_variant(
      "goal (1..n)->forAll(i | pads[i] = (if i <= toads then 2 else if i = toads + 1 then 0 else 1 endif endif))",
      "goal e = toads + 1 and (1..toads)->forAll(i | pads[i] = 2)");
  Lowered l = lower_file(spec, "three_each");
  BOOST_REQUIRE_MESSAGE(l.program.has_value(), l.diagnostics);
  BOOST_TEST(l.program->goal_per_slot.empty());
  BOOST_TEST(!l.program->goal.empty());
  const auto r = statespace::search(*l.program, l.start, {});
  BOOST_REQUIRE(r.status == statespace::SearchStatus::solved);
  BOOST_TEST(r.moves.size() == 15u);
}

BOOST_AUTO_TEST_CASE(unsupported_constructs_are_diagnosed) {
  const std::string goal = "goal (1..n)->forAll(i | pads[i] = (if i <= toads then 2 else if i = toads + 1 then 0 else 1 endif endif))";
  {
    Lowered l = lower_file(frogs_variant(goal, "goal (1..n)->select(i | pads[i] = 0) = [toads + 1]"), "three_each");
    BOOST_TEST(!l.program.has_value());
    BOOST_TEST_MESSAGE(l.diagnostics);
    BOOST_TEST(l.diagnostics.find(":19:") != std::string::npos);
    BOOST_TEST(l.diagnostics.find("state-space expressions may not use '->select' here") != std::string::npos);
  }
  {
    Lowered l = lower_file(frogs_variant(goal, "goal (1..n)->select(i | pads[i] = 0)->first() = toads + 1"), "three_each");
    BOOST_TEST(!l.program.has_value());
    BOOST_TEST(l.diagnostics.find("may not use '->") != std::string::npos);
  }
  {
    // The initial value outside the domain.
    Lowered l = lower_file(frogs_variant("of 0..2 :=", "of 0..1 :="), "three_each");
    BOOST_TEST(!l.program.has_value());
    BOOST_TEST(l.diagnostics.find("outside the domain 0..1") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
