package claim

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/receipt"
)

// Check verifies every receipt of req with the caller's trusted keys and
// policy, takes the results and inputs of those that pass and are grounded
// and the facts of req as the values that may back a number, extracts
// every number of req.Text, and judges each one that is a claim, the facts
// outranking the receipts (see the package documentation). A receipt that
// fails verification backs nothing and is a refusal. The request's
// question and ignore list, when given, replace those of opts.
//
// Check never fails: a request it cannot check (a bad fact, input over a
// limit) is a report with OK false, fault.Error set and one refusal.
func Check(req Request, trusted *dsse.KeyRing, policy receipt.Policy, opts Options) Report {
	rep := Report{Mentions: []MentionReport{}, Receipts: []*receipt.Report{}, Refusals: []Refusal{}}
	appQuestion := opts.Question
	opts, err := req.validate(opts)
	if err != nil {
		return rep.refused(err)
	}
	// The question that grounds inputs of provenance user is the
	// application's: one the model passed grounds nothing.
	groundQuestion := opts.Question
	if opts.ModelQuestion && req.Question != "" {
		groundQuestion = appQuestion
	}
	var facts []backing
	var ds []dateBacking
	for i, f := range req.Facts {
		if d, ok, _ := dateFact(i, f); ok {
			ds = append(ds, d)
			continue
		}
		b, _ := factBacking(i, f) // validate has parsed every fact
		facts = append(facts, b)
	}
	bs, rds := rep.receiptBackings(req.Receipts, trusted, policy, facts, groundQuestion, opts)
	ds = append(rds, ds...) // a receipt's dates first, as its values
	bs = append(bs, facts...)
	if len(bs) > MaxFacts {
		return rep.refused(errorf(fault.TooManyFacts, "give fewer facts or receipts",
			"%d facts with the receipts' results and inputs, over the limit of %d", len(bs), MaxFacts))
	}
	x := ExtractAll(req.Text, opts)
	if x.Over {
		return rep.refused(errorf(fault.TooManyMentions, "check the text in parts",
			"more than %d numbers in the text", maxMentions))
	}
	rep.judgeMentions(x.Mentions, bs, opts)
	for _, u := range x.Unreadable {
		span := [2]int{u.Start, u.End}
		rep.Refusals = append(rep.Refusals, Refusal{Code: fault.UnreadableNumber, Span: &span,
			Message: fmt.Sprintf("%q is %s, which is not checked", u.Text, u.What), Hint: u.Hint})
	}
	rep.Refusals = append(rep.Refusals, checkDates(req.Text, ds)...)
	rep.OK = len(rep.Refusals) == 0
	return rep
}

// receiptBackings verifies each receipt, records its report in rep (and
// a refusal for one that fails), and returns the values of those that pass
// as backings, each barred when its receipt is not grounded (see
// receiptBar), and their dates.
func (rep *Report) receiptBackings(envs []*dsse.Envelope, trusted *dsse.KeyRing, policy receipt.Policy,
	facts []backing, groundQuestion string, opts Options) ([]backing, []dateBacking) {
	var bs []backing
	var ds []dateBacking
	for i, env := range envs {
		r, vr := verifiedReceipt(env, trusted, policy, opts.Sources)
		rep.Receipts = append(rep.Receipts, vr)
		if r == nil {
			rep.Refusals = append(rep.Refusals, receiptRefusal(i, vr))
			continue
		}
		ropts := opts
		ropts.unchecked = !vr.Signed && vr.Grounding != receipt.GroundingChecked
		why, used := receiptBar(r, facts, groundQuestion, ropts)
		vals := receiptBackings(i, r, why, opts)
		if r.Call != nil { // see computedFrom
			for k := range vals {
				for _, f := range used {
					vals[k].from = append(vals[k].from, facts[f].src.Index)
				}
			}
		}
		bs = append(bs, vals...)
		if why == nil {
			ds = append(ds, dateBackings(i, r)...)
		}
	}
	return bs, ds
}

// judgeMentions judges every mention that is a claim against bs, and
// every number of the question that a fact may contradict, recording each
// verdict and refusal in rep.
func (rep *Report) judgeMentions(ms []Mention, bs []backing, opts Options) {
	ignore := opts.Ignore.effective()
	reports := make([]MentionReport, len(ms))
	quoted := map[int]bool{} // the facts, by position in the request, that back a claim of the text
	var asked []int
	for i := range ms {
		reports[i] = mentionReport(&ms[i])
		if ms[i].Ignored {
			if ms[i].Classes&ignore == InQuestion {
				asked = append(asked, i)
			}
			continue
		}
		gov, named := governing(&ms[i], bs)
		v := judge(&ms[i], bs, gov, named, opts, false)
		switch {
		case v.by != nil && v.by.Kind == SourceFact:
			quoted[v.by.Index] = true
		case v.by == nil && v.nearestSrc != nil && v.nearestSrc.Kind == SourceFact:
			quoted[v.nearestSrc.Index] = true // the number tries to quote it
		}
		rep.Refusals = append(rep.Refusals, verdictReport(&reports[i], i, &ms[i], v)...)
	}
	// A number of the question is not a claim, unless a fact of the
	// application contradicts it: the user may be wrong, and the answer
	// must not repeat them. A fact another number of the text quotes, or
	// tries to quote (it is that number's nearest value), speaks for that
	// number; it contradicts a number of the question only when its noun
	// names that number's ("Did Jane author 27 documents?").
	for _, i := range asked {
		gov, named := governing(&ms[i], bs)
		if !named {
			gov = slices.DeleteFunc(gov, func(g int) bool { return quoted[bs[g].src.Index] })
		}
		if len(gov) == 0 {
			continue
		}
		if v := judge(&ms[i], bs, gov, named, opts, true); v.by == nil {
			reports[i].Ignored = false
			rep.Refusals = append(rep.Refusals, verdictReport(&reports[i], i, &ms[i], v)...)
		}
	}
	rep.Mentions = append(rep.Mentions, reports...)
}

