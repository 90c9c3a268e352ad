#include "runtime/ir/parity.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
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

namespace {

// Rows of bits over GF(2): a parity's variables (one column each), then its right side,
// then any bits that ride along (which rows were summed into it).
using Bits = std::vector<std::uint64_t>;
void flip(Bits& row, std::size_t bit) { row[bit / 64] ^= std::uint64_t{1} << (bit % 64); }
bool has(const Bits& row, std::size_t bit) { return ((row[bit / 64] >> (bit % 64)) & 1u) != 0; }

// The distinct variables of `rows`, ascending, each with its column.
struct Columns {
  std::vector<VarId> vars;
  std::unordered_map<VarId, std::size_t> of;
};
Columns columns_of(const std::vector<Parity>& rows) {
  Columns c;
  for (const auto& r : rows) c.vars.insert(c.vars.end(), r.vars.begin(), r.vars.end());
  std::sort(c.vars.begin(), c.vars.end());
  c.vars.erase(std::unique(c.vars.begin(), c.vars.end()), c.vars.end());
  for (std::size_t i = 0; i < c.vars.size(); ++i) c.of.emplace(c.vars[i], i);
  return c;
}

// `rows` as bit rows: column bits, the right side at bit cols.size(), and with `track`, a
// bit cols.size() + 1 + r for row r (what the reduction summed into each row).
std::vector<Bits> matrix(const std::vector<Parity>& rows, const Columns& cols, bool track) {
  const std::size_t bits = cols.vars.size() + 1 + (track ? rows.size() : 0);
  std::vector<Bits> m(rows.size(), Bits((bits + 63) / 64, 0));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (VarId v : rows[r].vars) flip(m[r], cols.of.at(v));
    if (rows[r].odd) flip(m[r], cols.vars.size());
    if (track) flip(m[r], cols.vars.size() + 1 + r);
  }
  return m;
}

// Gauss-Jordan elimination on the first `ncols` bits (the others ride along): the rows
// above the returned count are reduced, each with a pivot column no other row has; the
// rows below it are zero in those bits.
std::size_t reduce(std::vector<Bits>& m, std::size_t ncols) {
  std::size_t top = 0;
  for (std::size_t c = 0; c < ncols && top < m.size(); ++c) {
    std::size_t r = top;
    while (r < m.size() && !has(m[r], c)) ++r;
    if (r == m.size()) continue;
    std::swap(m[r], m[top]);
    for (std::size_t o = 0; o < m.size(); ++o)
      if (o != top && has(m[o], c))
        for (std::size_t w = 0; w < m[o].size(); ++w) m[o][w] ^= m[top][w];
    ++top;
  }
  return top;
}

std::vector<std::size_t> tracked(const Bits& row, std::size_t from, std::size_t n) {
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < n; ++r)
    if (has(row, from + r)) out.push_back(r);
  return out;
}

// `rows` eliminated (with `track`, each row's tracking bits): the columns, the matrix and
// the count of reduced rows; nullopt when the rows are inconsistent (a zero row = 1).
struct Reduced {
  Columns cols;
  std::vector<Bits> m;
  std::size_t top = 0;
};
std::optional<Reduced> reduced(const std::vector<Parity>& rows, bool track) {
  Reduced x{columns_of(rows), {}, 0};
  x.m = matrix(rows, x.cols, track);
  x.top = reduce(x.m, x.cols.vars.size());
  for (std::size_t r = x.top; r < x.m.size(); ++r)
    if (has(x.m[r], x.cols.vars.size())) return std::nullopt;  // 0 = 1
  return x;
}

}  // namespace

std::optional<std::vector<Parity>> eliminate(const std::vector<Parity>& rows) {
  auto x = reduced(rows, false);
  if (!x) return std::nullopt;
  const auto& [cols, m, top] = *x;
  const std::size_t rhs = cols.vars.size();
  std::vector<Parity> out(top);
  for (std::size_t r = 0; r < top; ++r) {
    for (std::size_t c = 0; c < rhs; ++c)
      if (has(m[r], c)) out[r].vars.push_back(cols.vars[c]);
    out[r].odd = has(m[r], rhs);
  }
  return out;
}

std::optional<std::vector<UnitSum>> unit_sums(const std::vector<Parity>& rows) {
  auto x = reduced(rows, true);
  if (!x) return std::nullopt;
  const auto& [cols, m, top] = *x;
  const std::size_t rhs = cols.vars.size();
  std::vector<UnitSum> out;
  for (std::size_t r = 0; r < top; ++r) {
    std::optional<std::size_t> only;
    bool unit = true;
    for (std::size_t c = 0; c < rhs && unit; ++c)
      if (has(m[r], c)) {
        unit = !only;
        only = c;
      }
    if (unit && only) out.push_back({cols.vars[*only], has(m[r], rhs), tracked(m[r], rhs + 1, rows.size())});
  }
  std::sort(out.begin(), out.end(), [](const UnitSum& a, const UnitSum& b) { return a.var < b.var; });
  return out;
}

std::vector<std::size_t> irreducible(const std::vector<Parity>& rows, std::vector<std::size_t> sum) {
  // Any dependency D among the rows (they sum to 0 = 0, being consistent) can be added to
  // the sum S: S xor D has S's sum. First, while some dependency of a basis of them (the
  // zero rows the elimination leaves, with what it summed into them) makes S smaller, it
  // is added.
  {
    const Columns cols = columns_of(rows);
    std::vector<Bits> m = matrix(rows, cols, true);
    const std::size_t top = reduce(m, cols.vars.size());
    const std::size_t from = cols.vars.size() + 1;
    Bits s(m.empty() ? 0 : m[0].size(), 0);
    for (std::size_t r : sum) flip(s, from + r);
    auto ones = [](const Bits& b) {
      std::size_t n = 0;
      for (auto w : b) n += static_cast<std::size_t>(std::popcount(w));
      return n;
    };
    for (bool smaller = true; smaller;) {
      smaller = false;
      for (std::size_t r = top; r < m.size(); ++r) {
        Bits t = s;
        for (std::size_t w = 0; w < t.size(); ++w) t[w] ^= m[r][w];
        if (ones(t) < ones(s)) {
          s = std::move(t);
          smaller = true;
        }
      }
    }
    sum = tracked(s, from, rows.size());
  }
  // Then S's rows must be independent: a proper subset T with S's sum makes S minus T a
  // dependency among S's rows, and dropping a dependency's rows keeps the sum. Each round
  // drops the largest one the elimination of S's rows leaves, until there is none.
  while (true) {
    std::vector<Parity> part;
    for (std::size_t r : sum) part.push_back(rows.at(r));
    const Columns cols = columns_of(part);
    std::vector<Bits> m = matrix(part, cols, true);
    const std::size_t top = reduce(m, cols.vars.size());
    if (top == m.size()) return sum;
    std::vector<std::size_t> largest;
    for (std::size_t r = top; r < m.size(); ++r) {
      auto d = tracked(m[r], cols.vars.size() + 1, part.size());
      if (d.size() > largest.size()) largest = std::move(d);
    }
    std::vector<char> drop(sum.size(), 0);
    for (std::size_t i : largest) drop[i] = 1;
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < sum.size(); ++i)
      if (!drop[i]) kept.push_back(sum[i]);
    sum = std::move(kept);
  }
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
