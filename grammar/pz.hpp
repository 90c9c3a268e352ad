// The .pz grammar: PEGTL 3.2 rules only. Rules are types, listed from the lexical level
// up to declarations; the parse tree is built by compiler/front/parse.
#pragma once

#include <stdexcept>

#include <tao/pegtl.hpp>

namespace pzc::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;  // NOLINT: the grammar reads as a list of productions

// ---------------------------------------------------------------- nesting limit
// Deeply nested input is a diagnostic, not a stack overflow: every recursive entry
// point of the expression grammar goes through `nested`. Types nest too (`Seq(Seq(Int))`),
// and as deeply only by mistake: `type_args` goes through `nested_type`, with its own count.
inline constexpr int kMaxNesting = 96;
inline constexpr int kMaxTypeNesting = 32;
inline thread_local int nesting_depth = 0;
inline thread_local int type_nesting_depth = 0;

// Counts the rule's depth in `Depth` (a depth counter's address) and stops past Max.
template <int& (*Depth)(), int Max, const char* What, typename Rule>
struct depth_limited : seq<Rule> {
  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&... st) {
    int& depth = Depth();
    struct Guard {
      int& d;
      explicit Guard(int& x) : d(x) { ++d; }
      ~Guard() { --d; }
    } guard(depth);
    if (depth > Max) throw parse_error(What, in);
    return Control<Rule>::template match<A, M, Action, Control>(in, st...);
  }
};

inline int& expression_depth() { return nesting_depth; }
inline int& type_depth() { return type_nesting_depth; }
inline constexpr char kExpressionTooDeep[] = "expression nested too deeply (limit 96 levels)";
inline constexpr char kTypeTooDeep[] = "type nested too deeply (limit 32 levels)";

template <typename Rule>
struct nested : depth_limited<expression_depth, kMaxNesting, kExpressionTooDeep, Rule> {};
template <typename Rule>
struct nested_type : depth_limited<type_depth, kMaxTypeNesting, kTypeTooDeep, Rule> {};

// ---------------------------------------------------------------- lexical
struct comment : seq<two<'-'>, until<eolf>> {};
struct space_or_comment : sor<space, comment> {};
struct sep : star<space_or_comment> {};

template <typename R>
struct pad_r : seq<R, sep> {};

struct kw_puzzle : TAO_PEGTL_KEYWORD("puzzle") {};
struct kw_end : TAO_PEGTL_KEYWORD("end") {};
struct kw_given : TAO_PEGTL_KEYWORD("given") {};
struct kw_clue : TAO_PEGTL_KEYWORD("clue") {};
struct kw_var : TAO_PEGTL_KEYWORD("var") {};
// `aux` is not reserved: it only means something right before `var`.
struct kw_aux : TAO_PEGTL_KEYWORD("aux") {};
// Nor is `name`: it starts a declaration only when a string follows it.
struct kw_name_decl : TAO_PEGTL_KEYWORD("name") {};
struct kw_def : TAO_PEGTL_KEYWORD("def") {};
struct kw_rule : TAO_PEGTL_KEYWORD("rule") {};
struct kw_require : TAO_PEGTL_KEYWORD("require") {};
struct kw_enum : TAO_PEGTL_KEYWORD("enum") {};
struct kw_state : TAO_PEGTL_KEYWORD("state") {};
struct kw_move : TAO_PEGTL_KEYWORD("move") {};
struct kw_when : TAO_PEGTL_KEYWORD("when") {};
struct kw_goal : TAO_PEGTL_KEYWORD("goal") {};
struct kw_heuristic : TAO_PEGTL_KEYWORD("heuristic") {};
struct kw_instance : TAO_PEGTL_KEYWORD("instance") {};
struct kw_of : TAO_PEGTL_KEYWORD("of") {};
struct kw_for : TAO_PEGTL_KEYWORD("for") {};
struct kw_in : TAO_PEGTL_KEYWORD("in") {};
struct kw_where : TAO_PEGTL_KEYWORD("where") {};
struct kw_and : TAO_PEGTL_KEYWORD("and") {};
struct kw_or : TAO_PEGTL_KEYWORD("or") {};
struct kw_xor : TAO_PEGTL_KEYWORD("xor") {};
struct kw_not : TAO_PEGTL_KEYWORD("not") {};
struct kw_implies : TAO_PEGTL_KEYWORD("implies") {};
struct kw_let : TAO_PEGTL_KEYWORD("let") {};
struct kw_if : TAO_PEGTL_KEYWORD("if") {};
struct kw_then : TAO_PEGTL_KEYWORD("then") {};
struct kw_else : TAO_PEGTL_KEYWORD("else") {};
struct kw_endif : TAO_PEGTL_KEYWORD("endif") {};
struct kw_true : TAO_PEGTL_KEYWORD("true") {};
struct kw_false : TAO_PEGTL_KEYWORD("false") {};
struct kw_null : TAO_PEGTL_KEYWORD("null") {};
struct kw_file : TAO_PEGTL_KEYWORD("file") {};
struct kw_grid : TAO_PEGTL_KEYWORD("grid") {};
struct kw_swap : TAO_PEGTL_KEYWORD("swap") {};
struct kw_mod : TAO_PEGTL_KEYWORD("mod") {};
struct kw_div : TAO_PEGTL_KEYWORD("div") {};
struct kw_technique : TAO_PEGTL_KEYWORD("technique") {};
struct kw_tier : TAO_PEGTL_KEYWORD("tier") {};

