// Type compatibility and printing.
#include "compiler/front/ast/type.hpp"

namespace pzc::ast {

bool compatible(const Type& a, const Type& b) {
  using K = Type::K;
  if (a.k == K::Error || b.k == K::Error || a.k == K::Any || b.k == K::Any) return true;
  if (a.k == K::Null) return b.optional || b.k == K::Null;
  if (b.k == K::Null) return a.optional;
  if (a.k != b.k) return false;
  if (a.k == K::Symbol) return a.enum_id == b.enum_id || a.enum_id < 0 || b.enum_id < 0;
  if (a.elem && b.elem && !compatible(*a.elem, *b.elem)) return false;
  if (a.key && b.key && !compatible(*a.key, *b.key)) return false;
  return true;
}

Type unify(const Type& a, const Type& b) {
  using K = Type::K;
  if (a.k == K::Error || b.k == K::Error) return Type::error();
  if (a.k == K::Any) return b;
  if (b.k == K::Any) return a;
  if (a.k == K::Null) return b.with_optional();
  if (b.k == K::Null) return a.with_optional();
  if (!compatible(a, b)) return Type::error();
  Type t = a;
  t.optional = a.optional || b.optional;
  if (a.elem && b.elem) t.elem = std::make_shared<const Type>(unify(*a.elem, *b.elem));
  return t;
}

std::string to_string(const Type& t, const std::vector<std::string>& enum_names) {
  using K = Type::K;
  std::string s;
  switch (t.k) {
    case K::Error: return "<error>";
    case K::Any: s = "Any"; break;
    case K::Int: s = "Int"; break;
    case K::Bool: s = "Bool"; break;
    case K::String: s = "String"; break;
    case K::Char: s = "Char"; break;
    case K::Cell: s = "Cell"; break;
    case K::Null: return "null";
    case K::Symbol:
      s = t.enum_id >= 0 && t.enum_id < static_cast<int>(enum_names.size()) ? enum_names[t.enum_id]
                                                                              : "Symbol";
      break;
    case K::Seq: s = "Seq(" + to_string(*t.elem, enum_names) + ")"; break;
    case K::Set: s = "Set(" + to_string(*t.elem, enum_names) + ")"; break;
    case K::Grid: s = "Grid(" + to_string(*t.elem, enum_names) + ")"; break;
    case K::Map:
      s = "Map(" + to_string(*t.key, enum_names) + ", " + to_string(*t.elem, enum_names) + ")";
      break;
  }
  if (t.optional) s += "?";
  return s;
}

}  // namespace pzc::ast
