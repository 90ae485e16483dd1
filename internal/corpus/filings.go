package corpus

import (
	"context"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// FilingRounds is how many times a filing fact's fixes are followed: one
// fix per input field a refusal can name (scale, unit, display) is enough
// for a one-input request, so a third round that is still refused means
// the fixes go round in circles.
const FilingRounds = 3

// Variant is one way of transcribing a fact.
type Variant int

const (
	Honest        Variant = iota // the filer's scale, sign and unit, the row as the quote
	ScaleUp                      // the scale a thousand times too large
	ScaleDown                    // the scale a thousand times too small
	ParensDropped                // a number printed in parentheses, transcribed without them
)

var variantNames = [...]string{
	Honest: "honest", ScaleUp: "scale up", ScaleDown: "scale down", ParensDropped: "parentheses dropped",
}

// String names the variant as the report does.
func (v Variant) String() string { return variantNames[v] }

// Trial is one transcription of a fact submitted to reckon.
type Trial struct {
	Variant Variant
	Input   receipt.Input
	First   Outcome
	Follow  *Following // the fixes followed, when First was refused
}

// FactRun is every trial of one fact, the honest one first.
type FactRun struct {
	Fact   *Fact
	Truth  *apd.Decimal
	Trials []Trial
}

// Ending is how the following of one refusal's fixes ended.
type Ending int

const (
	NoFix       Ending = iota // the refusal named no fix
	HintTruth                 // followed, accepted, and the value is the truth
	HintWrong                 // followed, accepted, and the value is not the truth: a hint that names a wrong fix
	HintRefused               // followed, and still refused (or the fix could not be applied)
)

// ending classifies the following of t's refusal against truth.
func (t *Trial) ending(truth *apd.Decimal) Ending {
	fl := t.Follow
	switch {
	case fl.Last.OK() && fl.Last.Value.Cmp(truth) == 0:
		return HintTruth
	case fl.Last.OK():
		return HintWrong
	case fl.Rounds == 0 && fl.Stuck == "no fix":
		return NoFix
	}
	return HintRefused
}

// accepted reports whether t was accepted with the value truth.
func (t *Trial) accepted(truth *apd.Decimal) bool {
	return t.First.OK() && t.First.Value.Cmp(truth) == 0
}

// Figures are the counts of one filing in one form, or of all of them.
type Figures struct {
	Honest, Accepted          int // honest transcriptions, and those accepted with the value the table shows
	ScaleOff, ScaleOffRefused int // transcriptions a thousand times off, and those refused
	Parens, ParensRefused     int // numbers printed in parentheses transcribed without them, and those refused
	Refused                   int // refusals of any of the three, whose fixes were followed
	HintTruth                 int // followed fixes that reached the truth
	HintWrong                 int // followed fixes that reached another value
	HintRefused               int // followed fixes that ended refused
	NoFix                     int // refusals that named no fix
	Zero                      int // facts whose value is 0, which no scale puts off: they have no scale-off variant
}

// add counts r into f.
func (f *Figures) add(r *FactRun) {
	if r.Truth.IsZero() {
		f.Zero++
	}
	for i := range r.Trials {
		t := &r.Trials[i]
		switch t.Variant {
		case Honest:
			f.Honest++
			if t.accepted(r.Truth) {
				f.Accepted++
			}
		case ScaleUp, ScaleDown:
			f.ScaleOff++
			if !t.First.OK() {
				f.ScaleOffRefused++
			}
		case ParensDropped:
			f.Parens++
			if !t.First.OK() {
				f.ParensRefused++
			}
		}
		if t.Follow == nil {
			continue
		}
		f.Refused++
		switch t.ending(r.Truth) {
		case HintTruth:
			f.HintTruth++
		case HintWrong:
			f.HintWrong++
		case HintRefused:
			f.HintRefused++
		case NoFix:
			f.NoFix++
		}
	}
}

// plus returns the sum of f and g.
func (f Figures) plus(g Figures) Figures {
	return Figures{
		Honest: f.Honest + g.Honest, Accepted: f.Accepted + g.Accepted,
		ScaleOff: f.ScaleOff + g.ScaleOff, ScaleOffRefused: f.ScaleOffRefused + g.ScaleOffRefused,
		Parens: f.Parens + g.Parens, ParensRefused: f.ParensRefused + g.ParensRefused,
		Refused: f.Refused + g.Refused, HintTruth: f.HintTruth + g.HintTruth,
		HintWrong: f.HintWrong + g.HintWrong, HintRefused: f.HintRefused + g.HintRefused,
		NoFix: f.NoFix + g.NoFix, Zero: f.Zero + g.Zero,
	}
}

// FormRun is the run of every fact with the filings registered in one form.
type FormRun struct {
	Form Form
	// Err says why the form could not run: a filing did not register.
	// The figures are then empty.
	Err     error
	Filings []string            // the filings, in corpus order
	By      map[string]*Figures // filing → its figures
	Total   Figures
	Facts   []FactRun // every included fact, in corpus order
}

// runFilings registers every filing in form f once and runs each fact's
// trials against it, in parallel.
func runFilings(ctx context.Context, c *Corpus, f Form, facts []included) (*FormRun, error) {
	fr := &FormRun{Form: f, By: map[string]*Figures{}}
	sources := map[string]*quote.Sources{}
	for i := range c.Filings {
		fl := &c.Filings[i]
		src, err := register(f, fl)
		if err != nil {
			fr.Err = err
			return fr, nil
		}
		sources[fl.Name] = src
		fr.Filings = append(fr.Filings, fl.Name)
		fr.By[fl.Name] = &Figures{}
	}
	fr.Facts = make([]FactRun, len(facts))
	err := parallel(ctx, len(facts), func(i int) {
		fr.Facts[i] = runFact(facts[i], sources[facts[i].fact.Filing])
	})
	if err != nil {
		return nil, err
	}
	for i := range fr.Facts {
		fr.By[fr.Facts[i].Fact.Filing].add(&fr.Facts[i])
	}
	for _, name := range fr.Filings {
		fr.Total = fr.Total.plus(*fr.By[name])
	}
	return fr, nil
}

// included is a fact with its honest transcription.
type included struct {
	fact *Fact
	tr   Transcription
}

// runFact submits the honest transcription of one fact and its wrong
// variants, and follows the fixes of every refusal.
func runFact(in included, src *quote.Sources) FactRun {
	r := FactRun{Fact: in.fact, Truth: in.tr.Truth}
	try := func(v Variant, input receipt.Input) {
		req := &receipt.Request{ID: in.fact.Where(), Formula: "x", Inputs: []receipt.Input{input}, Sources: src}
		t := Trial{Variant: v, Input: input, First: calculate(req)}
		if !t.First.OK() {
			fl := follow(req, t.First, FilingRounds)
			t.Follow = &fl
		}
		r.Trials = append(r.Trials, t)
	}
	honest := in.tr.Input
	try(Honest, honest)
	// Zero is zero at every scale: a scale off is no wrong number there.
	for _, step := range []struct {
		v  Variant
		by int
	}{{ScaleUp, 1}, {ScaleDown, -1}} {
		if s, ok := scaleStep(honest.Scale, step.by); ok && !r.Truth.IsZero() {
			off := honest
			off.Scale = s
			try(step.v, off)
		}
	}
	if in.fact.inParens() {
		dropped := honest
		dropped.Display = in.fact.Display
		try(ParensDropped, dropped)
	}
	return r
}
