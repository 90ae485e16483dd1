package quote

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// ContainsNumber reports whether printed, a number as printed such as
// "109,638.91", appears in text as the same number. See [FindNumber].
func ContainsNumber(text, printed string) bool {
	_, _, ok := FindNumber(text, printed)
	return ok
}

// FindNumber returns the byte span of the first number in text that reads
// to the number printed prints, both read by the one reader of printed
// numbers ([numeral.Next]). A number of text backs printed only when it is
// readable and whole: not part of a longer number ("1109,638.912"), not
// followed by more decimals or groups ("109,638.91.5", "5 500"), not glued
// to a word ("FY2021"), with no exponent, superscript, fraction or trailing
// minus ("5e3", "5²", "5/8", "799-"), and with no Cr or Dr marker after it,
// which may be crore or a credit. It must carry the same sign: "-4.3%"
// and "(799)" hold no "4.3" and no "799". Grouping does not matter
// ("1,09,638.91" holds "109,638.91"). A %, unit or scale printed with the
// number in text matters only when printed prints one too. A number that
// is only part of something larger backs nothing: the first end of a range
// ("5–10%"), a part of a time, ratio or date ("10:30", "3:1", "2021-03-04"),
// a form name ("10-K"), a number beside a currency sign the reader does not
// know ("₩5") or before a scale it does not read ("5 mln"). To compare
// with an input's unit and scale, use [FindAmount].
func FindNumber(text, printed string) (start, end int, ok bool) {
	want, ok := numeral.Next(strings.TrimSpace(printed), 0)
	if !ok || !want.Readable() {
		return 0, 0, false
	}
	return find(text, func(got *numeral.Token) bool {
		exp := want.ScaleExp
		if want.ScaleText != "" && got.ScaleText != "" {
			exp = got.ScaleExp
		}
		return got.Marker == "" && want.SameValue(want.ScaleExp, got, exp) &&
			(want.Suffix == 0 || got.Suffix == want.Suffix) &&
			(want.Currency == "" || got.Currency == "" || sameCurrency(want.Currency, got.Currency))
	})
}

// ContainsAmount reports whether text prints a's number with its meaning.
// See [FindAmount].
func ContainsAmount(text string, a *units.Amount) bool {
	_, _, ok := FindAmount(text, a)
	return ok
}

// FindAmount returns the byte span of the first number in text that backs
// the input a: a readable, whole number (as for [FindNumber]) that reads to
// the same value. Its sign must agree; a scale word or letter printed with
// it, glued or spaced ("$5bn", "5 billion", "₹1.2 lakh crore"), must give
// the same value with it as a's scale gives a's number, and without one the
// text is taken to state a's scale, unless the quote states another as a
// table does, "(in billions)", "USD millions", "₹ crore"; a % printed with it needs a percent
// unit, pp and bp their units, × a ratio or number; a currency printed
// with it must be one a's unit may be. A dot before three digits in an
// amount whose currency's sources group with dots ("5.500" for EUR) backs
// nothing: it is 5500 or 5.5. A year ("In 2027") takes no scale but a
// header's. A Cr after the number backs only an
// amount in crore; Dr backs nothing. A bare number before "points" or
// "pts" backs no percent.
func FindAmount(text string, a *units.Amount) (start, end int, ok bool) {
	if a == nil {
		return 0, 0, false // no amount: nothing backs it
	}
	want := a.Token()
	scale := a.Scale.Exp()
	header, stated := headerScale(text)
	return find(text, func(got *numeral.Token) bool {
		if got.ScaleText == "" && got.Marker == "" && stated && header != scale {
			return false // "(in billions) Revenue 5" for 5 million
		}
		if got.ScaleText == "" && !stated && scale != 0 && yearLike(got) {
			return false // "In 2027 revenue was 84 million" for 2027 million
		}
		if got.Currency != "" && !got.CurrencyAfter && unicode.IsLetter(lastRune(text[:got.Start])) {
			return false // "AU$5": a currency sign the reader's table does not know
		}
		exp := scale
		switch {
		case got.Marker != "":
			if a.Scale != numeral.Crore || got.Marker[0] != 'C' && got.Marker[0] != 'c' || got.ScaleText != "" {
				return false
			}
		case got.ScaleText != "":
			exp = got.ScaleExp
		}
		after := wordAfter(text, got.End)
		if codes := numeral.CurrencyNameCurrencies(after); codes != nil &&
			!slices.Contains(codes, a.Unit.Currency()) {
			return false // "5 euros" for USD
		}
		if a.Unit.Currency() != "" && numeral.Subunit(after) {
			return false // "5.0 pence" for £5.00: a hundredth of the currency
		}
		if a.Unit.Currency() != "" && got.Currency == "" && countsThings(after) {
			return false // "repurchased 5 million shares" for $5 million
		}
		if got.Suffix == 0 && a.Unit.Kind() == units.KindPercent && numeral.PointsWord(wordAfter(text, got.End)) {
			return false // "rose 5 points" for 5%: points, not a percent
		}
		return want.SameValue(scale, got, exp) && kindAgrees(units.SuffixKind(got.Suffix), a.Unit) &&
			currencyAgrees(got.Currency, a.Unit) && !got.AmbiguousIn(a.Unit.Currency())
	})
}