struct keyword
    : sor<kw_puzzle, kw_end, kw_given, kw_clue, kw_var, kw_def, kw_rule, kw_require, kw_enum,
          kw_state, kw_move, kw_when, kw_goal, kw_heuristic, kw_instance, kw_of, kw_for, kw_in,
          kw_where, kw_and, kw_or, kw_xor, kw_not, kw_implies, kw_let, kw_if, kw_then, kw_else,
          kw_endif, kw_true, kw_false, kw_null, kw_file, kw_grid, kw_swap, kw_mod, kw_div,
          kw_technique, kw_tier> {};

struct name : seq<not_at<keyword>, identifier> {};
struct int_lit : plus<digit> {};
struct escape : seq<one<'\\'>, any> {};
struct string_lit : seq<one<'"'>, star<sor<escape, not_one<'"', '\\', '\n'>>>, one<'"'>> {};
// One code point, so that a non-ASCII character ('é') parses and the parser can say that a
// Char is one ASCII character (rather than "expected '}'" at the quote).
struct char_lit : seq<one<'\''>, sor<escape, utf8::not_one<'\'', '\\', '\n'>>, one<'\''>> {};

template <char C>
struct sym : pad_r<one<C>> {};
template <char C1, char C2>
struct sym2 : pad_r<string<C1, C2>> {};

struct lparen : sym<'('> {};
struct rparen : sym<')'> {};
struct lbrace : sym<'{'> {};
struct rbrace : sym<'}'> {};
struct lbracket : sym<'['> {};
struct rbracket : sym<']'> {};
struct comma : sym<','> {};
struct colon : seq<one<':'>, not_at<one<'='>>, sep> {};
struct bar : sym<'|'> {};

// ---------------------------------------------------------------- expressions
struct expr;

struct true_lit : pad_r<kw_true> {};
struct false_lit : pad_r<kw_false> {};
struct null_lit : pad_r<kw_null> {};
struct int_tok : pad_r<int_lit> {};
struct string_tok : pad_r<string_lit> {};
struct char_tok : pad_r<char_lit> {};
struct name_tok : pad_r<name> {};

