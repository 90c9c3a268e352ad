// Text rendering of ground IR values, programs and assignments.
#include "runtime/ir/print.hpp"

#include <algorithm>
#include <sstream>

namespace pzc::ir {

namespace {

std::string utf8(Value cp) {
  std::string s;
  auto c = static_cast<std::uint32_t>(cp);
  if (cp < 0 || cp > 0x10FFFF) return std::string("?").append(std::to_string(cp));
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

std::string from_table(const std::vector<std::string>& table, Value v) {
  if (v < 0 || static_cast<size_t>(v) >= table.size()) return std::string("?").append(std::to_string(v));
  return table[static_cast<size_t>(v)];
}

const char* shape_name(VarGroup::Shape s) {
  switch (s) {
    case VarGroup::Shape::Scalar: return "scalar";
    case VarGroup::Shape::Seq: return "seq";
    case VarGroup::Shape::Map: return "map";
    case VarGroup::Shape::Grid: return "grid";
  }
  return "?";
}

const char* value_kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::Int: return "int";
    case ValueKind::Bool: return "bool";
    case ValueKind::Symbol: return "symbol";
    case ValueKind::String: return "string";
    case ValueKind::Char: return "char";
    case ValueKind::Null: return "null";
  }
  return "?";
}

std::string var_name(const Program& p, VarId v) {
  if (v < 0 || static_cast<size_t>(v) >= p.vars.size()) return "?v" + std::to_string(v);
  return p.vars[static_cast<size_t>(v)].name;
}

ValueKind var_kind(const Program& p, VarId v) {
  if (v < 0 || static_cast<size_t>(v) >= p.vars.size()) return ValueKind::Int;
  return p.vars[static_cast<size_t>(v)].kind;
}

void term_to(const Program& p, TermId id, std::string& out) {
  if (id < 0 || static_cast<size_t>(id) >= p.terms.size()) {
    out += "?t" + std::to_string(id);
    return;
  }
  const Term& t = p.terms[static_cast<size_t>(id)];
  if (t.op == Op::Const) {
    out += format_value(p, t.kind, t.value);
    return;
  }
  if (t.op == Op::Var) {
    out += var_name(p, static_cast<VarId>(t.value));
    return;
  }
  out += '(';
  out += op_name(t.op);
  if (t.op == Op::Table || t.op == Op::Connected) out += " T" + std::to_string(t.value);
  for (TermId a : t.args) {
    out += ' ';
    term_to(p, a, out);
  }
  if (t.op == Op::Possible && !t.args.empty()) {
    const Term& x = p.terms[static_cast<size_t>(t.args[0])];
    out += ' ' + format_value(p, p.vars[static_cast<size_t>(x.value)].kind, t.value);
  }
  out += ')';
}

// Grid cells: Bool as # / ., everything else as format_value.
std::string cell_text(const Program& p, VarId v, Value value) {
  ValueKind k = var_kind(p, v);
  if (k == ValueKind::Bool && value != kNull) return value ? "#" : ".";
  return format_value(p, k, value);
}

std::string value_of(const Program& p, const Assignment& a, VarId v) {
  if (v < 0 || static_cast<size_t>(v) >= a.size()) return "?";
  return format_value(p, var_kind(p, v), a[static_cast<size_t>(v)]);
}

}  // namespace

std::string format_value(const Program& program, ValueKind kind, Value value) {
  if (value == kNull || kind == ValueKind::Null) return "null";
  switch (kind) {
    case ValueKind::Int: return std::to_string(value);
    case ValueKind::Bool: return value ? "true" : "false";
    case ValueKind::Symbol: return from_table(program.symbols, value);
    case ValueKind::String: return from_table(program.strings, value);
    case ValueKind::Char: return utf8(value);
    case ValueKind::Null: return "null";
  }
  return std::to_string(value);
}

std::string format_literal(const Program& program, const Literal& literal) {
  return var_name(program, literal.var) + (literal.positive ? "=" : "<>") +
         format_value(program, var_kind(program, literal.var), literal.value);
}

