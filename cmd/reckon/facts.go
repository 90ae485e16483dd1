package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/reckonhq/reckon/claim"
)

// factFlag collects the application's facts: -fact LABEL=VALUE UNIT, as
// many as given, and -facts FILE, a JSON list of facts in the form of the
// claims request's "facts". Every fact is read by [claim.ParseRequest], the
// one reader of facts, so a bad one is refused when the flag is parsed.
type factFlag struct {
	facts []claim.Fact
}

// String lists the facts given, for flag's usage text.
func (f *factFlag) String() string {
	var s []string
	for _, x := range f.facts {
		s = append(s, factString(x))
	}
	return strings.Join(s, "; ")
}

// factString prints a fact as -fact takes it.
func factString(x claim.Fact) string {
	v := x.Value
	if x.Scale != "" {
		v += " " + x.Scale
	}
	if x.Exact != nil && !*x.Exact {
		v = "(no exact value)"
	}
	return x.Label + "=" + v + " " + x.Unit
}

// Set reads one -fact: LABEL=VALUE UNIT, where UNIT is the last word and
// VALUE what lies between, scale word included ("revenue=8.37 billion
// USD").
func (f *factFlag) Set(s string) error {
	label, rest, ok := strings.Cut(s, "=")
	rest = strings.TrimSpace(rest)
	i := strings.LastIndexAny(rest, " \t")
	if !ok || strings.TrimSpace(label) == "" || i < 0 {
		return fmt.Errorf("want LABEL=VALUE UNIT, such as \"documents matching=84 count\", got %q", s)
	}
	fact := claim.Fact{Label: strings.TrimSpace(label), Value: strings.TrimSpace(rest[:i]), Unit: rest[i+1:]}
	return f.add([]claim.Fact{fact})
}

// setFile reads -facts FILE.
func (f *factFlag) setFile(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if len(data) > claim.MaxRequestBytes {
		return fmt.Errorf("%s is %d bytes, over the limit of %d", name, len(data), claim.MaxRequestBytes)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("%s: want a JSON list of facts: %v", name, err)
	}
	// The file's bytes go through claim.ParseRequest unchanged, so that its
	// strict decoder reads every fact.
	req, err := claim.ParseRequest([]byte(`{"text": "", "receipts": [], "facts": ` + string(data) + `}`))
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	f.facts = append(f.facts, req.Facts...)
	return f.check()
}

// add checks facts with the one reader of facts, then keeps them.
func (f *factFlag) add(facts []claim.Fact) error {
	b, err := json.Marshal(map[string]any{"text": "", "receipts": []any{}, "facts": facts})
	if err != nil {
		return err
	}
	req, err := claim.ParseRequest(b)
	if err != nil {
		return err
	}
	f.facts = append(f.facts, req.Facts...)
	return f.check()
}

// check refuses more facts than one request may carry.
func (f *factFlag) check() error {
	if len(f.facts) > claim.MaxFacts {
		return fmt.Errorf("%d facts, over the limit of %d", len(f.facts), claim.MaxFacts)
	}
	return nil
}
