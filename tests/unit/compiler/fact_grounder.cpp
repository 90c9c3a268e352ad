// ground::FactGrounder: the technique facts of many clue subsets in one evaluator, with
// a memo of the technique bindings, must be exactly a fresh grounding's, subset after
// subset (property test on Magnets, whose techniques read the clue counts, and on ABC,
// whose corners and common clues read the edge letters).
#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "compiler/driver/session.hpp"
#include "compiler/front/ground/ground.hpp"
#include "compiler/front/parse/parser.hpp"
#include "runtime/ir/print.hpp"

namespace {

using namespace pzc;

// The instance block `text`, parsed; its bindings are moved out by the callers.
ast::Instance parse_instance(driver::Session& s, const std::string& text) {
  std::uint32_t id = s.sm.add("<test>", text);
  auto m = parse::parse_module(s.sm, id, s.diags);
  BOOST_REQUIRE_MESSAGE(m && m->instances.size() == 1, s.render_diagnostics() + text);
  return std::move(m->instances[0]);
}

// A term as text with the arguments of symmetric operators sorted: two groundings number
// their terms differently, and hash-consing orders such arguments by number.
std::string canonical(const ir::Program& p, ir::TermId t) {
  const ir::Term& x = p.terms[static_cast<std::size_t>(t)];
  if (x.args.empty() || x.op == ir::Op::Possible) return ir::format_term(p, t);
  std::vector<std::string> args;
  for (ir::TermId a : x.args) args.push_back(canonical(p, a));
  switch (x.op) {
    case ir::Op::And: case ir::Op::Or: case ir::Op::Xor: case ir::Op::Iff: case ir::Op::Eq: case ir::Op::Ne:
    case ir::Op::Add: case ir::Op::Mul: case ir::Op::Count: case ir::Op::Min: case ir::Op::Max:
      std::sort(args.begin(), args.end());
      break;
    default:
      break;
  }
  std::string out = std::string("(").append(ir::op_name(x.op));
  for (const auto& a : args) out.append(" ").append(a);
  return out + ")";
}

// Each fact as text: rule, binding, literal and pattern, sorted.
std::vector<std::string> facts_text(const ir::Program& p) {
  std::vector<std::string> out;
  for (const auto& f : p.techniques) {
    std::string b;
    for (const auto& [k, v] : f.origin.bindings) b += k + "=" + v + " ";
    out.push_back(std::to_string(f.origin.rule) + " " + b + ir::format_literal(p, f.literal) + " if " +
                  (f.condition >= 0 ? canonical(p, f.condition) : std::string("-")) + " tier " + std::to_string(f.tier));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// `lists` (given name -> its full list of values); each subset keeps each value with
// probability 1/2 (else null). The instance text for one subset.
std::string instance_text(const std::string& head, const std::vector<std::pair<std::string, std::vector<std::string>>>& lists,
                          const std::vector<std::vector<char>>& keep) {
  std::string t = head;
  for (std::size_t l = 0; l < lists.size(); ++l) {
    t += "  " + lists[l].first + " = [";
    for (std::size_t i = 0; i < lists[l].second.size(); ++i)
      t += (i ? ", " : "") + (keep[l][i] ? lists[l].second[i] : std::string("null"));
    t += "]\n";
  }
  return t + "end\n";
}

void check_against_fresh(const std::string& spec, const std::string& head,
                         const std::vector<std::pair<std::string, std::vector<std::string>>>& lists, int subsets) {
  driver::Session s;
  BOOST_REQUIRE(s.load_spec(std::string(PZC_SOURCE_DIR) + "/" + spec));
  std::set<std::string> rebound;
  for (const auto& [name, values] : lists) rebound.insert(name);
  std::mt19937_64 rng(7);
  auto draw = [&](double p) {
    std::vector<std::vector<char>> keep;
    std::bernoulli_distribution coin(p);
    for (const auto& [name, values] : lists) {
      keep.emplace_back();
      for (std::size_t i = 0; i < values.size(); ++i) keep.back().push_back(coin(rng) ? 1 : 0);
    }
    return keep;
  };
  // Made with every value, as the generator makes it for a removal run.
  std::vector<std::vector<char>> all;
  for (const auto& [name, values] : lists) all.emplace_back(values.size(), 1);
  ground::GroundOptions o;
  o.render_text = false;
  for (auto& b : parse_instance(s, instance_text(head, lists, all)).bindings) o.overrides.push_back(std::move(b));
  ground::FactGrounder fg(s.checked, std::move(o), s.sm, rebound);
  BOOST_REQUIRE_MESSAGE(fg.ok(), fg.diagnostics().render(s.sm));
  int with_facts = 0;
  for (int k = 0; k < subsets; ++k) {
    // Dense and sparse subsets in turn, so that the memo meets values coming and going.
    const std::string text = instance_text(head, lists, k == 0 ? all : draw(k % 3 == 0 ? 0.9 : k % 3 == 1 ? 0.5 : 0.2));
    BOOST_TEST_CONTEXT(text) {
      ast::Instance inst = parse_instance(s, text);
      ground::GroundOptions fresh_opts;
      fresh_opts.render_text = false;
      fresh_opts.check_requirements = false;
      source::Diagnostics d;
      auto fresh = ground::ground(s.checked, &inst, fresh_opts, s.sm, d);
      BOOST_REQUIRE_MESSAGE(fresh, d.render(s.sm));
      std::vector<ast::Binding> changed;
      for (auto& b : inst.bindings)
        if (rebound.count(b.name)) changed.push_back(std::move(b));
      source::Diagnostics d2;
      const ir::Program* got = fg.facts(changed, d2);
      BOOST_REQUIRE_MESSAGE(got, d2.render(s.sm));
      const auto want = facts_text(*fresh);
      BOOST_TEST(facts_text(*got) == want, "subset " << k << ": " << facts_text(*got).size() << " facts, fresh " << want.size());
      with_facts += !want.empty();
    }
  }
  BOOST_TEST(with_facts >= subsets / 3);  // the subsets exercise the techniques
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fact_grounder)

BOOST_AUTO_TEST_CASE(magnets_subsets_match_a_fresh_grounding) {
  const std::string head =
      "instance t of Magnets\n  layout = grid {\n    LRLRLR\n    TLRLRT\n    BTTTTB\n    TBBBBT\n    BLRLRB\n    LRLRLR\n  }\n";
  check_against_fresh("puzzles/magnets/magnets.pz", head,
                      {{"colPlus", {"2", "1", "2", "1", "2", "1"}},
                       {"colMinus", {"1", "2", "1", "2", "1", "2"}},
                       {"rowPlus", {"2", "2", "1", "1", "2", "1"}},
                       {"rowMinus", {"2", "1", "2", "2", "1", "1"}}},
                      30);
}

BOOST_AUTO_TEST_CASE(abc_subsets_match_a_fresh_grounding) {
  const std::string head = "instance t of EasyAsABC\n  n = 5\n  letters = {A, B, C}\n";
  check_against_fresh("puzzles/abc/abc.pz", head,
                      {{"top", {"A", "B", "C", "A", "B"}},
                       {"bottom", {"C", "A", "B", "C", "A"}},
                       {"left", {"B", "C", "A", "B", "C"}},
                       {"right", {"A", "A", "B", "C", "B"}}},
                      30);
}

// The generator parses each question's clue lists anew and frees them after, so a new
// list may sit at a freed one's address. The evaluator must not take it for the old one
// (it cached lists of literals by their address; CI met this as a stale clue list). The
// same expressions changed in place stand for that reuse, deterministically.
BOOST_AUTO_TEST_CASE(expressions_rebound_in_place_are_read_again) {
  driver::Session s;
  BOOST_REQUIRE(s.load_spec(std::string(PZC_SOURCE_DIR) + "/puzzles/magnets/magnets.pz"));
  const std::string head =
      "instance t of Magnets\n  layout = grid {\n    LRLRLR\n    TLRLRT\n    BTTTTB\n    TBBBBT\n    BLRLRB\n    LRLRLR\n  }\n";
  const std::vector<std::pair<std::string, std::vector<std::string>>> first = {
      {"colPlus", {"2", "1", "2", "1", "2", "1"}},
      {"colMinus", {"1", "2", "1", "2", "1", "2"}},
      {"rowPlus", {"2", "2", "1", "1", "2", "1"}},
      {"rowMinus", {"2", "1", "2", "2", "1", "1"}}};
  // Every clue list swapped with another: each literal list is now another clue's.
  const std::vector<std::pair<std::string, std::vector<std::string>>> second = {
      {"colPlus", first[1].second}, {"colMinus", first[0].second}, {"rowPlus", first[3].second}, {"rowMinus", first[2].second}};
  std::set<std::string> rebound;
  for (const auto& [name, values] : first) rebound.insert(name);
  const std::vector<std::vector<char>> all(4, std::vector<char>(6, 1));
  ground::GroundOptions o;
  o.render_text = false;
  for (auto& b : parse_instance(s, instance_text(head, first, all)).bindings) o.overrides.push_back(std::move(b));
  ground::FactGrounder fg(s.checked, std::move(o), s.sm, rebound);
  BOOST_REQUIRE_MESSAGE(fg.ok(), fg.diagnostics().render(s.sm));
  std::vector<ast::Binding> changed;
  for (auto& b : parse_instance(s, instance_text(head, first, all)).bindings)
    if (rebound.count(b.name)) changed.push_back(std::move(b));
  source::Diagnostics d;
  BOOST_REQUIRE(fg.facts(changed, d));
  // The same expression objects now hold the second lists.
  for (auto& b : changed) {
    const auto& want = std::find_if(second.begin(), second.end(), [&](const auto& l) { return l.first == b.name; })->second;
    auto& items = std::get<ast::SeqLit>(b.value->node).items;
    BOOST_REQUIRE_EQUAL(items.size(), want.size());
    for (std::size_t i = 0; i < items.size(); ++i) std::get<ast::IntLit>(items[i]->node).value = std::stoll(want[i]);
  }
  const ir::Program* got = fg.facts(changed, d);
  BOOST_REQUIRE_MESSAGE(got, d.render(s.sm));
  ast::Instance inst = parse_instance(s, instance_text(head, second, all));
  ground::GroundOptions fresh_opts;
  fresh_opts.render_text = false;
  fresh_opts.check_requirements = false;
  auto fresh = ground::ground(s.checked, &inst, fresh_opts, s.sm, d);
  BOOST_REQUIRE_MESSAGE(fresh, d.render(s.sm));
  BOOST_TEST(!facts_text(*fresh).empty());
  BOOST_TEST(facts_text(*got) == facts_text(*fresh));
}

BOOST_AUTO_TEST_SUITE_END()
