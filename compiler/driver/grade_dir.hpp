// `pzc grade SPEC DIR|FILE...`: many instances graded in one run, one row each, then a
// table and a histogram of levels (or one JSON object).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "compiler/driver/commands.hpp"
#include "runtime/hints/hints.hpp"

namespace pzc::driver {

// The extensions a directory's files need to be graded (any file named on the command
// line is graded whatever its name).
inline constexpr std::array<const char*, 4> kInstanceExtensions = {".pz", ".lightup", ".solo", ".txt"};

// One graded instance: a file, or one instance block of a file holding several ("file#name").
struct GradeRow {
  std::string file;     // as shown: the path, plus "#block" for a block of a multi-instance file
  std::string size;     // "WxH" of the first grid variable, else "N clues"; empty on error
  std::string level;    // the grader's level, "unsolved", or "error" (could not be loaded)
  hints::Grade grade;   // meaningful unless level == "error"
  std::string error;    // why the row is "error" or "unsolved"
  double time_s = 0;    // loading, grounding and grading
};

// True when `arguments` must be graded as a batch: several of them, a directory, or a
// file holding several instance blocks of the spec's puzzle.
bool is_grade_batch(const CommonOptions& o, const std::vector<std::string>& arguments);

// Grades every instance that `arguments` name (directories expanded), prints the table and
// the histogram (or JSON), and returns the exit code: 2 if some instance could not be
// loaded (or no instance was found), else 1 if some was not solved, else 0.
int cmd_grade_batch(const CommonOptions& o, const std::vector<std::string>& arguments, bool show_time, Output io);

}  // namespace pzc::driver
