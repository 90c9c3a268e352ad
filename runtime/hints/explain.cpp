// English explanations of hints, built from the technique's template, the cited
// constraints' provenance text and the cells' names; and the difficulty grade of a trace.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/hints/hints.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::hints {

namespace {

const ir::Variable& var_of(const ir::Program& p, ir::VarId v) { return p.vars[static_cast<std::size_t>(v)]; }

std::string rule_text(const ir::Program& p, int c) {
  const auto& con = p.constraints[static_cast<std::size_t>(c)];
  if (!con.origin.text.empty()) return con.origin.text;
  if (con.origin.rule >= 0) return p.rules[static_cast<std::size_t>(con.origin.rule)].text;
  return "constraint " + std::to_string(c);
}

std::string join(const std::vector<std::string>& parts, const std::string& sep, const std::string& last_sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += (i + 1 == parts.size()) ? last_sep : sep;
    out += parts[i];
  }
  return out;
}

std::string cells_text(const ir::Program& p, const std::vector<ir::VarId>& vs) {
  std::vector<std::string> names;
  for (auto v : vs) names.push_back(cell_name(p, v));
  if (names.empty()) return "nothing";
  return join(names, ", ", " and ");
}

void replace_all(std::string& s, const std::string& key, const std::string& by) {
  for (std::size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + by.size())) s.replace(at, key.size(), by);
}

// A grid variable's square: "r1c2".
std::string row_col(const ir::Variable& var) { return fmt::format("r{}c{}", var.index[0], var.index[1]); }

// Whether the program's answer has a grid (its cells are "cells"; a zebra puzzle's
// variables are not).
bool has_grid(const ir::Program& p) {
  return std::any_of(p.groups.begin(), p.groups.end(),
                     [](const ir::VarGroup& g) { return g.shape == ir::VarGroup::Shape::Grid && !g.aux; });
}

// A count's constant part: `count(...) + 2 = 2` has 2 (Palisade's grid edge counts as a
// border). 0 when the constraint is no comparison of such a sum with a constant.
std::int64_t fixed_part(const ir::Program& p, const ir::Constraint& c) {
  if (c.kind != ir::Kind::Cardinality || c.term < 0) return 0;
  auto term = [&](ir::TermId id) -> const ir::Term& { return p.terms[static_cast<std::size_t>(id)]; };
  const ir::Term& t = term(c.term);
  if (t.args.size() != 2 || !(t.op == ir::Op::Eq || t.op == ir::Op::Le || t.op == ir::Op::Lt || t.op == ir::Op::Ge ||
                               t.op == ir::Op::Gt))
    return 0;
  std::function<std::int64_t(ir::TermId)> constants = [&](ir::TermId id) -> std::int64_t {
    const ir::Term& u = term(id);
    if (u.op == ir::Op::Const) return u.value;
    if (u.op != ir::Op::Add) return 0;
    std::int64_t sum = 0;
    for (ir::TermId a : u.args) sum += constants(a);
    return sum;
  };
  for (int side = 0; side < 2; ++side)
    if (term(t.args[static_cast<std::size_t>(1 - side)]).op == ir::Op::Const &&
        term(t.args[static_cast<std::size_t>(side)]).op == ir::Op::Add)
      return constants(t.args[static_cast<std::size_t>(side)]);
  return 0;
}

// Whether every literal of a count tests `value` (x = v, y = v: "only x can still be v");
// a scope of literals on different values (a domino's cells, each its own direction) has
// no one value to name.
bool one_value(const ir::Constraint& c, ir::Value value) {
  return !c.literals.empty() && std::all_of(c.literals.begin(), c.literals.end(), [&](const ir::Literal& l) {
    return l.positive && l.value == value;
  });
}

