package stories

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// The helpers below lay out what the stories print. They read the
// responses, receipts, reports and decisions they are given; every
// calculation, verification and gate decision is made in the story itself.

// showRefused prints draft n, a request the model should not have sent,
// and reckon's refusal of it: its code, message and the hint a model acts
// on.
func showRefused(w io.Writer, n int, what string, resp *receipt.Response) {
	showDraft(w, n, what, "", resp)
}

// showRelabelled prints draft n, a request reckon accepts that computes
// another metric than the one asked for; label says which.
func showRelabelled(w io.Writer, n int, what, label string, resp *receipt.Response) {
	showDraft(w, n, what, label, resp)
}

func showDraft(w io.Writer, n int, what, label string, resp *receipt.Response) {
	if !resp.OK {
		fmt.Fprintf(w, "  ✗ draft %d  %s\n", n, what)
		fmt.Fprintf(w, "             refused: %s: %s\n", resp.Error.Code, resp.Error.Message)
		if resp.Error.Hint != "" {
			fmt.Fprintf(w, "             hint: %s\n", resp.Error.Hint)
		}
		return
	}
	fmt.Fprintf(w, "  ~ draft %d  %s\n", n, what)
	fmt.Fprintf(w, "             computes %s: %s\n", resp.Result.Display, label)
}

// reckoned has reckon answer req and opens its receipt as an auditor
// would, re-executing it against req's sources, then shows it under
// heading. The error says why an answer the story needs did not come
// through.
func reckoned(w io.Writer, heading string, req *receipt.Request, signer dsse.Signer, trusted *dsse.KeyRing) (*receipt.Response, error) {
	resp := receipt.Respond(req, signer)
	rep := &receipt.Report{}
	rec, err := receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted, Sources: req.Sources, Report: rep})
	if err != nil {
		return nil, failed(resp, err)
	}
	showAnswer(w, heading, req, resp, rec, rep)
	return resp, nil
}

// failed says why an answer the story needs did not come through: refused
// by reckon, or its receipt refused by Open with err.
func failed(resp *receipt.Response, err error) error {
	if !resp.OK {
		return fmt.Errorf("%s refused: %s: %s", resp.ID, resp.Error.Code, resp.Error.Message)
	}
	return fmt.Errorf("%s: the receipt does not verify: %w", resp.ID, err)
}

// showAnswer prints an accepted calculation under heading ("Answer",
// "Also"): each input as reckon read it and where its quote was found,
// the formula or operation, the expansion, the result with its rounding,
// and the verification of the receipt rec that Open returned with rep.
func showAnswer(w io.Writer, heading string, req *receipt.Request, resp *receipt.Response, rec *receipt.Receipt, rep *receipt.Report) {
	fmt.Fprintf(w, "\n%s  %s\n", heading, req.ID)
	t := table{}
	for i, in := range req.Inputs {
		t.row("  "+in.Name, describe(in), in.Period, in.Label, cite(in), grounding(rec.Inputs[i]))
	}
	t.write(w)
	if req.Interpretation != nil && req.Interpretation.Kind == receipt.Interpreted {
		fmt.Fprintf(w, "  interpreted: %s\n", req.Interpretation.Note)
	}
	if req.Operation != "" {
		fmt.Fprintf(w, "  operation %s\n", req.Operation)
	} else {
		fmt.Fprintf(w, "  formula   %s\n", req.Formula)
	}
	fmt.Fprintf(w, "  expanded  %s\n", resp.Expanded)
	fmt.Fprintf(w, "  result    %s%s\n", resp.Result.Display, rounding(resp.Result))
	found := ""
	if rep.Grounding == receipt.GroundingChecked {
		found = ", every quote found again at its span"
	}
	fmt.Fprintf(w, "  receipt   ✓ signed by %s, re-executed, every field matches%s\n", strings.Join(rep.SignedBy, ", "), found)
}

