package claim

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/units"
)

// Extraction is everything one pass over a text finds: the numbers it
// reads, the numbers it cannot read, and whether it stopped at the limit.
type Extraction struct {
	// Mentions are the numbers read, in order, with spans that do not
	// overlap; see [Extract].
	Mentions []Mention
	// Unreadable are the numbers printed in a form the extractor does not
	// read, in order. The gate refuses each one (unreadable_number) rather
	// than pass it over.
	Unreadable []Unreadable
	// Over reports that the text holds more than 2,000 numbers,
	// read or not: reading stopped at the first one over the limit.
	Over bool
}

// Unreadable is a number printed in a form that is not read: superscript,
// circled, Roman or other non-ASCII numerals, an HTML character reference,
// an invisible character beside the digits, digits glued to a word that is
// no label, an exponent, a scale letter after a bare number.
type Unreadable struct {
	Text  string // text[Start:End]
	Start int    // byte offset of the first byte
	End   int    // byte offset after the last byte
	What  string // what was found, lower-case: "a superscript digit"
	Hint  string // how to write it so that it is read
}

// Extract returns every number text prints, in order, with spans that do not
// overlap: integers, decimals, Western and Indian grouping, signs and
// accounting negatives, currency signs, codes and names, scale words and
// letters, percents, percentage and basis points, ratios, time units and the
// nouns of counts. Each [Mention] carries the classes of non-claim it belongs
// to, and Ignored is set when one of them is in opts.Ignore. The package
// documentation lists what is read and what is not.
//
// Extract is [ExtractAll] without the numbers it cannot read: use
// ExtractAll, as [Check] does, to fail closed. It returns at most
// 2,000 mentions; ExtractAll says whether the text holds more.
func Extract(text string, opts Options) []Mention {
	return ExtractAll(text, opts).Mentions
}

// ExtractAll reads text in one pass, in time linear in its length, and
// returns the numbers it reads and those it cannot read. It stops at the
// first number over 2,000, read or not, and sets Over.
func ExtractAll(text string, opts Options) Extraction {
	x, _ := extractWork(text, opts)
	return x
}

// extractWork is ExtractAll, with the work of its scans of the text and
// the question (see scanner.work).
func extractWork(text string, opts Options) (Extraction, int) {
	x, work := scanWork(text, maxMentions)
	ignore := opts.Ignore.effective()
	var asked map[askKey]bool // the question's numbers, by value and unit
	if opts.Question != "" {
		asked = map[askKey]bool{}
		qx, qwork := scanWork(opts.Question, maxMentions)
		work += qwork
		for _, q := range qx.Mentions {
			if q.Classes&Date == 0 {
				for _, k := range askKeys(&q) {
					asked[k] = true
				}
			}
		}
	}
	for i := range x.Mentions {
		m := &x.Mentions[i]
		if asked != nil && !m.answer && inQuestion(m, asked) {
			m.Classes |= InQuestion
		}
		m.Ignored = m.Classes&ignore != 0
	}
	return x, work
}

// askKey is one way a number of the question may be repeated: its value
// and its unit, where a currency counts once per code it may stand for.
// Keys make the question check a few map lookups per number, whatever the
// question holds.
type askKey struct {
	value string
	kind  askKind
	code  string
}

// askKind is a [units.Kind], or one of the two marks below.
type askKind int

const (
	askAny  askKind = -1 // some number of the question has this value
	askBare askKind = -2 // a number of the question with this value printed no unit
)

// askKeys are the keys under which q is found.
func askKeys(q *Mention) []askKey {
	v := valueKey(&q.Value)
	keys := []askKey{{value: v, kind: askAny}}
	switch q.Kind {
	case 0:
		return append(keys, askKey{value: v, kind: askBare})
	case units.KindCurrency:
		for _, c := range q.Currencies {
			keys = append(keys, askKey{value: v, kind: askKind(q.Kind), code: c})
		}
		return keys
	}
	return append(keys, askKey{value: v, kind: askKind(q.Kind)})
}

// inQuestion reports whether one of the question's numbers has m's value at
// ones and a unit that agrees with m's, or no unit on one side: "$300,000"
// in the answer repeats "300k dollars" or "300,000" in the question. The
// question's dates are not numbers it asks about.
func inQuestion(m *Mention, asked map[askKey]bool) bool {
	v := valueKey(&m.Value)
	switch {
	case m.Kind == 0:
		return asked[askKey{value: v, kind: askAny}]
	case asked[askKey{value: v, kind: askBare}]:
		return true
	case m.Kind != units.KindCurrency:
		return asked[askKey{value: v, kind: askKind(m.Kind)}]
	}
	for _, c := range m.Currencies {
		if asked[askKey{value: v, kind: askKind(m.Kind), code: c}] {
			return true
		}
	}
	return false
}

// valueKey is the same string for equal values: 300000, 300000.00 and 300
// thousand.
func valueKey(d *apd.Decimal) string {
	var r apd.Decimal
	r.Reduce(d)
	return expr.Plain(&r)
}
