#include "runtime/ir/parity.hpp"

#include <algorithm>
#include <utility>
#include <unordered_map>

namespace pzc::ir {

namespace {

struct Walk {
  const Program& p;
  ParitySum out;
  int nodes = 0;

  const Term& at(TermId id) const { return p.terms[static_cast<std::size_t>(id)]; }
  // A Boolean counted as 0 or 1: a constant folds into the parity; another term is kept.
  bool counted(TermId id, bool counts) {
    const Term& t = at(id);
    if (t.kind != ValueKind::Bool) return false;
    if (t.op == Op::Const) {
      if (t.value == kNull) return false;
      out.constant ^= counts && t.value != 0;
    } else if (counts) {
      out.odd.push_back(id);
    }
    return true;
  }
  // A non-negative sum; `counts`: its parity adds to the sum's (false under an even factor).
  bool sum(TermId id, bool counts, int depth) {
    if (++nodes > 100000 || depth > 64) return false;
    const Term& t = at(id);
    switch (t.op) {
      case Op::Const:
        if (t.value == kNull || t.value < 0) return false;
        out.constant ^= counts && (t.value % 2 != 0);
        return true;
      case Op::Var:
        return counted(id, counts);
      case Op::Add:
        for (TermId a : t.args)
          if (!sum(a, counts, depth + 1)) return false;
        return !t.args.empty();
      case Op::Count:
        for (TermId a : t.args)
          if (!counted(a, counts)) return false;
        return true;
      case Op::Ite: {  // if b then k1 else k0 = k0 + (k1 - k0) * b, k0 and k1 >= 0
        if (t.args.size() != 3) return false;
        const Term& k1 = at(t.args[1]);
        const Term& k0 = at(t.args[2]);
        if (k1.op != Op::Const || k0.op != Op::Const || k1.value == kNull || k0.value == kNull || k1.value < 0 || k0.value < 0)
          return false;
        out.constant ^= counts && (k0.value % 2 != 0);
        return counted(t.args[0], counts && (k1.value - k0.value) % 2 != 0);
      }
      case Op::Mul: {
        if (t.args.size() != 2) return false;
        for (int side = 0; side < 2; ++side) {
          const Term& k = at(t.args[static_cast<std::size_t>(side)]);
          if (k.op == Op::Const && k.value != kNull && k.value > 0)
            return sum(t.args[static_cast<std::size_t>(1 - side)], counts && k.value % 2 != 0, depth + 1);
        }
        return false;
      }
      default:
        return false;
    }
  }
};

}  // namespace

std::optional<ParitySum> parity_sum(const Program& p, TermId x) {
  if (x < 0 || static_cast<std::size_t>(x) >= p.terms.size()) return std::nullopt;
  Walk w{p, {}, 0};
  if (!w.sum(x, true, 0)) return std::nullopt;
  return std::move(w.out);
}

std::optional<Parity> parity_of(const Program& p, TermId term) {
  if (term < 0 || static_cast<std::size_t>(term) >= p.terms.size()) return std::nullopt;
  const Term& t = p.terms[static_cast<std::size_t>(term)];
  if ((t.op != Op::Eq && t.op != Op::Ne) || t.args.size() != 2) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    const Term& k = p.terms[static_cast<std::size_t>(t.args[static_cast<std::size_t>(1 - side)])];
    const Term& m = p.terms[static_cast<std::size_t>(t.args[static_cast<std::size_t>(side)])];
    if (k.op != Op::Const || (k.value != 0 && k.value != 1)) continue;
    if (m.op != Op::Mod || m.args.size() != 2) continue;
    const Term& two = p.terms[static_cast<std::size_t>(m.args[1])];
    if (two.op != Op::Const || two.value != 2) continue;
    auto s = parity_sum(p, m.args[0]);
    if (!s) return std::nullopt;
    // Each counted Boolean a Bool variable or its negation (1 + the variable).
    bool constant = s->constant;
    std::vector<VarId> vars;
    for (TermId id : s->odd) {
      const Term* b = &p.terms[static_cast<std::size_t>(id)];
      if (b->op == Op::Not && b->args.size() == 1) {
        constant = !constant;
        b = &p.terms[static_cast<std::size_t>(b->args[0])];
      }
      if (b->op != Op::Var || b->value < 0 || static_cast<std::size_t>(b->value) >= p.vars.size() ||
          p.vars[static_cast<std::size_t>(b->value)].kind != ValueKind::Bool)
        return std::nullopt;
      vars.push_back(static_cast<VarId>(b->value));
    }
    std::sort(vars.begin(), vars.end());
    Parity out;
    for (std::size_t i = 0; i < vars.size();) {  // pairs cancel
      std::size_t j = i;
      while (j < vars.size() && vars[j] == vars[i]) ++j;
      if ((j - i) % 2 != 0) out.vars.push_back(vars[i]);
      i = j;
    }
    // xor(vars) ^ constant = k (Eq) or <> k (Ne)
    out.odd = ((k.value == 1) != (t.op == Op::Ne)) != constant;
    return out;
  }
  return std::nullopt;
}

