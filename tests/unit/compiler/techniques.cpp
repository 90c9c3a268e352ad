// Techniques declared in a spec: proved sound against the rules before use, rejected with
// a counterexample when unsound, and applied by the hint runtime at their tier.
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include <boost/test/unit_test.hpp>

#include "compiler/driver/commands.hpp"
#include "compiler/driver/session.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/ir/print.hpp"

namespace {

std::string root() { return PZC_SOURCE_DIR; }

// Runs the driver's prepare (which proves the techniques); returns its verdict and stderr.
bool prepared(pzc::driver::Session& s, const std::string& spec, const std::string& instance,
              std::vector<std::string> givens, std::string& err) {
  pzc::driver::CommonOptions o;
  o.spec = root() + "/" + spec;
  o.instance = instance.empty() ? "" : root() + "/" + instance;
  o.givens = std::move(givens);
  std::ostringstream out, e;
  bool ok = pzc::driver::prepare(s, o, {out, e});
  err = e.str();
  return ok;
}

std::vector<std::string> facts_of(const pzc::ir::Program& p, const std::string& technique_prefix) {
  std::vector<std::string> out;
  for (const auto& f : p.techniques)
    if (f.origin.text.rfind(technique_prefix, 0) == 0) out.push_back(pzc::ir::format_literal(p, f.literal));
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(techniques)

BOOST_AUTO_TEST_CASE(abc_techniques_are_proved_on_every_bundled_instance) {
  for (const char* inst : {"abc_5x5_a", "abc_5x5_b", "abc_6x6_a", "abc_7x7_b", "abc_8x8_c", "abc_fig1", "abc_august"}) {
    BOOST_TEST_CONTEXT(inst) {
      pzc::driver::Session s;
      std::string err;
      BOOST_TEST(prepared(s, "puzzles/abc/abc.pz", std::string("puzzles/abc/") + inst + ".pz", {}, err));
      BOOST_TEST(err == "");
    }
  }
}

BOOST_AUTO_TEST_CASE(corners_with_different_clues) {
  // Top-left corner: left clue A, top clue B, so r1c1 is blank; the other corners have
  // no clue or equal clues, so nothing is concluded there.
  pzc::driver::Session s;
  std::string err;
  BOOST_REQUIRE_MESSAGE(prepared(s, "puzzles/abc/abc.pz", "",
                                 {"n=4", "letters={A,B,C}", "top=\"B..C\"", "bottom=\"....\"", "left=\"A..C\"", "right=\"....\""},
                                 err),
                        err);
  auto facts = facts_of(*s.program, "corners with different clues");
  BOOST_TEST(facts == std::vector<std::string>{"cell_r1_c1=X"});
  // (The hint runtime needs no step for it here: each edge clue's rule grounds, among
  // others, to a one-cell clause r1c1 in {A, X} and r1c1 in {B, X}, applied with the givens.)
  auto state = pzc::hints::State::from_program(*s.program);
  BOOST_TEST(state.candidates(0) == std::vector<pzc::ir::Value>{s.program->vars[0].domain.back()});
}

BOOST_AUTO_TEST_CASE(common_clues_follow_the_seed) {
  // The seed's Figure 1: "there must be a B followed by A in the last two squares in the
  // top row, because those are the only places for those clues".
  pzc::driver::Session s;
  std::string err;
  BOOST_REQUIRE_MESSAGE(prepared(s, "puzzles/abc/abc.pz", "puzzles/abc/abc_fig1.pz", {}, err), err);
  auto top = facts_of(*s.program, "common clues: B is clued only once on the top");
  BOOST_TEST(top == std::vector<std::string>{"cell_r1_c5=B"});
  auto top_a = facts_of(*s.program, "common clues: A is clued only once on the top");
  BOOST_TEST(top_a == std::vector<std::string>{"cell_r1_c6=A"});
}

// HintEngine::use_facts: an engine reads its declared facts from another grounding of the
// same variables (the generator's clue subsets). Here the program without the top clues
// has no common-clue fact for the top row; with the full puzzle's facts it has.
BOOST_AUTO_TEST_CASE(engine_reads_facts_of_another_grounding) {
  pzc::driver::Session full, bare, other;
  std::string err;
  BOOST_REQUIRE_MESSAGE(prepared(full, "puzzles/abc/abc.pz", "puzzles/abc/abc_fig1.pz", {}, err), err);
  BOOST_REQUIRE_MESSAGE(prepared(bare, "puzzles/abc/abc.pz", "puzzles/abc/abc_fig1.pz", {"top=\"......\""}, err), err);
  auto top_facts = [](const pzc::ir::Program& facts_of, const std::vector<pzc::hints::Hint>& hints) {
    std::vector<std::string> out;
    for (const auto& h : hints)
      if (h.fact >= 0 && facts_of.techniques[static_cast<std::size_t>(h.fact)].origin.text.find("on the top") != std::string::npos)
        out.push_back(pzc::ir::format_literal(facts_of, facts_of.techniques[static_cast<std::size_t>(h.fact)].literal));
    std::sort(out.begin(), out.end());
    return out;
  };
  pzc::hints::HintEngine he(*bare.program);
  const auto state = pzc::hints::State::from_program(*bare.program);
  BOOST_TEST(top_facts(*bare.program, he.all_of(state, pzc::hints::Technique::Declared)).empty());
  he.use_facts(&*full.program);
  BOOST_TEST(top_facts(*full.program, he.all_of(state, pzc::hints::Technique::Declared)) ==
             (std::vector<std::string>{"cell_r1_c5=B", "cell_r1_c6=A"}));
  he.use_facts(nullptr);
  BOOST_TEST(top_facts(*bare.program, he.all_of(state, pzc::hints::Technique::Declared)).empty());
  // A grounding of other variables is refused.
  BOOST_REQUIRE_MESSAGE(prepared(other, "puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz", {}, err), err);
  BOOST_CHECK_THROW(he.use_facts(&*other.program), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(only_place_and_fill_in_blanks_on_grids_built_for_them) {
  // 4x4 with letters A, B, C: a person's grid where row 1 has A and B placed and C ruled
  // out of r1c1..r1c3 (so r1c4 is the only place for C), and row 2 has every letter placed.
  pzc::driver::Session s;
  std::string err;
  BOOST_REQUIRE_MESSAGE(prepared(s, "puzzles/abc/abc.pz", "",
                                 {"n=4", "letters={A,B,C}", "top=\"....\"", "bottom=\"....\"", "left=\"....\"", "right=\"....\""},
                                 err),
                        err);
  const auto& p = *s.program;
  auto value = [&](const char* name) {
    for (std::size_t i = 0; i < p.symbols.size(); ++i)
      if (p.symbols[i] == name) return static_cast<pzc::ir::Value>(i);
    return pzc::ir::Value{-1};
  };
  pzc::ir::PartialAssignment grid(p.vars.size());
  grid[0] = value("A");   // r1c1
  grid[1] = value("B");   // r1c2
  grid[2] = value("X");   // r1c3
  grid[4] = value("C");   // r2c1
  grid[5] = value("A");   // r2c2
  grid[6] = value("B");   // r2c3
  auto state = pzc::hints::State::from_grid(p, grid);
  pzc::hints::HintEngine engine(p, {}, nullptr);
  std::vector<std::string> texts;
  for (const auto& h : engine.all_of(state, pzc::hints::Technique::Declared)) texts.push_back(pzc::hints::explain(p, h));
  auto has = [&](const std::string& t) { return std::find(texts.begin(), texts.end(), t) != texts.end(); };
  BOOST_TEST(has("Only place for C in row 1: r1c4 is C."));
  BOOST_TEST(has("Every letter is placed in row 2, so the rest of it is blank: r2c4 is blank."));
}

// A technique that rules out `true` for a Bool (Hitori's "between two equal numbers, not
// shaded") places `false`: one hint saying "r4c4 is white", not a removal followed by a
// naked single. Likewise a removal that leaves one value of an Int (Futoshiki).
BOOST_AUTO_TEST_CASE(removal_of_one_of_two_values_places_the_other) {
  for (auto [spec, instance] : {std::pair{"puzzles/hitori/hitori.pz", "puzzles/hitori/hitori_8x8_k.pz"},
                                {"puzzles/futoshiki/futoshiki.pz", "puzzles/futoshiki/futoshiki_5x5_e.pz"}}) {
    BOOST_TEST_CONTEXT(instance) {
      pzc::driver::Session s;
      std::string err;
      BOOST_REQUIRE_MESSAGE(prepared(s, spec, instance, {}, err), err);
      pzc::hints::HintEngine he(*s.program);
      const pzc::hints::State start = pzc::hints::State::from_program(*s.program);
      pzc::hints::Trace t = he.solve(start);
      BOOST_REQUIRE(t.solved);
      // Every variable not given is decided by exactly one hint that sets it.
      std::vector<int> placed(s.program->vars.size(), 0);
      int declared = 0;
      for (const auto& h : t.hints) {
        placed[static_cast<std::size_t>(h.var)] += h.sets;
        if (h.technique != pzc::hints::Technique::Declared) continue;
        ++declared;
        const std::string c = pzc::hints::conclusion(*s.program, h);
        if (s.program->vars[static_cast<std::size_t>(h.var)].kind == pzc::ir::ValueKind::Bool) {
          BOOST_TEST(h.sets);
          // (Hitori names its Bools: "r4c4 is shaded", "r4c4 is white".)
          const std::string said = h.value ? " is shaded" : " is white";
          BOOST_TEST((c.size() > said.size() && c.compare(c.size() - said.size(), said.size(), said) == 0), c);
        }
      }
      BOOST_TEST(declared > 0);
      for (pzc::ir::VarId v = 0; v < static_cast<pzc::ir::VarId>(placed.size()); ++v)
        BOOST_TEST(placed[static_cast<std::size_t>(v)] == (start.domains().size(v) == 1 ? 0 : 1), "var " << v);
    }
  }
}

BOOST_AUTO_TEST_CASE(unsound_technique_is_rejected_with_a_counterexample) {
  pzc::driver::Session s;
  std::string err;
  BOOST_TEST(!prepared(s, "tests/golden/failure/unsound_technique.pz", "", {}, err));
  BOOST_TEST(err.find("technique 'the first is 1' is not sound") != std::string::npos);
  BOOST_TEST(err.find("x_1 = 3") != std::string::npos);
  BOOST_TEST(err.find("odd, so not 2") == std::string::npos);  // the sound one passes
}

// Patterns that count the state: Magnets' blank counts ("row 3 already has its 1 blank
// square", "only 2 squares of column 4 can still be blank") are counts of placed() and
// possible() compared with a number. Each fires where its count is met, and with them
// Tatham's easy 6x6 is easy (without: hard, a tier-3 step six times).
BOOST_AUTO_TEST_CASE(counting_patterns_fire) {
  pzc::driver::Session s;
  std::string err;
  BOOST_REQUIRE_MESSAGE(prepared(s, "puzzles/magnets/magnets.pz", "puzzles/magnets/magnets_6x6_e.pz", {}, err), err);
  const pzc::ir::Program& p = *s.program;
  pzc::hints::HintEngine he(p);
  pzc::hints::Trace t = he.solve(pzc::hints::State::from_program(p));
  BOOST_TEST(t.solved);
  int has_all = 0, only_left = 0;
  for (const auto& h : t.hints) {
    if (h.fact < 0) continue;
    const auto& fact = p.techniques[static_cast<std::size_t>(h.fact)];
    const std::string& text = fact.origin.text;
    if (text.find("already has its") != std::string::npos) {
      ++has_all;
      BOOST_TEST(!fact.literal.positive);
    }
    if (text.find("can still be blank") != std::string::npos) {
      ++only_left;
      BOOST_TEST(fact.literal.positive);
    }
    // Every declared step holds in the solution.
    BOOST_TEST(t.final_state.candidates(h.var).size() == 1u);
    BOOST_TEST((t.final_state.candidates(h.var)[0] == fact.literal.value) == fact.literal.positive);
  }
  BOOST_TEST(has_all > 0);
  BOOST_TEST(only_left > 0);
  BOOST_TEST(pzc::hints::grade(t).level == "easy");
}

BOOST_AUTO_TEST_SUITE_END()
