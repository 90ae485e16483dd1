package claim

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// Options says which numbers [Extract] and [Check] treat as claims and how
// strictly [Check] backs them. The zero Options is the documented default.
type Options struct {
	// Ignore is the set of classes that are not claims. Zero means
	// [DefaultIgnore]; [IgnoreNone] ignores no class. To stop ignoring one
	// class, remove it from the default: DefaultIgnore &^ Year.
	Ignore Class
	// Question is the text the answer replies to. Numbers of the answer
	// equal to one of its numbers are of class [InQuestion].
	Question string
	// StrictUnits backs a number printed without a unit only by a fact of
	// unit number, ratio or count. By default a fact of any unit backs it;
	// see the package documentation for why.
	StrictUnits bool
	// StrictSign is kept for callers written when the sign was loose by
	// default; the sign is now strict unless SignInWords is set, and
	// StrictSign true overrides SignInWords.
	StrictSign bool
	// SignInWords lets a negative value back a number printed without a
	// sign, of the same magnitude, for prose that carries the sign in
	// words: "fell 2.4 pp", "a loss of $5 million". Off by default, so
	// that a −3% fact never backs "grew 3%"; on, a negative value still
	// never backs a number the words before it say rose.
	SignInWords bool

	// Accept names, by provenance, the receipt inputs the application
	// vouches for beyond what the gate checks: "text" backs prose without
	// a recorded grounding, "user" without appearing in the question,
	// "system_of_record" without equalling a fact; "page_image" must be
	// named for an input read from a page image to back anything, since
	// it needs an independent check. Only the application sets it; see
	// the package documentation.
	Accept []string
	// Literals widens the literals a receipt that backs prose may carry
	// beyond the default (integers 1 to 12 and powers of ten): each is a
	// decimal string such as "365" or "0.5", allowed wherever the default
	// allows 1. See the package documentation.
	Literals []string
	// ModelQuestion says that the request's question was passed by the
	// model, not the application (the check_claims tool does this when
	// the application gives none): its numbers are read and contradicted
	// by facts, but they ground no input of provenance user.
	ModelQuestion bool
	// Sources are the documents the application registered. When it
	// holds any, every grounded input of a receipt is found again in the
	// registered copy ([receipt.Open] with [receipt.VerifyOptions]
	// Sources): a receipt whose grounding names a document the
	// application did not register, or that the registered copy
	// contradicts (another digest, a quote no longer found, another
	// span), fails verification and backs nothing. Nil takes groundings
	// as a signed receipt records them: its trusted signer vouches for
	// them. An unsigned receipt's groundings, which anyone can write, back
	// nothing unless Sources checks them.
	Sources *quote.Sources

	// unchecked is set, for one receipt, when nothing vouches for its
	// groundings: no trusted key signed it and no source checked them.
	unchecked bool
}

// looseSign reports whether a negative value may back a number printed
// without a sign.
func (o *Options) looseSign() bool { return o.SignInWords && !o.StrictSign }

// accepts reports whether the application vouches for inputs of
// provenance p.
func (o *Options) accepts(p string) bool {
	for _, a := range o.Accept {
		if a == p {
			return true
		}
	}
	return false
}

// Mention is one number as the text prints it, with what was printed around
// it: a sign, a currency, a scale word, a unit, the noun of a count.
type Mention struct {
	Text  string // text[Start:End]
	Start int    // byte offset of the first byte: a sign, parenthesis, currency sign or digit
	End   int    // byte offset after the last byte: a digit, %, ×, scale word, unit or noun

	Printed apd.Decimal   // the number as printed, sign applied, grouping removed: 836.73
	Value   apd.Decimal   // Printed times the scale's factor: 8367300000
	Places  int           // digits printed after the decimal point: 2 for 836.73
	Scale   numeral.Scale // the scale word printed ("crore", "bn", "k"), or [numeral.Ones]
	Signed  bool          // a sign (-, −, +) or accounting parentheses was printed

	// Kind is the kind of unit printed: [units.KindCurrency],
	// [units.KindPercent], [units.KindPP], [units.KindBP],
	// [units.KindRatio], [units.KindCount], [units.KindDays],
	// [units.KindMonths] or [units.KindYears]; 0 when no unit was printed.
	Kind units.Kind
	// Unit names the unit: an ISO 4217 code when the currency is certain
	// ("INR" for ₹), "currency" when the sign is shared ($, Rs, rupees),
	// "percent", "pp", "bp", "ratio", "count", "days", "months", "years",
	// or "" for a bare number.
	Unit string
	// Symbol is the currency sign, code or name as printed: "₹", "Rs",
	// "rupees", "USD"; "" for other units.
	Symbol string
	// Currencies lists the ISO 4217 codes Symbol may stand for.
	Currencies []string
	// Noun is the word or words after a count, as printed: "documents",
	// "matching documents".
	Noun string

	// Classes is every class of non-claim the number belongs to.
	Classes Class
	// Ignored reports whether Classes meets the ignored set of the
	// [Options] used, so that the number is not a claim.
	Ignored bool

	answer bool // the whole text is this number: a claim whatever its shape
	// rises reports that the words before an unsigned number say it went
	// up: "grew 3%" (see risesAt).
	rises bool
}

// integer reports whether m's value at ones is a whole number. It reads
// Printed and Scale, so that it holds before Value is set.
func (m *Mention) integer() bool {
	var r apd.Decimal
	r.Reduce(&m.Printed)
	return int(r.Exponent)+m.Scale.Exp() >= 0
}
