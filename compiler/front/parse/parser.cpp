// Parse tree -> AST. The grammar (grammar/pz.hpp) decides which rules keep a node; this
// file turns those nodes into typed AST structs, folding operator chains by precedence.
#include "compiler/front/parse/parser.hpp"

#include <algorithm>
#include <cctype>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include <fmt/format.h>

#include "compiler/front/ast/walk.hpp"
#include "grammar/pz.hpp"

namespace pzc::parse {

namespace g = pzc::grammar;
namespace pegtl = tao::pegtl;
using Node = pegtl::parse_tree::node;

template <typename Rule>
using selector = pegtl::parse_tree::selector<
    Rule,
    pegtl::parse_tree::store_content::on<
        g::name, g::int_lit, g::string_lit, g::char_lit, g::grid_row_text, g::true_lit,
        g::false_lit, g::null_lit, g::optional_mark, g::op_neg, g::op_mul, g::op_div, g::op_slash,
        g::op_mod, g::op_add, g::op_sub, g::op_range, g::op_ne, g::op_le, g::op_ge, g::op_lt,
        g::op_gt, g::op_eq, g::op_in, g::op_not, g::op_and, g::op_or, g::op_xor, g::op_implies,
        g::paren_expr, g::call, g::set_lit, g::seq_lit, g::file_ref, g::let_expr, g::if_expr, g::grid_lit,
        g::member, g::index, g::arrow_call, g::lambda_params, g::neg_expr, g::not_apply,
        g::expr_list, g::call_args, g::arrow_args, g::type_expr, g::type_args, g::name_list,
        g::enum_decl, g::given_decl, g::given_default, g::shape_grid, g::shape_seq, g::shape_map,
        g::var_shape, g::var_aux, g::var_decl, g::param, g::params, g::def_result, g::def_decl, g::binder, g::where_clause,
        g::for_clause, g::rule_body, g::rule_decl, g::require_decl, g::clue_givens, g::clue_decl,
        g::technique_tier, g::technique_body, g::technique_decl, g::name_false, g::name_body, g::name_decl,
        g::state_decl, g::state_init, g::swap_stmt, g::assign_stmt, g::move_guard, g::move_decl,
        g::goal_decl, g::heuristic_decl, g::puzzle_decl, g::binding, g::instance_decl>,
    pegtl::parse_tree::fold_one::on<g::postfix_expr, g::mul_expr, g::add_expr, g::range_expr,
                                    g::cmp_expr, g::and_expr, g::or_expr, g::implies_expr>>;

namespace {

class Converter {
 public:
  explicit Converter(std::uint32_t file) : file_(file) {}

  source::Range range(const Node& n) const {
    source::Range r;
    r.file = file_;
    auto b = n.begin();
    r.begin = {static_cast<std::uint32_t>(b.line), static_cast<std::uint32_t>(b.column)};
    if (n.has_content()) {
      auto e = n.end();
      r.end = {static_cast<std::uint32_t>(e.line), static_cast<std::uint32_t>(e.column)};
      // A node that ends with a padded token (`]`, `}`, `)`) holds the blanks and line
      // breaks after it: the range ends at its last non-blank character instead, so a
      // caret under `x = [1, 2]` spans the expression and not only `x`.
      std::string_view text = n.string_view();
      std::size_t keep = text.size();
      auto trim = [&] {
        while (keep > 0 && (text[keep - 1] == ' ' || text[keep - 1] == '\t' || text[keep - 1] == '\n' || text[keep - 1] == '\r'))
          --keep;
      };
      trim();
      // A trailing `-- comment` (padding takes comments too): cut at it, line by line.
      for (bool cut = true; cut && keep > 0;) {
        cut = false;
        const std::size_t nl = text.substr(0, keep).rfind('\n');
        const std::size_t line_at = nl == std::string_view::npos ? 0 : nl + 1;
        char quote = 0;
        for (std::size_t k = line_at; k + 1 < keep; ++k) {
          const char ch = text[k];
          if (quote) {
            if (ch == '\\') ++k;
            else if (ch == quote) quote = 0;
          } else if (ch == '"' || ch == '\'') {
            quote = ch;
          } else if (ch == '-' && text[k + 1] == '-') {
            keep = k;
            trim();
            cut = true;
            break;
          }
        }
      }
      if (keep < text.size() && keep > 0) {
        const std::string_view kept = text.substr(0, keep);
        const std::size_t nl = kept.rfind('\n');
        if (nl == std::string_view::npos) {
          r.end = {r.begin.line, r.begin.col + static_cast<std::uint32_t>(keep)};
        } else {
          const auto lines = static_cast<std::uint32_t>(std::count(kept.begin(), kept.end(), '\n'));
          r.end = {r.begin.line + lines, static_cast<std::uint32_t>(keep - nl)};
        }
      }
    } else {
      r.end = r.begin;
    }
    return r;
  }

