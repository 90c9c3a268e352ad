// Instance binding (does the instance fit the puzzle?) and grounding of rules into the IR.
#include "compiler/front/ground/ground.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <limits>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <atomic>
#include <exception>

#include <boost/container/small_vector.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compiler/front/ast/walk.hpp"
#include "compiler/front/ground/eval.hpp"
#include "compiler/front/ground/ranges.hpp"
#include "runtime/io/plural.hpp"
#include "runtime/io/read_text.hpp"

namespace pzc::ground {

using ast::Type;
using K = ast::Type::K;
using VK = Value::K;

namespace {

// The most parts a constraint's term may have written out as a tree (see ground_rules). A
// chain of 25 defs each adding the last to itself (tests/golden/language/def_chain_on_
// unknowns) has 2^27 and is counted in about a second; at 2^28 the walks take seconds.
constexpr std::uint64_t kMaxTreeSize = std::uint64_t{1} << 28;

// An error's own notes (the def calls it was inside) before the caller's.
std::vector<std::string> with_call_notes(const EvalError& err, std::vector<std::string> notes) {
  std::vector<std::string> all = err.notes;
  all.insert(all.end(), std::make_move_iterator(notes.begin()), std::make_move_iterator(notes.end()));
  return all;
}

class Binder {
 public:
  Binder(const sema::CheckedPuzzle& cp, Evaluator& ev, source::SourceManager& sm, source::Diagnostics& diags)
      : cp_(cp), ev_(ev), sm_(sm), diags_(diags) {}

  std::string show(const Type& t) const { return ast::to_string(t, cp_.enum_names); }

  // A line read_file kept: where it is in the file (1-based), after its leading blanks.
  struct LineAt {
    std::uint32_t line, col;
  };
  // Reads the lines of a word list / data file named relative to the file that names it.
  // `at`, `path` and `all`: each kept line's place, the path read, and the whole text.
  Value read_file(const ast::FileRef& f, const source::Range& r, std::vector<LineAt>* at = nullptr,
                  std::string* path = nullptr, std::string* all = nullptr) {
    namespace fs = std::filesystem;
    fs::path p(f.path);
    const std::string& from = sm_.file(r.file).path;
    if (p.is_relative() && !from.empty() && from[0] != '<') p = fs::path(from).parent_path() / p;
    std::error_code ec;
    if (fs::is_directory(p, ec)) throw EvalError{r, fmt::format("cannot read file '{}': it is a directory", p.string())};
    std::ifstream in(p, std::ios::binary);
    if (!in) throw EvalError{r, fmt::format("cannot read file '{}'", p.string())};
    std::string error;
    auto text = io::read_text(in, error);
    if (!text) throw EvalError{r, fmt::format("file '{}' {}", p.string(), error)};
    std::istringstream lines_in(*text);
    std::vector<Value> lines;
    std::string line;
    for (std::uint32_t n = 1; std::getline(lines_in, line); ++n) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
      std::size_t b = line.find_first_not_of(" \t");
      if (b == std::string::npos) continue;
      lines.push_back(Value::string(ev_.intern(line.substr(b))));
      if (at) at->push_back({n, static_cast<std::uint32_t>(b + 1)});
    }
    if (path) *path = p.string();
    if (all) *all = std::move(*text);
    return Value::seq(std::move(lines));
  }

  // One token of instance text (a grid cell, a character of a clue string) as a value of `t`.
  Value token(const std::string& tok, const Type& t, const source::Range& r) {
    if (tok == "." || tok == "_" || tok == "-") {
      if (t.optional || t.is(K::Char)) return t.is(K::Char) ? Value::character(tok[0]) : Value::null();
      throw EvalError{r, fmt::format("'{}' (no value) is not allowed: the type {} is not optional", tok, show(t))};
    }
    switch (t.k) {
      case K::Char:
        if (tok.size() != 1) throw EvalError{r, fmt::format("'{}' is not a single character", tok)};
        return Value::character(tok[0]);
      case K::Int: {
        auto digits = [](std::string_view s) {
          return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
        };
        if (tok.size() > 1 && tok[0] == '-' && digits(std::string_view(tok).substr(1)))
          throw EvalError{r, fmt::format("'{}' is negative: a number in the text of a grid is 0 or more", tok)};
        if (!digits(tok)) throw EvalError{r, fmt::format("'{}' is not a number", tok)};
        if (tok.size() > 15) throw EvalError{r, fmt::format("'{}' is too large: a number in the text of a grid has at most 15 digits", tok)};
        return Value::integer(std::stoll(tok));
      }
      case K::Bool:
        if (tok == "1" || tok == "#" || tok == "true") return Value::boolean(true);
        if (tok == "0" || tok == "false") return Value::boolean(false);
        throw EvalError{r, fmt::format("'{}' is not a Bool (1, #, 0)", tok)};
      case K::String: return Value::string(ev_.intern(tok));
      case K::Symbol: {
        auto it = cp_.names.find(tok);
        if (it == cp_.names.end() || it->second.kind != sema::NameKind::EnumMember ||
            (t.enum_id >= 0 && it->second.enum_id != t.enum_id))
          throw EvalError{r, fmt::format("'{}' is not a member of {}", tok, show(t.with_optional(false)))};
        return Value::symbol(it->second.symbol);
      }
      default: throw EvalError{r, fmt::format("a value of type {} cannot be written as text", show(t))};
    }
  }

  // Converts an instance value to the declared type, checking that it fits. `src`, when
  // given, is the value's expression: a list literal's bad element is reported where it is.
  Value coerce(const Value& v, const Type& t, const source::Range& r, const ast::Expr* src = nullptr) {
    if (v.k == VK::Null) {
      if (t.optional) return v;
      throw EvalError{r, fmt::format("null is not a value of type {} (a `?` type, as {}?, allows null)", show(t), show(t))};
    }
    switch (t.k) {
      case K::Int: case K::Bool: case K::Char: case K::Cell:
        if ((t.is(K::Int) && v.k == VK::Int) || (t.is(K::Bool) && v.k == VK::Bool) ||
            (t.is(K::Char) && v.k == VK::Chr) || (t.is(K::Cell) && v.k == VK::Cell))
          return v;
        if (v.k == VK::Str && t.is(K::Char)) return token(ev_.intern_text(v.i), t, r);
        break;
      case K::String:
        if (v.k == VK::Str) return v;
        break;
      case K::Symbol:
        if (v.k == VK::Sym) return token(cp_.symbols[static_cast<std::size_t>(v.i)], t, r);
        break;
      case K::Seq: case K::Set: {
        std::vector<Value> items;
        if (v.k == VK::Str) {  // "D.BA.." : one character per element
          for (char ch : ev_.intern_text(v.i)) items.push_back(token(std::string(1, ch), *t.elem, r));
        } else if (v.is_collection()) {
          const auto* lit = src ? std::get_if<ast::SeqLit>(&src->node) : nullptr;
          const bool each = lit && lit->items.size() == v.items->size();
          for (std::size_t i = 0; i < v.items->size(); ++i) {
            const ast::Expr* item = each ? lit->items[i].get() : nullptr;
            items.push_back(coerce((*v.items)[i], *t.elem, item ? item->range : r, item));
          }
        } else {
          break;
        }
        if (t.is(K::Set)) {
          std::sort(items.begin(), items.end(), [](const Value& a, const Value& b) { return compare(a, b) < 0; });
          items.erase(std::unique(items.begin(), items.end(), same), items.end());
          Value s = Value::seq(std::move(items));
          s.k = VK::Set;
          return s;
        }
        return Value::seq(std::move(items));
      }
      case K::Grid: {
        if (v.k != VK::Grid) break;
        return v;  // grids arrive through grid_value()
      }
      default: break;
    }
    // A string or character is shown quoted: `n = "2"` for an Int is not "the value is 2".
    const std::string shown = v.k == VK::Str   ? fmt::format("the string \"{}\"", ev_.intern_text(v.i))
                              : v.k == VK::Chr ? fmt::format("the character '{}'", static_cast<char>(v.i))
                                               : ev_.format(v);
    throw EvalError{r, fmt::format("expected {}, but the value is {}", show(t), shown)};
  }