std::string format_term(const Program& program, TermId term) {
  std::string out;
  term_to(program, term, out);
  return out;
}

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Clause: return "clause";
    case Kind::Cardinality: return "cardinality";
    case Kind::AllDifferent: return "alldifferent";
    case Kind::Table: return "table";
    case Kind::Linear: return "linear";
    case Kind::Expr: return "expr";
  }
  return "?";
}

const char* op_name(Op op) {
  switch (op) {
    case Op::Const: return "const";
    case Op::Var: return "var";
    case Op::Not: return "not";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Xor: return "xor";
    case Op::Implies: return "=>";
    case Op::Iff: return "<=>";
    case Op::Eq: return "=";
    case Op::Ne: return "<>";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "div";
    case Op::Mod: return "mod";
    case Op::Neg: return "neg";
    case Op::Abs: return "abs";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Ite: return "ite";
    case Op::Count: return "count";
    case Op::AllDiff: return "alldiff";
    case Op::Table: return "table";
    case Op::Connected: return "connected";
    case Op::Possible: return "possible";
  }
  return "?";
}

std::string dump_ir(const Program& p) {
  std::ostringstream o;
  o << "puzzle " << p.puzzle << "\n";
  o << "instance " << p.instance << "\n";
  o << "groups " << p.groups.size() << "\n";
  for (size_t g = 0; g < p.groups.size(); ++g) {
    const VarGroup& vg = p.groups[g];
    o << "  g" << g << " " << vg.name << " " << shape_name(vg.shape) << " "
      << value_kind_name(vg.kind) << " dims=[";
    for (size_t i = 0; i < vg.dims.size(); ++i) o << (i ? " " : "") << vg.dims[i];
    o << "] vars=" << vg.first << ".." << (vg.first + vg.count - 1);
    if (!vg.keys.empty()) {
      o << " keys=[";
      for (size_t i = 0; i < vg.keys.size(); ++i) o << (i ? " " : "") << vg.keys[i];
      o << "]";
    }
    if (vg.aux) o << " aux";
    o << "\n";
  }
  o << "vars " << p.vars.size() << "\n";
  for (size_t v = 0; v < p.vars.size(); ++v) {
    const Variable& var = p.vars[v];
    o << "  v" << v << " " << var.name << " " << value_kind_name(var.kind) << " {";
    for (size_t i = 0; i < var.domain.size(); ++i)
      o << (i ? ", " : "") << format_value(p, var.kind, var.domain[i]);
    o << "}\n";
  }
  if (!p.tables.empty()) {
    o << "tables " << p.tables.size() << "\n";
    for (size_t t = 0; t < p.tables.size(); ++t) {
      o << "  T" << t << " rows=" << p.tables[t].rows.size() << "\n";
      for (const auto& row : p.tables[t].rows) {
        o << "   ";
        for (Value v : row) o << " " << (v == kNull ? std::string("null") : std::to_string(v));
        o << "\n";
      }
    }
  }
  if (!p.rules.empty()) {
    o << "rules " << p.rules.size() << "\n";
    for (size_t r = 0; r < p.rules.size(); ++r) {
      const RuleInfo& ri = p.rules[r];
      o << "  r" << r << " " << ri.name << (ri.is_clue ? " (clue)" : "") << " at " << ri.file
        << ":" << ri.line << ":" << ri.col << " \"" << ri.text << "\"\n";
    }
  }
  o << "constraints " << p.constraints.size() << "\n";
  for (size_t c = 0; c < p.constraints.size(); ++c) {
    const Constraint& con = p.constraints[c];
    o << "  c" << c << " " << kind_name(con.kind) << " scope=[";
    for (size_t i = 0; i < con.scope.size(); ++i) o << (i ? " " : "") << var_name(p, con.scope[i]);
    o << "]\n";
    switch (con.kind) {
      case Kind::Clause:
      case Kind::Cardinality:
        o << "    literals:";
        for (const Literal& l : con.literals) o << " " << format_literal(p, l);
        o << "\n";
        if (con.kind == Kind::Cardinality) o << "    bounds: " << con.lo << ".." << con.hi << "\n";
        break;
      case Kind::Linear:
        o << "    sum:";
        for (size_t i = 0; i < con.scope.size(); ++i)
          o << " " << (i < con.coeffs.size() ? con.coeffs[i] : 0) << "*" << var_name(p, con.scope[i]);
        o << "\n    bounds: " << con.lo << ".." << con.hi << "\n";
        break;
      case Kind::Table:
        o << "    table: T" << con.table << "\n";
        break;
      case Kind::AllDifferent:
      case Kind::Expr:
        break;
    }
    o << "    term: " << format_term(p, con.term) << "\n";
    const Provenance& pr = con.origin;
    o << "    rule: ";
    if (pr.rule >= 0 && static_cast<size_t>(pr.rule) < p.rules.size())
      o << "r" << pr.rule << " ";
    o << "\"" << pr.text << "\"";
    if (!pr.bindings.empty()) {
      o << " [";
      for (size_t i = 0; i < pr.bindings.size(); ++i)
        o << (i ? ", " : "") << pr.bindings[i].first << "=" << pr.bindings[i].second;
      o << "]";
    }
    o << "\n";
  }
  if (!p.techniques.empty()) {
    o << "technique facts " << p.techniques.size() << "\n";
    for (size_t t = 0; t < p.techniques.size(); ++t) {
      const TechniqueFact& f = p.techniques[t];
      o << "  t" << t << " tier " << f.tier << ": " << format_literal(p, f.literal) << "\n";
      if (f.condition >= 0) o << "    when: " << format_term(p, f.condition) << "\n";
      o << "    rule: r" << f.origin.rule
        << " \"" << f.origin.text << "\"\n";
    }
  }
  return o.str();
}