  static std::string text(const Node& n) { return n.string(); }

  static std::string unescape(std::string_view s) {  // s includes the quotes
    std::string out;
    for (std::size_t i = 1; i + 1 < s.size(); ++i) {
      if (s[i] == '\\' && i + 2 < s.size()) {
        ++i;
        switch (s[i]) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          default: out += s[i];
        }
      } else {
        out += s[i];
      }
    }
    return out;
  }

  std::vector<ast::ExprPtr> expr_list(const Node& n) {
    std::vector<ast::ExprPtr> out;
    for (const auto& c : n.children) out.push_back(expr(*c));
    return out;
  }

  static ast::BinOp binop(const Node& n) {
    using B = ast::BinOp;
    if (n.is_type<g::op_implies>()) return B::Implies;
    if (n.is_type<g::op_or>()) return B::Or;
    if (n.is_type<g::op_xor>()) return B::Xor;
    if (n.is_type<g::op_and>()) return B::And;
    if (n.is_type<g::op_eq>()) return B::Eq;
    if (n.is_type<g::op_ne>()) return B::Ne;
    if (n.is_type<g::op_lt>()) return B::Lt;
    if (n.is_type<g::op_le>()) return B::Le;
    if (n.is_type<g::op_gt>()) return B::Gt;
    if (n.is_type<g::op_ge>()) return B::Ge;
    if (n.is_type<g::op_in>()) return B::In;
    if (n.is_type<g::op_range>()) return B::Range;
    if (n.is_type<g::op_add>()) return B::Add;
    if (n.is_type<g::op_sub>()) return B::Sub;
    if (n.is_type<g::op_mul>()) return B::Mul;
    if (n.is_type<g::op_div>() || n.is_type<g::op_slash>()) return B::Div;
    return B::Mod;
  }