  // A grid literal's rows: whitespace-separated tokens when a row has spaces, else one
  // character per cell. A bad row or cell is reported where it is, when the literal knows
  // (GridLit::rows_at), else at the literal.
  Value grid_value(const ast::GridLit& g, const Type& t, const source::Range& r, const Limits& limits) {
    std::vector<Value> cells;
    std::int64_t cols = -1;
    for (std::size_t k = 0; k < g.rows.size(); ++k) {
      const std::string& row = g.rows[k];
      const source::Range* row_at = k < g.rows_at.size() ? &g.rows_at[k] : nullptr;
      // Too many cells is said before the row is split: a 50 MB one-line grid took 6 GB
      // of tokens before the limit below refused it.
      const bool spaced = row.find_first_of(" \t") != std::string::npos;
      const std::size_t at_least = spaced ? 0 : row.size();
      if (cells.size() + at_least > static_cast<std::size_t>(limits.max_cells) ||
          (spaced && row.size() / 2 > static_cast<std::size_t>(limits.max_cells)))
        throw EvalError{r, fmt::format("the grid has more than {} cells", limits.max_cells)};
      // The cells as (offset in the row, text).
      std::vector<std::pair<std::size_t, std::string>> toks;
      if (spaced) {
        for (std::size_t i = row.find_first_not_of(" \t"); i != std::string::npos; i = row.find_first_not_of(" \t", i)) {
          const std::size_t end = std::min(row.find_first_of(" \t", i), row.size());
          toks.emplace_back(i, row.substr(i, end - i));
          i = end;
        }
      } else {
        // One character per cell, and a cell's character is ASCII ('é' is two bytes).
        if (auto c = source::first_non_ascii(row)) {
          source::Range at = r;
          if (row_at) {
            const auto col = row_at->begin.col + static_cast<std::uint32_t>(c->first);
            at = {row_at->file, {row_at->begin.line, col}, {row_at->begin.line, col + 1}};
          }
          throw EvalError{at, fmt::format("row {} of the grid holds '{}', which is not an ASCII character: a square is "
                                          "one ASCII character",
                                          k + 1, row.substr(c->first, c->second))};
        }
        for (std::size_t i = 0; i < row.size(); ++i) toks.emplace_back(i, std::string(1, row[i]));
      }
      if (cols < 0) cols = static_cast<std::int64_t>(toks.size());
      if (static_cast<std::int64_t>(toks.size()) != cols)
        throw EvalError{row_at ? *row_at : r,
                        fmt::format("row {} of the grid has {}, but row 1 has {}", k + 1,
                                    io::counted(toks.size(), "cell", "cells"), cols)};
      for (const auto& [offset, tok] : toks) {
        source::Range at = r;
        if (row_at) {
          const auto col = row_at->begin.col + static_cast<std::uint32_t>(offset);
          at = {row_at->file, {row_at->begin.line, col}, {row_at->begin.line, col + static_cast<std::uint32_t>(tok.size())}};
        }
        cells.push_back(token(tok, *t.elem, at));
      }
      if (static_cast<std::int64_t>(cells.size()) > limits.max_cells)
        throw EvalError{r, fmt::format("the grid has more than {} cells", limits.max_cells)};
    }
    if (g.rows.empty() || cols <= 0) throw EvalError{r, "the grid is empty"};
    return Value::grid_of(static_cast<std::int64_t>(g.rows.size()), cols, std::move(cells));
  }

  Value bind_value(ast::Expr& e, const Type& t, const Limits& limits) {
    if (auto* g = std::get_if<ast::GridLit>(&e.node)) {
      if (!t.is(K::Grid)) throw EvalError{e.range, fmt::format("a grid literal cannot be a {}", show(t))};
      return grid_value(*g, t, e.range, limits);
    }
    if (auto* f = std::get_if<ast::FileRef>(&e.node)) {
      std::vector<LineAt> at;
      std::string path, text;
      Value lines = read_file(*f, e.range, &at, &path, &text);
      if (t.is(K::Grid)) {  // a grid's rows, one per line (`--given board=@rows.txt`)
        ast::GridLit g;
        for (const Value& l : *lines.items) g.rows.push_back(ev_.intern_text(l.i));
        try {
          return grid_value(g, t, e.range, limits);
        } catch (const EvalError&) {
          // Again with each row's place, so that the error points into the file (`x` in row
          // 3: rows.txt:3:5, not the `file "rows.txt"` that names it). The file's text is
          // kept only then: the generator binds such a grid at every grounding.
          const std::uint32_t id = sm_.add(path, std::move(text));
          for (std::size_t k = 0; k < g.rows.size(); ++k) {
            const auto end = at[k].col + static_cast<std::uint32_t>(g.rows[k].size());
            g.rows_at.push_back({id, {at[k].line, at[k].col}, {at[k].line, end}});
          }
          try {
            return grid_value(g, t, e.range, limits);
          } catch (EvalError& err) {
            err.notes.insert(err.notes.begin(), fmt::format("the file is named at {}:{}:{}", sm_.file(e.range.file).path,
                                                            e.range.begin.line, sm_.column(e.range)));
            throw;
          }
        }
      }
      return coerce(lines, t, e.range);
    }
    if (t.is(K::Grid)) {
      if (auto* s = std::get_if<ast::StringLit>(&e.node)) {  // "row/row/row" as a one-line grid
        ast::GridLit g;
        std::string row;
        for (char ch : s->value) {
          if (ch == '/' || ch == '\n') {
            g.rows.push_back(row);
            row.clear();
          } else {
            row += ch;
          }
        }
        if (!row.empty()) g.rows.push_back(row);
        return grid_value(g, t, e.range, limits);
      }
    }
    source::Diagnostics local;
    Type got = sema::check_data_expr(cp_, e, local);
    if (local.has_errors()) {
      for (const auto& d : local.all()) diags_.error(d.range, d.message, d.notes);
      throw EvalError{{}, ""};
    }
    (void)got;
    return coerce(ev_.eval(e), t, e.range, &e);
  }

 private:
  const sema::CheckedPuzzle& cp_;
  Evaluator& ev_;
  source::SourceManager& sm_;
  source::Diagnostics& diags_;
};

ir::ValueKind value_kind(const Type& t) {
  switch (t.k) {
    case K::Bool: return ir::ValueKind::Bool;
    case K::Symbol: return ir::ValueKind::Symbol;
    case K::String: return ir::ValueKind::String;
    case K::Char: return ir::ValueKind::Char;
    default: return ir::ValueKind::Int;
  }
}

std::string name_part(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  return out;
}

// Enumerates a rule's bindings (the tuples of its `for` binders that pass its `where`)
// and renders its English template. With a split, only this part's share of the
// bindings is visited: part k of n takes the blocks of kSplitBlock consecutive bindings
// whose number is k modulo n (techniques stay whole in part 0). `serial` numbers the
// bindings of all rules in order, the same in every part, so parts merge back into the
// order of one sequential grounding.
constexpr std::int64_t kSplitBlock = 16;

// A rule's text agrees with its numbers: "(s)" or "(es)" right after a letter is dropped
// after an interpolated 1 and becomes "s" or "es" after any other number ("wall r2c3 has
// {board[p]} light(s) around it"). The number is the nearest interpolation before it that
// is one; before any, the text is left as written.
bool is_number(const std::string& v) {
  std::size_t i = !v.empty() && v[0] == '-' ? 1 : 0;
  return i < v.size() && std::all_of(v.begin() + static_cast<std::ptrdiff_t>(i), v.end(),
                                     [](char ch) { return ch >= '0' && ch <= '9'; });
}

// `before`: the character written just before the text (an interpolated word's last
// letter: "{kindName(i)}(s)"), or 0.
std::string with_plurals(const std::string& text, bool one, char before = 0) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char last = out.empty() ? before : out.back();
    const bool after_letter = std::isalpha(static_cast<unsigned char>(last)) != 0;
    for (std::string_view suffix : {std::string_view("(s)"), std::string_view("(es)")})
      if (after_letter && text.compare(i, suffix.size(), suffix) == 0) {
        if (!one) out.append(suffix.substr(1, suffix.size() - 2));
        i += suffix.size();
        break;
      }
    if (i < text.size()) out += text[i];
  }
  return out;
}