std::optional<std::vector<Parity>> eliminate(const std::vector<Parity>& rows) {
  std::vector<VarId> cols;
  for (const auto& r : rows) cols.insert(cols.end(), r.vars.begin(), r.vars.end());
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  std::unordered_map<VarId, std::size_t> col_of;
  for (std::size_t i = 0; i < cols.size(); ++i) col_of.emplace(cols[i], i);
  const std::size_t words = (cols.size() + 64) / 64;  // the last bit past the columns: the right side
  const std::size_t rhs = cols.size();
  std::vector<std::vector<std::uint64_t>> m(rows.size(), std::vector<std::uint64_t>(words, 0));
  auto flip = [](std::vector<std::uint64_t>& row, std::size_t bit) { row[bit / 64] ^= std::uint64_t{1} << (bit % 64); };
  auto has = [](const std::vector<std::uint64_t>& row, std::size_t bit) { return (row[bit / 64] >> (bit % 64)) & 1u; };
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (VarId v : rows[r].vars) flip(m[r], col_of.at(v));
    if (rows[r].odd) flip(m[r], rhs);
  }
  std::size_t top = 0;  // rows above it are reduced, each with its pivot
  std::vector<std::size_t> pivot_col;
  for (std::size_t c = 0; c < cols.size() && top < m.size(); ++c) {
    std::size_t r = top;
    while (r < m.size() && !has(m[r], c)) ++r;
    if (r == m.size()) continue;
    std::swap(m[r], m[top]);
    for (std::size_t o = 0; o < m.size(); ++o)
      if (o != top && has(m[o], c))
        for (std::size_t w = 0; w < words; ++w) m[o][w] ^= m[top][w];
    pivot_col.push_back(c);
    ++top;
  }
  for (std::size_t r = top; r < m.size(); ++r)
    if (has(m[r], rhs)) return std::nullopt;  // 0 = 1
  std::vector<Parity> out(top);
  for (std::size_t r = 0; r < top; ++r) {
    for (std::size_t c = 0; c < cols.size(); ++c)
      if (has(m[r], c)) out[r].vars.push_back(cols[c]);
    out[r].odd = has(m[r], rhs) != 0;
  }
  return out;
}

bool over_bits(const Program& p, const Parity& r) {
  return std::all_of(r.vars.begin(), r.vars.end(), [&](VarId v) {
    const auto& dom = p.vars[static_cast<std::size_t>(v)].domain;
    return std::all_of(dom.begin(), dom.end(), [](Value x) { return x == 0 || x == 1; });
  });
}

bool elimination_affordable(std::size_t rows, std::size_t cols) {
  constexpr double kMaxWork = 4e8;
  return static_cast<double>(rows) * static_cast<double>(rows) * static_cast<double>(cols / 64 + 1) <= kMaxWork;
}

std::vector<Parity> implied_parities(const Program& p) {
  std::vector<Parity> rows;
  for (const auto& con : p.constraints) {
    if (con.kind != Kind::Expr) continue;
    auto par = parity_of(p, con.term);
    if (par && over_bits(p, *par)) rows.push_back(std::move(*par));
  }
  if (rows.size() < 2) return {};
  std::vector<char> seen(p.vars.size(), 0);
  std::size_t cols = 0;
  for (const auto& r : rows)
    for (VarId v : r.vars) cols += !std::exchange(seen[static_cast<std::size_t>(v)], 1);
  if (!elimination_affordable(rows.size(), cols)) return {};
  const auto reduced = eliminate(rows);
  std::vector<Parity> add;
  if (!reduced) {
    for (const auto& r : rows)
      if (!r.vars.empty()) return {{{r.vars.front()}, false}, {{r.vars.front()}, true}};
    return {};  // constant rows only: the constraints say it already
  }
  auto less = [](const Parity& a, const Parity& b) { return a.vars != b.vars ? a.vars < b.vars : a.odd < b.odd; };
  std::sort(rows.begin(), rows.end(), less);
  for (const auto& r : *reduced)
    if (!std::binary_search(rows.begin(), rows.end(), r, less)) add.push_back(r);
  return add;
}

}  // namespace pzc::ir
