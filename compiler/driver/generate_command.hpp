// `pzc generate`: new puzzles of any family with clues, from its spec alone: a random
// solution, every clue it implies, clues removed while the solution stays unique (and the
// hint runtime, capped at the target tier, still solves it), each result checked by Z3.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "compiler/driver/commands.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::driver {

struct GenerateOptions {
  std::string spec;
  std::string puzzle;                // --puzzle NAME
  std::vector<std::string> givens;   // --given NAME=VALUE (sizes, letters, ...)
  int count = 1;
  std::uint64_t seed = 0;
  std::string difficulty;            // "" (any: minimal only), easy, tricky, hard, fiendish
  std::string symmetry = "rot2";     // layout boards: none, rot2, rot4, mirror
  double density = 0.2;              // layout boards: fraction of block squares
  bool symmetry_given = false, density_given = false;  // on the command line (refused without a layout)
  bool clues_given = false;          // --clues: only for clue puzzles of rules (refused otherwise)
  int regions = 0;                   // region grids drawn as a partition: how many (0: default)
  int max_region = 0;                // ... and at most how many squares each (0: no bound)
  std::int64_t width = 0, height = 0;  // --size WxH (grid givens); 0 = default / search
  int jobs = 1;
  int max_attempts = 0;              // per puzzle, before giving up (0: 200 with a layout or regions, else 10000)
  bool keep_clues = false;           // keep every clue the solution implies (no removal)
  // --without NAME: clue givens left empty in every puzzle (Undead's `monsters`: the edge
  // numbers alone); a layout board's blocks are then all plain.
  std::vector<std::string> without;
  bool tatham = false;               // --format tatham: refused before any attempt where it cannot be
  std::vector<std::pair<std::string, std::int64_t>> lengths;  // --length NAME=N: a clue Seq's length
  // --classify: variables of the ground program (`house_zebra`); the batch has `count`
  // puzzles for each combination of their values, whose solutions take those values.
  std::vector<std::string> classify;
  bool trace = false;                // keep each puzzle's solving trace (--trace)
  // Seconds (0: none). Past it no attempt starts; the result holds the puzzles made so far
  // (timed_out). The process watchdog (main.cpp) ends an attempt that runs on.
  double time_limit_s = 0;
};

// One removable clue: an element of a given (a Seq entry or a Grid cell, row-major).
struct ClueSlot {
  std::string given;
  std::size_t index = 0;
  std::string value;  // the token written in the instance (e.g. "C", "7", "3")
  std::string empty;  // the token when the clue is removed (".", "null" or the layout's block)
};

// A given as instance text tokens: a Seq (rows = 1) or a Grid.
struct GivenBoard {
  std::string name;
  bool grid = false;
  std::int64_t rows = 1, cols = 0;
  std::vector<std::string> tokens;
  // The tokens are expressions ("[1, 2]", "7", "null" for none), written as a Seq literal;
  // otherwise characters or numbers, written as a string or grid rows. For clue values
  // that are collections (a Nonogram line's runs), derived from the solution.
  bool exprs = false;
  // A Seq of numbers (Seq(Int?)): written as a Seq literal, as the bundled instances are,
  // so that "[1, 3, 9, 7, 8]" does not read as the number 13978.
  bool numbers = false;
};

struct GeneratedPuzzle {
  int index = 0;                       // 1-based position in the batch
  int attempts = 0;                    // solutions tried before this one was accepted
  std::vector<std::string> user_givens;  // NAME=VALUE as given on the command line
  std::vector<GivenBoard> boards;      // the generated givens (clues kept)
  std::vector<ClueSlot> clues;         // the clues kept (minimal)
  std::string block;                   // a layout board's block token ("#"); empty if none
  std::size_t candidate_clues = 0;     // clues the solution implied before removal
  ir::Assignment solution;
  std::string picture;                 // the solution drawn
  hints::Grade grade;
  bool z3_unique = false;              // checked independently after generation
  std::vector<std::pair<std::string, std::string>> cls;  // --classify: each variable and its value
  std::vector<bool> cls_number, cls_bool;  // per entry of cls: an Int's value, a Bool's (JSON writes them as such)
  // From the solving trace the grade comes from: how many steps cite each rule (by its
  // declared name; tier-5 steps, Z3 cores, are not counted by rule) and use each
  // technique, in the order first met; the cells (variables that are not auxiliary).
  std::vector<std::pair<std::string, int>> steps_by_rule, steps_by_technique;
  std::size_t cells = 0;
  // With --trace, the trace itself: each step as text (conclusion, then an indented
  // explanation) and as JSON.
  std::vector<std::string> trace_text;
  nlohmann::json trace_json;
};