// " with p = r1c2, k = 3": the binding an error was met at, for its note.
std::string with_binding(const std::vector<std::pair<std::string, std::string>>& shown) {
  std::string where;
  for (const auto& [k, val] : shown) where += (where.empty() ? "" : ", ") + k + " = " + val;
  return where.empty() ? where : " with " + where;
}

class RuleWalker {
 public:
  // `cancel`, when given, stops the walk (Cancelled) once set: part 0 found an error.
  struct Cancelled {};
  RuleWalker(const sema::CheckedPuzzle& cp, Evaluator& ev, const Limits& limits, int part, int parts,
             const std::atomic<bool>* cancel = nullptr)
      : cp_(cp), ev_(ev), limits_(limits), part_(part), parts_(parts), cancel_(cancel) {}

  using Shown = std::vector<std::pair<std::string, std::string>>;
  std::int64_t serial() const { return serial_; }

  // `shown` holds the current binding as text (kept after a throw, for the error's note).
  void for_each_binding(const ast::RuleDecl& rule, Shown& shown, const std::function<void(Shown&)>& fn) {
    shown.clear();
    ev_.start_rule();
    std::int64_t instances = 0;
    const bool counted = rule.kind != ast::RuleKind::Require && rule.kind != ast::RuleKind::Name;
    // The first n binders' values as text, for an error's note (only when one is thrown:
    // formatting every binding would cost the grounding).
    auto show_first = [&](std::size_t n) {
      shown.clear();
      const std::size_t base = ev_.locals.size() - n;
      for (std::size_t k = 0; k < n; ++k) shown.emplace_back(rule.binders[k].var, ev_.format(ev_.locals[base + k].second));
    };
    std::function<void(std::size_t)> rec = [&](std::size_t i) {
      if (i == rule.binders.size()) {
        if (++instances > limits_.max_instances)
          throw EvalError{rule.range, fmt::format("the rule has more than {} bindings of its 'for' variables, counted "
                                                  "before 'where': narrow its 'for' collections",
                                                  limits_.max_instances)};
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw Cancelled{};
        if (counted) {
          ++serial_;
          if (parts_ > 1 && (rule.kind == ast::RuleKind::Technique ? part_ != 0
                                                                   : (instances - 1) / kSplitBlock % parts_ != part_))
            return;
        }
        // A technique's `where` may be a pattern over the solving state: it is kept as a term.
        if (rule.where && rule.kind != ast::RuleKind::Technique) {
          bool holds = false;
          try {
            holds = ev_.concrete_bool(*rule.where, "a 'where' condition");
          } catch (const EvalError&) {
            show_first(rule.binders.size());
            throw;
          }
          if (!holds) return;
        }
        // The binding as text, for provenance: only for the bindings that are ground.
        show_first(rule.binders.size());
        fn(shown);
        return;
      }
      const ast::Binder& b = rule.binders[i];
      // The range's items are read in place (the Seq value keeps them alive).
      Value items;
      try {
        items = ev_.concrete_seq(ev_.eval(*b.collection), b.collection->range, "a 'for' range");
      } catch (const EvalError&) {
        show_first(i);
        throw;
      }
      for (std::size_t j = 0; j < items.size(); ++j) {
        ev_.locals.emplace_back(b.var, items.at(j));
        rec(i + 1);
        ev_.locals.pop_back();
      }
    };
    rec(0);
  }

  // The rule's text with the current binding; `truth` false: a Bool name's second text.
  std::string render(const ast::RuleDecl& rule, bool truth = true) {
    std::string out;
    const auto& templates = truth ? cp_.templates : cp_.templates_false;
    auto it = templates.find(&rule);
    if (it == templates.end()) return rule.name;
    std::optional<bool> one;  // the last interpolated number is 1 (or -1); unset: no number yet
    for (const auto& part : it->second) {
      if (!part.expr) {
        out += one ? with_plurals(part.text, *one, out.empty() ? 0 : out.back()) : part.text;
      } else {
        // An error here is the spec's (a division by zero, an index past the end): it is
        // reported as any grounding error, not hidden by printing the template as written.
        const Value value = ev_.eval(*part.expr);
        // A text says what the givens and the binders know: an unknown printed its solver
        // name ("it would be broken if r1c2 is g_r1_c2").
        if (value.is_term() && !ev_.is_const(ev_.to_term(value, part.expr->range)))
          throw EvalError{part.expr->range, fmt::format("'{{{}}}' in the text depends on the variables, which have no value "
                                                        "when the text is written: a text may show only what the givens "
                                                        "and the 'for' bindings know", part.text)};
        std::string v = ev_.format(value);
        if (is_number(v)) one = v == "1" || v == "-1";
        out += v;
      }
    }
    return out.empty() ? rule.name : out;
  }

 private:
  const sema::CheckedPuzzle& cp_;
  Evaluator& ev_;
  const Limits& limits_;
  int part_, parts_;
  const std::atomic<bool>* cancel_;
  std::int64_t serial_ = -1;
};

// FactGrounder's memo of technique bindings: per rule whose binders read no rebound given,
// per binding in the walk's order, the fact it concluded (or none) and the rebound givens'
// elements it read. A binding none of whose reads changed since concludes the same.
struct FactMemo {
  struct Entry {
    std::vector<Evaluator::GivenRead> reads;
    std::optional<ir::TechniqueFact> fact;
  };
  std::map<const ast::RuleDecl*, std::vector<Entry>> entries;
  std::set<const ast::RuleDecl*> memoizable;
  const std::set<std::string>* tracked = nullptr;
  std::function<bool(const Evaluator::GivenRead&)> changed;  // since the entries were made
};

// The ground program's size as it grows, against Limits::max_constraints and
// Limits::max_ground_size, counted after each binding of a rule: a rule whose bindings
// each make a little (a clause per pair of 2300 cells in a column) stops at the limit, not
// when the memory runs out. The parts of a split grounding share one budget.
struct GroundBudget {
  std::atomic<std::int64_t> constraints{0};
  std::atomic<std::int64_t> size{0};
};

// Entries of the ground program: a term and each of its arguments; a constraint and each
// entry of its scope, literals, coefficients and provenance bindings; a technique fact
// and its bindings. (Tables are not counted: their values are small, and each table has
// its own limit, Limits::max_table_rows. Nonogram 30x20's lines hold 8.9 million values.)
class SizeMeter {
 public:
  // `from_start`: count what `program` holds already (the variables, the givens' terms);
  // else only what is made from now on (a helper part: part 0 counts the shared start).
  SizeMeter(const ir::Program& program, GroundBudget& budget, bool from_start) : p_(program), budget_(budget) {
    if (!from_start) {
      terms_ = p_.terms.size();
      constraints_ = p_.constraints.size();
      techniques_ = p_.techniques.size();
    }
  }