// "r3c6 is not 1" / "is neither 1 nor 2" / "is none of 1, 2 and 3"; values with
// statements of their own, each's negation.
std::string not_any(const ir::Program& p, ir::VarId v, const std::vector<ir::Value>& values) {
  const ir::Variable& var = var_of(p, v);
  std::vector<std::string> parts;
  if (var.kind == ir::ValueKind::Bool ||
      std::all_of(values.begin(), values.end(), [&](ir::Value x) { return var.statement(x) != nullptr; })) {
    for (ir::Value x : values) parts.push_back(literal_text(p, v, x, false));
    return join(parts, ", ", " and ");
  }
  for (ir::Value x : values) parts.push_back(ir::format_value(p, var.kind, x));
  if (parts.size() == 1) return cell_name(p, v) + " is not " + parts[0];
  if (parts.size() == 2) return cell_name(p, v) + " is neither " + parts[0] + " nor " + parts[1];
  return cell_name(p, v) + " is none of " + join(parts, ", ", " and ");
}

}  // namespace

std::string capitalised(std::string s) {
  // Not a cell name such as r3c5, nor a variable's own name (x_3, x1): a first word with a
  // digit or an underscore keeps its lower case. After an opening quote, the quoted text's
  // first letter.
  const std::size_t at = !s.empty() && s[0] == '"' ? 1 : 0;
  const std::size_t word_end = std::min(s.find_first_of(" \"", at), s.size());
  const bool name = s.find_first_of("0123456789_", at) < word_end;
  if (!name && s.size() > at && s[at] >= 'a' && s[at] <= 'z') s[at] = static_cast<char>(s[at] - 'a' + 'A');
  return s;
}

std::string cell_name(const ir::Program& p, ir::VarId v) {
  const auto& var = var_of(p, v);
  if (!var.label.empty()) return var.label;
  if (var.group >= 0 && static_cast<std::size_t>(var.group) < p.groups.size()) {
    const auto& g = p.groups[static_cast<std::size_t>(var.group)];
    // The answer's grid alone names its cells plainly ("r3c5"); with several, and for an
    // `aux var` grid, the group's name comes first ("island r3c5").
    int grids = 0;
    for (const auto& h : p.groups) grids += h.shape == ir::VarGroup::Shape::Grid && !h.aux;
    if (g.shape == ir::VarGroup::Shape::Grid && var.index.size() == 2) {
      return grids > 1 || g.aux ? g.name + " " + row_col(var) : row_col(var);
    }
  }
  return var.name;
}

std::string literal_text(const ir::Program& p, ir::VarId v, ir::Value value, bool positive) {
  const auto& var = var_of(p, v);
  if (var.kind == ir::ValueKind::Bool) {
    bool on = positive == (value != 0);
    if (!var.says_true.empty()) return on ? var.says_true : var.says_false;
    if (!var.label.empty()) return var.label + (on ? " is on" : " is off");
    std::string what = var.group >= 0 && static_cast<std::size_t>(var.group) < p.groups.size()
                           ? p.groups[static_cast<std::size_t>(var.group)].name
                           : var.name;
    bool grid = var.index.size() == 2;
    const bool vowel = !what.empty() && std::string_view("aeiouAEIOU").find(what[0]) != std::string_view::npos;
    // The group is named already ("a light at"): the cell plainly, "r1c2", not
    // cell_name's "light r1c2", which reads "a light at light r1c2".
    if (grid) return fmt::format("{}{} at {}", on ? (vowel ? "an " : "a ") : "no ", what, row_col(var));
    return var.name + (on ? " is true" : " is false");
  }
  if (const ir::Variable::Statement* said = var.statement(value)) return positive ? said->is : said->is_not;
  return cell_name(p, v) + (positive ? " is " : " is not ") + ir::format_value(p, var.kind, value);
}