// yearLike reports a bare four-digit number from 1900 to 2100, with no
// sign, currency, unit or grouping: a year, as a quote prints one beside
// the amounts it dates. It takes no scale but one a header states.
func yearLike(t *numeral.Token) bool {
	n := t.Number
	return len(n) == 4 && !t.Signed && !t.Paren && t.Currency == "" && t.Suffix == 0 &&
		n >= "1900" && n <= "2100" && strings.Trim(n, "0123456789") == ""
}

// find returns the span of the first readable number of text that ok
// accepts.
func find(text string, ok func(*numeral.Token) bool) (int, int, bool) {
	for got, more := numeral.Next(text, 0); more; got, more = numeral.Next(text, got.End) {
		if got.Readable() && !joined(text, &got) && ok(&got) {
			return got.Start, got.End, true
		}
	}
	return 0, 0, false
}

// headerScale returns the power of ten of a scale the quote states as a
// table's header does, apart from any number: "in millions", "(billions)",
// "USD millions", "$ in thousands", "₹ crore". A number printed without a
// scale in such a quote is in that scale. It reports false when there is
// none, or when two disagree (then every unscaled number backs nothing).
func headerScale(text string) (exp int, ok bool) {
	exp = -1
	for _, d := range document.Declarations(text) {
		if !d.HasScale {
			continue
		}
		if ok && exp != d.Scale.Exp() {
			return -2, true // two headers that disagree: match no unscaled number
		}
		exp, ok = d.Scale.Exp(), true
	}
	return exp, ok
}

// joined reports whether the number tok is a part of something larger
// whose meaning it does not carry alone, and so backs nothing:
//   - the first end of a range, "5–10%", "$5–$10 million", which takes the
//     %, scale or currency printed after the second end;
//   - a part of a time, ratio or date, "10:30", "3:1", "2021-03-04";
//   - a form name, "10-K", "20-F";
//   - a number with a minus one space before it, "was - 4.3%"
//     ([numeral.DetachedSign]), which prints a negative;
//   - a number beside a currency sign the reader does not know, "₩5",
//     "84¢";
//   - a number before a scale word the reader does not read ("£5 mln",
//     "5 Mio"; see [numeral.ForeignScale]), a million times what it seems;
//   - a number with no currency before a lone, spaced m ("a 5 m wall"),
//     which may be metres as well as millions.
func joined(text string, tok *numeral.Token) bool {
	end, start := tok.End, tok.Start
	if end < len(text) {
		r, n := utf8.DecodeRuneInString(text[end:])
		switch {
		case r == ':' && digitAt(text, end+n):
			return true // 10:30, 3:1
		case numeral.IsMinus(r):
			if _, ok := numeral.RangeEnd(text, tok); ok {
				return true // the first end of a range, or a date
			}
			k := end + n
			if k < len(text) && text[k] >= 'A' && text[k] <= 'Z' && !letterAt(text, k+1) {
				return true // 10-K, 20-F
			}
		}
	}
	if start > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:start])
		switch {
		case r == ':' && unicode.IsDigit(lastRune(text[:start-n])):
			return true // 10:30
		case numeral.IsMinus(r) && unicode.IsDigit(lastRune(text[:start-n])):
			// The last part of a date, 2021-03-04: a second dash before
			// the digits before this one.
			i := start - n
			for i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
				i--
			}
			if q, m := utf8.DecodeLastRuneInString(text[:i]); numeral.IsMinus(q) && unicode.IsDigit(lastRune(text[:i-m])) {
				return true
			}
		}
	}
	if numeral.DetachedSign(text, tok) {
		return true // "the margin was - 4.3%" prints a negative
	}
	if numeral.ForeignCurrencyBeside(text, tok) {
		return true // ₩5, 84¢: a currency the reader does not know
	}
	if tok.ScaleText == "m" && !tok.ScaleGlued && tok.Currency == "" {
		// "a 5 m wall": a lone m after a number with no currency is
		// metres as often as millions. "$5 m" and "5 mn" stay millions.
		return true
	}
	return numeral.ForeignScale(wordAfter(text, end))
}

