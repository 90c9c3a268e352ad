// Diagnostic columns: positions count bytes, as the parser does; what is shown counts
// characters (UTF-8 code points), and the caret stands under the same character.
#include "compiler/front/source/source.hpp"

#include <boost/test/unit_test.hpp>

using pzc::source::Diagnostics;
using pzc::source::Position;
using pzc::source::Range;
using pzc::source::SourceManager;

namespace {

// The rendered error at byte column `col` of line 1 of `text`, which has `len` bytes.
std::string render_at(const std::string& text, std::uint32_t col, std::uint32_t len = 1) {
  SourceManager sm;
  std::uint32_t f = sm.add("t.pz", text);
  Diagnostics d;
  d.error(Range{f, {1, col}, {1, col + len}}, "here");
  return d.render(sm);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(source)

BOOST_AUTO_TEST_CASE(columns_count_characters) {
  SourceManager sm;
  // "é" is 2 bytes, "→" 3, "😀" 4: x is at byte 11, character 5.
  std::uint32_t f = sm.add("t.pz", "a\n\xC3\xA9\xE2\x86\x92\xF0\x9F\x98\x80 x\n");
  const auto& file = sm.file(f);
  BOOST_TEST(file.column(Position{1, 1}) == 1u);
  BOOST_TEST(file.column(Position{2, 1}) == 1u);
  BOOST_TEST(file.column(Position{2, 3}) == 2u);   // after é
  BOOST_TEST(file.column(Position{2, 6}) == 3u);   // after →
  BOOST_TEST(file.column(Position{2, 11}) == 5u);  // x
  BOOST_TEST(file.column(Position{2, 12}) == 6u);  // the end of the line
  BOOST_TEST(file.column(Position{2, 14}) == 8u);  // past it: a byte a column
  BOOST_TEST(file.column(Position{2, 0}) == 0u);   // unknown stays unknown
  BOOST_TEST(sm.column(Range{f, {2, 11}, {2, 12}}) == 5u);
  BOOST_TEST(sm.column(Range{7, {2, 11}, {2, 12}}) == 11u);  // no such file: the bytes
}

BOOST_AUTO_TEST_CASE(tabs_and_bytes_that_are_not_utf8) {
  SourceManager sm;
  // A tab is one character; a Latin-1 é (0xE9, then ASCII) and a stray continuation byte
  // (0x80) are one character each, as an editor shows them.
  std::uint32_t f = sm.add("t.pz", "\tx \xE9y \x80z\n");
  const auto& file = sm.file(f);
  BOOST_TEST(file.column(Position{1, 2}) == 2u);  // x
  BOOST_TEST(file.column(Position{1, 5}) == 5u);  // y
  BOOST_TEST(file.column(Position{1, 8}) == 8u);  // z
}

BOOST_AUTO_TEST_CASE(the_caret_is_under_the_column_shown) {
  // "é→" then x at byte 6, character 3: the caret line has two spaces before the caret
  // (plus the two of the indentation), and the column says 3.
  BOOST_TEST(render_at("\xC3\xA9\xE2\x86\x92x = 1\n", 6) == "t.pz:1:3: error: here\n  \xC3\xA9\xE2\x86\x92x = 1\n    ^\n");
  // A span over multi-byte characters is as wide as its characters: "éé" is 4 bytes, 2 wide.
  BOOST_TEST(render_at("a \xC3\xA9\xC3\xA9 b\n", 3, 4) == "t.pz:1:3: error: here\n  a \xC3\xA9\xC3\xA9 b\n    ^~\n");
  // A tab before the caret is kept (the caret stays under the text whatever the tab
  // width) and counts one column.
  BOOST_TEST(render_at("\t\xC3\xA9 x\n", 5) == "t.pz:1:4: error: here\n  \t\xC3\xA9 x\n  \t  ^\n");
}

BOOST_AUTO_TEST_SUITE_END()
