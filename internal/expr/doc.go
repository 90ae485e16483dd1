// Package expr is reckon's bounded formula language: decimal arithmetic over
// named inputs, parsed from untrusted text and evaluated exactly.
//
// A model writes the formula; this package decides what it means. There is
// nothing in the language but arithmetic, so a formula cannot read files,
// loop, call out, or hide a number the model computed itself.
//
// # Grammar
//
// The grammar is defined with participle struct tags (grammar.go). This is
// the EBNF participle prints for it, kept in testdata/grammar.ebnf:
//
//	Expression = Operand Infix* .
//	Operand = ("+" | "-" | "−")* Primary .
//	Primary = <ident> | <number> | Call | ("(" Expression ")") .
//	Call = <func> "(" (Expression ("," Expression)*)? ")" .
//	Infix = <op> Operand .
//
// participle is the grammar's definition and words every syntax error. A
// formula that is well formed is recognized first by a hand-written parser
// over the same tokens that builds exactly the structs participle would, in
// a tenth of the time; a differential fuzz target (FuzzFastParse) holds the
// two to the same result, and anything the fast path does not expect goes to
// participle.
//
// <op> is one of + - * / and the typographic aliases − (U+2212), × and ÷.
// * and / bind tighter than + and -, and all four associate to the left:
// 8 - 3 - 2 is 3 and 8 / 4 / 2 is 1. Signs bind tightest: 2 * -3 is -6.
// <number> is a decimal literal: digits with at most one interior point and
// no leading zero (12, 0.5, never 007, .5, 1e5, 0x1F or 1_000). <ident> is
// [A-Za-z_][A-Za-z0-9_]*. <func> is a name followed by "(", and must be one of
//
//	abs(x)       absolute value; exactly one argument
//	min(x, …)    smallest argument; at least one
//	max(x, …)    largest argument; at least one
//	mean(x, …)   arithmetic mean; at least one
//
// Everything else is refused with its own [Code]: attributes (a.b), indexing
// (a[0]), keyword arguments (min(a=1)), other functions (avg suggests mean),
// powers (** and ^), %, strings, non-ASCII digits, control and bidi
// characters, invalid UTF-8, inf and nan.
//
// # Limits
//
// Formulas are untrusted, so every cost is bounded by a [Limits] value,
// checked cheapest first: bytes, then nesting depth in a pre-scan (participle
// has no recursion limit of its own), then literal digits and the node count
// from the token stream, then the parse itself, then argument counts and
// literal magnitudes, and finally the magnitude of every input and
// intermediate during evaluation. A formula exactly at a limit is accepted;
// one past it fails with code limit_exceeded and an [Exceeded] that names
// the limit, its value and what was found.
//
// # Arithmetic
//
// [Formula.Eval] computes over apd decimals through [NewContext]: precision
// 34, a tight exponent range, never precision 0. Literals are parsed through
// that context. Nothing is rounded except where an operation cannot be
// represented in 34 digits (1/3), and then the [Result] says so. Division by
// zero is an error that points at the divisor. Results print without
// exponent, -0 prints as 0, and trailing zeros are dropped: 10/4 is 2.5.
//
// # Traversal
//
// [Fold] is the one traversal of the tree. Evaluation and printing are
// [Algebra] values passed to it, and so are unit inference and the receipts'
// expanded expression in other packages.
//
// # Errors
//
// Every error is an [*Error], reckon's one error type (package fault), with
// a stable snake_case code, the byte [Span] involved, the formula in Src, a
// one-line message, and a hint written for the model that wrote the
// formula. Error() prints "line:col: message"; Format adds the source line
// with carets under the span.
package expr
