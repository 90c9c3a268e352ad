// Human-readable text for the ground IR: values, a full dump of a Program, and the
// drawing of an assignment by variable group. Deterministic; returns strings only.
#pragma once

#include <string>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

// Int as a number, Bool as true/false, Symbol/String by the program's tables, Char as
// the character (UTF-8), kNull (of any kind) as `null`. Out-of-table indexes print as
// `?<n>` rather than throwing, since this is used in error messages.
std::string format_value(const Program& program, ValueKind kind, Value value);

// `cell_r1_c1=A` or `cell_r1_c1<>A`.
std::string format_literal(const Program& program, const Literal& literal);

// A term as an s-expression with variable names, e.g. `(= (+ x_r1_c1 2) 5)`.
std::string format_term(const Program& program, TermId term);

const char* kind_name(Kind kind);
const char* op_name(Op op);

// Everything in the program: vars with domains, tables, rules, and each constraint with
// its index, kind, scope, payload, term and provenance.
std::string dump_ir(const Program& program);

// One block per VarGroup: Scalar `name = value`; Seq `name: v1 v2 ...`; Map
// `name: k1=v1 k2=v2 ...`; Grid `name:` then one line per row, cells right-aligned to
// the widest value and separated by one space, Bool cells drawn as `#` / `.`.
// With `open` (one flag per variable), the variables flagged are not decided yet (a
// solving state's open cells) and are drawn as `?`.
std::string draw_assignment(const Program& program, const Assignment& assignment,
                            const std::vector<char>* open = nullptr);

}  // namespace pzc::ir