// "r1c2 is 3" / "r1c2 is not 3"; a Bool's "a light at r1c2" / "no light at r1c2", also
// when the hint removes true (a declared technique's `not light[p]`).
namespace {

// What the witnesses were when the hint was found (Hint::witness_values), for "since ...":
// "r6c6, r6c7 and r7c7 are shaded", "there is no light at r1c2 or r1c3", "r2c2 is 3 or 4".
// Witnesses with the same statement but for the cell are said together. Empty when the
// values were not recorded, or when no witness is narrowed (a Bool with both values left
// says nothing of itself).
std::string witnesses_known(const ir::Program& p, const Hint& h) {
  if (h.witnesses.empty() || h.witness_values.size() != h.witnesses.size()) return "";
  struct Group {
    std::string key;                 // what the members share
    std::vector<std::string> names;  // the members' cells
    std::string text;                // (a member said alone)
    char form = 'W';  // S: "X is REST"; A: "a light at X"; N: "no light at X"; W: text as it is
    std::string rest;
  };
  std::vector<Group> groups;
  auto add = [&](char form, std::string key, std::string name, std::string text, std::string rest) {
    if (form != 'W')
      for (auto& g : groups)
        if (g.form == form && g.key == key) {
          g.names.push_back(std::move(name));
          return;
        }
    groups.push_back({std::move(key), {std::move(name)}, std::move(text), form, std::move(rest)});
  };
  for (std::size_t i = 0; i < h.witnesses.size(); ++i) {
    const ir::VarId w = h.witnesses[i];
    const std::vector<ir::Value>& vals = h.witness_values[i];
    const ir::Variable& var = var_of(p, w);
    if (vals.empty() || (var.kind == ir::ValueKind::Bool && vals.size() > 1)) continue;
    const std::string cn = cell_name(p, w);
    if (vals.size() > 1) {
      std::vector<std::string> said;
      if (std::all_of(vals.begin(), vals.end(), [&](ir::Value v) { return var.statement(v) != nullptr; })) {
        for (ir::Value v : vals) said.push_back(literal_text(p, w, v, true));
        add('W', "", cn, join(said, ", ", " or "), "");
      } else {
        for (ir::Value v : vals) said.push_back(ir::format_value(p, var.kind, v));
        add('W', "", cn, cn + " is " + join(said, ", ", " or "), "");
      }
      continue;
    }
    const bool noun = var.kind == ir::ValueKind::Bool && var.says_true.empty() && var.label.empty() && var.index.size() == 2 &&
                      var.group >= 0 && static_cast<std::size_t>(var.group) < p.groups.size();
    if (noun) {
      const std::string& what = p.groups[static_cast<std::size_t>(var.group)].name;
      add(vals[0] != 0 ? 'A' : 'N', what, row_col(var), "", what);
      continue;
    }
    std::string t = literal_text(p, w, vals[0], true);
    const std::string is = cn + " is ";
    if (t.compare(0, is.size(), is) == 0) add('S', t.substr(is.size()), cn, t, t.substr(is.size()));
    else add('W', "", cn, t, "");
  }
  std::vector<std::string> parts;
  for (const auto& g : groups) {
    const std::string cells = join(g.names, ", ", " and ");
    switch (g.form) {
      case 'S': parts.push_back(cells + (g.names.size() == 1 ? " is " : " are ") + g.rest); break;
      case 'A': {
        const bool vowel = !g.rest.empty() && std::string_view("aeiouAEIOU").find(g.rest[0]) != std::string_view::npos;
        parts.push_back(fmt::format("there is {}{} at {}{}", vowel ? "an " : "a ", g.rest, g.names.size() == 1 ? "" : "each of ", cells));
        break;
      }
      case 'N': parts.push_back(fmt::format("there is no {} at {}", g.rest, join(g.names, ", ", " or "))); break;
      default: parts.push_back(g.text); break;
    }
  }
  return join(parts, ", ", " and ");
}

}  // namespace

std::string conclusion(const ir::Program& p, const Hint& h) { return literal_text(p, h.var, h.value, h.sets); }

