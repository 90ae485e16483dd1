package expr

import "github.com/alecthomas/participle/v2/lexer"

// The grammar, as participle struct tags. It is flat: a formula is a list of
// signed operands joined by operators, and precedence (* / over + -, all
// left-associative) is applied afterwards by the builder in parse.go. This keeps participle's
// work to one production per operand, whatever the precedence levels.
//
// testdata/grammar.ebnf holds the EBNF participle prints for it. fast.go
// recognizes the same language without reflection; FuzzFastParse keeps the
// two equal.

type expression struct {
	Head *operand `parser:"@@"`
	Tail []*infix `parser:"@@*"`
}

type infix struct {
	Op    string   `parser:"@Op"`
	Right *operand `parser:"@@"`
}

// Only operands record a position: the offsets of signs, operators and
// primaries are recovered from the token slice, which is cheaper than
// having participle fill in a position per node.
type operand struct {
	Pos     lexer.Position
	Signs   []string `parser:"@(\"+\" | \"-\" | \"−\")*"`
	Primary *primary `parser:"@@"`
}

// Alternatives are ordered by how often they occur: participle tries them
// in turn, each in a branch of its own.
type primary struct {
	Ident  *string     `parser:"  @Ident"`
	Number *string     `parser:"| @Number"`
	Call   *call       `parser:"| @@"`
	Group  *expression `parser:"| \"(\" @@ \")\""`
}

type call struct {
	Name string        `parser:"@Func \"(\""`
	Args []*expression `parser:"( @@ ( \",\" @@ )* )? \")\""`
}