  ast::ExprPtr expr(const Node& n) {
    source::Range r = range(n);
    if (n.is_type<g::int_lit>()) {
      std::int64_t v = 0;
      for (char ch : n.string_view()) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, ch - '0', &v)) {
          fail(r, "integer literal out of range");  // past 2^63 - 1
          v = 0;
          break;
        }
      }
      return ast::make_expr(ast::IntLit{v}, r);
    }
    // A parenthesised expression spans its parentheses: an error on `(a or b) + 1`
    // underlines from the `(` (it began inside, and `1 + (a or b)` ended before the `)`).
    if (n.is_type<g::paren_expr>()) {
      ast::ExprPtr inner = expr(*n.children[0]);
      inner->range = r;
      return inner;
    }
    if (n.is_type<g::true_lit>()) return ast::make_expr(ast::BoolLit{true}, r);
    if (n.is_type<g::false_lit>()) return ast::make_expr(ast::BoolLit{false}, r);
    if (n.is_type<g::null_lit>()) return ast::make_expr(ast::NullLit{}, r);
    if (n.is_type<g::string_lit>()) return ast::make_expr(ast::StringLit{unescape(n.string_view())}, r);
    if (n.is_type<g::char_lit>()) {
      std::string s = unescape(n.string_view());
      if (s.size() > 1) fail(r, fmt::format("'{}' is not an ASCII character: a Char holds one ASCII character", s));
      return ast::make_expr(ast::CharLit{s.empty() ? '\0' : s[0]}, r);
    }
    if (n.is_type<g::name>()) return ast::make_expr(ast::Name{text(n)}, r);
    if (n.is_type<g::set_lit>()) return ast::make_expr(ast::SetLit{expr_list(*n.children[0])}, r);
    if (n.is_type<g::seq_lit>()) return ast::make_expr(ast::SeqLit{expr_list(*n.children[0])}, r);
    if (n.is_type<g::file_ref>()) {
      return ast::make_expr(ast::FileRef{unescape(n.children[0]->string_view())}, r);
    }
    if (n.is_type<g::grid_lit>()) {
      ast::GridLit grid;
      for (const auto& c : n.children) {
        std::string row = text(*c);
        while (!row.empty() && (row.back() == ' ' || row.back() == '\t' || row.back() == '\r'))
          row.pop_back();
        source::Range at = range(*c);
        at.end = {at.begin.line, at.begin.col + static_cast<std::uint32_t>(row.size())};
        grid.rows.push_back(row);
        grid.rows_at.push_back(at);
      }
      return ast::make_expr(std::move(grid), r);
    }
    if (n.is_type<g::call>()) {
      return ast::make_expr(ast::Call{text(*n.children[0]), expr_list(*n.children[1]->children[0])}, r);
    }
    if (n.is_type<g::let_expr>()) {
      return ast::make_expr(
          ast::Let{text(*n.children[0]), expr(*n.children[1]), expr(*n.children[2])}, r);
    }
    if (n.is_type<g::if_expr>()) {
      return ast::make_expr(
          ast::If{expr(*n.children[0]), expr(*n.children[1]), expr(*n.children[2])}, r);
    }
    if (n.is_type<g::neg_expr>()) {
      return ast::make_expr(ast::Unary{ast::UnOp::Neg, expr(*n.children[1])}, r);
    }
    if (n.is_type<g::not_apply>()) {
      return ast::make_expr(ast::Unary{ast::UnOp::Not, expr(*n.children[1])}, r);
    }
    if (n.is_type<g::postfix_expr>()) {
      ast::ExprPtr base = expr(*n.children[0]);
      std::size_t d = depth(*base);
      for (std::size_t i = 1; i < n.children.size() && !too_deep(d, base->range); ++i) {
        base = postfix(std::move(base), *n.children[i]);
        d = depth(*base);  // the args' depth counts too; the base's is walked again (a chain is short)
      }
      too_deep(d, base->range);
      return base;
    }
    if (n.is_type<g::implies_expr>()) {  // right-associative
      return ast::make_expr(
          ast::Binary{ast::BinOp::Implies, expr(*n.children[0]), expr(*n.children[2])}, r);
    }
    if (n.is_type<g::mul_expr>() || n.is_type<g::add_expr>() || n.is_type<g::range_expr>() ||
        n.is_type<g::cmp_expr>() || n.is_type<g::and_expr>() || n.is_type<g::or_expr>()) {
      ast::ExprPtr lhs = expr(*n.children[0]);
      std::size_t d = depth(*lhs);
      for (std::size_t i = 1; i + 1 < n.children.size() && !too_deep(d, lhs->range); i += 2) {
        ast::ExprPtr rhs = expr(*n.children[i + 1]);
        d = std::max(d, depth(*rhs)) + 1;
        source::Range br{file_, lhs->range.begin, rhs->range.end};
        lhs = ast::make_expr(ast::Binary{binop(*n.children[i]), std::move(lhs), std::move(rhs)}, br);
      }
      too_deep(d, lhs->range);
      return lhs;
    }
    fail(r, "unexpected expression");
    return ast::make_expr(ast::NullLit{}, r);
  }

  ast::ExprPtr postfix(ast::ExprPtr base, const Node& op) {
    source::Range r{file_, base->range.begin, range(op).end};
    if (op.is_type<g::member>()) {
      ast::Member m;
      m.name = text(*op.children[0]);
      if (op.children.size() > 1) {
        m.is_call = true;
        m.args = expr_list(*op.children[1]->children[0]);
      }
      m.base = std::move(base);
      return ast::make_expr(std::move(m), r);
    }
    if (op.is_type<g::index>()) {
      ast::Index ix;
      ix.base = std::move(base);
      for (const auto& c : op.children) ix.args.push_back(expr(*c));
      return ast::make_expr(std::move(ix), r);
    }
    // arrow_call: name, arrow_args(lambda_params?, expr_list)
    ast::Arrow a;
    a.op = text(*op.children[0]);
    const Node& args = *op.children[1];
    for (const auto& c : args.children) {
      if (c->is_type<g::lambda_params>()) {
        for (const auto& p : c->children) a.params.push_back(text(*p));
      } else {
        a.args = expr_list(*c);
      }
    }
    a.base = std::move(base);
    return ast::make_expr(std::move(a), r);
  }

  ast::TypeExpr type_expr(const Node& n) {
    ast::TypeExpr t;
    t.range = range(n);
    t.name = text(*n.children[0]);
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      const Node& c = *n.children[i];
      if (c.is_type<g::type_args>()) {
        for (const auto& a : c.children) t.args.push_back(type_expr(*a));
      } else if (c.is_type<g::optional_mark>()) {
        t.optional = true;
      }
    }
    return t;
  }

  static std::vector<std::string> names(const Node& name_list) {
    std::vector<std::string> out;
    for (const auto& c : name_list.children) out.push_back(text(*c));
    return out;
  }

  // var_shape: (shape_grid | shape_seq | shape_map)? expr
  void shape(const Node& n, ast::Shape& shape, std::vector<ast::ExprPtr>& dims, ast::ExprPtr& domain) {
    shape = ast::Shape::Scalar;
    for (const auto& c : n.children) {
      if (c->is_type<g::shape_grid>()) {
        shape = ast::Shape::Grid;
        for (const auto& d : c->children) dims.push_back(expr(*d));
      } else if (c->is_type<g::shape_seq>()) {
        shape = ast::Shape::Seq;
        dims.push_back(expr(*c->children[0]));
      } else if (c->is_type<g::shape_map>()) {
        shape = ast::Shape::Map;
        dims.push_back(expr(*c->children[0]));
      } else {
        domain = expr(*c);
      }
    }
  }

  ast::RuleDecl rule_body(const Node& n, ast::RuleKind kind, source::Range decl_range) {
    ast::RuleDecl rule;
    rule.kind = kind;
    rule.range = decl_range;
    // The last child is always the condition (which may itself be a bare name).
    for (std::size_t i = 0; i + 1 < n.children.size(); ++i) {
      const auto& c = n.children[i];
      if (c->is_type<g::name>()) {
        rule.name = text(*c);
      } else if (c->is_type<g::string_lit>()) {
        rule.text = unescape(c->string_view());
        rule.text_range = range(*c);
      } else if (c->is_type<g::name_false>()) {
        rule.text_false = unescape(c->children[0]->string_view());
        rule.text_false_range = range(*c->children[0]);
      } else if (c->is_type<g::technique_tier>()) {
        // (sema checks the range; more digits than an int holds are refused here.)
        const std::string digits = c->children[0]->string();
        if (digits.size() > 9) fail(range(*c->children[0]), fmt::format("a technique's tier must be 1 to 4, not {}", digits));
        rule.tier = digits.size() > 9 ? 0 : std::stoi(digits);
      } else if (c->is_type<g::where_clause>()) {  // `where` without `for`
        rule.where = expr(*c->children[0]);
      } else if (c->is_type<g::for_clause>()) {
        for (const auto& b : c->children) {
          if (b->is_type<g::binder>()) {
            rule.binders.push_back({text(*b->children[0]), expr(*b->children[1]), range(*b)});
          } else {
            rule.where = expr(*b->children[0]);
          }
        }
      }
    }
    rule.body = expr(*n.children.back());
    return rule;
  }

  std::optional<ast::Decl> decl(const Node& n) {
    source::Range r = range(n);
    if (n.is_type<g::enum_decl>()) {
      ast::EnumDecl d{text(*n.children[0]), names(*n.children[1]), r, {}};
      for (const auto& c : n.children[1]->children) d.member_ranges.push_back(range(*c));
      return d;
    }
    if (n.is_type<g::given_decl>()) {
      ast::GivenDecl d;
      d.range = r;
      d.names = names(*n.children[0]);
      d.type = type_expr(*n.children[1]);
      if (n.children.size() > 2) d.default_value = expr(*n.children[2]->children[0]);
      return d;
    }
    if (n.is_type<g::var_decl>()) {
      ast::VarDecl d;
      d.range = r;
      std::size_t k = 0;
      if (n.children[0]->is_type<g::var_aux>()) {
        d.aux = true;
        ++k;
      }
      d.names = names(*n.children[k]);
      shape(*n.children[k + 1], d.shape, d.dims, d.domain);
      return d;
    }
    if (n.is_type<g::def_decl>()) {
      ast::DefDecl d;
      d.range = r;
      d.name = text(*n.children[0]);
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        const Node& c = *n.children[i];
        if (c.is_type<g::params>()) {
          d.has_params = true;
          for (const auto& p : c.children)
            d.params.push_back({text(*p->children[0]), type_expr(*p->children[1]), range(*p)});
        } else if (c.is_type<g::def_result>()) {
          d.result = type_expr(*c.children[0]);
        } else {
          d.body = expr(c);
        }
      }
      return d;
    }
    if (n.is_type<g::rule_decl>()) return rule_body(*n.children[0], ast::RuleKind::Rule, r);
    if (n.is_type<g::require_decl>()) return rule_body(*n.children[0], ast::RuleKind::Require, r);
    if (n.is_type<g::technique_decl>()) return rule_body(*n.children[0], ast::RuleKind::Technique, r);
    if (n.is_type<g::name_decl>()) return rule_body(*n.children[0], ast::RuleKind::Name, r);
    if (n.is_type<g::clue_decl>()) {
      const Node& c = *n.children[0];
      if (c.is_type<g::clue_givens>()) return ast::ClueGivens{names(*c.children[0]), r};
      return rule_body(c, ast::RuleKind::Clue, r);
    }
    if (n.is_type<g::state_decl>()) {
      ast::StateDecl d;
      d.range = r;
      d.name = text(*n.children[0]);
      shape(*n.children[1], d.shape, d.dims, d.domain);
      d.init = expr(*n.children[2]->children[0]);
      return d;
    }
    if (n.is_type<g::move_decl>()) {
      ast::MoveDecl d;
      d.range = r;
      d.name = text(*n.children[0]);
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        const Node& c = *n.children[i];
        if (c.is_type<g::move_guard>()) {
          d.guard = expr(*c.children[0]);
        } else if (c.is_type<g::for_clause>()) {
          for (const auto& b : c.children) {
            if (b->is_type<g::binder>()) {
              d.binders.push_back({text(*b->children[0]), expr(*b->children[1]), range(*b)});
            } else {
              d.where = expr(*b->children[0]);
            }
          }
        } else {
          ast::Stmt s;
          s.is_swap = c.is_type<g::swap_stmt>();
          s.target = expr(*c.children[0]);
          s.value = expr(*c.children[1]);
          s.range = range(c);
          d.body.push_back(std::move(s));
        }
      }
      return d;
    }
    if (n.is_type<g::goal_decl>()) return ast::GoalDecl{expr(*n.children[0]), r};
    if (n.is_type<g::heuristic_decl>()) {
      return ast::HeuristicDecl{text(*n.children[0]), expr(*n.children[1]), r};
    }
    return std::nullopt;
  }

  ast::Module module(const Node& root) {
    ast::Module m;
    for (const auto& top : root.children) {
      if (top->is_type<g::puzzle_decl>()) {
        ast::Puzzle p;
        p.range = range(*top);
        p.name = text(*top->children[0]);
        for (std::size_t i = 1; i < top->children.size(); ++i)
          if (auto d = decl(*top->children[i])) p.decls.push_back(std::move(*d));
        m.puzzles.push_back(std::move(p));
      } else if (top->is_type<g::instance_decl>()) {
        ast::Instance inst;
        inst.range = range(*top);
        inst.name = text(*top->children[0]);
        inst.puzzle = text(*top->children[1]);
        inst.puzzle_range = range(*top->children[1]);
        for (std::size_t i = 2; i < top->children.size(); ++i) {
          const Node& b = *top->children[i];
          inst.bindings.push_back({text(*b.children[0]), expr(*b.children[1]), range(b)});
        }
        m.instances.push_back(std::move(inst));
      }
    }
    return m;
  }

  // The first error met (the parse tree is well formed by the grammar; these are limits).
  std::optional<std::pair<source::Range, std::string>> error_;

 private:
  void fail(const source::Range& r, std::string message) {
    if (!error_) error_.emplace(r, std::move(message));
  }
  // The grammar bounds nesting (grammar/pz.hpp, kMaxNesting), but a chain of operators
  // (`a + b + c`, `p.up.up`, `s->select(..)->size()`) nests one AST level per operator.
  // Every later pass recurses over the tree (a chain of 20000 `+ 1` overflowed the type
  // checker's stack): a deeper expression is an error here, and the chain is left unbuilt
  // past the limit.
  static constexpr std::size_t kMaxDepth = 200;
  bool too_deep(std::size_t d, const source::Range& r) {
    if (d <= kMaxDepth) return false;
    fail(r, fmt::format("expression nested too deeply: more than {} levels (each operator of a chain such as "
                        "`a + b + c` or `p.up.up` is one level; use ->sum, ->forAll or a def instead)", kMaxDepth));
    return true;
  }
  static std::size_t depth(const ast::Expr& e) {  // iterative: e may be deep
    std::size_t best = 0;
    std::vector<std::pair<const ast::Expr*, std::size_t>> todo{{&e, 1}};
    while (!todo.empty()) {
      auto [x, d] = todo.back();
      todo.pop_back();
      best = std::max(best, d);
      for (const ast::Expr* c : ast::children(*x)) todo.push_back({c, d + 1});
    }
    return best;
  }

  std::uint32_t file_;
};

