package units

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
)

// Bounds on a printed number. They are far above anything a filing prints
// and keep a hostile display string from costing more than a few microseconds.
const (
	// maxDisplayBytes bounds the display string: the longest amount with
	// grouping, sign, symbol, scale word and code fits in well under 100.
	maxDisplayBytes = 100

	// maxDigits bounds the digits of a printed number to the arithmetic
	// precision, so that parsing never rounds.
	maxDigits = expr.Precision
)

// printed is a display string taken apart.
type printed struct {
	neg     bool   // a minus sign or accounting parentheses
	digits  string // the number with grouping removed: "109638.91"
	scale   string // a scale word printed after the number, or ""
	percent bool   // a % sign or the word percent
	marks   []mark // currency symbols, codes and unit words, with where they were
}

// mark is a unit marker printed with the number: "$", "USD", "pp", "tweets".
type mark struct {
	text     string // as printed
	currency bool   // a currency sign or an upper-case code
}

// placeholders are what sources print where there is no number.
var placeholders = map[string]bool{
	"-": true, "−": true, "–": true, "—": true, "--": true, "…": true, "...": true,
	"n/a": true, "na": true, "n.a.": true, "nm": true, "n.m.": true, "nil": true,
	"none": true, "null": true, "nan": true, "not applicable": true,
}

// symbolCodes maps each currency sign accepted before or after a number to
// the codes it may stand for. A sign agrees with a unit field naming any of
// them; it never picks a currency by itself.
var symbolCodes = map[string][]string{
	"$":   {"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "MXN", "ARS", "CLP", "COP", "UYU", "BSD", "BBD", "BMD", "BZD", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD"},
	"US$": {"USD"}, "C$": {"CAD"}, "A$": {"AUD"}, "NZ$": {"NZD"}, "HK$": {"HKD"},
	"S$": {"SGD"}, "R$": {"BRL"}, "NT$": {"TWD"},
	"₹": {"INR"}, "Rs": {"INR", "PKR", "LKR", "NPR"}, "Rs.": {"INR", "PKR", "LKR", "NPR"},
	"₨": {"INR", "PKR", "LKR", "NPR"}, "€": {"EUR"}, "£": {"GBP"}, "¥": {"JPY", "CNY"},
	"kr": {"SEK", "NOK", "DKK", "ISK"},
}

// prefixSymbols lists the signs in symbolCodes longest first, so that "US$"
// is tried before "$".
var prefixSymbols = []string{"NZ$", "HK$", "NT$", "US$", "Rs.", "C$", "A$", "S$", "R$", "Rs", "kr", "$", "₹", "₨", "€", "£", "¥"}

