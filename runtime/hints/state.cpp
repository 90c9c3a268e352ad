// The solving state: candidates per variable (engine bitset domains) and placed entries.
#include <algorithm>

#include "runtime/hints/hints.hpp"

namespace pzc::hints {

namespace {

int index_in(const ir::Variable& var, ir::Value value) {
  auto it = std::lower_bound(var.domain.begin(), var.domain.end(), value);
  if (it == var.domain.end() || *it != value) return -1;
  return static_cast<int>(it - var.domain.begin());
}

}  // namespace

State::State(const ir::Program& program)
    : program_(&program), domains_(program), placed_(program.vars.size(), 0) {}

State State::from_program(const ir::Program& program, const std::vector<char>* active) {
  State s(program);
  ir::Assignment scratch(program.vars.size(), 0);
  // One-variable constraints are the givens of the instance: apply them silently, since a
  // person starts from the printed grid, not from a deduction.
  for (std::size_t ci = 0; ci < program.constraints.size(); ++ci) {
    const auto& c = program.constraints[ci];
    if (c.scope.size() != 1 || (active && !(*active)[ci])) continue;
    ir::VarId v = c.scope[0];
    const auto& var = program.vars[static_cast<std::size_t>(v)];
    for (int i = s.domains_.first(v); i >= 0; i = s.domains_.next(v, i)) {
      scratch[static_cast<std::size_t>(v)] = var.domain[static_cast<std::size_t>(i)];
      if (!ir::satisfied(program, c, scratch)) s.domains_.remove(v, i);
    }
  }
  for (ir::VarId v = 0; v < s.num_vars(); ++v)
    if (s.domains_.size(v) == 1) {
      // Placed only when a constraint fixed it (a given), or its domain had one value.
      s.placed_[static_cast<std::size_t>(v)] = 1;
    }
  s.domains_.clear_trail();
  s.domains_.clear_touched();
  return s;
}

StartStates::StartStates(const ir::Program& program) : full_(program) {
  ir::Assignment scratch(program.vars.size(), 0);
  for (std::size_t ci = 0; ci < program.constraints.size(); ++ci) {
    const auto& c = program.constraints[ci];
    if (c.scope.size() != 1) continue;
    Unary u{static_cast<int>(ci), c.scope[0], {}};
    const auto& var = program.vars[static_cast<std::size_t>(u.var)];
    for (std::size_t i = 0; i < var.domain.size(); ++i) {
      scratch[static_cast<std::size_t>(u.var)] = var.domain[i];
      if (!ir::satisfied(program, c, scratch)) u.removed.push_back(static_cast<int>(i));
    }
    unary_.push_back(std::move(u));
  }
}

State StartStates::from(const std::vector<char>& active) const {
  State s = full_;
  for (const Unary& u : unary_) {
    if (!active[static_cast<std::size_t>(u.constraint)]) continue;
    for (int i : u.removed) s.domains_.remove(u.var, i);
  }
  for (ir::VarId v = 0; v < s.num_vars(); ++v)
    if (s.domains_.size(v) == 1) s.placed_[static_cast<std::size_t>(v)] = 1;
  s.domains_.clear_trail();
  s.domains_.clear_touched();
  return s;
}

State State::from_grid(const ir::Program& program, const ir::PartialAssignment& grid) {
  State s = from_program(program);
  for (std::size_t v = 0; v < grid.size() && v < program.vars.size(); ++v) {
    if (!grid[v]) continue;
    auto id = static_cast<ir::VarId>(v);
    int i = index_in(program.vars[v], *grid[v]);
    if (i >= 0 && s.domains_.contains(id, i)) {
      s.domains_.assign(id, i);
    } else {
      for (int j = s.domains_.first(id); j >= 0; j = s.domains_.first(id)) s.domains_.remove(id, j);
    }
    s.placed_[v] = 1;
  }
  s.domains_.clear_trail();
  s.domains_.clear_touched();
  return s;
}

std::vector<ir::Value> State::candidates(ir::VarId v) const {
  std::vector<ir::Value> out;
  const auto& dom = program_->vars[static_cast<std::size_t>(v)].domain;
  for (int i = domains_.first(v); i >= 0; i = domains_.next(v, i)) out.push_back(dom[static_cast<std::size_t>(i)]);
  return out;
}

bool State::solved() const {
  for (ir::VarId v = 0; v < num_vars(); ++v)
    if (!program_->vars[static_cast<std::size_t>(v)].aux && (domains_.size(v) != 1 || !placed(v))) return false;
  return true;
}

bool State::contradiction() const {
  for (ir::VarId v = 0; v < num_vars(); ++v)
    if (domains_.size(v) == 0) return true;
  return false;
}

std::vector<ir::Literal> State::facts() const {
  std::vector<ir::Literal> out;
  for (ir::VarId v = 0; v < num_vars(); ++v) {
    const auto& dom = program_->vars[static_cast<std::size_t>(v)].domain;
    int size = domains_.size(v);
    if (size == static_cast<int>(dom.size())) continue;
    if (size == 1) {
      out.push_back({v, dom[static_cast<std::size_t>(domains_.first(v))], true});
      continue;
    }
    for (std::size_t i = 0; i < dom.size(); ++i)
      if (!domains_.contains(v, static_cast<int>(i))) out.push_back({v, dom[i], false});
  }
  return out;
}

ir::Assignment State::assignment() const {
  ir::Assignment a(static_cast<std::size_t>(num_vars()), ir::kNull);
  for (ir::VarId v = 0; v < num_vars(); ++v) {
    int i = domains_.first(v);
    if (i >= 0) a[static_cast<std::size_t>(v)] = program_->vars[static_cast<std::size_t>(v)].domain[static_cast<std::size_t>(i)];
  }
  return a;
}

ir::PartialAssignment State::grid() const { return values(true); }

ir::PartialAssignment State::fixed() const { return values(false); }

ir::PartialAssignment State::values(bool placed_only) const {
  ir::PartialAssignment g(static_cast<std::size_t>(num_vars()));
  for (ir::VarId v = 0; v < num_vars(); ++v)
    if ((!placed_only || placed(v)) && domains_.size(v) == 1)
      g[static_cast<std::size_t>(v)] = program_->vars[static_cast<std::size_t>(v)].domain[static_cast<std::size_t>(domains_.first(v))];
  return g;
}

}  // namespace pzc::hints