std::string explain(const ir::Program& p, const Hint& h) {
  const TechniqueInfo& t = info(h.technique);
  std::string s = t.templ;
  const ir::Variable& hv = var_of(p, h.var);
  const ir::Constraint* first = h.constraints.empty() ? nullptr : &p.constraints[static_cast<std::size_t>(h.constraints[0])];
  // What is not named: "the other cells"; a puzzle without a grid (a zebra puzzle) has no
  // cells.
  const std::string others = has_grid(p) ? "the other cells" : "the others";
  // A Bool that says what it is ("r3c4 is lit", docs/language.md), and values with a
  // statement of their own ("the 4 at r3c2 covers r3c2 to r4c3"): statements, not noun
  // phrases ("can still be true", "only 3 is left").
  const bool bool_says = hv.kind == ir::ValueKind::Bool && !hv.says_true.empty();
  const bool value_says = hv.kind != ir::ValueKind::Bool && hv.statement(h.value);
  const bool removed_say = bool_says || (hv.kind != ir::ValueKind::Bool && !h.removed.empty() &&
                                         std::all_of(h.removed.begin(), h.removed.end(),
                                                     [&](ir::Value v) { return hv.statement(v) != nullptr; }));
  // The removed values as what would break a rule: a statement ("r3c4 is 6 or 7", "the
  // cat's house is 3", "the lamp is on"), said "it would be broken if ..."; an unnamed grid
  // Bool's noun phrase ("a light at r1c2") "... would break it".
  const bool noun_breaker =
      hv.kind == ir::ValueKind::Bool && hv.says_true.empty() && hv.label.empty() && hv.index.size() == 2;
  const std::string breaks = noun_breaker ? "{breaker} would break it" : "it would be broken if {breaker}";
  std::string known_witnesses;  // a direct check's "since ...", put in last (not a template)
  switch (h.technique) {
    case Technique::NakedSingle:
      if (value_says) s = "{cell} has one possibility left, so {lit}.";
      break;
    case Technique::HiddenSingle:
      // "Only r3c4 can still be C" when every place of the scope is that value; a scope of
      // literals on different values (a domino's two cells, each its own direction) has
      // no one value to name.
      if (bool_says || value_says || (first && first->kind == ir::Kind::Cardinality && !one_value(*first, h.value)))
        s = has_grid(p) ? "{rule}: no other cell can still meet it, so {lit}."
                        : "{rule}: nothing else can still meet it, so {lit}.";
      break;
    case Technique::CountReached: {
      // The count's constant part (Palisade's grid edge, a border) may be what reaches
      // the bound; with no witness and none, the rule allows none at all.
      const bool fixed = first && fixed_part(p, *first) > 0;
      if (h.witnesses.empty())
        s = fixed ? "{rule}: the count's fixed part already uses all it allows, so {lit}." : "{rule}: it allows none, so {lit}.";
      else if (fixed)
        s = "{rule}: {cells} and the count's fixed part already use all it allows, so {lit}.";
      break;
    }
    case Technique::CountForced:
      // A count that only this cell can still meet: there are no other cells to name.
      if (h.witnesses.empty()) s = "{rule}: every other way of meeting it is ruled out, so {lit}.";
      break;
    case Technique::ValueTaken:
      // (The witness holds the removed value: its statement, or its name and the value.)
      if (removed_say && h.witnesses.size() == 1 && h.removed.size() == 1)
        s = "{rule}: " + literal_text(p, h.witnesses[0], h.removed[0], true) + " already, so {lit}.";
      break;
    case Technique::DirectCheck:
      if (h.known) {
        s = "{rule}: since {known}, " + breaks + ", so {lit}.";
        replace_all(s, "{known}", literal_text(p, h.known->var, h.known->value, h.known->positive));
      } else if (h.witnesses.empty()) {
        // A value that breaks the rule whatever the other cells hold.
        s = noun_breaker ? "{rule}: {breaker} would break it whatever {others} hold, so {lit}."
                         : "{rule}: whatever {others} hold, it would be broken if {breaker}, so {lit}.";
      } else {
        known_witnesses = witnesses_known(p, h);
        s = known_witnesses.empty() ? "{rule}: with {cells} as {are}, " + breaks + ", so {lit}."
                                    : "{rule}: since {witnesses known}, " + breaks + ", so {lit}.";
      }
      break;
    case Technique::SingleRule:
      // Enumeration with every other cell unrestricted: nothing is "given".
      if (h.witnesses.empty()) s = "{rule}: whatever {others} hold, no way of meeting it allows otherwise, so {lit}.";
      break;
    case Technique::RulePair:
      // The rules quoted, each once: "\"A ...\" and \"B ...\" can both be met only if ...".
      s = (h.witnesses.empty() ? "Whatever {others} hold, " : "Given the candidates left in {cells}, ") +
          std::string("{quoted} {can both} only if {lit}.");
      break;
    case Technique::SolverCore:
      if (noun_breaker) s = "These rules together leave no room for {breaker}: {rules}. So {lit}.";
      break;
    default:
      break;
  }
  replace_all(s, "{others}", others);
  // The conclusion. A set that the technique reached by ruling values out, where earlier
  // steps had removed the rest (Hint::last_left), says both: "r3c6 is not 1, and 4 is the
  // only value left for it".
  std::string lit = literal_text(p, h.var, h.value, h.sets);
  std::string ruled_out, left;
  if (h.sets && h.last_left && !h.removed.empty()) {
    ruled_out = not_any(p, h.var, h.removed);
    left = value_says ? "the only possibility left is that " + literal_text(p, h.var, h.value, true)
                      : ir::format_value(p, hv.kind, h.value) + " is the only value left for " + cell_name(p, h.var);
    lit = ruled_out + ", and " + left;
  }
  // A technique whose text already ends in its conclusion ("..., so r1c7 is not blank") is
  // not followed by it again.
  if (h.technique == Technique::Declared && h.fact >= 0) {
    const std::string& text = p.techniques[static_cast<std::size_t>(h.fact)].origin.text;
    const std::string& said = left.empty() ? lit : ruled_out;
    if (text.size() >= said.size() && text.compare(text.size() - said.size(), said.size(), said) == 0)
      s = left.empty() ? "{rule}." : "{rule}, and " + left + ".";
  }
  std::vector<std::string> rules;
  for (int c : h.constraints) rules.push_back(rule_text(p, c));
  if (h.fact >= 0) rules.push_back(p.techniques[static_cast<std::size_t>(h.fact)].origin.text);
  // One binding may ground several constraints ("the star at r2c8 touches no other star",
  // one per neighbour): its text is named once, where it first appears.
  {
    std::unordered_set<std::string_view> seen;
    std::vector<std::string> once;
    for (auto& r : rules)
      if (seen.insert(r).second) once.push_back(r);
    rules = std::move(once);
  }
  std::string assumed_value = h.removed.empty() ? "" : ir::format_value(p, hv.kind, h.removed[0]);
  std::string assumption = h.removed.empty() ? "" : literal_text(p, h.var, h.removed[0], true);
  std::vector<std::string> steps;
  for (const auto& st : h.chain)
    steps.push_back(literal_text(p, st.var, st.value, st.sets) + " (" + rule_text(p, st.constraint) + ")");
  std::string chain = steps.empty() ? "immediately" : join(steps, ", then ", ", then ");
  std::string value_text = ir::format_value(p, hv.kind, h.value);
  std::vector<std::string> quoted;
  for (const auto& r : rules) quoted.push_back("\"" + r + "\"");
  // (Two constraints of one text: the rule where it applies twice.)
  replace_all(s, "{quoted}", join(quoted, ", ", " and "));
  replace_all(s, "{can both}", quoted.size() == 1 ? "can be met in both places it applies" : "can both be met");
  replace_all(s, "{rules}", join(rules, "; ", "; "));
  replace_all(s, "{rule}", rules.empty() ? "" : rules[0]);
  replace_all(s, "{cells}", cells_text(p, h.witnesses));
  replace_all(s, "{n}", std::to_string(h.witnesses.size()));
  replace_all(s, "{chain}", chain);
  replace_all(s, "{broken}", h.contradiction >= 0 ? "\"" + rule_text(p, h.contradiction) + "\"" : "a rule");
  replace_all(s, "{assumption}", assumption);
  replace_all(s, "{assumed}", assumed_value);
  // The value a witness already has that rules out the removed one (value taken): the
  // removed value, not the one left ("b is already 3, so a is 7", not "already 7").
  replace_all(s, "{taken}", assumed_value);
  // The removed values as what would be (see noun_breaker): statements ("r3c4 is 6 or
  // 7", "the 4 at r3c2 covers ... or ... covers ...", "the lamp is on"), or an unnamed grid
  // Bool's "a light at r1c2".
  std::string breaker;
  if (hv.kind == ir::ValueKind::Bool || removed_say) {
    std::vector<std::string> said;
    for (ir::Value v : h.removed) said.push_back(literal_text(p, h.var, v, true));
    breaker = join(said, ", ", " or ");
  } else {
    std::vector<std::string> vals;
    for (ir::Value v : h.removed) vals.push_back(ir::format_value(p, hv.kind, v));
    breaker = cell_name(p, h.var) + " is " + join(vals, ", ", " or ");
  }
  std::vector<ir::VarId> with_cell = h.witnesses;
  with_cell.insert(std::upper_bound(with_cell.begin(), with_cell.end(), h.var), h.var);
  replace_all(s, "{cell+cells}", cells_text(p, with_cell));
  replace_all(s, "{are}", h.witnesses.size() == 1 ? "it is" : "they are");
  replace_all(s, "{uses}", h.witnesses.size() == 1 ? "uses" : "use");
  replace_all(s, "{all}", h.witnesses.size() == 1 ? "both" : "all");
  replace_all(s, "{breaker}", breaker);
  replace_all(s, "{cell}", cell_name(p, h.var));
  replace_all(s, "{value}", value_text);
  replace_all(s, "{lit}", lit);
  if (!known_witnesses.empty()) replace_all(s, "{witnesses known}", known_witnesses);
  return capitalised(s);
}

