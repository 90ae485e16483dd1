package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// runInspect is `reckon inspect [FILE]`: a receipt, as a DSSE envelope or
// inside a calc response, shown for a person: the formula, the expanded
// expression, every input as printed with its unit, scale, period,
// provenance and quote, the result, and the key ids the envelope claims.
// Nothing is verified, and the first line says so. It exits 0 when the
// receipt could be read, 1 when it could not.
func runInspect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("inspect", "[FILE]\n\nShows a DSSE envelope or a whole calc response from FILE or stdin, without verifying it.", stderr)
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	data, err := readCapped(stdin, maxVerifyInput)
	if err != nil {
		fmt.Fprintf(stderr, "reckon inspect: %v\n", err)
		return exitRefused
	}
	env, err := receipt.ResponseEnvelope(data)
	if err != nil {
		fmt.Fprintf(stderr, "reckon inspect: %s\n", receipt.Describe(err).Message)
		return exitRefused
	}
	r, err := receipt.Inspect(env)
	if err != nil {
		fmt.Fprintf(stderr, "reckon inspect: %s\n", receipt.Describe(err).Message)
		return exitRefused
	}
	io.WriteString(stdout, describeReceipt(r, env))
	return exitOK
}

// describeReceipt lays a receipt out for a person.
func describeReceipt(r *receipt.Receipt, env *dsse.Envelope) string {
	var b strings.Builder
	b.WriteString("NOT VERIFIED: this is what the receipt says; `reckon verify -pub KEY` checks it.\n\n")
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "receipt\t%s\t(%s)\n", r.ID, r.Type)
	fmt.Fprintf(w, "operation\t%s\n", r.Operation)
	if r.Formula != "" {
		fmt.Fprintf(w, "formula\t%s\n", r.Formula)
	}
	if r.Expanded != "" {
		fmt.Fprintf(w, "expanded\t%s\n", r.Expanded)
	}
	interp := r.Interpretation.Kind
	if r.Interpretation.Note != "" {
		interp += ": " + r.Interpretation.Note
	}
	fmt.Fprintf(w, "interpretation\t%s\n", interp)
	w.Flush()
	b.WriteString("\ninputs\n")
	w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "  name\tas printed\tunit\tscale\tperiod\tprovenance\tvalue")
	for _, in := range r.Inputs {
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\n", in.Name, in.Display, in.Unit, dash(in.Scale), dash(in.Period), in.Provenance, in.Value)
	}
	w.Flush()
	for _, in := range r.Inputs {
		if in.Label == "" && in.Support == "" && in.Quote == "" && in.Source == "" {
			continue
		}
		fmt.Fprintf(&b, "  %s:", in.Name)
		if in.Label != "" {
			fmt.Fprintf(&b, " %s", in.Label)
		}
		if in.Support != "" {
			fmt.Fprintf(&b, " [%s]", in.Support)
		}
		if in.Quote != "" {
			fmt.Fprintf(&b, " %q", in.Quote)
		}
		switch g := in.Grounding; {
		case g != nil:
			fmt.Fprintf(&b, " in %s at bytes %d–%d (%s; %s)", g.Source, g.Span[0], g.Span[1], g.Tier, g.Digest)
		case in.Source != "":
			fmt.Fprintf(&b, " from %s, not grounded", in.Source)
		}
		b.WriteByte('\n')
	}
	if len(r.Constants) > 0 {
		var cs []string
		for _, c := range r.Constants {
			cs = append(cs, c.Value)
		}
		fmt.Fprintf(&b, "constants  %s\n", strings.Join(cs, ", "))
	}
	b.WriteByte('\n')
	w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	res := r.Result
	fmt.Fprintf(w, "result\t%s\n", res.Display)
	fmt.Fprintf(w, "value\t%s %s\n", res.Value, res.Unit)
	fmt.Fprintf(w, "exact\t%s\n", res.Exact)
	if res.Places != nil {
		fmt.Fprintf(w, "rounded\t%s to %d places\n", res.Rounding, *res.Places)
	}
	if res.Inexact {
		fmt.Fprintf(w, "inexact\ta step was rounded to %d significant digits before the final rounding\n", r.Engine.Precision)
	}
	if len(r.Periods) > 0 {
		fmt.Fprintf(w, "periods\t%s\n", strings.Join(r.Periods, ", "))
	}
	fmt.Fprintf(w, "engine\t%s %s, precision %d\n", r.Engine.Name, r.Engine.Version, r.Engine.Precision)
	var keys []string
	for _, s := range env.Signatures {
		keys = append(keys, dash(s.KeyID))
	}
	fmt.Fprintf(w, "signed by\t%s (key ids as claimed, not checked)\n", dash(strings.Join(keys, ", ")))
	w.Flush()
	return b.String()
}

// dash shows an empty field as "—".
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
