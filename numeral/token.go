package numeral

// This file holds the token of the one reader of printed numbers (read.go):
// what it reports, how its digits compare and read, and the errors that
// refuse it.

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// Token is one printed number found in a text: where it stands, what it
// prints around its digits, and the forms in it that make it unreadable.
// Offsets are bytes into the text the token was read from; Text and Number
// are substrings of it, so reading a token allocates nothing.
type Token struct {
	Start, End int    // the whole token: parentheses, sign, currency, digits, scale, unit, marker
	Text       string // text[Start:End]
	// NumStart and NumEnd bound the digits with their separators and
	// decimal point, and Number is text[NumStart:NumEnd]: "1,09,638.91".
	NumStart, NumEnd int
	Number           string

	Neg      bool     // printed negative: a minus or dash, a trailing minus, or accounting parentheses
	Signed   bool     // a sign was printed, + or any minus
	Paren    bool     // accounting parentheses around the number: (799), $(799), (Rs 799)
	Grouping Grouping // how the integer digits are grouped
	Places   int      // digits after the decimal point

	Currency      string // a currency sign or ISO 4217 code as printed ("$", "Rs.", "USD"), or ""
	CurrencyAfter bool   // the currency follows the number: 1,234 USD, 5 €

	Suffix Suffix // SuffixPercent (%, percent), SuffixPP (pp), SuffixBP (bp) or SuffixRatio (×, or x glued) printed after the number, or 0

	// Scale is the scale printed after the number, ScaleText the words or
	// letters as printed ("bn", "M", "lakh crore") and ScaleExp its power
	// of ten. A compound scale ([FlagCompoundScale]) has ScaleExp the sum of
	// its words' powers, and Scale the one table scale of that power, or
	// [Ones] when the table has none (thousand crore is 10^10).
	Scale      Scale
	ScaleText  string
	ScaleExp   int
	ScaleGlued bool // the scale touches the digits: 5bn, $84M

	Marker string // the credit or debit marker as printed (Cr, CR, Dr, DR.), with [FlagCreditDebit]
	Flags  Flag   // the forms recognised in the token
}

// Grouping is how the integer digits of a printed number are grouped.
type Grouping uint8

// The groupings. Only the first three are read; the others are reported so
// that a reader can refuse them.
const (
	GroupNone    Grouping = iota // no separators: 1234567.5
	GroupWestern                 // commas every three digits: 1,234,567
	GroupIndian                  // commas after the last three digits, then every two: 12,34,567
	GroupSpace                   // spaces between groups of three: 5 500 ([FlagSpaceGrouping])
	GroupDot                     // dots between groups of three: 1.234.567 ([FlagDotGrouping])
	GroupInvalid                 // separators that follow no grouping: 1,23,4 or a decimal comma
)

// Flag is a set of forms the reader recognises in a printed number. Every
// flag but [FlagCompoundScale] and [FlagCreditDebit] makes the token
// unreadable as a plain value; see [Unreadable].
type Flag uint32

// The flags.
const (
	FlagExponent      Flag = 1 << iota // an exponent: 5e3, 1.5E-3, 10^6
	FlagSuperscript                    // a superscript digit: 5², 10³, a footnote mark ¹
	FlagFraction                       // a fraction: 5/8, 11/12, 03/04/2021, ½, a mixed 5 1/2
	FlagTrailingSign                   // a minus printed after the number: 799-
	FlagCreditDebit                    // Cr or Dr after the number: a bank statement's credit or debit marker (Cr may also be crore)
	FlagDecimalComma                   // a comma that cannot be grouping: 1,5  0,125  1.234,5
	FlagDotGrouping                    // dots between groups of three: 1.234.567
	FlagAmbiguousDot                   // a dot before exactly three digits beside a currency that groups with dots: €1.234
	FlagBadGrouping                    // commas that are neither Western nor Indian grouping: 1,23,4
	FlagSpaceGrouping                  // digits grouped with spaces or apostrophes: 5 500, 1'234
	FlagNonASCII                       // a digit outside 0-9: Arabic-Indic, full-width, circled, Roman numerals
	FlagGluedBefore                    // glued to a word in front: FY2021, COVID-19, #42, v2
	FlagGluedAfter                     // letters glued after that are no scale, unit or currency: 3D, 4G, 3rd
	FlagDotted                         // a second decimal point: 1.2.3, 192.168.0.1
	FlagTooManyDigits                  // more significant digits than the arithmetic holds (34)
	FlagTwoSigns                       // two signs: --5, -(5), -$-5
	FlagCompoundScale                  // two scale words: lakh crore (10^12), thousand crore (10^10)
	FlagInvisible                      // an invisible character in or beside the digits: 2\u200b7, 27\u2060, \u00ad5
	FlagPerMille                       // per mille after the number: 5‰, 5 per mille, 5 permille, a unit reckon has none of
)

