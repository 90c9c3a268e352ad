// Values during grounding: concrete data from the instance, or ground terms over the
// puzzle's variables. Collections may hold elements whose membership is itself a term
// (after ->select with an unknown condition), so counting and quantifying over them
// grounds to cardinality constraints instead of failing.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <string>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ground {

// A reference-counted pointer to immutable data, one word wide (the count lives with the
// data), so copying a Value is cheap. Not thread-safe: a Value and its copies belong to
// one grounding, which runs on one thread.
template <class T>
class Rc {
 public:
  Rc() = default;
  template <class... A>
  static Rc make(A&&... a) {
    Rc r;
    r.p_ = new Box{T(std::forward<A>(a)...), 1};
    return r;
  }
  Rc(const Rc& o) noexcept : p_(o.p_) {
    if (p_) ++p_->refs;
  }
  Rc(Rc&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Rc& operator=(const Rc& o) noexcept {
    Rc t(o);
    std::swap(p_, t.p_);
    return *this;
  }
  Rc& operator=(Rc&& o) noexcept {
    Rc t(std::move(o));
    std::swap(p_, t.p_);
    return *this;
  }
  ~Rc() {
    if (p_ && --p_->refs == 0) delete p_;
  }
  const T& operator*() const { return p_->value; }
  const T* operator->() const { return &p_->value; }
  explicit operator bool() const { return p_ != nullptr; }
  friend bool operator==(const Rc& a, const Rc& b) { return a.p_ == b.p_; }
  friend bool operator<(const Rc& a, const Rc& b) { return std::less<>()(a.p_, b.p_); }

 private:
  struct Box {
    T value;
    std::uint64_t refs;
  };
  Box* p_ = nullptr;
};

struct Value;

struct GridData {
  std::int64_t rows = 0, cols = 0;
  std::vector<Value> cells;  // row-major
};

// 64 bytes: scalars, a cell's position, and shared immutable collections.
struct Value {
  // Line: the cells along a straight line (a cell's ray), kept lazy so that ->takeWhile
  // reads only the cells it needs; see line(). Only Evaluator::arrow consumes one as is:
  // every other use sees line_items(v), the same cells as a Seq.
  enum class K : std::uint8_t { Null, Int, Bool, Sym, Str, Chr, Cell, Seq, Set, Grid, Map, Term, Line };
  std::int64_t i = 0;                 // Int, Bool (0/1), Sym (symbol id), Str (string id), Chr, Term (TermId)
  std::int32_t r = 0, c = 0, rows = 0, cols = 0;  // Cell (1-based), with its grid's size
  K k = K::Null;
  ir::ValueKind term_kind = ir::ValueKind::Int;  // Term: the kind of its value
  Rc<std::vector<Value>> items;     // Seq, Set, Map values
  Rc<std::vector<ir::TermId>> guards;  // Seq/Set: membership terms (-1 = always); may be null
  Rc<std::vector<Value>> keys;      // Map keys
  Rc<GridData> grid;

  static Value null() { return {}; }
  static Value integer(std::int64_t v) { Value x; x.k = K::Int; x.i = v; return x; }
  static Value boolean(bool b) { Value x; x.k = K::Bool; x.i = b ? 1 : 0; return x; }
  static Value symbol(std::int64_t s) { Value x; x.k = K::Sym; x.i = s; return x; }
  static Value string(std::int64_t s) { Value x; x.k = K::Str; x.i = s; return x; }
  static Value character(char ch) { Value x; x.k = K::Chr; x.i = static_cast<unsigned char>(ch); return x; }
  static Value term(ir::TermId t, ir::ValueKind kind) { Value x; x.k = K::Term; x.i = t; x.term_kind = kind; return x; }
  static Value cell(std::int64_t r, std::int64_t c, std::int64_t rows, std::int64_t cols) {
    Value x; x.k = K::Cell;
    x.r = static_cast<std::int32_t>(r); x.c = static_cast<std::int32_t>(c);
    x.rows = static_cast<std::int32_t>(rows); x.cols = static_cast<std::int32_t>(cols);
    return x;
  }
  static Value seq(std::vector<Value> v, std::vector<ir::TermId> g = {}) {
    Value x; x.k = K::Seq;
    x.items = Rc<std::vector<Value>>::make(std::move(v));
    if (!g.empty()) x.guards = Rc<std::vector<ir::TermId>>::make(std::move(g));
    return x;
  }
  static Value grid_of(std::int64_t rows, std::int64_t cols, std::vector<Value> cells) {
    Value x; x.k = K::Grid;
    x.grid = Rc<GridData>::make(GridData{rows, cols, std::move(cells)});
    return x;
  }

  // `len` cells from (r, c) in steps of (dr, dc), in a rows x cols grid; i packs len and
  // the step.
  static Value line(std::int64_t r, std::int64_t c, int dr, int dc, std::int64_t len, std::int64_t rows, std::int64_t cols) {
    Value x = cell(r, c, rows, cols);
    x.k = K::Line;
    x.i = len | (static_cast<std::int64_t>(dr + 1) << 40) | (static_cast<std::int64_t>(dc + 1) << 48);
    return x;
  }
  std::int64_t line_length() const { return i & ((std::int64_t{1} << 40) - 1); }
  Value line_cell(std::int64_t idx) const {  // 0-based
    const std::int64_t dr = ((i >> 40) & 0xff) - 1, dc = ((i >> 48) & 0xff) - 1;
    return cell(r + idx * dr, c + idx * dc, rows, cols);
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

// A Line as the Seq of its cells; any other value as it is.
inline Value line_items(const Value& v) {
  if (v.k != Value::K::Line) return v;
  std::vector<Value> out;
  const std::int64_t n = v.line_length();
  out.reserve(static_cast<std::size_t>(n));
  for (std::int64_t idx = 0; idx < n; ++idx) out.push_back(v.line_cell(idx));
  return Value::seq(std::move(out));
}

// Total order on concrete values (for sets); terms compare by id.
int compare(const Value& a, const Value& b);
bool same(const Value& a, const Value& b);

}  // namespace pzc::ground