struct expr_list : opt<list<expr, comma>> {};
// `s.forAll(x | ...)` or `forAll(x | ...)`: a name bound with '|' outside an arrow call
// (said as such, not "expected ')'" at the bar).
struct lambda_outside_arrow : seq<at<list<name_tok, comma>, one<'|'>, not_at<one<'|'>>>, raise<lambda_outside_arrow>> {};
struct call_args : seq<lparen, opt<lambda_outside_arrow>, expr_list, must<rparen>> {};
struct call : seq<name_tok, call_args> {};
struct paren_expr : seq<lparen, must<expr>, must<rparen>> {};
struct set_lit : seq<lbrace, expr_list, must<rbrace>> {};
struct seq_lit : seq<lbracket, expr_list, must<rbracket>> {};
struct file_ref : seq<pad_r<kw_file>, must<string_tok>> {};
// `let x = v in body`: v is an arithmetic expression (parenthesise a condition), so the
// `in` that ends it is never read as the membership operator.
struct let_value;
struct let_expr : seq<pad_r<kw_let>, must<name_tok>, must<sym<'='>>, must<let_value>,
                      must<pad_r<kw_in>>, must<expr>> {};
struct if_expr : seq<pad_r<kw_if>, must<expr>, must<pad_r<kw_then>>, must<expr>,
                     must<pad_r<kw_else>>, must<expr>, must<pad_r<kw_endif>>> {};

// A grid literal: `grid {`, then rows of text, one per line, then a line holding `}`.
struct grid_row_text : plus<not_one<'\n', '\r', '}'>> {};
struct grid_row : seq<star<blank>, not_at<one<'}'>>, grid_row_text, eol> {};
struct grid_end : seq<star<blank>, one<'}'>> {};
struct line_comment : seq<two<'-'>, star<not_one<'\n', '\r'>>> {};  // up to, not including, the end of line
struct grid_lit : seq<pad_r<kw_grid>, one<'{'>, star<blank>, opt<line_comment>, must<eol>,
                      star<sor<seq<star<blank>, eol>, grid_row>>, must<grid_end>, sep> {};

// A quote that starts no literal: a string without its closing quote on the line, or
// single quotes around more (or less) than one character. Said as such, not "expected an
// operand".
struct unterminated_string : seq<at<one<'"'>>, raise<unterminated_string>> {};
struct bad_char_lit : seq<at<one<'\''>>, raise<bad_char_lit>> {};
struct primary : sor<paren_expr, grid_lit, file_ref, let_expr, if_expr, true_lit, false_lit,
                     null_lit, int_tok, string_tok, char_tok, set_lit, seq_lit, call, name_tok,
                     unterminated_string, bad_char_lit> {};

// Postfix: `.name`, `.name(args)`, `[args]`, `->op()`, `->op(args)`, `->op(x | body)`.
struct dot : seq<one<'.'>, not_at<one<'.'>>, sep> {};
struct arrow : sym2<'-', '>'> {};
// `3.5`: the language has whole numbers only (said as such, not "expected a name").
struct decimal_number : seq<at<digit>, raise<decimal_number>> {};
struct member : seq<dot, sor<decimal_number, must<name_tok>>, opt<call_args>> {};
struct index : seq<lbracket, list<expr, comma>, must<rbracket>> {};
struct lambda_params : seq<list<name_tok, comma>, bar> {};
struct arrow_args : seq<lparen, opt<lambda_params>, expr_list, must<rparen>> {};
struct arrow_call : seq<arrow, must<name_tok>, must<arrow_args>> {};
struct postfix_op : sor<member, index, arrow_call> {};
struct postfix_expr : seq<primary, star<postfix_op>> {};

struct op_neg : sym<'-'> {};
struct unary_expr;
struct neg_expr : seq<op_neg, must<nested<unary_expr>>> {};
struct unary_expr : sor<neg_expr, postfix_expr> {};

struct op_mul : sym<'*'> {};
struct op_div : pad_r<kw_div> {};
struct op_slash : seq<one<'/'>, not_at<one<'='>>, sep> {};
struct op_mod : pad_r<kw_mod> {};
// Other languages' `%`, `//` and `/* */`: said as such (they were "expected an operand").
struct other_mod : seq<at<one<'%'>>, raise<other_mod>> {};
struct other_comment : seq<at<one<'/'>, one<'/', '*'>>, raise<other_comment>> {};
struct mul_op : sor<op_mul, op_div, other_comment, op_slash, op_mod, other_mod> {};
struct mul_expr : seq<unary_expr, star<mul_op, must<unary_expr>>> {};