// Unreadable is the set of flags that make a token unreadable as a plain
// value: whoever meets one refuses the number, never cuts it short.
const Unreadable = ^(FlagCompoundScale | FlagCreditDebit)

var flagNames = [...]string{
	"exponent", "superscript", "fraction", "trailing_sign", "credit_debit", "decimal_comma",
	"dot_grouping", "ambiguous_dot", "bad_grouping", "space_grouping", "non_ascii", "glued_before",
	"glued_after", "dotted", "too_many_digits", "two_signs", "compound_scale", "invisible", "per_mille",
}

// String lists the flags in f by name, joined with "|", or "" for none.
func (f Flag) String() string {
	var b strings.Builder
	for i, n := range flagNames {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

// Readable reports whether t carries no [Unreadable] flag.
func (t *Token) Readable() bool { return t.Flags&Unreadable == 0 }

// classify sets the grouping, the places and the flags the digits earn.
func (t *Token) classify() {
	s := t.Number
	intPart, frac, point := strings.Cut(s, ".")
	commas := strings.Count(s, ",")
	// The cases follow the old display parser's rules, which the amounts
	// testdata pins: more than one point is dot grouping or a version, a
	// comma after the point or before other than three digits is a decimal
	// comma, and commas must group as Western or Indian numbering does.
	switch {
	case t.Flags&FlagSpaceGrouping != 0:
		t.Grouping = GroupSpace
	case strings.Count(s, ".") > 1:
		t.Grouping = GroupInvalid
		switch {
		case commas > 0:
			t.Flags |= FlagDecimalComma // 1.234.567,5
		case dotGrouped(s):
			t.Grouping, t.Flags = GroupDot, t.Flags|FlagDotGrouping
		default:
			t.Flags |= FlagDotted
		}
		return
	case strings.Contains(frac, ","):
		t.Grouping, t.Flags = GroupInvalid, t.Flags|FlagDecimalComma
	case commas == 0:
	case commas == 1 && !point && len(s)-strings.IndexByte(s, ',')-1 != 3, intPart[0] == '0':
		// No grouping leaves other than three digits after one comma,
		// nor starts with a group of zeros: 1,5 and 0,125 are decimal
		// commas, which reckon never guesses at.
		t.Grouping, t.Flags = GroupInvalid, t.Flags|FlagDecimalComma
	default:
		t.Grouping = commaGrouping(intPart)
		if t.Grouping == GroupInvalid {
			t.Flags |= FlagBadGrouping
		}
	}
	if point {
		t.Places = len(frac)
	}
	if significant(s) > maxDigits {
		t.Flags |= FlagTooManyDigits
	}
	// €1.234 is 1234 to a German reader and 1.234 to an English one; with
	// a scale word after it ("€1.234bn") only the decimal point makes sense.
	if point && commas == 0 && t.Places == 3 && len(intPart) <= 3 && intPart != "" && intPart[0] != '0' &&
		t.ScaleText == "" && GroupsWithDots(t.Currency) {
		t.Flags |= FlagAmbiguousDot
	}
}

// AmbiguousIn reports whether t prints a dot before exactly three digits
// that sources in the currency code would read as a thousands separator:
// 5.500 in a EUR amount is 5500 in a German source and 5.5 in an English
// one. A currency sign printed with t does not settle it when the code
// groups with dots: "$1.234" in ARS is 1,234 pesos.
func (t *Token) AmbiguousIn(code string) bool {
	if t.Flags&FlagAmbiguousDot != 0 {
		return true
	}
	// A printed sign does not settle it: "$1.234" in an Argentine or
	// Chilean peso source is 1,234 pesos.
	if t.ScaleText != "" || !GroupsWithDots(code) {
		return false
	}
	u := *t
	u.Currency = code
	u.classify()
	return u.Flags&FlagAmbiguousDot != 0
}

// dotGrouped reports whether s is digits grouped by dots: 1.234.567. It
// allocates nothing.
func dotGrouped(s string) bool {
	start, groups := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		size := i - start
		if size == 0 || groups == 0 && size > 3 || groups > 0 && size != 3 {
			return false
		}
		start, groups = i+1, groups+1
	}
	return groups > 2
}

// commaGrouping classifies the comma groups of an integer part: Western
// (3,3,3) or Indian (2,2,3) after a first group of one to three digits, or
// one to two for Indian. "12,345" is both and reads as Western.
func commaGrouping(intPart string) Grouping {
	western, indian := true, true
	start, group := 0, 0
	for i := 0; i <= len(intPart); i++ {
		if i < len(intPart) && intPart[i] != ',' {
			continue
		}
		size := i - start
		switch {
		case i == len(intPart):
			western, indian = western && size == 3, indian && size == 3
		case group == 0:
			western, indian = western && size >= 1 && size <= 3, indian && size >= 1 && size <= 2
		default:
			western, indian = western && size == 3, indian && size == 2
		}
		start, group = i+1, group+1
	}
	switch {
	case western:
		return GroupWestern
	case indian:
		return GroupIndian
	}
	return GroupInvalid
}

// significant counts the digits of s after its leading zeros: the digits
// the arithmetic must hold. 0.0000…1 holds one.
func significant(s string) int {
	n, lead := 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIIDigit(c) {
			continue
		}
		if lead && c == '0' {
			continue
		}
		lead = false
		n++
	}
	return n
}

