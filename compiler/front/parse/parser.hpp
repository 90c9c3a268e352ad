// Parsing: .pz text -> PEGTL parse tree -> AST with source ranges.
#pragma once

#include <optional>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/source/source.hpp"

namespace pzc::parse {

// Parses the file `file` of `sm`. A syntax error is recorded in `diags` and yields nullopt.
std::optional<ast::Module> parse_module(const source::SourceManager& sm, std::uint32_t file,
                                        source::Diagnostics& diags);

// Parses a single expression (used by tests and by --given NAME=VALUE).
ast::ExprPtr parse_expression(const source::SourceManager& sm, std::uint32_t file,
                              source::Diagnostics& diags);

}  // namespace pzc::parse
