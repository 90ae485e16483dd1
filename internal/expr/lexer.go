package expr

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/reckonhq/reckon/fault"
)

// Token types of the formula lexer. participle refers to them by the names in
// [lexDef.Symbols], which the grammar's struct tags use.
const (
	tokNumber lexer.TokenType = -(iota + 2) // a decimal literal: 12, 0.5
	tokIdent                                // an input name
	tokFunc                                 // a name directly followed by "("
	tokOp                                   // + - * / and the aliases − × ÷
	tokPunct                                // ( ) ,
)

// lexDef is the participle lexer definition. Formulas are lexed by [scan],
// which reports reckon's own positioned errors; participle only ever sees a
// token slice that is already known to be well-formed, so its Lex methods
// exist to satisfy the interface and to print the grammar.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Number": tokNumber, "Ident": tokIdent,
		"Func": tokFunc, "Op": tokOp, "Punct": tokPunct,
	}
}

func (d lexDef) Lex(_ string, r io.Reader) (lexer.Lexer, error) {
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		return nil, err
	}
	return d.LexString("", b.String())
}

func (lexDef) LexString(_ string, s string) (lexer.Lexer, error) {
	toks, err := scan(s, Limits{}.withDefaults())
	if err != nil {
		return nil, err
	}
	return &sliceLexer{toks: toks}, nil
}

// sliceLexer replays tokens that [scan] produced.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// scan splits src into tokens, ending with EOF. It is the only place that
// looks at characters, so every lexical refusal (exponents, hex, leading
// zeros, strings, stray symbols, bad UTF-8) is decided and positioned here,
// with a hint, before participle runs.
func scan(src string, lim Limits) ([]lexer.Token, error) {
	toks := make([]lexer.Token, 0, min(len(src)/3+2, 4*lim.MaxNodes+2))
	// Every name, literal, call and operator becomes exactly one node, so
	// the node limit is checked as tokens are made, before the parser does
	// any work; a refusal counts the nodes only up to the limit.
	nodes := 0
	node := func(t lexer.Token) error {
		if nodes++; nodes > lim.MaxNodes {
			return limitAt(src, t.Pos.Offset, len(src), "nodes", lim.MaxNodes, nodes)
		}
		toks = append(toks, t)
		return nil
	}
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isDigit(c):
			end, err := scanNumber(src, i, lim)
			if err != nil {
				return nil, err
			}
			if err := node(tok(tokNumber, src, i, end)); err != nil {
				return nil, err
			}
			i = end
		case isIdentStart(c):
			end := i + 1
			for end < len(src) && isIdentPart(src[end]) {
				end++
			}
			if err := checkIdentEnd(src, i, end, toks); err != nil {
				return nil, err
			}
			typ := tokIdent
			if j := skipSpace(src, end); j < len(src) && src[j] == '(' {
				typ = tokFunc
			}
			if err := node(tok(typ, src, i, end)); err != nil {
				return nil, err
			}
			i = end
		case c == '+' || c == '-' || c == '/':
			if err := node(tok(tokOp, src, i, i+1)); err != nil {
				return nil, err
			}
			i++
		case c == '*':
			if i+1 < len(src) && src[i+1] == '*' {
				return nil, errAt(fault.UnsupportedOperator, src, i, i+2, "exponentiation \"**\" is not supported",
					"reckon has no powers; multiply the factors out, or compute compound growth with a named operation")
			}
			if err := node(tok(tokOp, src, i, i+1)); err != nil {
				return nil, err
			}
			i++
		case c == '(' || c == ')' || c == ',':
			toks = append(toks, tok(tokPunct, src, i, i+1))
			i++
		case c < utf8.RuneSelf:
			return nil, asciiError(src, i, toks)
		default:
			r, n := utf8.DecodeRuneInString(src[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				return nil, errAt(fault.InvalidUTF8, src, i, i+1, "formula is not valid UTF-8",
					"send the formula as UTF-8 text")
			case r == '×' || r == '÷' || r == '−':
				if err := node(tok(tokOp, src, i, i+n)); err != nil {
					return nil, err
				}
			case unicode.IsSpace(r):
				// NBSP and other Unicode spaces separate tokens like ' '.
			case unicode.IsDigit(r):
				return nil, errAt(fault.NonASCIIDigit, src, i, i+n, "non-ASCII digit "+quoteRune(r),
					"write numbers with the ASCII digits 0-9")
			case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
				return nil, errAt(fault.ControlCharacter, src, i, i+n, "control or format character "+quoteRune(r),
					"remove invisible characters from the formula")
			case r == '“' || r == '”' || r == '‘' || r == '’':
				return nil, errAt(fault.StringLiteral, src, i, i+n, "quotation marks are not allowed in a formula",
					"refer to inputs by name; put text in the input's label")
			default:
				return nil, errAt(fault.UnexpectedCharacter, src, i, i+n, "unexpected character "+quoteRune(r),
					"formulas use names, decimal numbers, + - * / ( ) and abs, min, max, mean")
			}
			i += n
		}
	}
	toks = append(toks, lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Offset: len(src), Line: 1, Column: len(src) + 1}})
	return toks, nil
}

func tok(typ lexer.TokenType, src string, start, end int) lexer.Token {
	return lexer.Token{Type: typ, Value: src[start:end], Pos: lexer.Position{Offset: start, Line: 1, Column: start + 1}}
}