// dotGroupCurrencies are the currencies whose sources commonly group digits
// with dots (1.234.567,89), by sign and by code.
var dotGroupCurrencies = map[string]bool{
	"€": true, "R$": true, "kr": true,
	"EUR": true, "BRL": true, "DKK": true, "ISK": true, "IDR": true, "VND": true, "ARS": true,
	"CLP": true, "COP": true, "UYU": true, "PYG": true, "TRY": true, "RSD": true, "RON": true, "NOK": true,
}

// GroupsWithDots reports whether a currency sign or code is one whose
// sources group digits with dots.
func GroupsWithDots(cur string) bool { return dotGroupCurrencies[cur] }

// SameNumber reports whether t and u print the same signed number, whatever
// their grouping, leading zeros or trailing decimal zeros: "1,09,638.91" and
// "109638.910" are the same, "-4.3" and "4.3" are not. It looks only at the
// digits and the sign, and allocates nothing.
func (t *Token) SameNumber(u *Token) bool { return t.SameValue(0, u, 0) }

// SameValue reports whether t × 10^texp and u × 10^uexp are the same signed
// value: with the powers of their scales, "5 billion" and "5,000 million"
// are. It allocates nothing.
func (t *Token) SameValue(texp int, u *Token, uexp int) bool {
	if t == nil || u == nil {
		return false // no token prints no number, the same as nothing
	}
	// Two values are equal when their significant digits are the same and
	// the first of them stands at the same power of ten: comparing digits
	// this way needs neither a decimal nor an allocation.
	a, b := sigOf(t.Number), sigOf(u.Number)
	if a.zero || b.zero {
		return a.zero && b.zero
	}
	if t.Neg != u.Neg || a.exp+texp != b.exp+uexp || a.n != b.n {
		return false
	}
	i, j := a.first, b.first
	for k := 0; k < a.n; k++ {
		i, j = nextDigit(t.Number, i), nextDigit(u.Number, j)
		if t.Number[i] != u.Number[j] {
			return false
		}
		i, j = i+1, j+1
	}
	return true
}