std::string draw_assignment(const Program& p, const Assignment& a, const std::vector<char>* open) {
  std::ostringstream o;
  auto is_open = [&](VarId v) { return open && v >= 0 && static_cast<size_t>(v) < open->size() && (*open)[static_cast<size_t>(v)]; };
  auto shown = [&](VarId v) { return is_open(v) ? std::string("?") : value_of(p, a, v); };
  for (const VarGroup& g : p.groups) {
    if (g.aux) continue;  // not part of the answer
    switch (g.shape) {
      case VarGroup::Shape::Scalar:
        o << g.name << " = " << shown(g.first) << "\n";
        break;
      case VarGroup::Shape::Seq:
      case VarGroup::Shape::Map:
        o << g.name << ":";
        for (std::int32_t i = 0; i < g.count; ++i) {
          o << " ";
          if (g.shape == VarGroup::Shape::Map && static_cast<size_t>(i) < g.keys.size())
            o << g.keys[static_cast<size_t>(i)] << "=";
          o << shown(g.first + i);
        }
        o << "\n";
        break;
      case VarGroup::Shape::Grid: {
        o << g.name << ":\n";
        std::int64_t cols = g.dims.size() >= 2 && g.dims[1] > 0 ? g.dims[1] : std::max(g.count, 1);
        std::vector<std::string> cells;
        size_t width = 0;
        for (std::int32_t i = 0; i < g.count; ++i) {
          VarId v = g.first + i;
          Value val = v >= 0 && static_cast<size_t>(v) < a.size() ? a[static_cast<size_t>(v)] : kNull;
          cells.push_back(is_open(v) ? std::string("?") : cell_text(p, v, val));
          width = std::max(width, cells.back().size());
        }
        for (size_t i = 0; i < cells.size(); ++i) {
          bool first_in_row = i % static_cast<size_t>(cols) == 0;
          if (!first_in_row) o << " ";
          o << std::string(width - cells[i].size(), ' ') << cells[i];
          if (i % static_cast<size_t>(cols) == static_cast<size_t>(cols) - 1 || i + 1 == cells.size())
            o << "\n";
        }
        break;
      }
    }
  }
  return o.str();
}

}  // namespace pzc::ir
