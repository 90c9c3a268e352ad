// Parities of Boolean variables: constraints `sum mod 2 = k` over counts of Bools (Flip's
// "a square ends face down": `(p.adjacent->including(p))->sum(q | press[q]) mod 2 = 1`),
// recognised in ground terms, and Gauss-Jordan elimination over GF(2) of a program's
// parities. Propagation sees one parity at a time and learns nothing until all but one of
// its variables are known; a Lights Out board of 20x20 is then a search of 2^400 that
// neither engine finished in two minutes, where the elimination decides it at once. The
// native engine propagates parities with their own propagator (runtime/engine/
// propagators.cpp, run_parity), and both engines add the eliminated rows
// (implied_parities) to whole-program questions: the native engine before it searches
// (runtime/engine/search.cpp), Z3 in its solver (compiler/lower/z3_backend.cpp, build).
// Z3 lowers each `x mod 2` of counted Booleans as an exclusive or (parity_sum).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

// The exclusive or of `vars` (Bool variables, distinct, ascending) is `odd`.
struct Parity {
  std::vector<VarId> vars;
  bool odd = false;
  friend bool operator==(const Parity&, const Parity&) = default;
};

// `x mod 2` of a non-negative sum x of counted Booleans: the Boolean terms counted an odd
// number of times (in the order met; a term counted twice is there twice) and the parity
// of the constants. x's parts: constants >= 0, `if b then k1 else k0` (k1, k0 >= 0),
// `count(...)`, Bool terms, and positive constant multiples of parts. nullopt for any other
// x (a negative part, a product of two unknowns, ...). Z3's lowering makes an exclusive or
// of the terms; parity_of below needs them to be Bool variables.
struct ParitySum {
  std::vector<TermId> odd;
  bool constant = false;
};
std::optional<ParitySum> parity_sum(const Program& p, TermId x);

// `term` as a parity: `x mod 2 = k` or `x mod 2 <> k` (either side) with k a constant 0 or
// 1 and x a sum of non-negative parts: constants, `if b then 1 else 0` and `count(...)`
// of Bool variables or their negations, Bool variables, and positive constant multiples
// of those. A variable counted an even number of times drops out; a negation counts as
// one plus the variable. nullopt for any other term (x may be negative, a part is not a
// Bool variable, ...).
std::optional<Parity> parity_of(const Program& p, TermId term);

// Whether every variable of `r` has a domain within {0, 1} (no null, which a count takes
// as false but is no parity): only such parities are propagated and eliminated as such.
bool over_bits(const Program& p, const Parity& r);

// Gauss-Jordan elimination of the parities of `rows`: the reduced rows, each with its own
// pivot variable (which no other reduced row holds), or nullopt when the rows are
// inconsistent (they sum to 0 = 1). The reduced rows are equivalent to the given ones.
std::optional<std::vector<Parity>> eliminate(const std::vector<Parity>& rows);

// A variable that some parities fix on their own: its value, and rows whose sum (their
// exclusive or) is that variable alone.
struct UnitSum {
  VarId var = 0;
  bool odd = false;               // the variable is 1
  std::vector<std::size_t> rows;  // indexes into the rows, ascending
};

// Every variable whose value `rows` fix (a unit row of their elimination), by variable,
// each with the rows the elimination summed into it; nullopt when the rows are
// inconsistent. The hint runtime cites a unit sum's rows as the rules of a step.
std::optional<std::vector<UnitSum>> unit_sums(const std::vector<Parity>& rows);

// `sum` (a unit sum's rows, of consistent `rows`) made small: dependencies among the rows
// that shrink it are added to it, then rows it does not need are dropped, so that no proper
// subset of the result sums to the same variable (nor fixes it). Not always the fewest rows
// that do (finding those is NP-hard), as Z3's minimal cores are not.
std::vector<std::size_t> irreducible(const std::vector<Parity>& rows, std::vector<std::size_t> sum);

// Whether eliminating `rows` parities over `cols` distinct variables is cheap enough: at
// most 4e8 row-word operations (rows^2 x words). A Lights Out board of 100x100 (10000
// parities) would take minutes; 50x50 takes 0.1 s.
bool elimination_affordable(std::size_t rows, std::size_t cols);

// What Gauss-Jordan elimination adds to p's parities (the Expr constraints parity_of reads,
// over variables whose domains are within {0, 1}): the reduced rows that are not already
// among them, or two contradicting unit rows when they are inconsistent. Each is implied
// by the program, so adding them keeps its solutions. Empty when p has fewer than two
// parities, when the elimination is not affordable, or when it finds nothing new
// (independent parities over disjoint variables). Both engines add them to whole-program
// questions (solve, unique, count); not to questions about subsets of the constraints.
std::vector<Parity> implied_parities(const Program& p);

}  // namespace pzc::ir