// verdictReport records v in mr, the report of m, the i-th mention, and
// returns its refusal when v backs nothing.
func verdictReport(mr *MentionReport, i int, m *Mention, v verdict) []Refusal {
	mr.Backed, mr.By, mr.Reason, mr.Nearest, mr.NearestBy = v.by != nil, v.by, v.reason, v.nearest, v.nearestSrc
	if v.by != nil {
		return nil
	}
	at, span := i, [2]int{m.Start, m.End}
	hint := v.hint
	if hint == "" {
		hint = hints[v.reason]
	}
	return []Refusal{{Code: v.reason, Message: v.message, Mention: &at, Span: &span, Hint: hint}}
}

// hints say what to do about each reason a number is not backed.
var hints = map[string]string{
	fault.NotBacked:       "quote the value of a receipt or fact at the precision shown, or compute it with a receipt",
	fault.NoExactValue:    "say that no exact figure is available instead of giving one",
	fault.UnitMismatch:    "print the number in the unit of the receipt or fact that holds it",
	fault.ContradictsFact: "print the application's figure for this quantity; neither a receipt nor the question can replace it",
}

// refused makes rep the report of a refused request.
func (rep Report) refused(err error) Report {
	var e *fault.Error
	switch {
	case err == nil:
		e = &fault.Error{Code: fault.Internal, Msg: "refused without a reason", Hint: "pass the error that refused the request"}
	case !errors.As(err, &e) || e == nil:
		e = &fault.Error{Code: fault.BadRequest, Msg: err.Error()}
	}
	rep.OK, rep.Error = false, e
	rep.Refusals = append(rep.Refusals, Refusal{Code: e.Code, Message: e.Msg, Hint: e.Hint})
	return rep
}

// receiptRefusal is the refusal for the i-th receipt, which failed
// verification.
func receiptRefusal(i int, vr *receipt.Report) Refusal {
	msg := fmt.Sprintf("receipt %d does not verify", i)
	if vr.ID != "" {
		msg = fmt.Sprintf("receipt %d (%s) does not verify", i, vr.ID)
	}
	if len(vr.Reasons) > 0 {
		msg += ": " + vr.Reasons[0].Code + ": " + vr.Reasons[0].Message
	}
	hint := "recompute the result and sign a new receipt; a receipt that fails verification backs nothing"
	if len(vr.Reasons) > 0 {
		switch vr.Reasons[0].Code {
		case fault.Unsigned, fault.UntrustedKey:
			// Recomputing cannot help: the same key signs the new receipt.
			// The fix is the application's configuration.
			hint = hintConfiguration
		}
	}
	return Refusal{Code: fault.ReceiptRefused, Message: msg, Receipt: &i, Hint: hint}
}

// hintConfiguration is the hint for a receipt refused because of how the
// application is set up, not because of what the model did.
const hintConfiguration = "a configuration problem, not yours to fix by recomputing: the application does not trust the key that signed this receipt, or it signs none; " +
	"its developer must trust the signer's public key (reckon -pub FILE, tool.Options.Trusted) or sign receipts (-key FILE, tool.Options.Signer)"

// mentionReport is m as the JSON contract carries it, before judgement.
func mentionReport(m *Mention) MentionReport {
	return MentionReport{
		Text: m.Text, Start: m.Start, End: m.End,
		Value: expr.Plain(&m.Value), Printed: expr.Plain(&m.Printed), Places: m.Places, Scale: m.Scale.Word(),
		Unit: m.Unit, Symbol: m.Symbol, Noun: m.Noun, Classes: m.Classes.Names(), Ignored: m.Ignored,
	}
}

// Decision is the gate's verdict on one draft: released, or held with every
// refusal and the full report.
type Decision struct {
	Released bool      `json:"released"` // every receipt verifies and every number is backed
	Refusals []Refusal `json:"refusals"` // why not; empty when released
	Report   Report    `json:"report"`   // the report of [Check]
}

// Gate decides whether the text of req may be released: only when every
// receipt verifies with the caller's trusted keys and policy, and every
// number that is a claim is backed. Otherwise the decision carries the
// refusals, each with its reason; keep them in the application's ledger
// (package session, or package ledger for a database) rather than
// discarding the draft.
func Gate(req Request, trusted *dsse.KeyRing, policy receipt.Policy, opts Options) Decision {
	rep := Check(req, trusted, policy, opts)
	return Decision{Released: rep.OK, Refusals: rep.Refusals, Report: rep}
}

// RefusedReport is the report for a request that could not be read, such as
// one [ParseRequest] refused: not released, with the error as its refusal.
func RefusedReport(err error) Report {
	return Report{Mentions: []MentionReport{}, Receipts: []*receipt.Report{}, Refusals: []Refusal{}}.refused(err)
}
