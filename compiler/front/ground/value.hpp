// Values during grounding: concrete data from the instance, or ground terms over the
// puzzle's variables. Collections may hold elements whose membership is itself a term
// (after ->select with an unknown condition), so counting and quantifying over them
// grounds to cardinality constraints instead of failing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ground {

struct Value;

struct GridData {
  std::int64_t rows = 0, cols = 0;
  std::vector<Value> cells;  // row-major
};

struct Value {
  enum class K : std::uint8_t { Null, Int, Bool, Sym, Str, Chr, Cell, Seq, Set, Grid, Map, Term };
  K k = K::Null;
  std::int64_t i = 0;                 // Int, Bool (0/1), Sym (symbol id), Str (string id), Chr, Term (TermId)
  ir::ValueKind term_kind = ir::ValueKind::Int;  // Term: the kind of its value
  std::int64_t r = 0, c = 0, rows = 0, cols = 0;  // Cell (1-based), with its grid's size
  std::shared_ptr<const std::vector<Value>> items;     // Seq, Set, Map values
  std::shared_ptr<const std::vector<ir::TermId>> guards;  // Seq/Set: membership terms (-1 = always); may be null
  std::shared_ptr<const std::vector<Value>> keys;      // Map keys
  std::shared_ptr<const GridData> grid;

  static Value null() { return {}; }
  static Value integer(std::int64_t v) { Value x; x.k = K::Int; x.i = v; return x; }
  static Value boolean(bool b) { Value x; x.k = K::Bool; x.i = b ? 1 : 0; return x; }
  static Value symbol(std::int64_t s) { Value x; x.k = K::Sym; x.i = s; return x; }
  static Value string(std::int64_t s) { Value x; x.k = K::Str; x.i = s; return x; }
  static Value character(char ch) { Value x; x.k = K::Chr; x.i = static_cast<unsigned char>(ch); return x; }
  static Value term(ir::TermId t, ir::ValueKind kind) { Value x; x.k = K::Term; x.i = t; x.term_kind = kind; return x; }
  static Value cell(std::int64_t r, std::int64_t c, std::int64_t rows, std::int64_t cols) {
    Value x; x.k = K::Cell; x.r = r; x.c = c; x.rows = rows; x.cols = cols; return x;
  }
  static Value seq(std::vector<Value> v, std::vector<ir::TermId> g = {}) {
    Value x; x.k = K::Seq;
    x.items = std::make_shared<const std::vector<Value>>(std::move(v));
    if (!g.empty()) x.guards = std::make_shared<const std::vector<ir::TermId>>(std::move(g));
    return x;
  }
  static Value grid_of(std::int64_t rows, std::int64_t cols, std::vector<Value> cells) {
    Value x; x.k = K::Grid;
    auto g = std::make_shared<GridData>();
    g->rows = rows; g->cols = cols; g->cells = std::move(cells);
    x.grid = std::move(g);
    return x;
  }

  bool is_term() const { return k == K::Term; }
  bool is_collection() const { return k == K::Seq || k == K::Set; }
  std::size_t size() const { return items ? items->size() : 0; }
  const Value& at(std::size_t idx) const { return (*items)[idx]; }
  ir::TermId guard(std::size_t idx) const { return guards ? (*guards)[idx] : -1; }
  bool has_guards() const {
    if (!guards) return false;
    for (auto g : *guards) if (g != -1) return true;
    return false;
  }
};

// Total order on concrete values (for sets); terms compare by id.
int compare(const Value& a, const Value& b);
bool same(const Value& a, const Value& b);

}  // namespace pzc::ground
