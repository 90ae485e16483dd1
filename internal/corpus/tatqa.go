package corpus

import (
	"context"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// CaseRounds is how many times a case's fixes are followed: a case has
// two inputs or more, and each may need its unit and its scale fixed.
const CaseRounds = 4

// Case is one line of tatqa/cases.jsonl: a question over one report
// context, the annotators' derivation and their answer.
type Case struct {
	ID      string               `json:"id"`
	Context string               `json:"context"` // the report context: sources/<context>.txt
	Formula string               `json:"formula"` // over x1, x2, …
	Inputs  map[string]CaseInput `json:"inputs"`  // x1 → its number and the passage printing it
	Gold    string               `json:"gold"`    // the annotators' answer, as a plain decimal
	// Scale is the answer's scale as annotated: thousand, million,
	// billion, percent or "". Annotators are not always consistent.
	Scale string `json:"scale"`
	// PercentForm says how a percent answer is formed: "ratio", the
	// formula's result × 100, or "points", the formula's result as is.
	PercentForm string `json:"percent_form"`
}

// CaseInput is one input of a case as the dataset gives it.
type CaseInput struct {
	Display string `json:"display"` // the number as printed
	Quote   string `json:"quote"`   // the table row or sentence that prints it
}

// Endings of a case other than a refusal, which ends with its code.
const (
	FirstTry          = "reached gold on the first try"
	AfterHints        = "reached gold after hints"
	ScaleInconsistent = "gold scale inconsistent"
	OutsideScale      = "gold in a scale the context never states"
	WrongValue        = "wrong value"
)

// CaseRun is what came of one case.
type CaseRun struct {
	Case   *Case
	First  []receipt.Input // the inputs as read from their quotes
	Follow Following       // the fixes followed; Rounds 0 when the first answer stands
	Got    *apd.Decimal    // the result in the gold's terms, when accepted
	Ending string          // one of the endings above, or the last refusal's code
}

// runCases runs every case against its context, each context registered
// once as text.
func runCases(ctx context.Context, c *Corpus) ([]CaseRun, error) {
	sources := map[string]*quote.Sources{}
	for _, id := range sortedKeys(c.Contexts, func(a, b string) bool { return a < b }) {
		src, err := quote.NewSources(map[string]string{id: c.Contexts[id]})
		if err != nil {
			return nil, err
		}
		sources[id] = src
	}
	runs := make([]CaseRun, len(c.Cases))
	err := parallel(ctx, len(c.Cases), func(i int) {
		k := &c.Cases[i]
		runs[i] = runCase(k, sources[k.Context], c.Contexts[k.Context])
	})
	return runs, err
}

// runCase transcribes k from its quotes, calculates, follows the fixes and
// compares the result with the gold.
func runCase(k *Case, src *quote.Sources, contextText string) CaseRun {
	req := &receipt.Request{ID: k.ID, Formula: k.Formula, Inputs: k.transcribe(), Sources: src}
	run := CaseRun{Case: k, First: req.Inputs}
	run.Follow = follow(req, calculate(req), CaseRounds+2*len(req.Inputs))
	last := run.Follow.Last
	if !last.OK() {
		run.Ending = last.Err.Code
		return run
	}
	run.Got = k.inGoldTerms(last)
	gold, err := parseDecimal(k.Gold)
	p := places(k.Gold)
	switch {
	case err != nil:
		run.Ending = WrongValue
	case agreesAt(run.Got, gold, p) && run.Follow.Rounds == 0:
		run.Ending = FirstTry
	case agreesAt(run.Got, gold, p):
		run.Ending = AfterHints
	case offByThousands(run.Got, gold, p) && noInputScale(run.Follow.Final) && !statesScale(contextText):
		// the annotators knew the scale from the report around the
		// extract; the context reckon was given states none
		run.Ending = OutsideScale
	case offByThousands(run.Got, gold, p):
		run.Ending = ScaleInconsistent
	default:
		run.Ending = WrongValue
	}
	return run
}

// noInputScale reports whether no input carries a scale.
func noInputScale(ins []receipt.Input) bool {
	for _, in := range ins {
		if in.Scale != "" {
			return false
		}
	}
	return true
}

// statesScale reports whether a context prints any scale at all: a scale
// word or a short form a table or sentence would declare one with.
func statesScale(text string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"thousand", "million", "billion", "'000", "’000", "000s", "$m", "£m", "€m", "$bn", "£bn", "lakh", "lac", "crore", "mn)", "(m)"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// offByThousands reports whether x is gold 10^3 or 10^6 times over or
// under, at gold's places: the answer of an annotator who wrote the scale
// of the table beside a number not in it, or the other way round.
func offByThousands(x, gold *apd.Decimal, p int) bool {
	for _, k := range []int{-6, -3, 3, 6} {
		if agreesAt(shift(x, k), gold, p) {
			return true
		}
	}
	return false
}

// inGoldTerms expresses a result as the gold is written: a percent result
// as its number, a dimensionless one × 100 when the gold is a ratio in
// percent, and divided by the gold's scale.
func (k *Case) inGoldTerms(o Outcome) *apd.Decimal {
	v := o.Value
	switch o.Unit {
	case "percent", "pp":
	case "number", "ratio":
		if k.PercentForm == "ratio" {
			v = shift(v, 2)
		}
	}
	switch k.Scale {
	case "thousand":
		v = shift(v, -3)
	case "million":
		v = shift(v, -6)
	case "billion":
		v = shift(v, -9)
	}
	return v
}

// transcribe makes k's inputs, x1, x2, … in order, each read from what its
// quote prints around its display.
func (k *Case) transcribe() []receipt.Input {
	names := sortedKeys(k.Inputs, func(a, b string) bool {
		i, _ := strconv.Atoi(strings.TrimPrefix(a, "x"))
		j, _ := strconv.Atoi(strings.TrimPrefix(b, "x"))
		return i < j
	})
	inputs := make([]receipt.Input, 0, len(names))
	for _, name := range names {
		ci := k.Inputs[name]
		unit, scale := printedWith(ci.Display, ci.Quote)
		label := ""
		if strings.Contains(ci.Quote, " | ") {
			label = firstCell(ci.Quote)
		}
		inputs = append(inputs, receipt.Input{
			Name: name, Display: ci.Display, Unit: unit, Scale: scale, Label: label,
			Provenance: receipt.ProvenanceText, Quote: ci.Quote, Source: k.Context,
		})
	}
	return inputs
}

// printedWith reads the unit and scale that quote prints with display, as
// a careful model starts: a "$" right before it is USD, a "%" right after
// it percent, a scale word with it ("5 million") that scale; otherwise a
// plain number with no scale. It reads the number where quote prints it
// with the one reader of printed numbers.
func printedWith(display, quote string) (unit, scale string) {
	tok, ok := tokenOf(display, quote)
	if !ok {
		return "number", ""
	}
	unit = "number"
	switch {
	case tok.Currency == "$":
		unit = "USD"
	case tok.Suffix == numeral.SuffixPercent:
		unit = "percent"
	}
	if tok.ScaleText != "" {
		scale = tok.Scale.Word()
	}
	return unit, scale
}

// tokenOf finds display in quote where a number starts (not inside a
// longer one: "44.1" is not found in "144.1") and reads the whole printed
// number there.
func tokenOf(display, quote string) (numeral.Token, bool) {
	d := strings.IndexFunc(display, func(r rune) bool { return r >= '0' && r <= '9' })
	if d < 0 {
		return numeral.Token{}, false
	}
	for from := 0; from < len(quote); {
		i := strings.Index(quote[from:], display)
		if i < 0 {
			break
		}
		at := from + i + d
		tok := numeral.ReadAt(quote, at, 0)
		if numeral.IsNumberAt(quote, at) && tok.NumEnd <= from+i+len(display) {
			return tok, true
		}
		from += i + 1
	}
	return numeral.Token{}, false
}