std::vector<StartDeduction> start_deductions(const ir::Program& p) {
  std::vector<StartDeduction> out;
  ir::Assignment scratch(p.vars.size(), 0);
  for (std::size_t ci = 0; ci < p.constraints.size(); ++ci) {
    const ir::Constraint& c = p.constraints[ci];
    if (c.scope.size() != 1 || !ir::from_clue(p, c)) continue;
    const ir::VarId v = c.scope[0];
    const ir::Variable& var = var_of(p, v);
    std::vector<ir::Value> removed, left;
    for (ir::Value x : var.domain) {
      scratch[static_cast<std::size_t>(v)] = x;
      (ir::satisfied(p, c, scratch) ? left : removed).push_back(x);
    }
    if (removed.empty() || left.empty()) continue;  // (none left: the givens break a rule, said elsewhere)
    std::string said = left.size() == 1 ? literal_text(p, v, left[0], true) : not_any(p, v, removed);
    std::string rule = rule_text(p, static_cast<int>(ci));
    if (capitalised(said) == capitalised(rule)) continue;
    out.push_back({static_cast<int>(ci), v, std::move(rule), std::move(said)});
  }
  return out;
}

Grade grade(const Trace& trace) {
  Grade g;
  static constexpr double kWeight[kMaxTier + 1] = {0, 1, 2, 5, 12, 30};
  for (const auto& h : trace.hints) {
    int tier = std::clamp(h.tier, 1, kMaxTier);
    g.per_tier[static_cast<std::size_t>(tier)]++;
    g.max_tier = std::max(g.max_tier, tier);
    g.score += kWeight[tier];
  }
  g.steps = static_cast<int>(trace.hints.size());
  g.solved = trace.solved;
  int top = g.max_tier;
  g.level = level_of(trace.solved, top, top > 0 ? g.per_tier[static_cast<std::size_t>(top)] : 0);
  g.score = std::round(g.score * 10.0) / 10.0;
  return g;
}

std::string level_of(bool solved, int top, int at_top) {
  // By the hardest tier needed, softened when that tier is needed only once or twice (one
  // hard step in an otherwise plain puzzle is not a hard puzzle).
  int effective = top;
  if (top >= 3 && at_top <= 2) effective = top - 1;
  if (top == 5) effective = 4;
  static const char* kLevels[] = {"easy", "easy", "tricky", "hard", "fiendish"};
  return solved ? kLevels[std::clamp(effective, 0, 4)] : "unsolved";
}

}  // namespace pzc::hints
