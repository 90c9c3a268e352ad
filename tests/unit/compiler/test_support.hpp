// Helpers for compiler tests: parse, check and ground .pz text held in memory.
#pragma once

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "compiler/front/ground/ground.hpp"
#include "compiler/front/parse/parser.hpp"
#include "compiler/front/sema/check.hpp"

namespace pzc::test {

inline std::string read_file(const std::string& rel) {
  std::ifstream in(std::string(PZC_SOURCE_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Everything one compilation needs, kept alive together.
struct Compiled {
  source::SourceManager sm;
  source::Diagnostics diags;
  std::optional<ast::Module> module;
  sema::CheckedPuzzle checked;
  std::optional<ir::Program> program;

  std::string errors() const { return diags.render(sm); }
};

// Parses and checks `text`; grounds it against its first instance (or defaults) when
// `ground_it` is set.
inline void compile(Compiled& c, const std::string& text, bool ground_it = true, const std::string& path = "test.pz") {
  std::uint32_t id = c.sm.add(path, text);
  c.module = parse::parse_module(c.sm, id, c.diags);
  if (!c.module || c.module->puzzles.empty()) return;
  c.checked = sema::check_puzzle(c.module->puzzles[0], c.sm, c.diags);
  if (c.diags.has_errors() || !ground_it) return;
  const ast::Instance* inst = c.module->instances.empty() ? nullptr : &c.module->instances[0];
  c.program = ground::ground(c.checked, inst, {}, c.sm, c.diags);
}

}  // namespace pzc::test