// sig describes the significant digits of a printed number: how many, the
// byte offset of the first, and the power of ten of the first.
type sig struct {
	n, first, exp int
	zero          bool
}

// sigOf finds the significant digits of s, skipping its separators: in
// "0,012.50" they are "125", the first at 10^1.
func sigOf(s string) sig {
	intDigits := 0
	for i := 0; i < len(s) && s[i] != '.'; i++ {
		if isASCIIDigit(s[i]) {
			intDigits++
		}
	}
	g := sig{first: -1}
	k, f, last := 0, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIIDigit(c) {
			continue
		}
		if c != '0' {
			if g.first < 0 {
				g.first, f = i, k
			}
			last = k
		}
		k++
	}
	if g.first < 0 {
		return sig{zero: true}
	}
	g.exp, g.n = intDigits-1-f, last-f+1
	return g
}

// nextDigit returns the offset of the first ASCII digit at or after i.
func nextDigit(s string, i int) int {
	for !isASCIIDigit(s[i]) {
		i++
	}
	return i
}

// Digits returns the number t prints, sign excluded, with its grouping
// removed and a "0" before a leading point: "109638.91" for "1,09,638.91".
func (t *Token) Digits() string {
	if plainDigits(t.Number) {
		return t.Number // no separators to remove: no allocation
	}
	var b strings.Builder
	b.Grow(len(t.Number) + 1)
	if strings.HasPrefix(t.Number, ".") {
		b.WriteByte('0')
	}
	for i := 0; i < len(t.Number); i++ {
		if c := t.Number[i]; isASCIIDigit(c) || c == '.' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// plainDigits reports whether s is ASCII digits with at most a point after
// the first.
func plainDigits(s string) bool {
	if s == "" || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) && s[i] != '.' {
			return false
		}
	}
	return true
}

// Value returns the signed number t prints, scale and unit not applied, or
// a [*fault.Error] with Field "display" that says why t cannot be read: the error
// [units.ParseAmount] returns for the same token.
func (t *Token) Value() (*apd.Decimal, error) {
	if err := t.Err(); err != nil {
		return nil, err
	}
	return decimal(t.Digits(), t.Neg)
}

// Err returns nil when t is readable, or the [*fault.Error] that refuses it: its
// code and hint name the first unreadable form (see [Flag]). Its Field is
// empty; [units.ParseAmount] sets it to "display". A compound
// scale or a Cr/Dr marker is not refused here; [units.ParseAmount] decides those
// with the scale field.
func (t *Token) Err() error {
	f := t.Flags & Unreadable
	if f == 0 {
		return nil
	}
	for _, fe := range flagErrors {
		if f&fe.flag != 0 {
			return errorf(fe.code, fe.hint, fe.msg+" in %q", t.Text)
		}
	}
	return errorf(fault.BadNumber, "give the number exactly as the source prints it", "cannot read %q", t.Text)
}