  // Adds what was made since the last call; an EvalError at `where` past a limit.
  void update(const source::Range& where, const Limits& limits) {
    std::int64_t size = 0;
    for (; terms_ < p_.terms.size(); ++terms_) size += 1 + static_cast<std::int64_t>(p_.terms[terms_].args.size());
    const auto made = static_cast<std::int64_t>(p_.constraints.size() - std::min(constraints_, p_.constraints.size()));
    for (; constraints_ < p_.constraints.size(); ++constraints_) {
      const ir::Constraint& c = p_.constraints[constraints_];
      size += 1 + static_cast<std::int64_t>(c.scope.size() + c.literals.size() + c.coeffs.size() + c.origin.bindings.size());
    }
    if (techniques_ > p_.techniques.size()) techniques_ = p_.techniques.size();  // (cleared by FactGrounder)
    for (; techniques_ < p_.techniques.size(); ++techniques_)
      size += 1 + static_cast<std::int64_t>(p_.techniques[techniques_].origin.bindings.size());
    if (made > 0 && budget_.constraints.fetch_add(made) + made > limits.max_constraints)
      throw EvalError{where, fmt::format("the puzzle grounds to more than {} constraints", limits.max_constraints)};
    if (size > 0 && budget_.size.fetch_add(size) + size > limits.max_ground_size)
      throw EvalError{where, fmt::format("the ground program is too large: more than {} entries (terms and constraints, "
                                         "each with its arguments, literals and bindings)",
                                         limits.max_ground_size)};
  }
  // A limit was passed (the rules after it are not grounded: each would only say so again).
  bool exceeded(const Limits& limits) const {
    return budget_.constraints.load() > limits.max_constraints || budget_.size.load() > limits.max_ground_size;
  }

 private:
  const ir::Program& p_;
  GroundBudget& budget_;
  std::size_t terms_ = 0, constraints_ = 0, techniques_ = 0;
};

// Grounds the rules and clues (part `part` of `parts`) into `program`, whose variables are
// made; `serials` gets the binding serial of each constraint.
void ground_rules(const sema::CheckedPuzzle& cp, const GroundOptions& options, source::SourceManager& sm,
                  source::Diagnostics& diags, Evaluator& ev, ir::Program& program, int part, int parts,
                  std::vector<std::int64_t>* serials, const std::atomic<bool>* cancel, FactMemo* memo = nullptr,
                  GroundBudget* shared = nullptr) {
  const Limits& limits = options.limits;
  RuleWalker walker(cp, ev, limits, part, parts, cancel);
  // A split's parts share `shared`; part 0 counts the program made before the rules. A
  // FactGrounder's repeated groundings count what each makes (its terms are kept).
  GroundBudget own_budget;
  SizeMeter meter(program, shared ? *shared : own_budget, part == 0 && !memo);
  RangeCheck ranges;
  auto report = [&](const EvalError& err, std::vector<std::string> notes = {}) {
    if (!err.message.empty()) diags.error(err.range, err.message, with_call_notes(err, std::move(notes)));
  };
  // ---- the variables' names (part 0 only: they make no constraint; only for texts)
  // Per variable: the name declaration that gave it its label, and the one that gave it
  // its two statements ("... is on" or "... is off"); a Bool variable may have both.
  std::vector<const ast::RuleDecl*> labelled_by, stated_by;
  if (part == 0 && options.render_text)
    for (const ast::RuleDecl* decl : cp.var_names) {
      RuleWalker::Shown current;
      labelled_by.resize(program.vars.size(), nullptr);
      stated_by.resize(program.vars.size(), nullptr);
      try {
        // `v[...] = value`: what hints say of one value (docs/language.md, `name`).
        const auto* eq = std::get_if<ast::Binary>(&decl->body->node);
        if (eq && eq->op != ast::BinOp::Eq) eq = nullptr;
        const ast::Expr& named = eq ? *eq->lhs : *decl->body;
        walker.for_each_binding(*decl, current, [&](RuleWalker::Shown&) {
          Value v = ev.eval(named);
          if (!v.is_term()) return;  // (no term: no variable to name)
          const ir::Term& t = program.terms[static_cast<std::size_t>(ev.to_term(v, named.range))];
          if (t.op != ir::Op::Var) return;
          ir::Variable& var = program.vars[static_cast<std::size_t>(t.value)];
          if (eq) {
            Value value = ev.eval(*eq->rhs);
            if (value.is_term())
              throw EvalError{eq->rhs->range, "the value a 'name' speaks of must be known from the givens"};
            const ir::Value x = program.terms[static_cast<std::size_t>(ev.to_term(value, eq->rhs->range))].value;
            // The variable as the spec writes it ("g[1, 2]"), not its solver name (g_r1_c2):
            // for the errors only, so made only for them (a name may have 10^5 bindings).
            auto written = [&] {
              if (var.group < 0 || static_cast<std::size_t>(var.group) >= program.groups.size()) return var.name;
              const ir::VarGroup& g = program.groups[static_cast<std::size_t>(var.group)];
              std::vector<std::string> at;
              for (std::int64_t i : var.index)
                at.push_back(g.shape == ir::VarGroup::Shape::Map && i >= 1 && static_cast<std::size_t>(i) <= g.keys.size()
                                 ? g.keys[static_cast<std::size_t>(i - 1)]
                                 : std::to_string(i));
              return at.empty() || g.shape == ir::VarGroup::Shape::Scalar ? g.name : fmt::format("{}[{}]", g.name, fmt::join(at, ", "));
            };
            if (!std::binary_search(var.domain.begin(), var.domain.end(), x))
              throw EvalError{eq->rhs->range, fmt::format("{} is not one of the values of {}", ev.format(value), written())};
            if (const ir::Variable::Statement* had = var.statement(x))
              throw EvalError{decl->body->range, fmt::format("{} = {} already has a name, \"{}\"", written(),
                                                             ev.format(value), had->is)};
            ir::Variable::Statement said{x, walker.render(*decl), walker.render(*decl, false)};
            var.says.insert(std::upper_bound(var.says.begin(), var.says.end(), x,
                                             [](ir::Value a, const ir::Variable::Statement& b) { return a < b.value; }),
                            std::move(said));
            return;
          }
          // (Two names for one variable: the last one won in silence.)
          const ast::RuleDecl*& by = (decl->text_false.empty() ? labelled_by : stated_by)[static_cast<std::size_t>(t.value)];
          if (by)  // (also by this declaration, under another binding)
            throw EvalError{decl->body->range, fmt::format("{} already has a name, \"{}\", from the name declaration on line {}",
                                                           var.name, decl->text_false.empty() ? var.label : var.says_true,
                                                           by->range.begin.line)};
          by = decl;
          if (decl->text_false.empty()) {
            var.label = walker.render(*decl);
          } else {
            var.says_true = walker.render(*decl);
            var.says_false = walker.render(*decl, false);
          }
        });
      } catch (const EvalError& err) {
        report(err, {fmt::format("while naming variables with \"{}\"{}", decl->text, with_binding(current))});
      }
    }
  // ---- rules and clues
  for (const ast::RuleDecl* rule : cp.rules) {
    if (rule->kind == ast::RuleKind::Require) continue;
    if (rule->kind == ast::RuleKind::Clue && !options.include_clues) continue;
    ir::RuleInfo info;
    info.name = !rule->name.empty() ? rule->name : rule->text;
    info.text = rule->text.empty() ? rule->name : rule->text;
    info.file = sm.file(rule->range.file).path;
    info.line = rule->range.begin.line;
    info.col = sm.column(rule->range);  // as diagnostics show it: characters
    info.is_clue = rule->kind == ast::RuleKind::Clue;
    info.tier = rule->kind == ast::RuleKind::Technique ? rule->tier : 0;
    auto rule_id = static_cast<std::int32_t>(program.rules.size());
    program.rules.push_back(info);
    if (options.only_rules && !options.only_rules->count(rule)) continue;
    if (rule->kind == ast::RuleKind::Technique && !options.include_techniques) continue;
    RuleWalker::Shown current;  // the binding being grounded, for an error's note
    std::vector<FactMemo::Entry>* entries =
        memo && rule->kind == ast::RuleKind::Technique && memo->memoizable.count(rule) ? &memo->entries[rule] : nullptr;
    std::size_t binding = 0;
    struct Untrack {
      explicit Untrack(Evaluator& e) : ev(e) {}
      Untrack(const Untrack&) = delete;
      Untrack& operator=(const Untrack&) = delete;
      ~Untrack() { ev.track_reads(nullptr, nullptr); }
      Evaluator& ev;
    };
    auto ground_binding = [&](RuleWalker::Shown& shown) {
      std::optional<Untrack> untrack;
      FactMemo::Entry* entry = nullptr;
      if (entries) {
        const std::size_t at = binding++;
        if (at < entries->size()) {
          FactMemo::Entry& e = (*entries)[at];
          if (std::none_of(e.reads.begin(), e.reads.end(), memo->changed)) {
            if (e.fact) program.techniques.push_back(*e.fact);
            return;
          }
        } else {
          entries->emplace_back();
        }
        entry = &(*entries)[at];
        entry->reads.clear();
        entry->fact.reset();
        ev.track_reads(memo->tracked, &entry->reads);
        untrack.emplace(ev);
      }
      ir::TermId condition = -1;  // techniques: the state pattern of the `where`
      if (rule->kind == ast::RuleKind::Technique && rule->where) {
        Value w = ev.eval(*rule->where);
        if (w.k == VK::Bool && !w.i) return;
        if (w.is_term()) condition = ev.to_term(w, rule->where->range);
      }
      Value v = ev.eval(*rule->body);
      ir::Provenance origin;
      origin.rule = rule_id;
      origin.bindings = shown;
      origin.text = rule->text.empty() ? rule->name : options.render_text ? walker.render(*rule) : std::string();
      if (rule->kind == ast::RuleKind::Technique) {
        // A technique concludes one fact per binding; it is proved sound before use.
        if (v.k == VK::Bool && v.i) return;  // nothing left to conclude
        if (v.k == VK::Bool)
          throw EvalError{rule->body->range, "this technique concludes something false whatever the cells hold (a value "
                                             "outside the variable's domain?): it must conclude x = v or x <> v"};
        std::optional<ir::Literal> lit;
        if (v.is_term()) lit = as_literal(program, ev.to_term(v, rule->body->range));
        if (!lit)
          throw EvalError{rule->body->range, "a technique must conclude one fact about one cell: x = v or x <> v"};
        program.techniques.push_back({*lit, condition, origin, rule->tier});
        if (entry) entry->fact = program.techniques.back();
        return;
      }
      if (v.k == VK::Bool && v.i) return;  // holds whatever the unknowns are
      ir::TermId t = ev.to_term(v, rule->body->range);
      if (ranges.overflows(program, t))
        throw EvalError{rule->body->range, "integer overflow: for some values of the unknowns, a value here is outside the 64-bit range"};
      // Shared parts keep the term small, but the engines' evaluators walk it whole: a def
      // that called itself twice on an unknown (`f(n - 1) + f(n - 1)`) made a term of 2^30
      // parts from 31 terms, and `check` ran for hours.
      if (ranges.tree_size(program, t) > kMaxTreeSize)
        throw EvalError{rule->body->range,
                        fmt::format("this constraint has more than {} parts written out (its repeated parts are shared, but "
                                    "the engines evaluate it whole): a def that calls itself on an unknown more than once "
                                    "per call doubles it with each level",
                                    kMaxTreeSize)};
      classify(ev.builder(), t, origin);
      if (serials) serials->resize(program.constraints.size(), walker.serial());
    };
    try {
      walker.for_each_binding(*rule, current, [&](RuleWalker::Shown& shown) {
        ground_binding(shown);
        meter.update(rule->range, limits);
      });
    } catch (const EvalError& err) {
      if (memo) memo->entries.erase(rule);  // its entries are not all of this binding's
      report(err, {fmt::format("while grounding {} '{}'{}", ast::kind_word(rule->kind), info.name,
                               with_binding(current))});
      if (meter.exceeded(limits)) break;
    }
  }
}

