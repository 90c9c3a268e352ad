// One pzc run: the sources read, the spec's AST and checked puzzle, the chosen instance,
// and the ground program. Commands build on it; nothing here prints.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/ground/ground.hpp"
#include "compiler/front/sema/check.hpp"
#include "compiler/front/source/source.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::driver {

// Exit codes, documented in docs/cli.md.
inline constexpr int kExitOk = 0;
inline constexpr int kExitNo = 1;        // no solution / not unique / grid not consistent
inline constexpr int kExitBadInput = 2;  // usage errors and every diagnostic
inline constexpr int kExitUnknown = 3;   // time limit reached, answer unknown

struct Session {
  source::SourceManager sm;
  source::Diagnostics diags;
  std::vector<std::unique_ptr<ast::Module>> modules;  // [0] is the spec
  const ast::Puzzle* puzzle = nullptr;
  sema::CheckedPuzzle checked;
  const ast::Instance* instance = nullptr;
  std::vector<ast::Binding> overrides;  // --given, and givens read from a text instance
  ground::BoundInstance bound;
  std::optional<ir::Program> program;
  ground::Limits limits;
  // --line K: which line of a one-puzzle-per-line instance file; 0: not given (the first).
  // Given, the instance must be a file of one puzzle per line (game IDs, slot lists); a
  // grid of rows or an instance block is an error, not read whole.
  int line = 0;
  int line_or_first() const { return line > 0 ? line : 1; }
  bool line_given() const { return line > 0; }

  Session() = default;
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  ~Session();
  // In the pzc process a command's end is the process's end (main calls _Exit after it;
  // main says so with process_ends_after_command()). A command whose session lasts until
  // its end sets `lasts_to_exit`: the session then leaves its program, bound givens and
  // syntax trees to the exit instead of freeing them block by block (a few percent of a
  // large puzzle's whole run). Elsewhere (tests, loops over many sessions) it frees them.
  static void process_ends_after_command();
  static bool process_ends();  // whether main said so
  bool lasts_to_exit = false;
  // An instance file holding several instances of the puzzle is an error (which one was
  // meant?), unless the caller picks a block itself (grade): then the first is selected.
  bool several_instances_ok = false;
  // grade of a file of several instance blocks: which block (its index in the file) is
  // taken; one of another puzzle is an error about that block. -1: as above.
  int block = -1;
  // grade of standard input: it is read once and kept, so that each block's session (and
  // the probes that count them) reads the same text (else a second read is an error).
  static void share_stdin();
  static bool stdin_shared();
  // `check` without --puzzle: load_spec type-checks every puzzle of the file (each one's
  // errors reported), not only the one it selects (which alone is grounded).
  bool check_every_puzzle = false;


  // A file of Tatham game IDs, one per line (blank lines and `--` comments aside): how many
  // lines it has; 0 for any other text.
  static std::size_t game_id_lines(const std::string& text);
  // Reads and checks the spec (the first puzzle in the file, or `puzzle_name`; without
  // one, the puzzle of the spec's instance named `instance`, when there is one).
  bool load_spec(const std::string& path, const std::string& puzzle_name = "", const std::string& instance = "");
  // INSTANCE: an instance name in the spec, a path to an instance file (a .pz instance
  // block, a Tatham game ID, or a grid of text rows), or "-" for standard input.
  bool select_instance(const std::string& arg);
  // An error when the puzzle is one of states and moves without variables: nothing to
  // solve, count, grade or generate (`solve` of an unsolvable N-puzzle said "sat", with an
  // empty solution). Commands other than search and check call it before grounding.
  bool no_state_space();
  // --given NAME=VALUE or NAME=@FILE.
  bool add_given(const std::string& spec);
  bool ground(bool include_clues = true, bool include_techniques = true);

  // Reads a whole file; records a diagnostic and returns nullopt when it cannot.
  std::optional<std::string> read(const std::string& path);
  std::string render_diagnostics() const { return diags.render(sm); }

 private:
  bool bind_text_instance(const std::string& path, const std::string& text);
};

// The values of the program's variable groups under an assignment, as the grounding
// evaluator sees names (a Grid group as a grid of values, ...): to evaluate a spec's
// expressions on a solution. Map groups are left out.
std::map<std::string, ground::Value> solution_values(const ir::Program& p, const ir::Assignment& a);

// Draws an assignment as the family's natural picture: when the puzzle defines
// `def picture(p : Cell)`, one text per cell of its first grid variable (not aux), or of
// its first grid given when it has no grid variable (Bridges: Maps by island); the
// picture may read every variable, Maps included. Otherwise each variable group in turn.
std::string draw(Session& s, const ir::Assignment& a);
// A program's name in answers: "instance (Puzzle)", or the puzzle's name without an instance.
std::string title(const ir::Program& p);

// A person's grid (text rows, '.' or '?' for an unfilled cell) read against the first grid
// variable of the program; the other variables stay unfilled.
std::optional<std::vector<std::optional<ir::Value>>> read_grid(Session& s, const std::string& text,
                                                               std::string& error);

// A person's grid with the cells the puzzle alone fixes (its one-variable constraints: a
// Sudoku's givens, Light Up's walls) filled in where the grid leaves them empty. An entry
// that breaks a rule together with a given (an 8 in a Sudoku row beside a given 8) breaks
// it in every completion: definitely_violated on this finds it, on the grid alone not.
ir::PartialAssignment with_givens(const ir::Program& p, const ir::PartialAssignment& grid);

// The native search for a solution that keeps every value of `entries` (node_limit 0:
// none); verify's and hint's question whether a person's entries can still be completed.
engine::SearchResult solve_keeping(const ir::Program& p, const ir::PartialAssignment& entries, std::uint64_t node_limit,
                                   double time_limit_s);

// A Bool answer grid drawn with '.' for false (`solve`'s Light Up picture: '.' a lit
// square; Nurikabe's: an unshaded one) reads as partial: is it a solution with every open
// square of `filled` (with_givens of the grid) false? With `aux var`s, when the search
// (at most 10^6 decisions) finds their values.
bool solution_with_open_false(const ir::Program& p, const ir::PartialAssignment& filled, double time_limit_s);
// The person's entries (filled in `grid`) that constraint `c`, definitely violated in
// `filled` (with_givens(grid)), needs for that: each entry is dropped in turn when the
// violation stays without it. A Sudoku box with a wrong 8 and a harmless 4 names the 8.
std::vector<ir::VarId> culprits(const ir::Program& p, const ir::Constraint& c, const ir::PartialAssignment& grid,
                                ir::PartialAssignment filled);

}  // namespace pzc::driver