// flagErrors gives each unreadable form its error, most specific first.
var flagErrors = []struct {
	flag            Flag
	code, msg, hint string
}{
	{FlagInvisible, fault.BadNumber, "invisible character in the number",
		"an invisible character (a zero-width space or joiner, a soft hyphen, a bidi or combining mark) stands in or beside the digits: give the number without it"},
	{FlagNonASCII, fault.BadNumber, "non-ASCII digit", "transcribe the digits as ASCII 0-9; a circled, Roman or other numeral is refused rather than guessed"},
	{FlagSuperscript, fault.BadNumber, "superscript digit",
		"a superscript after a number is a footnote mark or a power: give the number without it, or the power written out"},
	{FlagExponent, fault.BadNumber, "exponent", "write the number out in full, without an exponent"},
	{FlagFraction, fault.BadNumber, "fraction",
		"give a fraction as a decimal, or its numerator and denominator as two inputs divided in the formula"},
	{FlagTrailingSign, fault.BadNumber, "minus after the number", "put the minus before the number: -799 for 799-"},
	{FlagTwoSigns, fault.BadNumber, "two signs", "give one sign: -5 or (5)"},
	{FlagGluedBefore, fault.BadNumber, "digits glued to a word",
		"give one number, with only a sign, a currency, a scale word or % around it"},
	{FlagGluedAfter, fault.BadNumber, "letters glued to the number",
		"give one number, with only a sign, a currency, a scale word or % around it"},
	{FlagSpaceGrouping, fault.BadNumber, "digits grouped with spaces or apostrophes",
		"reckon never guesses whether a space joins digit groups or separates two numbers: give the digits without spaces, e.g. 5500"},
	{FlagAmbiguousDot, fault.EuropeanSeparators, "a dot before three digits beside a currency that groups with dots",
		"reckon never guesses separators: €1.234 is 1234 in a German source and 1.234 in an English one; give 1234 or 1.234 without the currency sign and say which in the unit field"},
	{FlagDotGrouping, fault.EuropeanSeparators, "decimal comma or dot grouping",
		"reckon never guesses separators: give display with a dot for decimals and commas or nothing for grouping, e.g. 1234567 for 1.234.567"},
	{FlagDecimalComma, fault.EuropeanSeparators, "decimal comma or dot grouping",
		"reckon never guesses separators: give display with a dot for decimals and commas or nothing for grouping, e.g. 1234.5 for 1.234,5"},
	{FlagDotted, fault.EuropeanSeparators, "a second decimal point",
		"a number has one decimal point; 1.2.3 is a version or an address, not a number"},
	{FlagBadGrouping, fault.BadGrouping, "inconsistent digit grouping",
		"digit groups must be Western (1,234,567) or Indian (12,34,567); give the digits without commas if unsure"},
	{FlagTooManyDigits, fault.BadNumber, "more than 34 significant digits", "give at most 34 significant digits"},
	{FlagPerMille, fault.BadNumber, "a per-mille number",
		"reckon has no per-mille unit, and never reads 5‰ as 5 or 5%: quote a passage that prints the number as a percent or an amount, or ask"},
}

// decimal parses ungrouped digits under the one context.
func decimal(digits string, neg bool) (*apd.Decimal, error) {
	if d, ok := smallDecimal(digits); ok {
		d.Negative = neg && !d.IsZero()
		return d, nil
	}
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), digits)
	if err != nil {
		return nil, errorf(fault.BadNumber, "give the number exactly as the source prints it", "cannot read %q", digits).In("display")
	}
	d.Negative = neg && !d.IsZero()
	return d, nil
}

// maxSmallDigits is the most digits smallDecimal reads: any 18 digits fit
// in a uint64, and a value of at most 18 digits with at most 18 of them
// after the point is neither rounded at 34 digits nor near the exponent
// bounds, so the context has nothing to decide.
const maxSmallDigits = 18

// smallDecimal reads digits of the form 123 or 123.45, of at most
// maxSmallDigits digits, into the decimal SetString makes of them, without
// its general parse; anything else reports false. Nearly every printed
// number is of this form, and reading it was a large share of reading a
// display. TestSmallDecimal and FuzzSmallDecimal hold it to SetString.
func smallDecimal(digits string) (*apd.Decimal, bool) {
	var c uint64
	n, point := 0, -1
	for i := 0; i < len(digits); i++ {
		switch ch := digits[i]; {
		case ch >= '0' && ch <= '9':
			c = c*10 + uint64(ch-'0')
			n++
		case ch == '.' && point < 0 && i > 0 && i < len(digits)-1:
			point = i
		default:
			return nil, false
		}
	}
	if n == 0 || n > maxSmallDigits {
		return nil, false
	}
	d := new(apd.Decimal)
	d.Coeff.SetUint64(c)
	if point >= 0 {
		d.Exponent = -int32(len(digits) - point - 1)
	}
	return d, true
}
