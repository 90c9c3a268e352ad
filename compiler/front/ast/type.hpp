// Static types of .pz expressions. Whether a value is known (a given) or unknown (a var)
// is not part of the type: the grounder decides that; the type says what it can be.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pzc::ast {

struct Type {
  enum class K : std::uint8_t {
    Error,   // already reported; suppresses follow-on errors
    Any,     // the element type of an empty literal; fits anything
    Int, Bool, String, Char, Cell, Symbol, Null,
    Seq, Set, Grid, Map,
  };
  K k = K::Error;
  int enum_id = -1;        // Symbol: the enum it belongs to
  bool optional = false;   // may be null
  std::shared_ptr<const Type> elem;  // Seq, Set, Grid: element type; Map: value type
  std::shared_ptr<const Type> key;   // Map: key type

  static Type error() { return {}; }
  static Type any() { return of(K::Any); }
  static Type of(K k) { Type t; t.k = k; return t; }
  static Type symbol(int enum_id) { Type t = of(K::Symbol); t.enum_id = enum_id; return t; }
  static Type seq(Type e) { return container(K::Seq, std::move(e)); }
  static Type set(Type e) { return container(K::Set, std::move(e)); }
  static Type grid(Type e) { return container(K::Grid, std::move(e)); }
  static Type map(Type k, Type v) {
    Type t = container(K::Map, std::move(v));
    t.key = std::make_shared<const Type>(std::move(k));
    return t;
  }
  static Type container(K k, Type e) {
    Type t = of(k);
    t.elem = std::make_shared<const Type>(std::move(e));
    return t;
  }
  Type with_optional(bool o = true) const { Type t = *this; t.optional = o; return t; }

  bool is(K kind) const { return k == kind; }
  bool is_error() const { return k == K::Error; }
  bool is_collection() const { return k == K::Seq || k == K::Set; }
  const Type& element() const { return *elem; }
};

// Same shape, ignoring optionality; Error and Any are compatible with everything.
bool compatible(const Type& a, const Type& b);
// The type both a and b fit (for set/seq literals, if branches); Error if none.
Type unify(const Type& a, const Type& b);
std::string to_string(const Type& t, const std::vector<std::string>& enum_names);

}  // namespace pzc::ast