// What a batch did and where its time went, summed over the workers (`--stats`). The
// phases follow docs/generate.md's steps; each time is wall-clock in seconds on the worker
// that ran it.
struct GenerateStats {
  std::int64_t layouts = 0;           // layout boards drawn (each grounded in full)
  std::int64_t screened_out = 0;      // layouts left at the screen (step 3)
  std::int64_t refused = 0;           // layouts the requires refuse (partitions: a region they do not accept)
  std::int64_t undrawn = 0;           // layouts (partitions) not drawn in 100 tries: none the requires accept
  std::int64_t solutions = 0;         // random solutions drawn
  std::int64_t z3_draws = 0;          // of which Z3 drew (the native search drew none)
  std::int64_t full_set_failed = 0;   // solutions whose full clue set is not unique / not within the level
  std::int64_t search_undecided = 0;  // removal questions the native search left to Z3 or saturation
  std::int64_t screen_undecided = 0;  // screens the native search left to the exact path
  std::int64_t removal_runs = 0;      // clue removal runs (step 5)
  std::int64_t subset_facts = 0;      // of which asked with each clue subset's technique facts
  std::int64_t below_level = 0;       // minimal clue sets already below the target level
  std::int64_t grade_rejected = 0;    // printed puzzles whose grade is not the target
  std::int64_t accepted = 0;          // printed puzzles proved unique by Z3 (some made again, see `batch`)
  std::int64_t batch = 0;             // puzzles in the batch (accepted, less those whose solution repeated)
  double t_layout = 0;     // drawing layout boards, partitions and tilings
  double t_frame = 0;      // grounding each layout (or the fixed board) in full
  double t_attribute = 0;  // which clue constraints belong to which slot (2 log2(slots) groundings)
  double t_screen = 0;     // screening new layouts
  double t_draw = 0;       // drawing random solutions (native engine, or Z3)
  double t_clues = 0;      // each slot's clue value, the puzzle with every clue
  double t_removal = 0;    // removing clues (native engine, saturation)
  double t_reground = 0;   // printing the puzzle and compiling it again like a file
  double t_grade = 0;      // the printed puzzle's hint trace and grade
  double t_z3 = 0;         // Z3's proof of the printed puzzle
  double t_z3_first = 0;   // of which each worker's first proof: Z3's start-up (context, first check)
  double t_total = 0;      // the batch, from the spec loaded to the last puzzle (wall clock)
  void add(const GenerateStats& o);
};

struct GenerateResult {
  bool ok = false;
  std::string error;                   // diagnostics or a message when !ok
  std::string puzzle;                  // the puzzle's name
  std::vector<GeneratedPuzzle> puzzles;
  bool no_slots = false;               // the family has no clue givens nor layout board
  bool clue_rules = false;             // `clue` rules, every given known (with no_slots: clue puzzles)
  bool bad_input = false;              // the spec, givens or options do not fit (before any attempt)
  bool timed_out = false;              // the time limit came first: `puzzles` are those made
  bool gave_up = false;                // puzzle k found none in --max-attempts: `puzzles` are 1..k-1
  std::string note;                    // for stderr, whatever the outcome (a degenerate default size)
  GenerateStats stats;
  int requested = 0;                   // the batch's size: --count, times the classes with --classify
};

// `--stats` as text lines (for stderr) and as JSON.
std::string stats_text(const GenerateStats& s, int jobs);
nlohmann::json stats_json(const GenerateStats& s);

// Runs a batch. `progress(done, total)` is called from the calling thread only.
GenerateResult generate(const GenerateOptions& options,
                        const std::function<void(int, int)>& progress = {});

// The puzzle as a .pz instance block named `name`; with `drop`, that clue removed.
std::string instance_text(const GeneratedPuzzle& p, const std::string& puzzle, const std::string& name,
                          std::optional<std::size_t> drop = std::nullopt);
// The Tatham game ID (`WxH:desc`) of a puzzle whose only generated given is a Char grid;
// empty otherwise. Runs of '.' are letters a-z, `block` squares are 'B'.
std::string tatham_id(const GeneratedPuzzle& p);

void add_generate_commands(CLI::App& app, CommonOptions& o, Registry& r);

}  // namespace pzc::driver