// parsePrinted takes a display string apart without looking at the unit.
func parsePrinted(display string) (printed, error) {
	var p printed
	bad := func(hint, format string, args ...any) (printed, error) {
		return p, errorf(CodeBadNumber, hint, format, args...).in("display")
	}
	if len(display) > maxDisplayBytes {
		return bad("give the number as printed, at most 100 bytes", "display is %d bytes long", len(display))
	}
	if !utf8.ValidString(display) {
		return bad("give the display as UTF-8 text", "display is not valid UTF-8")
	}
	t := strings.Join(strings.FieldsFunc(display, unicode.IsSpace), " ")
	if t == "" {
		return bad("give the number exactly as the source prints it", "empty display")
	}
	if placeholders[strings.ToLower(t)] {
		return bad("the source prints no number here; do not compute with it, or find the value elsewhere",
			"no number printed: %q", t)
	}
	for _, r := range t {
		if unicode.IsDigit(r) && r > unicode.MaxASCII {
			return bad("transcribe the digits as ASCII 0-9", "non-ASCII digit %q in %q", r, t)
		}
	}
	if strings.ContainsAny(t, "()") {
		inner, ok := unparen(t)
		if !ok {
			return bad("put an accounting negative in one pair of parentheses around the digits: (1,234.5)",
				"misplaced parenthesis in %q", t)
		}
		p.neg, t = true, inner
	}
	rest, err := p.prefix(t)
	if err != nil {
		return p, err
	}
	i := strings.IndexFunc(rest, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.' || r == ',') })
	if i < 0 {
		i = len(rest)
	}
	if p.digits, err = ungroup(rest[:i]); err != nil {
		return p, err
	}
	return p, p.suffix(rest[i:])
}

// prefix consumes what may come before the digits: one sign and one currency
// sign or code, in either order, with spaces between.
func (p *printed) prefix(t string) (string, error) {
	signed := false
	for {
		t = strings.TrimLeft(t, " ")
		if s, ok := cutSign(t); ok {
			if signed || p.neg {
				return "", errorf(CodeBadNumber, "give one sign: -5 or (5)", "two signs in %q", t).in("display")
			}
			if s.neg {
				p.neg = true
			}
			signed, t = true, s.rest
			continue
		}
		if m, rest, ok := cutPrefixMark(t); ok && len(p.marks) == 0 {
			p.marks = append(p.marks, m)
			t = rest
			continue
		}
		return t, nil
	}
}

// unparen removes the one pair of accounting parentheses around the digits
// of t, wherever a currency or scale word sits: "(1,234)", "$(1,234)",
// "(1,234) USD", "(2.5)%".
func unparen(t string) (string, bool) {
	open, shut := strings.Index(t, "("), strings.Index(t, ")")
	if open < 0 || shut < open || strings.Count(t, "(") != 1 || strings.Count(t, ")") != 1 ||
		strings.ContainsAny(t[:open], "0123456789") || strings.ContainsAny(t[shut:], "0123456789") {
		return "", false
	}
	return t[:open] + strings.TrimSpace(t[open+1:shut]) + t[shut+1:], true
}

// signed is the result of cutSign.
type signed struct {
	neg  bool
	rest string
}

// cutSign removes a leading -, − (U+2212) or +.
func cutSign(t string) (signed, bool) {
	for _, s := range []string{"-", "−", "+"} {
		if rest, ok := strings.CutPrefix(t, s); ok {
			return signed{neg: s != "+", rest: rest}, true
		}
	}
	return signed{}, false
}

// cutPrefixMark removes a currency sign or an upper-case three-letter code
// from the start of t.
func cutPrefixMark(t string) (mark, string, bool) {
	for _, s := range prefixSymbols {
		if rest, ok := strings.CutPrefix(t, s); ok {
			return mark{text: s, currency: true}, rest, true
		}
	}
	if len(t) >= 3 && isUpper(t[:3]) && (len(t) == 3 || !isLetter(t[3])) {
		return mark{text: t[:3], currency: true}, t[3:], true
	}
	return mark{}, t, false
}

// suffix consumes what may come after the digits: a scale word, a % sign, a
// currency sign or code, a unit word such as pp or the noun of a count.
func (p *printed) suffix(t string) error {
	for {
		t = strings.TrimLeft(t, " ")
		if t == "" {
			return nil
		}
		if t[0] == 'e' || t[0] == 'E' {
			if r := strings.TrimLeft(t[1:], "+-"); r != "" && r[0] >= '0' && r[0] <= '9' {
				return errorf(CodeBadNumber, "write the number out in full, without an exponent",
					"exponent in %q", t).in("display")
			}
		}
		if rest, ok := strings.CutPrefix(t, "%"); ok {
			p.percent, t = true, rest
			continue
		}
		word, rest := cutWord(t)
		low := strings.ToLower(word)
		switch {
		case word == "":
			return errorf(CodeBadNumber, "give one number, with only a sign, a currency, a scale word or % around it",
				"unexpected %q after the number", t).in("display")
		case low == "percent":
			p.percent = true
		case scaleIndex[low] != 0 || low == "units":
			if p.scale != "" {
				return errorf(CodeBadNumber, "print one scale word", "two scale words in %q", t).in("display")
			}
			p.scale = word
		case symbolCodes[word] != nil || len(word) == 3 && isUpper(word):
			p.marks = append(p.marks, mark{text: word, currency: true})
		default:
			p.marks = append(p.marks, mark{text: low})
		}
		t = rest
	}
}

// cutWord removes one word from the start of t: a currency sign, "'000", or
// a run of letters, dots, slashes, hyphens and underscores (n/a, Rs.,
// retail-stores).
func cutWord(t string) (string, string) {
	for _, s := range []string{"'000", "’000", "×"} {
		if strings.HasPrefix(t, s) {
			return t[:len(s)], t[len(s):]
		}
	}
	for _, s := range prefixSymbols {
		if strings.HasPrefix(t, s) && !isLetter(s[0]) {
			return s, t[len(s):]
		}
	}
	i := strings.IndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !strings.ContainsRune("./-_", r) })
	if i < 0 {
		i = len(t)
	}
	return t[:i], t[i:]
}