// One grounding's state and its steps up to the rules. Part 0 reports to the caller's
// diagnostics; a helper part repeats the same steps on its own thread with its own
// evaluator (values are not shared between threads), so both reach the rules with the
// same program so far.
class Grounding {
 public:
  Grounding(const sema::CheckedPuzzle& cp, const ast::Instance* instance, const GroundOptions& options,
            source::SourceManager& sm, source::Diagnostics& diags)
      : cp(cp), instance(instance), options(options), sm(sm), diags(diags), limits(options.limits),
        ev(cp, program, sm, options.limits), binder(cp, ev, sm, diags) {
    program.puzzle = cp.puzzle->name;
    program.instance = instance ? instance->name : "";
    program.symbols = cp.symbols;
  }

  // Bind the givens: command line, then instance, then defaults.
  bool bind() {
    std::map<std::string, ast::Expr*> bindings;
    std::map<std::string, source::Range> binding_ranges;
    if (instance) {
      for (const auto& b : instance->bindings) {
        if (bindings.count(b.name)) {
          diags.error(b.range, fmt::format("'{}' is bound twice in instance '{}'", b.name, instance->name));
          continue;
        }
        bindings[b.name] = b.value.get();
        binding_ranges[b.name] = b.range;
      }
    }
    for (const auto& b : options.overrides) {
      bindings[b.name] = b.value.get();
      binding_ranges[b.name] = b.range;
    }
    for (const auto& [nm, range] : binding_ranges) sema::check_given_name(cp, nm, range, diags);
    for (const auto& nm : cp.given_order) {
      const sema::NameInfo& info = cp.names.at(nm);
      ast::Expr* e = nullptr;
      if (auto it = bindings.find(nm); it != bindings.end()) e = it->second;
      else if (info.given->default_value) e = info.given->default_value.get();
      if (!e) {
        source::Range where = instance ? instance->range : info.range;
        diags.error(where,
                    instance ? fmt::format("instance '{}' does not give '{}' ({})", instance->name, nm,
                                           ast::to_string(info.type, cp.enum_names))
                             : fmt::format("no value for given '{}' ({}); name an instance or use --given {}=VALUE", nm,
                                           ast::to_string(info.type, cp.enum_names), nm),
                    {fmt::format("'{}' is declared at line {}", nm, info.range.begin.line)});
        continue;
      }
      try {
        ev.givens[nm] = binder.bind_value(*e, info.type, limits);
      } catch (const EvalError& err) {
        report(err, {fmt::format("'{}' is declared as {}", nm, ast::to_string(info.type, cp.enum_names))});
      }
    }

    return !diags.has_errors();
  }

  // The first given bound on the command line (or from a file) that a requirement reads,
  // binders first, then its `where` and body: "cage A has at most 4 squares" is about
  // the cages, though it reads `box` too. When it reads none of them (a default value
  // failed), the first bound given, as before; the rule when nothing is bound.
  source::Range data_read_by(const ast::RuleDecl& rule) const {
    const ast::Binding* b = override_read_by(rule);
    return b ? b->range : options.overrides.empty() ? rule.range : options.overrides[0].range;
  }
  // The given bound on the command line (or from a file) that the requirement reads first;
  // null when it reads none.
  const ast::Binding* override_read_by(const ast::RuleDecl& rule) const {
    auto def_body = [&](const std::string& nm) -> const ast::Expr* {
      auto it = cp.names.find(nm);
      return it != cp.names.end() && it->second.def ? it->second.def->body.get() : nullptr;
    };
    std::vector<const ast::Expr*> parts;
    for (const auto& b : rule.binders) parts.push_back(b.collection.get());
    parts.push_back(rule.where.get());
    parts.push_back(rule.body.get());
    for (const ast::Expr* e : parts) {
      if (!e) continue;
      for (const auto& nm : ast::names_in_order(*e, def_body))
        for (const auto& b : options.overrides)
          if (b.name == nm) return &b;
    }
    return nullptr;
  }