source::Range error_range(const pegtl::parse_error& e, std::uint32_t file) {
  source::Range r;
  r.file = file;
  if (!e.positions().empty()) {
    const auto& p = e.positions().front();
    r.begin = {static_cast<std::uint32_t>(p.line), static_cast<std::uint32_t>(p.column)};
    r.end = r.begin;
  }
  return r;
}

// A parse error at a character past ASCII (a no-break space, a typographic quote or dash,
// a letter with an accent in a name) names it: "expected ':'" alone does not show why.
std::optional<std::string> non_ascii_message(std::string_view text, const pegtl::parse_error& e) {
  if (e.positions().empty()) return std::nullopt;
  const std::size_t at = e.positions().front().byte;
  if (at >= text.size() || static_cast<unsigned char>(text[at]) < 0x80) return std::nullopt;
  const auto c = source::first_non_ascii(text.substr(at));
  const std::string_view ch = text.substr(at, c ? c->second : 1);
  // The code point, for the invisible ones (U+00A0); a byte that starts no UTF-8 sequence as such.
  const auto lead = static_cast<unsigned char>(ch[0]);
  const int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1;
  std::string shown;
  if (extra < 0 || static_cast<int>(ch.size()) != extra + 1) {
    shown = fmt::format("the byte 0x{:02X} (not UTF-8)", lead);
  } else {
    std::uint32_t cp = lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(ch[static_cast<std::size_t>(k)]) & 0x3F);
    shown = fmt::format("'{}' (U+{:04X})", ch, cp);
  }
  return fmt::format("{} is not an ASCII character: outside strings and comments, pz is written in ASCII "
                     "(a no-break space, a typographic quote or dash, an accented letter in a name?)",
                     shown);
}