struct op_add : sym<'+'> {};
struct op_sub : seq<one<'-'>, not_at<one<'>', '-'>>, sep> {};
struct add_op : sor<op_add, op_sub> {};
struct add_expr : seq<mul_expr, star<add_op, must<mul_expr>>> {};

struct op_range : sym2<'.', '.'> {};
struct no_range_chain : not_at<op_range> {};
struct range_expr : seq<add_expr, opt<op_range, must<add_expr>, must<no_range_chain>>> {};

struct let_value : nested<range_expr> {};

struct op_ne : sym2<'<', '>'> {};
struct op_le : sym2<'<', '='> {};
struct op_ge : sym2<'>', '='> {};
struct op_lt : sym<'<'> {};
struct op_gt : sym<'>'> {};
struct op_eq : seq<one<'='>, not_at<one<'='>>, sep> {};
struct op_in : pad_r<kw_in> {};
// Other languages' `!=` and `==`: said as such (they were "expected a declaration or 'end'").
struct other_ne : seq<at<string<'!', '='>>, raise<other_ne>> {};
struct other_eq : seq<at<string<'=', '='>>, raise<other_eq>> {};
struct cmp_op : sor<op_ne, op_le, op_ge, op_lt, op_gt, op_eq, op_in, other_ne, other_eq> {};
struct no_chain : not_at<cmp_op> {};  // `0 < x < 3` is an error that says so
struct cmp_expr : seq<range_expr, opt<cmp_op, must<range_expr>, must<no_chain>>> {};

struct op_not : pad_r<kw_not> {};
struct not_expr;
struct not_apply : seq<op_not, must<nested<not_expr>>> {};
// Other languages' `!`, `&&` and `||`: said as such (they were "expected an expression" or
// "expected a declaration or 'end'").
struct other_not : seq<at<one<'!'>, not_at<one<'='>>>, raise<other_not>> {};
struct not_expr : sor<not_apply, other_not, cmp_expr> {};

struct op_and : pad_r<kw_and> {};
struct other_and : seq<at<string<'&', '&'>>, raise<other_and>> {};
struct and_expr : seq<not_expr, star<sor<op_and, other_and>, must<not_expr>>> {};
struct op_or : pad_r<kw_or> {};
struct op_xor : pad_r<kw_xor> {};
struct other_or : seq<at<string<'|', '|'>>, raise<other_or>> {};
struct or_op : sor<op_or, op_xor, other_or> {};
struct or_expr : seq<and_expr, star<or_op, must<and_expr>>> {};
struct op_implies : pad_r<kw_implies> {};
struct implies_expr : seq<or_expr, opt<op_implies, must<nested<implies_expr>>>> {};

struct expr : nested<implies_expr> {};

// ---------------------------------------------------------------- types
struct type_expr;
struct type_list : list<nested_type<type_expr>, comma> {};
struct type_args : seq<lparen, must<type_list>, must<rparen>> {};
struct optional_mark : sym<'?'> {};
struct type_expr : seq<name_tok, opt<type_args>, opt<optional_mark>> {};

// ---------------------------------------------------------------- declarations
struct name_list : list<name_tok, comma> {};
// `given clue : ...`, `var end : ...`: a keyword where a declaration's name goes, said as
// such (it was "expected a name or a list of names").
struct keyword_as_name : seq<at<keyword>, raise<keyword_as_name>> {};

struct enum_decl : seq<pad_r<kw_enum>, must<name_tok>, must<lbrace>, must<name_list>,
                       must<rbrace>> {};
struct given_default : seq<sym<'='>, must<expr>> {};
struct given_decl : seq<pad_r<kw_given>, opt<keyword_as_name>, must<name_list>, must<colon>, must<type_expr>,
                        opt<given_default>> {};

// Variable shapes: `Grid(r, c) of D`, `Seq(n) of D`, `Map(K) of D`, or a domain D.
struct shape_grid : seq<pad_r<TAO_PEGTL_KEYWORD("Grid")>, lparen, expr, must<comma>, must<expr>,
                        must<rparen>, must<pad_r<kw_of>>> {};
