// English explanations of hints, built from the technique's template, the cited
// constraints' provenance text and the cells' names; and the difficulty grade of a trace.
#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/hints/hints.hpp"
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

std::string capitalised(std::string s) {
  // Not a cell name such as r3c5: those keep their lower case.
  bool cell = s.size() > 1 && s[0] == 'r' && s[1] >= '0' && s[1] <= '9';
  if (!cell && !s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// A grid variable's square: "r1c2".
std::string row_col(const ir::Variable& var) { return fmt::format("r{}c{}", var.index[0], var.index[1]); }

}  // namespace

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
std::string conclusion(const ir::Program& p, const Hint& h) { return literal_text(p, h.var, h.value, h.sets); }

std::string explain(const ir::Program& p, const Hint& h) {
  const TechniqueInfo& t = info(h.technique);
  std::string s = t.templ;
  // A count that only this cell can still meet: there are no other cells to name.
  if (h.technique == Technique::CountForced && h.witnesses.empty()) s = "{rule}: every other way of meeting it is ruled out, so {lit}.";
  // A count of at most zero: no cell has met it, it allows none.
  if (h.technique == Technique::CountReached && h.witnesses.empty()) s = "{rule}: it allows none, so {lit}.";
  // A value that breaks the rule whatever the other cells hold.
  if (h.technique == Technique::DirectCheck && h.witnesses.empty()) s = "{rule}: {breaker} would break it whatever the other cells hold, so {lit}.";
  // Enumeration with every other cell unrestricted: nothing is "given".
  if (h.technique == Technique::SingleRule && h.witnesses.empty()) s = "{rule}: whatever the other cells hold, no way of meeting it allows otherwise, so {lit}.";
  if (h.technique == Technique::RulePair && h.witnesses.empty()) s = "{rules} together: every way of meeting both has it so, so {lit}.";
  // A Bool that says what it is ("r3c4 is lit", docs/language.md), and values with a
  // statement of their own ("the 4 at r3c2 covers r3c2 to r4c3"): statements, not noun
  // phrases ("can still be true", "r3c4 = true would break it", "only 3 is left").
  const ir::Variable& hv = var_of(p, h.var);
  const bool bool_says = hv.kind == ir::ValueKind::Bool && !hv.says_true.empty();
  const bool value_says = hv.kind != ir::ValueKind::Bool && hv.statement(h.value);
  const bool removed_say = bool_says || (hv.kind != ir::ValueKind::Bool && !h.removed.empty() &&
                                         std::all_of(h.removed.begin(), h.removed.end(),
                                                     [&](ir::Value v) { return hv.statement(v) != nullptr; }));
  if (value_says && h.technique == Technique::NakedSingle) s = "{cell} has one possibility left, so {lit}.";
  if ((bool_says || value_says) && h.technique == Technique::HiddenSingle) s = "{rule}: no other cell can still meet it, so {lit}.";
  if (removed_say) {
    if (h.technique == Technique::DirectCheck)
      s = h.witnesses.empty() ? "{rule}: whatever the other cells hold, it would be broken if {breaker}, so {lit}."
                              : "{rule}: with {cells} as {are}, it would be broken if {breaker}, so {lit}.";
    if (h.technique == Technique::SolverCore) s = "These rules together rule out that {breaker}: {rules}. So {lit}.";
    // (The witness holds the removed value: its statement, or its name and the value.)
    if (h.technique == Technique::ValueTaken && h.witnesses.size() == 1 && h.removed.size() == 1)
      s = "{rule}: " + literal_text(p, h.witnesses[0], h.removed[0], true) + " already, so {lit}.";
  }
  if (h.technique == Technique::DirectCheck && h.known) {
    s = (!removed_say ? "{rule}: since {known}, {breaker} would break it, so {lit}."
                      : "{rule}: since {known}, it would be broken if {breaker}, so {lit}.");
    replace_all(s, "{known}", literal_text(p, h.known->var, h.known->value, h.known->positive));
  }
  std::string lit = h.sets ? literal_text(p, h.var, h.value, true) : literal_text(p, h.var, h.value, false);
  // A technique whose text already ends in its conclusion ("..., so r1c7 is not blank") is
  // not followed by it again.
  if (h.technique == Technique::Declared && h.fact >= 0) {
    const std::string& text = p.techniques[static_cast<std::size_t>(h.fact)].origin.text;
    if (text.size() >= lit.size() && text.compare(text.size() - lit.size(), lit.size(), lit) == 0) s = "{rule}.";
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
  std::string assumed_value = h.removed.empty() ? "" : ir::format_value(p, var_of(p, h.var).kind, h.removed[0]);
  std::string assumption = h.removed.empty() ? "" : literal_text(p, h.var, h.removed[0], true);
  std::vector<std::string> steps;
  for (const auto& st : h.chain)
    steps.push_back(literal_text(p, st.var, st.value, st.sets) + " (" + rule_text(p, st.constraint) + ")");
  std::string chain = steps.empty() ? "immediately" : join(steps, ", then ", ", then ");
  std::string value_text = ir::format_value(p, var_of(p, h.var).kind, h.sets ? h.value : h.value);
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
  // The removed values as what would be: a Bool has one ("a light at r1c2"), others maybe
  // several ("r3c4 = 6 or 7").
  std::string breaker;
  if (hv.kind == ir::ValueKind::Bool && h.removed.size() == 1 && !hv.says_true.empty()) {
    breaker = literal_text(p, h.var, h.removed[0], true);  // a statement (templates above)
  } else if (removed_say && hv.kind != ir::ValueKind::Bool) {
    std::vector<std::string> said;  // statements of their own ("... covers ... or ... covers ...")
    for (ir::Value v : h.removed) said.push_back(literal_text(p, h.var, v, true));
    breaker = join(said, ", ", " or ");
  } else if (hv.kind == ir::ValueKind::Bool && h.removed.size() == 1) {
    // (A named Bool: "the network at r1c2 on would break it", not "... is on would ...".)
    const auto& label = var_of(p, h.var).label;
    breaker = label.empty() ? literal_text(p, h.var, h.removed[0], true) : label + (h.removed[0] ? " on" : " off");
  } else {
    std::vector<std::string> vals;
    for (ir::Value v : h.removed) vals.push_back(ir::format_value(p, var_of(p, h.var).kind, v));
    breaker = cell_name(p, h.var) + " = " + join(vals, ", ", " or ");
  }
  std::vector<ir::VarId> with_cell = h.witnesses;
  with_cell.insert(std::upper_bound(with_cell.begin(), with_cell.end(), h.var), h.var);
  replace_all(s, "{cell+cells}", cells_text(p, with_cell));
  replace_all(s, "{are}", h.witnesses.size() == 1 ? "it is" : "they are");
  replace_all(s, "{breaker}", breaker);
  replace_all(s, "{cell}", cell_name(p, h.var));
  replace_all(s, "{value}", value_text);
  replace_all(s, "{lit}", lit);
  return capitalised(s);
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