  // Requirements: does the instance fit the puzzle?
  bool check_requirements() {
    if (!options.check_requirements) return true;
    RuleWalker walker(cp, ev, limits, 0, 1);
    for (const ast::RuleDecl* rule : cp.rules) {
      if (rule->kind != ast::RuleKind::Require) continue;
      RuleWalker::Shown shown;  // the binding being checked, for an error's note
      try {
        walker.for_each_binding(*rule, shown, [&](auto&) {
          if (!ev.concrete_bool(*rule->body, "a requirement")) {
            // Point at the instance, or at the data bound on the command line / from a file
            // (also when it replaces the instance's: `--given start=@board.txt`).
            const ast::Binding* read = instance ? override_read_by(*rule) : nullptr;
            source::Range where = read ? read->range : instance ? instance->range : data_read_by(*rule);
            std::string subject = read ? fmt::format("'{}', given on the command line, does", read->name)
                                  : instance ? "instance '" + instance->name + "' does"
                                             : "the input does";
            diags.error(where, fmt::format("{} not fit puzzle {}: {}", subject, cp.puzzle->name, walker.render(*rule)),
                        {fmt::format("required at {}:{}", sm.file(rule->range.file).path, rule->range.begin.line)});
          }
        });
      } catch (const EvalError& err) {
        if (!err.message.empty())
          diags.error(err.range, err.message,
                      {fmt::format("while checking require '{}'{}", rule->name.empty() ? rule->text : rule->name, with_binding(shown))});
      }
    }

    return !diags.has_errors();
  }

  bool make_vars() {
    std::set<std::string> scalar_names;  // an element never takes a scalar var's name
    for (const auto& decl : cp.puzzle->decls)
      if (const auto* v = std::get_if<ast::VarDecl>(&decl); v && v->shape == ast::Shape::Scalar)
        scalar_names.insert(v->names.begin(), v->names.end());
    for (const auto& decl : cp.puzzle->decls) {
      const auto* v = std::get_if<ast::VarDecl>(&decl);
      if (!v) continue;
      try {
        const Type& t = cp.names.at(v->names[0]).type;
        Type elem = v->shape == ast::Shape::Scalar ? t : *t.elem;
        ir::ValueKind kind = value_kind(elem);
        std::vector<Value> dom_values = ev.concrete_items(ev.eval(*v->domain), v->domain->range, "a variable's domain");
        std::vector<ir::Value> domain;
        for (const auto& d : dom_values) {
          if (d.k == VK::Null) throw EvalError{v->domain->range, "null cannot be a variable's value"};
          domain.push_back(d.i);
        }
        std::sort(domain.begin(), domain.end());
        domain.erase(std::unique(domain.begin(), domain.end()), domain.end());
        if (domain.empty()) throw EvalError{v->domain->range, "the variable's domain is empty"};
        std::vector<std::int64_t> dims;
        std::vector<Value> keys;
        for (const auto& d : v->dims) {
          Value dv = ev.eval(*d);
          if (v->shape == ast::Shape::Map) {
            keys = ev.concrete_items(dv, d->range, "a map's keys");
            // (A key given twice made a variable per copy, and `m[k]` read the first only:
            // a solution said `bob=2 ann=1 bob=3`.)
            std::set<std::string> seen;
            for (const auto& k : keys)
              if (!seen.insert(ev.format(k)).second)
                throw EvalError{d->range, fmt::format("the keys of a Map must be distinct, and {} appears twice", ev.format(k))};
            dims.push_back(static_cast<std::int64_t>(keys.size()));
          } else {
            if (dv.k != VK::Int) throw EvalError{d->range, "a dimension must be a known Int"};
            if (dv.i < 1) throw EvalError{d->range, fmt::format("a dimension must be at least 1, not {}", dv.i)};
            if (dv.i > limits.max_cells) throw EvalError{d->range, fmt::format("dimension {} is too large (limit {})", dv.i, limits.max_cells)};
            dims.push_back(dv.i);
          }
        }
        std::int64_t total = 1;
        for (auto d : dims) total *= d;
        if (total > limits.max_cells)
          throw EvalError{v->range, fmt::format("{} has {} variables, more than the limit of {}", v->names[0], total, limits.max_cells)};
        for (const auto& nm : v->names) {
          ir::VarGroup group;
          group.name = nm;
          group.kind = kind;
          group.dims = dims;
          group.first = static_cast<ir::VarId>(program.vars.size());
          group.count = static_cast<std::int32_t>(total);
          group.aux = v->aux;
          auto gid = static_cast<std::int32_t>(program.groups.size());
          // `bracket` makes the element's name as the spec writes it (`s[1]`, `m[a b]`),
          // used when the plain one is a scalar var's or already taken; made only then (a
          // grid's every cell would format one).
          auto add_var = [&](std::string vname, std::vector<std::int64_t> index,
                             const std::function<std::string()>& bracket = nullptr) {
            // Names are unique in a program (Z3's constants are named by them, and the
            // checker shares variables across programs by name): `s_1` of `var s : Seq(2)`
            // and a `var s_1`, or the keys "a b" and "a_b" of a Map, would be one constant.
            // Such an element is named as the spec writes it (`s[1]`); what still clashes
            // gets "~2", "~3", ... ('~' is in no identifier or key).
            if (bracket && (scalar_names.count(vname) || var_names_.count(vname))) vname = bracket();
            if (!var_names_.insert(vname).second) {
              for (int k = 2;; ++k)
                if (std::string alt = fmt::format("{}~{}", vname, k); var_names_.insert(alt).second) {
                  vname = std::move(alt);
                  break;
                }
            }
            ir::Variable var;
            var.name = std::move(vname);
            var.kind = kind;
            var.domain = domain;
            var.group = gid;
            var.index = std::move(index);
            var.aux = v->aux;
            program.vars.push_back(std::move(var));
            ir::TermId t = ev.builder().var(static_cast<ir::VarId>(program.vars.size() - 1));
            return Value::term(t, kind);
          };
          Value value;
          switch (v->shape) {
            case ast::Shape::Scalar:
              group.shape = ir::VarGroup::Shape::Scalar;
              value = add_var(nm, {});
              break;
            case ast::Shape::Seq: {
              group.shape = ir::VarGroup::Shape::Seq;
              std::vector<Value> items;
              for (std::int64_t i = 1; i <= dims[0]; ++i)
                items.push_back(add_var(fmt::format("{}_{}", nm, i), {i}, [&] { return fmt::format("{}[{}]", nm, i); }));
              value = Value::seq(std::move(items));
              break;
            }
            case ast::Shape::Grid: {
              group.shape = ir::VarGroup::Shape::Grid;
              std::vector<Value> cells;
              for (std::int64_t r = 1; r <= dims[0]; ++r)
                for (std::int64_t c = 1; c <= dims[1]; ++c)
                  cells.push_back(add_var(fmt::format("{}_r{}_c{}", nm, r, c), {r, c}, [&] { return fmt::format("{}[{}, {}]", nm, r, c); }));
              value = Value::grid_of(dims[0], dims[1], std::move(cells));
              break;
            }
            case ast::Shape::Map: {
              group.shape = ir::VarGroup::Shape::Map;
              std::vector<Value> items;
              for (std::size_t i = 0; i < keys.size(); ++i) {
                std::string key = ev.format(keys[i]);
                group.keys.push_back(key);
                items.push_back(add_var(fmt::format("{}_{}", nm, name_part(key)), {static_cast<std::int64_t>(i + 1)},
                                        [&] { return fmt::format("{}[{}]", nm, key); }));
              }
              value = Value::seq(std::move(items));
              value.k = VK::Map;
              value.keys = Rc<std::vector<Value>>::make(keys);
              break;
            }
          }
          program.groups.push_back(std::move(group));
          ev.vars[nm] = std::move(value);
        }
      } catch (const EvalError& err) {
        report(err);
      }
    }

    return !diags.has_errors();
  }

  // Elements of the bound givens (grid cells, sequence items): whether a helper part may pay.
  std::size_t given_elements() const {
    std::size_t n = 0;
    for (const auto& [nm, v] : ev.givens) n += v.grid ? v.grid->cells.size() : v.size();
    return n;
  }

  const sema::CheckedPuzzle& cp;
  const ast::Instance* instance;
  const GroundOptions& options;
  source::SourceManager& sm;
  source::Diagnostics& diags;
  const Limits& limits;
  ir::Program program;
  std::unordered_set<std::string> var_names_;  // the variables' names so far (make_vars)
  Evaluator ev;
  Binder binder;

 private:
  void report(const EvalError& err, std::vector<std::string> notes = {}) {
    if (!err.message.empty()) diags.error(err.range, err.message, with_call_notes(err, std::move(notes)));
  }
};