func digitAt(s string, i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

func letterAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// wordAfter returns the run of letters and dots after one space at i.
// countsThings reports whether w, the word printed right after a number,
// names what the number counts: a lower-case plural ("shares",
// "employees", "days") that is neither a currency's name ("dollars") nor a
// scale word ("crores"). A number so printed is a count, never an amount
// of money, whatever unit a model gives it.
func countsThings(w string) bool {
	if len(w) < 4 || w[0] < 'a' || w[0] > 'z' || !strings.HasSuffix(w, "s") || notPlural[w] {
		return false // "this", "was", "its", "plus", "less" end in s and count nothing
	}
	for _, end := range [...]string{"ss", "us", "is"} {
		if strings.HasSuffix(w, end) {
			return false
		}
	}
	if numeral.CurrencyNameCurrencies(w) != nil {
		return false
	}
	_, scale := numeral.LookupScale(w)
	return !scale
}

// notPlural holds the words of four letters or more that end in s but
// name nothing a number could count.
var notPlural = map[string]bool{"does": true, "always": true, "across": true, "perhaps": true,
	"towards": true, "besides": true, "afterwards": true, "whereas": true, "sometimes": true,
	"nevertheless": true, "upwards": true, "downwards": true, "onwards": true, "backwards": true}

func wordAfter(s string, i int) string {
	if i >= len(s) {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if !unicode.IsSpace(r) {
		return ""
	}
	j := i + n
	k := j
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if !unicode.IsLetter(r) {
			break
		}
		k += n
	}
	return s[j:k]
}

// kindAgrees reports whether a %, pp, bp or × printed with a number in a
// quote agrees with the input's unit. No sign agrees with any unit: a
// table's column may say "(%)" once for every row.
func kindAgrees(k units.Kind, u units.Unit) bool {
	switch k {
	case 0:
		return true
	case units.KindRatio:
		return u.Kind() == units.KindRatio || u.Kind() == units.KindNumber
	}
	_, per := u.Per()
	return !per && u.Kind() == k
}

// currencyAgrees reports whether a currency printed with a number in a quote
// may be the input's currency.
func currencyAgrees(cur string, u units.Unit) bool {
	if cur == "" {
		return true
	}
	return u.Currency() != "" && slices.Contains(codes(cur), u.Currency())
}

// sameCurrency reports whether two printed currencies may be the same one.
func sameCurrency(a, b string) bool {
	for _, c := range codes(a) {
		if slices.Contains(codes(b), c) {
			return true
		}
	}
	return false
}

// lastRune returns the last rune of s, or 0.
func lastRune(s string) rune {
	if s == "" {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// codes returns the ISO 4217 codes a printed currency sign or code may
// stand for.
func codes(cur string) []string {
	if c := numeral.SignCurrencies(cur); c != nil {
		return c
	}
	return []string{cur}
}