// "expected an operand" at the start of a line, after a line that ends with an operator
// (`x > 1 and` and then the next rule): said at the operator, which is the mistake.
std::optional<std::pair<source::Range, std::string>> dangling_operator(std::string_view text, const pegtl::parse_error& e,
                                                                       std::uint32_t file) {
  if (e.positions().empty()) return std::nullopt;
  const auto& pos = e.positions().front();
  std::size_t at = std::min(pos.byte, text.size());
  std::size_t line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  if (at == 0 || text.substr(line_start, at - line_start).find_first_not_of(" \t\r") != std::string_view::npos)
    return std::nullopt;
  // The lines above, their comments and blanks aside.
  std::size_t end = line_start;  // one past the previous line's '\n'
  std::uint32_t line = static_cast<std::uint32_t>(pos.line);
  while (end > 0) {
    const std::size_t nl = end - 1;  // the '\n' ending the line above
    std::size_t b = text.rfind('\n', nl == 0 ? 0 : nl - 1);
    b = (b == std::string_view::npos || nl == 0) ? 0 : b + 1;
    --line;
    std::string_view l = text.substr(b, nl - b);
    for (std::size_t c = 0, quoted = 0; c < l.size(); ++c) {  // a comment, outside "strings"
      if (l[c] == '"') quoted ^= 1;
      if (!quoted && l.compare(c, 2, "--") == 0) {
        l = l.substr(0, c);
        break;
      }
    }
    while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r')) l.remove_suffix(1);
    if (l.empty()) {
      end = b;
      continue;
    }
    std::size_t k = l.size();
    const auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    if (word(l[k - 1])) {
      while (k > 0 && word(l[k - 1])) --k;
    } else {
      while (k > 0 && std::string_view("+-*/=<>").find(l[k - 1]) != std::string_view::npos) --k;
    }
    const std::string_view op = l.substr(k);
    static constexpr std::string_view kOps[] = {"and", "or", "xor", "implies", "not", "div", "mod", "in",
                                                "+",   "-",  "*",   "/",       "=",   "<>",  "<",   ">", "<=", ">="};
    if (std::find(std::begin(kOps), std::end(kOps), op) == std::end(kOps)) return std::nullopt;
    const auto col = static_cast<std::uint32_t>(k + 1);
    source::Range r{file, {line, col}, {line, static_cast<std::uint32_t>(col + op.size())}};
    return std::pair{r, fmt::format("'{}' at the end of the line has no right operand", op)};
  }
  return std::nullopt;
}

