// The `overloaded` helper for std::visit over the AST's variants.
#pragma once

namespace pzc::ast {

template <class... Ts>
struct overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
overloaded(Ts...) -> overloaded<Ts...>;

}  // namespace pzc::ast
