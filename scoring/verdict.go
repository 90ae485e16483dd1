package scoring

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"golang.org/x/text/unicode/norm"
)

// Verdict is the model's rating of one criterion: a single word from a
// fixed scale. Code maps each verdict to an exact [Fraction] of the
// criterion's weight; the model never sees the fractions.
type Verdict int

const (
	// Unrated is the zero value: no verdict yet, because the model asked
	// for input instead. An unrated criterion earns nothing.
	Unrated Verdict = iota
	// Strong means the sources show the criterion is fully met: 1/1.
	Strong
	// Moderate means the criterion is mostly met, with gaps: 3/5.
	Moderate
	// Weak means the criterion is barely met: 1/5.
	Weak
	// None means the criterion is not met, or nothing in the sources bears
	// on it: 0/1.
	None
)

// verdictInfo holds each verdict's word, its fraction and the line that
// explains it to the model. The fractions are here and nowhere else.
var verdictInfo = [...]struct {
	word    string
	frac    Fraction
	meaning string
}{
	Unrated:  {"", Fraction{0, 1}, ""},
	Strong:   {"STRONG", Fraction{1, 1}, "the sources show the criterion is fully met"},
	Moderate: {"MODERATE", Fraction{3, 5}, "the criterion is mostly met, with clear gaps"},
	Weak:     {"WEAK", Fraction{1, 5}, "the criterion is barely met, or only in part"},
	None:     {"NONE", Fraction{0, 1}, "the criterion is not met, or nothing in the sources bears on it"},
}

// Verdicts lists the verdicts a model may write, strongest first.
var Verdicts = []Verdict{Strong, Moderate, Weak, None}

// Fraction is an exact fraction Num/Den of a criterion's weight, with
// 0 <= Num <= Den and Den > 0.
type Fraction struct {
	Num int64 // numerator
	Den int64 // denominator, positive
}

// String formats f as "num/den", such as "3/5".
func (f Fraction) String() string { return fmt.Sprintf("%d/%d", f.Num, f.Den) }

// Fraction returns the share of its criterion's weight that v earns:
// STRONG 1/1, MODERATE 3/5, WEAK 1/5, NONE 0/1. [Unrated] earns 0/1.
func (v Verdict) Fraction() Fraction {
	if !v.valid() {
		return Fraction{0, 1}
	}
	return verdictInfo[v].frac
}

// Meaning returns the one-line explanation of v that the prompt gives the
// model.
func (v Verdict) Meaning() string {
	if !v.valid() {
		return ""
	}
	return verdictInfo[v].meaning
}

func (v Verdict) valid() bool { return v >= 0 && int(v) < len(verdictInfo) }

// String returns the verdict's word, such as "MODERATE"; [Unrated] is
// "UNRATED".
func (v Verdict) String() string {
	switch {
	case v == Unrated:
		return "UNRATED"
	case !v.valid():
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictInfo[v].word
}

// ParseVerdict returns the verdict named by word, matched without regard to
// ASCII case after trimming white space and normalizing to NFC. Only the
// four words of the scale are verdicts; "UNRATED" is not one a model may
// write. The word must be ASCII after NFC: Unicode case folding would read
// "ſtrong" (a long s) or "WEAK" with a Kelvin sign as a verdict, and any
// look-alike from another script is refused rather than guessed.
func ParseVerdict(word string) (Verdict, bool) {
	word = norm.NFC.String(strings.TrimSpace(word))
	for i := 0; i < len(word); i++ {
		if word[i] >= utf8.RuneSelf {
			return Unrated, false
		}
	}
	for _, v := range Verdicts {
		if strings.EqualFold(word, verdictInfo[v].word) {
			return v, true
		}
	}
	return Unrated, false
}

// MarshalText encodes v as its word. [Unrated] encodes as the empty string,
// so an unrated criterion reads "verdict": "" in JSON.
func (v Verdict) MarshalText() ([]byte, error) {
	if !v.valid() {
		return nil, &fault.Error{Code: fault.UnknownVerdict, Msg: fmt.Sprintf("scoring: invalid verdict %d", int(v)),
			Hint: "use one of the Verdicts"}
	}
	return []byte(verdictInfo[v].word), nil
}

// UnmarshalText decodes a verdict word in upper case; the empty string is
// [Unrated].
func (v *Verdict) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = Unrated
		return nil
	}
	for _, w := range Verdicts {
		if string(b) == verdictInfo[w].word {
			*v = w
			return nil
		}
	}
	return &fault.Error{Code: fault.UnknownVerdict, Msg: fmt.Sprintf("scoring: unknown verdict %q", b),
		Hint: "write a verdict word of the scale in capitals, or leave it empty for unrated"}
}