template <typename Rule>
std::unique_ptr<Node> run(const source::SourceFile& f, std::uint32_t file, source::Diagnostics& diags) {
  // The source name is a view of the SourceManager's path, which outlives the tree: nodes
  // keep a view of it, so it must not be the input's own copy (gone after parsing).
  pegtl::memory_input<pegtl::tracking_mode::eager, pegtl::eol::lf_crlf, std::string_view> in(f.text, std::string_view(f.path));
  try {
    g::nesting_depth = 0;
    g::type_nesting_depth = 0;
    auto root = pegtl::parse_tree::parse<Rule, selector, pegtl::nothing, g::control>(in);
    if (!root) diags.error({file, {1, 1}, {1, 1}}, "could not parse the input");
    return root;
  } catch (const pegtl::parse_error& e) {
    std::string message = non_ascii_message(f.text, e).value_or(std::string(e.message()));
    // A keyword where a name goes: the message starts with the word.
    if (message == g::error_message<g::keyword_as_name>) {
      const std::size_t at = e.positions().empty() ? 0 : e.positions().front().byte;
      std::size_t end = at;
      while (end < f.text.size() && (std::isalnum(static_cast<unsigned char>(f.text[end])) || f.text[end] == '_')) ++end;
      message = fmt::format("'{}' {}", f.text.substr(at, end - at), message);
    }
    if (message == "expected an operand")
      if (auto d = dangling_operator(f.text, e, file)) {
        diags.error(d->first, d->second);
        return nullptr;
      }
    diags.error(error_range(e, file), message);
  }
  return nullptr;
}

struct expression_only : pegtl::seq<g::sep, pegtl::must<g::expr>, pegtl::must<g::value_end>> {};

}  // namespace

std::optional<ast::Module> parse_module(const source::SourceManager& sm, std::uint32_t file,
                                        source::Diagnostics& diags) {
  auto root = run<g::module>(sm.file(file), file, diags);
  if (!root) return std::nullopt;
  Converter conv(file);
  ast::Module m = conv.module(*root);
  if (conv.error_) {
    diags.error(conv.error_->first, conv.error_->second);
    return std::nullopt;
  }
  return m;
}

ast::ExprPtr parse_expression(const source::SourceManager& sm, std::uint32_t file,
                              source::Diagnostics& diags) {
  auto root = run<expression_only>(sm.file(file), file, diags);
  if (!root || root->children.empty()) return nullptr;
  Converter conv(file);
  auto e = conv.expr(*root->children[0]);
  if (conv.error_) {
    diags.error(conv.error_->first, conv.error_->second);
    return nullptr;
  }
  return e;
}

}  // namespace pzc::parse