// scanNumber scans the decimal literal starting at src[i] and returns its end.
// A literal is digits with at most one interior '.', no leading zero unless it
// is the only integer digit, and at most lim.MaxDigits digits.
func scanNumber(src string, i int, lim Limits) (int, error) {
	start := i
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	intEnd := i
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || !isDigit(src[i]) {
			return 0, errAt(fault.BadNumber, src, start, i, "number "+quote(src[start:i])+" ends with a decimal point",
				"write digits after the point, as in "+src[start:i-1]+".0, or drop the point")
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	if i < len(src) {
		switch c := src[i]; {
		case c == 'e' || c == 'E':
			return 0, errAt(fault.ExponentLiteral, src, start, identEnd(src, i), "exponent literal "+quote(src[start:identEnd(src, i)])+" is not allowed",
				"write the number out in full, or give an input a scale such as \"million\"")
		case (c == 'x' || c == 'X' || c == 'o' || c == 'b') && i == start+1 && src[start] == '0':
			return 0, errAt(fault.HexLiteral, src, start, identEnd(src, i), "non-decimal literal "+quote(src[start:identEnd(src, i)])+" is not allowed",
				"write numbers in decimal")
		case c == '_':
			end := i
			for end < len(src) && (isDigit(src[end]) || src[end] == '_') {
				end++
			}
			return 0, errAt(fault.DigitSeparator, src, start, end, "digit separator in "+quote(src[start:end]),
				"write "+strings.ReplaceAll(src[start:end], "_", "")+" without separators")
		case c == '.':
			return 0, errAt(fault.BadNumber, src, start, i+1, "number "+quote(src[start:i+1])+" has two decimal points",
				"a literal has at most one decimal point")
		case isIdentStart(c):
			return 0, errAt(fault.BadNumber, src, start, identEnd(src, i), "number "+quote(src[start:identEnd(src, i)])+" runs into a name",
				"put an operator between a number and a name, as in 2 * x")
		}
	}
	if intEnd-start > 1 && src[start] == '0' {
		digits := strings.TrimLeft(src[start:intEnd], "0")
		if digits == "" {
			digits = "0"
		}
		return 0, errAt(fault.LeadingZero, src, start, i, "number "+quote(src[start:i])+" has a leading zero",
			"write "+digits+src[intEnd:i]+" without leading zeros; never group digits with commas, since 1,000 reads as the two arguments 1 and 000")
	}
	if digits := i - start - strings.Count(src[start:i], "."); digits > lim.MaxDigits {
		return 0, limitAt(src, start, i, "literal digits", lim.MaxDigits, digits)
	}
	return i, nil
}

// checkIdentEnd refuses what may follow a name: attributes, indexing and
// keyword arguments, and names that look like non-finite numbers.
func checkIdentEnd(src string, start, end int, toks []lexer.Token) error {
	name := src[start:end]
	switch strings.ToLower(name) {
	case "inf", "infinity", "nan", "snan":
		return errAt(fault.NonFinite, src, start, end, quote(name)+" is not a finite number",
			"every value must be a finite decimal; name the input something else")
	}
	j := skipSpace(src, end)
	if j >= len(src) {
		return nil
	}
	switch src[j] {
	case '.':
		k := skipSpace(src, j+1)
		end := identEnd(src, k)
		return errAt(fault.Attribute, src, start, end, "attribute access "+quote(src[start:end])+" is not supported",
			"give each value its own input name, such as "+name+"_"+src[k:end])
	case '[':
		return errAt(fault.Indexing, src, start, j+1, "indexing "+quote(name+"[")+" is not supported",
			"give each value its own input name, such as "+name+"_1")
	case '=':
		if j+1 < len(src) && src[j+1] == '=' {
			return nil // "==" is refused as an operator
		}
		if n := len(toks); n > 0 && (toks[n-1].Value == "(" || toks[n-1].Value == ",") {
			return errAt(fault.KeywordArgument, src, start, j+1, "keyword argument "+quote(name+"=")+" is not supported",
				"pass arguments by position, as in min(a, b)")
		}
	}
	return nil
}

// asciiError explains an ASCII character that no token may contain.
func asciiError(src string, i int, toks []lexer.Token) error {
	c := src[i]
	one := func(code Code, msg, hint string) error { return errAt(code, src, i, i+1, msg, hint) }
	switch {
	case c == '%':
		return one(fault.PercentSign, "\"%\" is not allowed in a formula",
			"give the input unit \"percent\" (6.7 with unit percent is 0.067) and ask for percent output; never multiply by 100")
	case c == '^':
		return one(fault.UnsupportedOperator, "\"^\" is not supported", "reckon has no powers; multiply the factors out")
	case c == '"' || c == '\'' || c == '`':
		return one(fault.StringLiteral, "strings are not allowed in a formula", "refer to inputs by name; put text in the input's label")
	case c == '[' || c == ']':
		return one(fault.Indexing, "indexing is not supported", "give each value its own input name")
	case c == '.':
		if i+1 < len(src) && isDigit(src[i+1]) {
			end := i + 1
			for end < len(src) && isDigit(src[end]) {
				end++
			}
			return errAt(fault.BadNumber, src, i, end, "number "+quote(src[i:end])+" has no digit before the point",
				"write 0"+src[i:end])
		}
		return one(fault.Attribute, "\".\" is only allowed inside a number", "give each value its own input name")
	case c == '=' || c == '<' || c == '>' || c == '!' || c == '&' || c == '|' || c == '~' || c == '?' || c == ':':
		return one(fault.UnsupportedOperator, "operator "+quote(string(c))+" is not supported",
			"formulas use only + - * / and abs, min, max, mean")
	case c < ' ' || c == 0x7f:
		return one(fault.ControlCharacter, "control character "+quoteRune(rune(c)), "remove control characters from the formula")
	}
	return one(fault.UnexpectedCharacter, "unexpected character "+quote(string(c)),
		"formulas use names, decimal numbers, + - * / ( ) and abs, min, max, mean")
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }

func identEnd(src string, i int) int {
	for i < len(src) && isIdentPart(src[i]) {
		i++
	}
	return i
}

func skipSpace(src string, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}