// ungroup checks the digit grouping of a number and removes it. It accepts
// Western grouping (1,234,567.5), Indian grouping (12,34,567.5) and none; it
// refuses a decimal comma rather than guess (1.234,5 and 1,5).
func ungroup(s string) (string, error) {
	european := func() (string, error) {
		return "", errorf(CodeEuropeanSeparators,
			"reckon never guesses separators: give display with a dot for decimals and commas or nothing for grouping, e.g. 1234.5 for 1.234,5",
			"decimal comma or dot grouping in %q", s).in("display")
	}
	dots, commas := strings.Count(s, "."), strings.Count(s, ",")
	intPart, frac, _ := strings.Cut(s, ".")
	switch {
	case !strings.ContainsAny(s, "0123456789"):
		return "", errorf(CodeBadNumber, "give the number exactly as the source prints it", "no digits in %q", s).in("display")
	case dots > 1, strings.Contains(frac, ","):
		return european()
	case commas == 1 && dots == 0 && len(s)-strings.LastIndex(s, ",")-1 != 3:
		return european()
	}
	if commas > 0 && strings.HasPrefix(intPart, "0") {
		// No grouping starts with a group of zeros: 0,125 is a decimal
		// comma, which reckon never guesses at.
		return european()
	}
	if commas > 0 && !grouped(strings.Split(intPart, ",")) {
		return "", errorf(CodeBadGrouping,
			"digit groups must be Western (1,234,567) or Indian (12,34,567); give the digits without commas if unsure",
			"inconsistent digit grouping in %q", s).in("display")
	}
	digits := strings.ReplaceAll(intPart, ",", "")
	if n := len(digits) + len(frac); n > maxDigits {
		return "", errorf(CodeBadNumber, "give at most 34 significant digits", "%d digits in %q", n, s).in("display")
	}
	if digits == "" {
		digits = "0"
	}
	if frac != "" {
		digits += "." + frac
	}
	return digits, nil
}

// grouped reports whether comma-separated groups follow Western (3,3,3) or
// Indian (2,2,3) grouping after a first group of one to three digits.
func grouped(g []string) bool {
	last := g[len(g)-1]
	if len(g[0]) == 0 || len(g[0]) > 3 || len(last) != 3 {
		return false
	}
	mid := g[1 : len(g)-1]
	western, indian := true, len(g[0]) <= 2
	for _, m := range mid {
		western = western && len(m) == 3
		indian = indian && len(m) == 2
	}
	return western || indian
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// decimal parses digits checked by ungroup under the one context.
func decimal(digits string, neg bool) (*apd.Decimal, error) {
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), digits)
	if err != nil {
		return nil, errorf(CodeBadNumber, "give the number exactly as the source prints it", "cannot read %q", digits).in("display")
	}
	d.Negative = neg && !d.IsZero()
	return d, nil
}
