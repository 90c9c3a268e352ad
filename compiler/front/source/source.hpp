// Source files in memory and diagnostics as values: collected, sorted, rendered at the edge
// as `file:line:col: error: message`, the source line, and a caret.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pzc::source {

// A column here counts bytes (as the parser does: every offset into the text is a byte
// offset); a diagnostic shows it as characters (SourceFile::column).
struct Position {
  std::uint32_t line = 0, col = 0;  // 1-based; 0 = unknown
};

struct Range {
  std::uint32_t file = 0;  // index into the SourceManager
  Position begin, end;
};

struct SourceFile {
  std::string path;
  std::string text;
  std::vector<std::size_t> line_starts;
  std::string line(std::uint32_t n) const;  // without the newline
  // The column a person sees at `p`: characters (UTF-8 code points), as editors and
  // GCC/Clang count them, where p.col counts bytes. A tab is one character. 0 stays 0.
  std::uint32_t column(Position p) const;
};

// Owns every source text read in one run (specs, instance files), so diagnostics can
// quote any of them.
class SourceManager {
 public:
  std::uint32_t add(std::string path, std::string text);
  const SourceFile& file(std::uint32_t id) const { return *files_.at(id); }
  // The column shown for where `r` begins (SourceFile::column); its byte column when
  // the file is unknown.
  std::uint32_t column(const Range& r) const {
    return r.file < files_.size() ? files_[r.file]->column(r.begin) : r.begin.col;
  }
  std::size_t size() const { return files_.size(); }
  // Forgets the files added after the first n; nothing may refer to them any more.
  void truncate(std::size_t n) {
    if (n < files_.size()) files_.resize(n);
  }

 private:
  std::vector<std::unique_ptr<SourceFile>> files_;
};

enum class Severity : std::uint8_t { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  Range range;
  bool has_range = true;
  std::string message;
  std::vector<std::string> notes;  // printed after the caret, as "note: ..."
};

class Diagnostics {
 public:
  void error(Range r, std::string message, std::vector<std::string> notes = {});
  void error_no_location(std::string message);
  void warning(Range r, std::string message);
  void append(const Diagnostics& other);  // every message of `other`, in its order
  bool has_errors() const { return errors_ > 0; }
  std::size_t error_count() const { return errors_; }
  const std::vector<Diagnostic>& all() const { return list_; }
  // Sorted by file, line, column, then message: stable output for identical input.
  std::string render(const SourceManager& sm) const;

 private:
  std::vector<Diagnostic> list_;
  std::size_t errors_ = 0;
};

// Thrown by a stage that cannot go on; the diagnostics it carries are already recorded.
struct CompileError : std::exception {
  const char* what() const noexcept override { return "compile error"; }
};

// UTF-8: whether a byte continues a code point (10xxxxxx).
inline bool utf8_continuation(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

// The end of the character that starts at byte i of `s` (i < s.size()): a UTF-8 lead byte
// and the continuation bytes it announces; any other byte (ASCII, or not valid UTF-8: a
// Latin-1 byte, a stray continuation byte) is a character by itself, as an editor shows it.
inline std::size_t next_char(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t more = b >= 0xF0 && b < 0xF8 ? 3 : b >= 0xE0 && b < 0xF0 ? 2 : b >= 0xC0 && b < 0xE0 ? 1 : 0;
  std::size_t end = i + 1;
  while (end < s.size() && end <= i + more && utf8_continuation(s[end])) ++end;
  return end;
}

// The characters (next_char) in the first `bytes` bytes of `s`; a character that starts
// before `bytes` counts, and bytes past the end of `s` count one each.
inline std::size_t char_count(std::string_view s, std::size_t bytes) {
  std::size_t n = 0, i = 0;
  for (; i < bytes && i < s.size(); i = next_char(s, i)) ++n;
  return n + (bytes > s.size() ? bytes - s.size() : 0);
}

// The first character of `s` past ASCII, as (byte offset, byte length of its code point);
// nullopt when `s` is ASCII. (pzc's Char is one ASCII character.)
inline std::optional<std::pair<std::size_t, std::size_t>> first_non_ascii(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80) {
      std::size_t end = i + 1;
      while (end < s.size() && utf8_continuation(s[end])) ++end;
      return std::pair{i, end - i};
    }
  return std::nullopt;
}

}  // namespace pzc::source
