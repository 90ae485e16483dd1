package expr

import "github.com/alecthomas/participle/v2/lexer"

// The grammar, as participle struct tags. It is flat: a formula is a list of
// signed operands joined by operators, and precedence (* / over + -, all
// left-associative) is applied afterwards by [build]. This keeps participle's
// work to one production per operand, whatever the precedence levels.
//
// testdata/grammar.ebnf holds the EBNF participle prints for it.

type expression struct {
	Head *operand `parser:"@@"`
	Tail []*infix `parser:"@@*"`
}

type infix struct {
	Pos   lexer.Position
	Op    string   `parser:"@Op"`
	Right *operand `parser:"@@"`
}

type operand struct {
	Signs   []*sign  `parser:"@@*"`
	Primary *primary `parser:"@@"`
}

type sign struct {
	Pos lexer.Position
	Op  string `parser:"@(\"+\" | \"-\" | \"−\")"`
}

type primary struct {
	Pos    lexer.Position
	Call   *call   `parser:"  @@"`
	Number *string `parser:"| @Number"`
	Ident  *string `parser:"| @Ident"`
	Group  *group  `parser:"| @@"`
}

type call struct {
	Name  string        `parser:"@Func \"(\""`
	Args  []*expression `parser:"( @@ ( \",\" @@ )* )?"`
	Close closer        `parser:"@@"`
}

type group struct {
	X     *expression `parser:"\"(\" @@"`
	Close closer      `parser:"@@"`
}

type closer struct {
	Pos lexer.Position
	V   string `parser:"@\")\""`
}