struct shape_seq : seq<pad_r<TAO_PEGTL_KEYWORD("Seq")>, lparen, expr, must<rparen>,
                       must<pad_r<kw_of>>> {};
struct shape_map : seq<pad_r<TAO_PEGTL_KEYWORD("Map")>, lparen, expr, must<rparen>,
                       must<pad_r<kw_of>>> {};
struct var_shape : seq<opt<sor<shape_grid, shape_seq, shape_map>>, must<expr>> {};
// `aux var`: an auxiliary variable, part of how the rules are stated, not of the answer.
struct var_aux : seq<kw_aux, sep, at<kw_var>> {};
struct var_decl : seq<opt<var_aux>, pad_r<kw_var>, opt<keyword_as_name>, must<name_list>, must<colon>, must<var_shape>> {};

struct param : seq<name_tok, must<colon>, must<type_expr>> {};
struct params : seq<lparen, opt<list<param, comma>>, must<rparen>> {};
// `def f(x : Int) : Int = ...`: the result's type, which a def that calls itself needs.
struct def_result : seq<colon, must<type_expr>> {};
struct def_decl : seq<pad_r<kw_def>, must<name_tok>, opt<params>, opt<def_result>, must<sym<'='>>, must<expr>> {};

struct binder : seq<name_tok, must<pad_r<kw_in>>, must<expr>> {};
struct where_clause : seq<pad_r<kw_where>, must<expr>> {};
struct for_clause : seq<pad_r<kw_for>, must<list<binder, comma>>, opt<where_clause>> {};
// A rule's, clue's, technique's or name's English text: a string, or at a quote without
// its closing one on the line, that error (it was "expected ':'").
struct text_tok : sor<string_tok, unterminated_string> {};
// (`where` without `for`: a rule of no binding that holds only when its condition does,
// such as a clue on one given that may be null.)
struct rule_body : seq<opt<name_tok>, opt<text_tok>, opt<sor<for_clause, where_clause>>, must<colon>, must<expr>> {};
struct rule_decl : seq<pad_r<kw_rule>, must<rule_body>> {};
struct require_decl : seq<pad_r<kw_require>, must<rule_body>> {};
// A human technique: `technique ["text"] tier N [for ... where ...]: conclusion`.
struct technique_tier : seq<pad_r<kw_tier>, must<int_tok>> {};
struct technique_body : seq<opt<name_tok>, opt<text_tok>, must<technique_tier>, opt<for_clause>, must<colon>,
                            must<expr>> {};
struct technique_decl : seq<pad_r<kw_technique>, must<technique_body>> {};
// What hints call a variable: `name "text {x}" for x in C where W: var[x]`; for a Bool,
// what they say of it instead, true or false: `name "{p} is black" or "{p} is white" ...`.
struct name_false : seq<pad_r<kw_or>, must<text_tok>> {};
struct name_body : seq<text_tok, opt<name_false>, opt<for_clause>, must<colon>, must<expr>> {};
struct name_decl : seq<kw_name_decl, sep, at<one<'"'>>, must<name_body>> {};
struct clue_givens : seq<name_list, not_at<sor<colon, string_tok, pad_r<kw_for>>>> {};
struct clue_decl : seq<pad_r<kw_clue>, must<sor<clue_givens, rule_body>>> {};

struct state_init : seq<sym2<':', '='>, must<expr>> {};  // `=` would read as equality
struct state_decl : seq<pad_r<kw_state>, must<name_tok>, must<colon>, must<var_shape>,
                        must<state_init>> {};
struct swap_stmt : seq<pad_r<kw_swap>, must<lparen>, must<expr>, must<comma>, must<expr>,
                       must<rparen>> {};
struct assign_stmt : seq<expr, sym2<':', '='>, must<expr>> {};
struct stmt : sor<swap_stmt, assign_stmt> {};
struct move_guard : seq<pad_r<kw_when>, must<expr>> {};
// `move NAME [for x in C, ... [where W]] [when GUARD]: STMT; ...`: with a `for`, one move
// per binding (known from the givens), named NAME(x, ...).
struct move_decl : seq<pad_r<kw_move>, must<name_tok>, opt<for_clause>, opt<move_guard>, must<colon>,
                       must<list<stmt, sym<';'>>>> {};