// Splitting pays once the rules have many bindings; the variable count is the proxy. A
// helper is started (to bind, check and make variables alongside part 0) only when the
// givens are large too. The split does not depend on the machine (two parts also on one
// core), so the ground program is the same everywhere.
constexpr std::size_t kSplitMinVars = 1024;
constexpr std::size_t kSplitMinGivenElements = 1024;
constexpr int kParts = 2;

// Merges the helper parts' constraints into part 0's program by binding serial (each
// list is in serial order). A part's terms from before the rules (the variables, a few
// constants) are looked up in part 0's program; the terms and tables it made for the
// rules are appended with their ids shifted, not hash-consed again, so a term both parts
// made is stored twice (harmless: every consumer goes by structure; TermBuilder keeps the
// first as representative). False when the parts interned strings differently
// (constraints carry string ids) or grew too large.
struct Part {
  ir::Program program;
  std::size_t shared_terms = 0, shared_tables = 0;  // made before the rules (tables: as many as part 0's)
  source::Diagnostics diags;
  std::vector<std::int64_t> serials;
  bool grounded = false;  // it took its share of the rules
  std::exception_ptr error;
  std::thread thread;
};

bool merge_parts(ir::TermBuilder& tb, std::vector<std::int64_t>& serials0, std::vector<Part>& parts, const Limits& limits) {
  ir::Program& p0 = tb.program();
  for (auto& h : parts) {
    const auto& a = p0.strings;
    const auto& b = h.program.strings;
    std::size_t common = std::min(a.size(), b.size());
    if (!std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(common), b.begin())) return false;
    if (b.size() > a.size()) p0.strings = b;
  }
  std::size_t total = p0.constraints.size();
  for (auto& h : parts) total += h.program.constraints.size();
  if (static_cast<std::int64_t>(total) > limits.max_constraints) return false;
  // Term and table ids of each part, in part 0's program: the terms every part built
  // before its rules (variables, constants of the givens) are looked up in part 0's
  // builder; the rest are appended, their ids shifted.
  struct Remap {
    std::vector<ir::TermId> prefix;  // part term id -> part 0 term id, below `shared`
    ir::TermId shared = 0, shift = 0;
    std::int32_t shared_tables = 0, table_shift = 0;
    ir::TermId term(ir::TermId t) const { return t < shared ? prefix[static_cast<std::size_t>(t)] : t + shift; }
    std::int32_t table(std::int32_t t) const { return t < shared_tables ? t : t + table_shift; }
  };
  std::vector<Remap> remap(parts.size());
  for (std::size_t k = 0; k < parts.size(); ++k) {
    Part& h = parts[k];
    Remap& m = remap[k];
    m.prefix.resize(h.shared_terms);
    for (std::size_t i = 0; i < h.shared_terms; ++i) {
      const ir::Term& t = h.program.terms[i];
      if (t.op == ir::Op::Var) {
        m.prefix[i] = tb.var(static_cast<ir::VarId>(t.value));
        continue;
      }
      std::vector<ir::TermId> args;
      for (ir::TermId a : t.args) args.push_back(m.prefix[static_cast<std::size_t>(a)]);
      m.prefix[i] = tb.make(t.op, t.kind, std::move(args), t.value);
    }
    m.shared = static_cast<ir::TermId>(h.shared_terms);
    m.shift = static_cast<ir::TermId>(p0.terms.size()) - m.shared;
    m.shared_tables = static_cast<std::int32_t>(h.shared_tables);
    m.table_shift = static_cast<std::int32_t>(p0.tables.size()) - m.shared_tables;
    for (std::size_t i = h.shared_tables; i < h.program.tables.size(); ++i) p0.tables.push_back(std::move(h.program.tables[i]));
    p0.terms.reserve(p0.terms.size() + h.program.terms.size() - h.shared_terms);
    for (std::size_t i = h.shared_terms; i < h.program.terms.size(); ++i) {
      ir::Term t = std::move(h.program.terms[i]);
      for (auto& a : t.args) a = m.term(a);
      if (t.op == ir::Op::Table) t.value = m.table(static_cast<std::int32_t>(t.value));
      p0.terms.push_back(std::move(t));
    }
  }
  std::vector<ir::Constraint> own = std::move(p0.constraints);
  std::vector<std::size_t> at(parts.size(), 0);
  p0.constraints.clear();
  p0.constraints.reserve(total);
  std::size_t i0 = 0;
  while (p0.constraints.size() < total) {
    std::int64_t best = i0 < own.size() ? serials0[i0] : std::numeric_limits<std::int64_t>::max();
    int from = -1;  // part 0 (no two parts ground the same binding)
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const Part& h = parts[k];
      if (at[k] < h.program.constraints.size() && h.serials[at[k]] < best) {
        best = h.serials[at[k]];
        from = static_cast<int>(k);
      }
    }
    if (from < 0) {
      p0.constraints.push_back(std::move(own[i0++]));
    } else {
      auto k = static_cast<std::size_t>(from);
      ir::Constraint c = std::move(parts[k].program.constraints[at[k]++]);
      c.term = remap[k].term(c.term);
      if (c.table >= 0) c.table = remap[k].table(c.table);
      p0.constraints.push_back(std::move(c));
    }
  }
  return true;
}


std::optional<ir::Program> ground_impl(const sema::CheckedPuzzle& cp, const ast::Instance* instance,
                                       const GroundOptions& options, source::SourceManager& sm,
                                       source::Diagnostics& diags, BoundInstance* bound, bool may_split) {
  // Part 0 reports here; the caller sees these diagnostics unless the grounding is redone
  // in one piece (see again_in_one_piece).
  source::Diagnostics diags0;
  Grounding g(cp, instance, options, sm, diags0);
  if (!g.bind()) {
    diags.append(diags0);
    return std::nullopt;
  }
  if (bound)
    for (const auto& nm : cp.given_order) bound->givens.emplace_back(nm, g.ev.givens.at(nm));

  // The helper parts start now, each redoing the steps so far on its own thread. Part 1
  // also checks the requirements, which part 0 then skips (it has the longer path: its
  // rules start the merge). Whoever meets an error sets `cancel`, and the others stop.
  std::atomic<bool> cancel{false};
  GroundBudget budget;  // the split's parts together
  std::vector<Part> parts;
  if (may_split && g.given_elements() >= kSplitMinGivenElements) parts.resize(kParts - 1);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    Part& h = parts[k];
    const int part = static_cast<int>(k) + 1;
    h.thread = std::thread([&cp, instance, &options, &sm, &h, &cancel, &budget, part] {
      try {
        Grounding gh(cp, instance, options, sm, h.diags);
        bool ok = gh.bind() && (part != 1 || gh.check_requirements()) && gh.make_vars();
        if (!ok) cancel = true;
        if (!ok || gh.program.vars.size() < kSplitMinVars) return;
        h.shared_terms = gh.program.terms.size();
        h.shared_tables = gh.program.tables.size();
        ground_rules(cp, options, sm, h.diags, gh.ev, gh.program, part, kParts, &h.serials, &cancel, nullptr, &budget);
        h.grounded = true;
        h.program = std::move(gh.program);  // the evaluator is freed here, not on part 0's path
      } catch (const RuleWalker::Cancelled&) {
      } catch (...) {
        h.error = std::current_exception();
        cancel = true;
      }
    });
  }
  auto join_helpers = [&] {
    for (auto& h : parts)
      if (h.thread.joinable()) h.thread.join();
  };
  // Every part came through cleanly (with no helper: trivially).
  auto helpers_clean = [&] {
    for (auto& h : parts)
      if (h.error) std::rethrow_exception(h.error);
    for (auto& h : parts)
      if (!h.diags.all().empty()) return false;
    return true;
  };
  // An error in some part (or parts that cannot be merged): ground again in one piece, so
  // the diagnostics are exactly those of a sequential grounding.
  auto again_in_one_piece = [&]() -> std::optional<ir::Program> {
    if (bound) bound->givens.clear();
    for (auto& h : parts) h.program = ir::Program();  // (joined; a part past a limit may hold much)
    return ground_impl(cp, instance, options, sm, diags, bound, false);
  };
  std::optional<ir::Program> result;
  try {
    result = [&]() -> std::optional<ir::Program> {
      if (parts.empty()) {
        bool ok = g.check_requirements() && g.make_vars();
        if (ok) ground_rules(cp, options, sm, diags0, g.ev, g.program, 0, 1, nullptr, nullptr);
        diags.append(diags0);
        if (!ok || diags.has_errors()) return std::nullopt;
        return std::move(g.program);
      }
      std::vector<std::int64_t> serials0;
      const bool split = g.make_vars() && g.program.vars.size() >= kSplitMinVars;
      if (!diags0.all().empty() || cancel) {
        join_helpers();
        return again_in_one_piece();
      }
      if (!split) {
        // Part 1 checks the requirements alongside; its verdict comes before the rules'.
        ground_rules(cp, options, sm, diags0, g.ev, g.program, 0, 1, nullptr, &cancel);
        join_helpers();
        if (!helpers_clean() || !diags0.all().empty()) return again_in_one_piece();
        return std::move(g.program);
      }
      const std::size_t shared_tables = g.program.tables.size();
      ground_rules(cp, options, sm, diags0, g.ev, g.program, 0, kParts, &serials0, &cancel, nullptr, &budget);
      join_helpers();
      bool clean = helpers_clean() && diags0.all().empty();
      for (auto& h : parts) clean = clean && h.grounded && h.shared_tables == shared_tables;
      if (clean && merge_parts(g.ev.builder(), serials0, parts, options.limits)) return std::move(g.program);
      return again_in_one_piece();
    }();
  } catch (const RuleWalker::Cancelled&) {
    join_helpers();
    result = again_in_one_piece();
  } catch (...) {
    cancel = true;
    join_helpers();
    throw;
  }
  cancel = true;
  join_helpers();
  return result;
}

}  // namespace