// showAudit prints an auditor's verification of a receipt under a policy
// of its own, err being what Open returned: accepted, or refused with
// every reason.
func showAudit(w io.Writer, why string, err error) {
	if err == nil {
		fmt.Fprintf(w, "  audit     ✓ %s\n", why)
		return
	}
	fmt.Fprintf(w, "  audit     ✗ %s: refused\n", why)
	var re *receipt.ReportError
	if !errors.As(err, &re) {
		fmt.Fprintf(w, "            %v\n", err)
		return
	}
	for _, r := range re.Report.Reasons {
		fmt.Fprintf(w, "            %s: %s\n", r.Code, r.Message)
	}
}

// showGate prints the gate's decision d on the draft answer text: released,
// with what backs each number, or refused, with every refusal.
func showGate(w io.Writer, text string, d claim.Decision) {
	if !d.Released {
		fmt.Fprintf(w, "  ✗ refused   %q\n", text)
		for _, r := range d.Refusals {
			fmt.Fprintf(w, "              %s: %s\n", r.Code, r.Message)
		}
		return
	}
	fmt.Fprintf(w, "  ✓ released  %q\n", text)
	for _, m := range d.Report.Mentions {
		switch {
		case m.Backed:
			fmt.Fprintf(w, "              %s backed by %s\n", m.Text, backer(m.By))
		case m.Ignored && slices.Contains(m.Classes, "question"):
			// The application passed the question: a number it states
			// is the asker's own, not the answer's claim.
			fmt.Fprintf(w, "              %s is the question's own\n", m.Text)
		}
	}
}

// backer names what backs a number of the answer: a receipt's field or an
// application's fact.
func backer(s *claim.Source) string {
	if s == nil {
		return "nothing"
	}
	if s.Kind == "receipt" {
		return fmt.Sprintf("receipt %s (%s)", s.ID, s.Field)
	}
	return fmt.Sprintf("the fact %q", s.Label)
}

// describe shows an input for a person, as reckon read it: $799 million,
// 6.7%, 24 tweets. The request was accepted, so it reads; were it not to,
// the printed text and the unit as given are shown.
func describe(in receipt.Input) string {
	u, err1 := units.ParseUnit(in.Unit)
	s, err2 := numeral.ParseScale(in.Scale)
	if err1 == nil && err2 == nil {
		if a, err := units.ParseAmount(in.Display, u, s); err == nil {
			return a.Describe()
		}
	}
	return in.Display + " " + in.Unit
}

// cite shows what the model says supports an input, and its provenance.
func cite(in receipt.Input) string {
	if in.Support == "" {
		return in.Provenance
	}
	return in.Support + " (" + in.Provenance + ")"
}

// grounding says where in its source an input's quote was found: the
// document's name, the quote's byte span and the tier of the match, such
// as "costco-10k-fy2021 bytes 1679-1748, whitespace". An input not read
// from a document's text says what vouches for it instead.
func grounding(in receipt.InputRecord) string {
	if g := in.Grounding; g != nil {
		return fmt.Sprintf("%s bytes %d-%d, %s", g.Source, g.Span[0], g.Span[1], g.Tier)
	}
	switch in.Provenance {
	case receipt.ProvenancePageImage:
		return "not grounded: a page image needs an independent check"
	case receipt.ProvenanceUser:
		return "the gate finds it in the question"
	case receipt.ProvenanceSystemOfRecord:
		return "must equal an application fact"
	}
	return "not grounded"
}

// rounding says how the result was rounded from its exact value, if it
// was.
func rounding(r *receipt.Result) string {
	if r.Places == nil || r.Exact == r.Value {
		return "   exact"
	}
	unit := "places"
	if *r.Places == 1 {
		unit = "place"
	}
	return fmt.Sprintf("   exact %s, rounded %s to %d %s", r.Exact, r.Rounding, *r.Places, unit)
}

// table aligns columns of text, counting runes so that ₹ and × line up.
type table struct{ rows [][]string }

func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer) {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(c))+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