struct goal_decl : seq<pad_r<kw_goal>, must<expr>> {};
struct heuristic_decl : seq<pad_r<kw_heuristic>, must<name_tok>, must<sym<'='>>, must<expr>> {};

struct puzzle_member : sor<enum_decl, given_decl, var_decl, def_decl, rule_decl, require_decl,
                           clue_decl, technique_decl, name_decl, state_decl, move_decl, goal_decl,
                           heuristic_decl> {};
struct puzzle_decl : seq<pad_r<kw_puzzle>, must<name_tok>, star<puzzle_member>,
                         must<pad_r<kw_end>>> {};

struct binding_value : sor<grid_lit, expr> {};
// The end of a value given alone (`--given n=3`): one value, nothing after it.
struct value_end : eof {};
struct binding : seq<name_tok, must<sym<'='>>, must<binding_value>> {};
struct instance_end : pad_r<kw_end> {};  // its own message: an instance holds bindings
struct instance_decl : seq<pad_r<kw_instance>, must<name_tok>, must<pad_r<kw_of>>, must<name_tok>,
                           star<binding>, must<instance_end>> {};

struct top_decl : sor<puzzle_decl, instance_decl> {};
struct module : seq<sep, star<top_decl>, must<eof>> {};

// ---------------------------------------------------------------- error messages
// One table: a `must<R>` that fails reports error_message<R>.
template <typename>
inline constexpr const char* error_message = nullptr;

template <> inline constexpr auto error_message<name_tok> = "expected a name";
template <> inline constexpr auto error_message<expr> = "expected an expression";
template <> inline constexpr auto error_message<rparen> = "expected ')'";
template <> inline constexpr auto error_message<rbrace> = "expected '}'";
template <> inline constexpr auto error_message<rbracket> = "expected ']'";
template <> inline constexpr auto error_message<lbrace> = "expected '{'";
template <> inline constexpr auto error_message<lparen> = "expected '('";
template <> inline constexpr auto error_message<comma> = "expected ','";
template <> inline constexpr auto error_message<colon> = "expected ':'";
template <> inline constexpr auto error_message<sym<'='>> = "expected '='";
template <> inline constexpr auto error_message<string_tok> = "expected a string in double quotes";
template <> inline constexpr auto error_message<text_tok> = "expected a string in double quotes";
template <> inline constexpr auto error_message<name_list> = "expected a name or a list of names";
template <> inline constexpr auto error_message<type_expr> = "expected a type (Int, Bool, Seq(T), Grid(T), ...)";
template <> inline constexpr auto error_message<type_list> = "expected a type (Int, Bool, Seq(T), Grid(T), ...)";
template <> inline constexpr auto error_message<var_shape> = "expected a domain, or Grid(rows, cols) of D, Seq(n) of D, Map(K) of D";
template <> inline constexpr auto error_message<pad_r<kw_of>> = "expected 'of'";
template <> inline constexpr auto error_message<pad_r<kw_in>> = "expected 'in'";
template <> inline constexpr auto error_message<pad_r<kw_then>> = "expected 'then'";
template <> inline constexpr auto error_message<pad_r<kw_else>> = "expected 'else'";
template <> inline constexpr auto error_message<pad_r<kw_endif>> = "expected 'endif' to close 'if'";
template <> inline constexpr auto error_message<pad_r<kw_end>> = "expected a declaration or 'end'";
template <> inline constexpr auto error_message<list<binder, comma>> = "expected 'NAME in COLLECTION' after 'for'";
template <> inline constexpr auto error_message<rule_body> = "expected a rule: [name] [\"text\"] [for x in C] [where P] : condition";
template <> inline constexpr auto error_message<sor<clue_givens, rule_body>> = "expected given names or a clue constraint after 'clue'";
template <> inline constexpr auto error_message<name_body> = "expected a name: \"text\" [or \"text when false\"] [for x in C [where P]] : variable";
template <> inline constexpr auto error_message<technique_body> = "expected a technique: [name] [\"text\"] tier N [for x in C [where P]] : conclusion";
template <> inline constexpr auto error_message<technique_tier> = "expected 'tier N' (the technique's difficulty, 1 to 4)";
template <> inline constexpr auto error_message<int_tok> = "expected a number";
template <> inline constexpr auto error_message<arrow_args> = "expected '(' after the collection operation";
template <> inline constexpr auto error_message<unary_expr> = "expected an operand";
template <> inline constexpr auto error_message<mul_expr> = "expected an operand";
template <> inline constexpr auto error_message<add_expr> = "expected an operand";
template <> inline constexpr auto error_message<range_expr> = "expected an operand";
template <> inline constexpr auto error_message<not_expr> = "expected an operand";
template <> inline constexpr auto error_message<and_expr> = "expected an operand";
template <> inline constexpr auto error_message<nested<unary_expr>> = "expected an operand";
template <> inline constexpr auto error_message<nested<not_expr>> = "expected an operand";
template <> inline constexpr auto error_message<nested<implies_expr>> = "expected an operand";
template <> inline constexpr auto error_message<let_value> = "expected a value after 'let NAME =' (parenthesise a condition)";
template <> inline constexpr auto error_message<eol> = "expected the end of the line after 'grid {'";
template <> inline constexpr auto error_message<grid_end> = "expected '}' on its own line to close the grid";
template <> inline constexpr auto error_message<state_init> = "expected ':= initial value' for the state";
template <> inline constexpr auto error_message<list<stmt, sym<';'>>> = "expected 'swap(a, b)' or 'target := value'";
template <> inline constexpr auto error_message<binding_value> = "expected a value";
template <> inline constexpr auto error_message<eof> = "expected 'puzzle' or 'instance'";
template <> inline constexpr auto error_message<instance_end> =
    "expected a given's value (NAME = VALUE) or 'end' to close the instance";
