package receipt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/internal/visible"
)

// Policy is what a verifier requires of a receipt beyond its signature and
// its re-execution. The zero Policy requires a signature by one trusted key
// and nothing else. Its JSON form is the file `reckon verify -policy` reads.
type Policy struct {
	// Periods, if set, lists the period labels the inputs may carry; an
	// input with no period, or another one, is refused. A label that shows
	// nothing (blank, zero-width or other invisible characters) makes the
	// policy itself invalid.
	Periods []string `json:"periods,omitempty"`
	// Provenance, if set, lists the provenance kinds the inputs may have.
	Provenance []string `json:"provenance,omitempty"`
	// DenyInterpreted refuses formulas the caller chose for a metric the
	// source does not define.
	DenyInterpreted bool `json:"deny_interpreted,omitempty"`
	// DenyConstants refuses formulas that contain literals.
	DenyConstants bool `json:"deny_constants,omitempty"`
	// RequireSupport refuses inputs without a support reference. A
	// reference must show something: blank, zero-width, braille-blank or
	// control-only text is no reference (see shows).
	RequireSupport bool `json:"require_support,omitempty"`
	// AllowUnsigned accepts receipts with no signature by a trusted key.
	// They are still decoded and re-executed.
	AllowUnsigned bool `json:"allow_unsigned,omitempty"`
	// Threshold is the number of distinct trusted keys that must sign;
	// 0 means 1.
	Threshold int `json:"threshold,omitempty"`
	// RequireGrounding refuses a receipt with an input not grounded in a
	// document, or with no input at all (ungrounded_receipt), and one
	// whose documents were not given to find its quotes again
	// (grounding_not_checked): every number it holds was then read from a
	// document and found there by the verifier.
	RequireGrounding bool `json:"require_grounding,omitempty"`
}

// DecodePolicy reads a policy strictly, with [strictjson.Decode]: unknown
// fields, trailing data, and a key given twice or in two cases are refused
// with code bad_policy.
func DecodePolicy(data []byte) (Policy, error) {
	var p Policy
	if err := strictjson.Decode(data, &p); err != nil {
		return Policy{}, badJSON(err, fault.BadPolicy,
			"use the fields periods, provenance, deny_interpreted, deny_constants, require_support, allow_unsigned, threshold, require_grounding")
	}
	return p, p.validate()
}

// validate refuses policies that contradict themselves or list a value no
// input could honestly carry: a provenance kind that does not exist, or a
// period label that shows nothing (see [shows]).
func (p *Policy) validate() error {
	for _, k := range p.Periods {
		if !shows(k) {
			return &fault.Error{Code: fault.BadPolicy, Msg: fmt.Sprintf("period %q shows nothing", k),
				Hint: "list period labels as printed, such as FY2021"}
		}
	}
	for _, k := range p.Provenance {
		if !slices.Contains(provenances, k) {
			return &fault.Error{Code: fault.BadPolicy, Msg: fmt.Sprintf("unknown provenance %q", k),
				Hint: "use text, page_image, system_of_record or user"}
		}
	}
	switch {
	case p.Threshold < 0:
		return &fault.Error{Code: fault.BadPolicy, Msg: "threshold is negative", Hint: "use 0 or 1 for one signature"}
	case p.AllowUnsigned && p.Threshold > 1:
		// A receipt that fails the threshold would pass once its
		// signatures were stripped.
		return &fault.Error{Code: fault.BadPolicy, Msg: fmt.Sprintf("allow_unsigned with threshold %d", p.Threshold),
			Hint: "require signatures or accept unsigned receipts, not both"}
	}
	return nil
}

// check applies the policy's descriptive rules to a receipt that has already
// been re-executed.
func (p *Policy) check(r *Receipt) []Reason {
	var out []Reason
	add := func(code, field, hint, format string, args ...any) {
		out = append(out, Reason{Code: code, Field: field, Hint: hint, Message: fmt.Sprintf(format, args...)})
	}
	if p.DenyInterpreted && r.Interpretation.Kind == Interpreted {
		add(fault.InterpretedNotAllowed, "interpretation.kind", "use a formula the source itself defines",
			"the formula is interpreted (%s) and the policy requires source-defined formulas", r.Interpretation.Note)
	}
	if p.DenyConstants && len(r.Constants) > 0 {
		vals := make([]string, len(r.Constants))
		for i, c := range r.Constants {
			vals[i] = c.Value
		}
		add(fault.ConstantsNotAllowed, "constants", "express the formula over inputs only",
			"the formula contains the constants %s and the policy denies constants", strings.Join(vals, ", "))
	}
	for i, in := range r.Inputs {
		at := fmt.Sprintf("inputs[%d].", i)
		if len(p.Periods) > 0 && !slices.Contains(p.Periods, in.Period) {
			add(fault.PeriodNotAllowed, at+"period", "use inputs from "+strings.Join(p.Periods, " or "),
				"input %q is for period %q, not one of %s", in.Name, in.Period, strings.Join(p.Periods, ", "))
		}
		if len(p.Provenance) > 0 && !slices.Contains(p.Provenance, in.Provenance) {
			add(fault.ProvenanceNotAllowed, at+"provenance", "read the value from an allowed source: "+strings.Join(p.Provenance, ", "),
				"input %q has provenance %q, not one of %s", in.Name, in.Provenance, strings.Join(p.Provenance, ", "))
		}
		if p.RequireSupport && !shows(in.Support) {
			add(fault.SupportMissing, at+"support", "cite where each value was read, in visible characters",
				"input %q has no visible support reference (%q)", in.Name, in.Support)
		}
	}
	return out
}

// shows reports whether a value a policy asks for is there: valid UTF-8
// holding at least one visible character. A blank, a zero-width space, a
// braille blank or a run of control characters is no value, however many
// bytes it has. It is the one test every rule of a policy applies to a
// value, and it decides "visible" from Unicode's properties.
func shows(s string) bool { return visible.In(s) }
