package units

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
)

// Bounds on a printed number. They are far above anything a filing prints
// and keep a hostile display string from costing more than a few microseconds.
const (
	// maxDisplayBytes bounds the display string: the longest amount with
	// grouping, sign, symbol, scale word and code fits in well under 100.
	maxDisplayBytes = 100
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

// prefixSigns are the currency signs the reader accepts before a number,
// longest first ([numeral.CurrencySigns]).
var prefixSigns = numeral.CurrencySigns()

// parsePrinted takes a display string apart without looking at the unit:
// the one reader ([numeral.ReadAt]) reads the number, and what follows it may only be
// the words of a unit ("41 tweets", "3 years").
func parsePrinted(display string) (printed, numeral.Token, error) {
	var p printed
	bad := func(hint, format string, args ...any) (printed, numeral.Token, error) {
		return p, numeral.Token{}, errorf(fault.BadNumber, hint, format, args...).In("display")
	}
	if len(display) > maxDisplayBytes {
		return bad("give the number as printed, at most 100 bytes", "display is %d bytes long", len(display))
	}
	if !utf8.ValidString(display) {
		return bad("give the display as UTF-8 text", "display is not valid UTF-8")
	}
	t := collapseSpace(display)
	if t == "" {
		return bad("give the number exactly as the source prints it", "empty display")
	}
	if placeholder(t) {
		return bad("the source prints no number here; do not compute with it, or find the value elsewhere",
			"no number printed: %q", t)
	}
	tok, ok := numeral.Next(t, 0)
	if !ok {
		return bad("give the number exactly as the source prints it", "no digits in %q", t)
	}
	if tok.Start > 0 {
		return p, tok, before(t[:tok.Start], t)
	}
	if err := tok.Err(); err != nil {
		return p, tok, err.(*fault.Error).In("display")
	}
	p.neg, p.digits, p.percent = tok.Neg, tok.Digits(), tok.Suffix == numeral.SuffixPercent
	if tok.Currency != "" {
		p.marks = append(p.marks, mark{text: tok.Currency, currency: true})
	}
	switch tok.Suffix {
	case numeral.SuffixPP, numeral.SuffixBP, numeral.SuffixRatio:
		p.marks = append(p.marks, mark{text: tok.Suffix.String()})
	}
	if tok.ScaleText != "" {
		p.scale = tok.ScaleText
	}
	rest := t[tok.End:]
	if rest == "." {
		rest = "" // a full stop copied with the number: "1,234."
	}
	return p, tok, p.suffix(rest)
}

// before refuses what display prints before its number.
func before(lead, t string) error {
	switch {
	case strings.ContainsAny(lead, "()"):
		return errorf(fault.BadNumber, "put an accounting negative in one pair of parentheses around the digits: (1,234.5)",
			"misplaced parenthesis in %q", t).In("display")
	case strings.HasSuffix(lead, ","):
		return errorf(fault.BadGrouping,
			"digit groups must be Western (1,234,567) or Indian (12,34,567); give the digits without commas if unsure",
			"a comma before the digits in %q", t).In("display")
	case strings.ContainsFunc(lead, numeral.IsMinus) || strings.ContainsAny(lead, "+＋"):
		return errorf(fault.BadNumber, "give one sign, glued to the number: -5 or (5)", "a sign apart from the number in %q", t).In("display")
	}
	return errorf(fault.BadNumber, "give one number, with only a sign, a currency, a scale word or % around it",
		"unexpected %q before the number", lead).In("display")
}

// collapseSpace trims s and makes each run of white space one space,
// allocating only when s needs it.
func collapseSpace(s string) string {
	s = strings.TrimSpace(s)
	prev := false
	for _, r := range s {
		sp := unicode.IsSpace(r)
		if sp && (prev || r != ' ') {
			return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
		}
		prev = sp
	}
	return s
}

// placeholder reports whether t is what sources print where there is no
// number.
func placeholder(t string) bool {
	if len(t) > len("not applicable") {
		return false
	}
	return placeholders[strings.ToLower(t)]
}

// suffix consumes what may follow the number after the reader's token: the
// words of a unit, such as pp or the noun of a count.
func (p *printed) suffix(t string) error {
	for {
		t = strings.TrimLeft(t, " ")
		if t == "" {
			return nil
		}
		if rest, ok := strings.CutPrefix(t, "%"); ok {
			p.percent, t = true, rest
			continue
		}
		word, rest := cutWord(t)
		low := strings.ToLower(word)
		switch {
		case word == "":
			if strings.HasPrefix(t, ")") || strings.HasPrefix(t, "(") {
				return errorf(fault.BadNumber, "put an accounting negative in one pair of parentheses around the digits: (1,234.5)",
					"misplaced parenthesis in %q", t).In("display")
			}
			return errorf(fault.BadNumber, "give one number, with only a sign, a currency, a scale word or % around it",
				"unexpected %q after the number", t).In("display")
		case low == "percent":
			p.percent = true
		case isScaleWord(low):
			if p.scale != "" {
				return errorf(fault.BadNumber, "print one scale word, or the compound as the source prints it (5 thousand crore)",
					"two scale words in %q", t).In("display")
			}
			p.scale = word
		case numeral.SignCurrencies(word) != nil || len(word) == 3 && isUpper(word):
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
	for _, s := range prefixSigns {
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

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// isScaleWord reports whether the lower-case word low is a scale word after
// a number, or "units", which names none.
func isScaleWord(low string) bool {
	sc, ok := numeral.LookupScale(low)
	return ok && sc != numeral.Ones || low == "units"
}