template <> inline constexpr auto error_message<value_end> =
    "expected the end of the value: one value (3, \"text\", [1, 2], a grid's rows as \"row/row\")";
template <> inline constexpr auto error_message<unterminated_string> = "this string has no closing '\"' on its line";
template <> inline constexpr auto error_message<decimal_number> =
    "pz has whole numbers only, no decimal point (scale the values, or use div and mod)";
template <> inline constexpr auto error_message<lambda_outside_arrow> =
    "'x | ...' binds a name only in a collection operation called with an arrow: write s->forAll(x | ...), not s.forAll(x | ...)";
template <> inline constexpr auto error_message<other_ne> = "'not equal' is written <> in pz, not !=";
template <> inline constexpr auto error_message<other_eq> = "'equal' is written = in pz, not ==";
template <> inline constexpr auto error_message<keyword_as_name> =
    "is a keyword, which cannot be a name (the keywords are listed in docs/language.md, section 2)";
template <> inline constexpr auto error_message<other_not> = "'not' is written not in pz, not !";
template <> inline constexpr auto error_message<other_and> = "'and' is written and in pz, not &&";
template <> inline constexpr auto error_message<other_or> = "'or' is written or in pz, not ||";
template <> inline constexpr auto error_message<other_mod> = "the remainder is written mod in pz, not %";
template <> inline constexpr auto error_message<other_comment> = "a comment starts with -- in pz and runs to the end of the line (not // or /* */)";
template <> inline constexpr auto error_message<bad_char_lit> =
    "a character literal is one character in single quotes ('a'); a string takes double quotes";
template <> inline constexpr auto error_message<no_chain> = "comparisons do not chain: write 'a < b and b < c'";
template <> inline constexpr auto error_message<no_range_chain> = "a range has two bounds: 'lo..hi'";

// Messages are used only where a must<> fails (raise); a plain local failure still backtracks.
struct error_table {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

template <typename Rule>
using control = must_if<error_table, normal, false>::control<Rule>;

}  // namespace pzc::grammar