struct FactGrounder::Impl {
  Impl(const sema::CheckedPuzzle& cp, GroundOptions o, source::SourceManager& sm)
      : cp(cp), sm(sm), options(std::move(o)), g(cp, nullptr, options, sm, diags) {}
  const sema::CheckedPuzzle& cp;
  source::SourceManager& sm;
  GroundOptions options;  // before g, which keeps a reference
  source::Diagnostics diags;
  Grounding g;
  std::set<const ast::RuleDecl*> techniques;
  std::set<std::string> rebound;
  std::size_t base_rules = 0;
  bool ok = false;
  FactMemo memo;
  // Per rebound given, since the last facts(): whether it changed, and which elements.
  struct Diff {
    bool any = false;
    std::vector<char> elems;
  };
  std::map<std::string, Diff> diffs;
};

FactGrounder::FactGrounder(const sema::CheckedPuzzle& cp, GroundOptions options, source::SourceManager& sm,
                           const std::set<std::string>& rebound) {
  options.check_requirements = false;
  options.split = false;
  impl_ = std::make_unique<Impl>(cp, std::move(options), sm);
  Impl& m = *impl_;
  m.rebound = rebound;
  for (const ast::RuleDecl* r : cp.rules)
    if (r->kind == ast::RuleKind::Technique) m.techniques.insert(r);
  m.options.only_rules = &m.techniques;
  // A def that reads a rebound given (through other defs too) is evaluated afresh each
  // time; the others keep their cached results from one binding to the next.
  auto def_body = [&](const std::string& nm) -> const ast::Expr* {
    auto it = cp.names.find(nm);
    return it != cp.names.end() && it->second.def ? it->second.def->body.get() : nullptr;
  };
  for (const auto& [nm, info] : cp.names) {
    if (!info.def || !info.def->body) continue;
    for (const auto& read : ast::names_read(*info.def->body, def_body))
      if (rebound.count(read)) {
        m.g.ev.never_cache(info.def);
        break;
      }
  }
  // A technique binding is remembered with the rebound elements it read, when its rule's
  // binders read none (the walk's bindings are then the same every time).
  auto reads_rebound = [&](const ast::Expr& e) {
    for (const auto& read : ast::names_read(e, def_body))
      if (rebound.count(read)) return true;
    return false;
  };
  for (const ast::RuleDecl* r : m.techniques)
    if (std::none_of(r->binders.begin(), r->binders.end(), [&](const ast::Binder& b) { return reads_rebound(*b.collection); }))
      m.memo.memoizable.insert(r);
  m.memo.tracked = &m.rebound;
  m.memo.changed = [&m](const Evaluator::GivenRead& r) {
    auto it = m.diffs.find(*r.given);
    if (it == m.diffs.end() || !it->second.any) return false;
    if (r.at < 0 || static_cast<std::size_t>(r.at) >= it->second.elems.size()) return true;
    return it->second.elems[static_cast<std::size_t>(r.at)] != 0;
  };
  m.ok = m.g.bind() && m.g.make_vars();
  m.base_rules = m.g.program.rules.size();
}

FactGrounder::~FactGrounder() = default;

std::vector<ast::Binding> FactGrounder::take_overrides() { return std::move(impl_->options.overrides); }

bool FactGrounder::ok() const { return impl_->ok; }

const source::Diagnostics& FactGrounder::diagnostics() const { return impl_->diags; }

const ir::Program* FactGrounder::facts(std::vector<ast::Binding>& changed, source::Diagnostics& diags) {
  Impl& m = *impl_;
  if (!m.ok) return nullptr;
  // `changed` was parsed since the last call, maybe where that call's expressions were.
  m.g.ev.forget_expressions();
  for (auto& b : changed) {
    auto it = m.cp.names.find(b.name);
    if (!m.rebound.count(b.name) || it == m.cp.names.end() || it->second.kind != sema::NameKind::Given) {
      diags.error(b.range, fmt::format("'{}' is not a given that FactGrounder binds again", b.name));
      return nullptr;
    }
    Value now;
    try {
      now = m.g.binder.bind_value(*b.value, it->second.type, m.options.limits);
    } catch (const EvalError& err) {
      m.memo.entries.clear();  // the givens are now partly rebound
      diags.error(err.range, err.message);
      return nullptr;
    }
    // Which elements changed: the memo's bindings that read none of them are kept.
    Value& was = m.g.ev.givens[b.name];
    Impl::Diff d;
    const bool grid = was.k == Value::K::Grid && now.k == Value::K::Grid && was.grid->rows == now.grid->rows &&
                      was.grid->cols == now.grid->cols;
    const bool seq = (was.k == Value::K::Seq || was.k == Value::K::Set) && was.k == now.k && !was.has_guards() &&
                     !now.has_guards() && was.size() == now.size();
    if (grid || seq) {
      const std::size_t n = grid ? was.grid->cells.size() : was.size();
      d.elems.assign(n, 0);
      for (std::size_t i = 0; i < n; ++i) {
        const Value& x = grid ? was.grid->cells[i] : was.at(i);
        const Value& y = grid ? now.grid->cells[i] : now.at(i);
        if (!same(x, y)) d.elems[i] = d.any = true;
      }
    } else {
      d.any = !same(was, now);  // no elements: a read of one counts as changed when any is
    }
    m.diffs[b.name] = std::move(d);
    was = std::move(now);
  }
  m.g.program.techniques.clear();
  m.g.program.rules.resize(m.base_rules);
  ground_rules(m.cp, m.options, m.sm, diags, m.g.ev, m.g.program, 0, 1, nullptr, nullptr, &m.memo);
  m.diffs.clear();  // every entry is now of this binding
  return diags.has_errors() ? nullptr : &m.g.program;
}

std::optional<ir::Program> ground(const sema::CheckedPuzzle& cp, const ast::Instance* instance,
                                  const GroundOptions& options, source::SourceManager& sm,
                                  source::Diagnostics& diags, BoundInstance* bound) {
  return ground_impl(cp, instance, options, sm, diags, bound, options.split);
}

}  // namespace pzc::ground
