package claim

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// bar says why a verified receipt backs no number, for the mentions that
// it would otherwise back.
type bar struct {
	code string // a code of package fault
	msg  string // what is wrong, naming the input or literal
	hint string // what to do, and whose fix it is
}

// The hints of the bars. A bar the application's configuration causes says
// so, so that a model is not sent to recompute forever.
const (
	hintGroundText = "read each input from a registered source: give its source and a quote the source prints (calculate checks it). " +
		"If the application registers no sources, that is a configuration problem for its developer, not yours: register sources (tool.Options.Sources, -source NAME=FILE) or accept the provenance by name (claim.Options.Accept)"
	hintUnchecked = "a configuration problem, not yours to fix by recomputing: an unsigned receipt's grounding is only what it says; " +
		"its developer registers the sources with the gate (claim.Options.Sources, -source NAME=FILE), which finds every quote again, or signs receipts with a trusted key"
	hintPageImage = "a configuration problem, not yours to fix by recomputing: an input read from a page image needs an independent check, " +
		"and the application's developer accepts page_image inputs by name (claim.Options.Accept) once it makes one"
	hintUser = "an input of provenance user must be a number the user's question states, with the same value; " +
		"read any other number from a source (provenance text) or print the application's fact"
	hintUserNoQuestion = "a configuration problem, not yours to fix by recomputing: an input of provenance user is checked against the user's question, " +
		"and the application passes none it wrote itself; its developer must pass the question (claim.Options.Question, tool.Options.Claim.Question)"
	hintSystem  = "an input of provenance system_of_record must equal a fact the application supplies; use the fact's value, or read the number from a source"
	hintNoInput = "compute from inputs read from a source, the question or a fact: a formula of literals backs nothing"
	hintLiteral = "write the formula over inputs, with no literal but a power of ten, one integer from 2 to 12 used as a factor or divisor, or the 1 of one 1 + r; " +
		"read each input once, but for one second read that takes the integer's place (b in (a - b) / b); read any other number as an input from its source"
	hintIgnores = "compute the number from its inputs: this formula gives the same figure whatever they are"
)

// receiptBar returns why r, a verified receipt, backs no number, or nil
// when every input is grounded and every literal is allowed. facts are the
// request's facts, parsed; question is the text that grounds inputs of
// provenance user ("" when there is none the application wrote).
//
// used are the positions in facts of the facts that ground inputs of
// provenance system_of_record: the receipt computes from them, so they do
// not overrule it (see [judge]).
func receiptBar(r *receipt.Receipt, facts []backing, question string, opts Options) (why *bar, used []int) {
	if len(r.Inputs) == 0 && r.Call == nil {
		return &bar{fault.UngroundedReceipt, "it has no input: every number in it is a literal of the formula", hintNoInput}, nil
	}
	var asked questionNumbers
	for k := range r.Inputs {
		in := &r.Inputs[k]
		b, f := inputBar(k, in, facts, question, &asked, opts)
		if b != nil {
			return b, nil
		}
		if f >= 0 {
			used = append(used, f)
		}
	}
	if r.Call != nil {
		return nil, used // its params are checked value by value: see paramBars
	}
	return literalBar(r, opts), used
}

// paramBars bars the values of a named operation's receipt, out, that
// equal a number its params print outside the allowance. Params are the
// model's words ("the last 27 days", periods_per_year 52): a number in
// them is a literal as a formula's is, and a value that merely repeats it
// (the 27 days of that range) is the model's own number. A param number
// that surfaces in no value is harmless, and a conventional one
// (century 2000) is left alone.
func paramBars(ps []receipt.Param, out []backing, opts Options) {
	extra := parseLiterals(opts.Literals)
	for _, p := range ps {
		for tok, ok := numeral.Next(p.Value, 0); ok; tok, ok = numeral.Next(p.Value, tok.End) {
			d, err := tok.Value()
			if err != nil || allowedValue(d, extra) {
				continue
			}
			v := atOnes(d, tok.Scale)
			why := &bar{fault.LiteralNotAllowed, fmt.Sprintf("it repeats %s, which its param %s = %q prints: a number the model wrote, not one the operation computed", tok.Text, p.Name, p.Value), hintLiteral}
			for k := range out {
				for j := range out[k].values {
					if out[k].bar == nil && equalMagnitude(&out[k].values[j], &v) {
						out[k].bar = why
					}
				}
			}
		}
	}
}

// equalMagnitude reports whether x and y have the same absolute value.
func equalMagnitude(x, y *apd.Decimal) bool {
	var a, b apd.Decimal
	a.Abs(x)
	b.Abs(y)
	return a.Cmp(&b) == 0
}

// allowedValue reports whether d is a literal allowed as a factor or
// divisor: an integer from 1 to 12, a power of ten, or one of extra.
func allowedValue(d *apd.Decimal, extra []apd.Decimal) bool {
	var a apd.Decimal
	a.Abs(d)
	for i := range extra {
		if a.Cmp(&extra[i]) == 0 {
			return true
		}
	}
	return smallInteger(&a) || powerOfTen(&a)
}

// questionNumbers are the numbers of the question, read when an input
// first needs them.
type questionNumbers struct {
	read bool
	ms   []Mention
}

// inputBar returns why the k-th input, in, is not grounded, or nil. The
// question is read once, on the first input of provenance user.
// f is the position in facts of the fact that grounds an input of
// provenance system_of_record, or -1.
func inputBar(k int, in *receipt.InputRecord, facts []backing, question string, asked *questionNumbers, opts Options) (why *bar, f int) {
	name := fmt.Sprintf("input %q (inputs[%d])", in.Name, k)
	switch p := in.Provenance; {
	case p == receipt.ProvenanceText:
		if in.Grounded() && opts.unchecked && !opts.accepts(p) {
			return &bar{fault.UngroundedReceipt, name + "'s grounding was not checked: the receipt is unsigned and no registered source found its quote again", hintUnchecked}, -1
		}
		if in.Grounded() || opts.accepts(p) {
			return nil, -1
		}
		return &bar{fault.UngroundedReceipt, name + " has provenance text but no grounding: its quote was not found in a registered source", hintGroundText}, -1
	case p == receipt.ProvenancePageImage:
		switch {
		case !opts.accepts(p):
			return &bar{fault.UngroundedReceipt, name + " was read from a page image, which the application does not accept", hintPageImage}, -1
		case !in.Grounded():
			return &bar{fault.UngroundedReceipt, name + " was read from a page image and has no grounding: its quote was not found in a registered source", hintGroundText}, -1
		case opts.unchecked:
			return &bar{fault.UngroundedReceipt, name + "'s grounding was not checked: the receipt is unsigned and no registered source found its quote again", hintUnchecked}, -1
		}
		return nil, -1
	case p == receipt.ProvenanceUser:
		if opts.accepts(p) {
			return nil, -1
		}
		if question == "" {
			return &bar{fault.UngroundedReceipt, name + " has provenance user, but the application passed no question", hintUserNoQuestion}, -1
		}
		if !asked.read {
			asked.ms, asked.read = scan(question, maxMentions).Mentions, true
		}
		if inputAsked(in, asked.ms) {
			return nil, -1
		}
		return &bar{fault.UngroundedReceipt, fmt.Sprintf("%s has provenance user, but the question states no %s", name, in.Display), hintUser}, -1
	case p == receipt.ProvenanceSystemOfRecord:
		if opts.accepts(p) {
			return nil, -1
		}
		if f := inputFact(in, facts); f >= 0 {
			return nil, f
		}
		return &bar{fault.UngroundedReceipt, fmt.Sprintf("%s has provenance system_of_record, but no fact of the application is %s %s", name, in.Display, in.Unit), hintSystem}, -1
	}
	return &bar{fault.UngroundedReceipt, fmt.Sprintf("%s has provenance %q, which grounds nothing", name, in.Provenance), hintGroundText}, -1
}

// inputAmount reads an input's printed value at ones, in its unit, as the
// receipt recorded it.
func inputAmount(in *receipt.InputRecord) (apd.Decimal, units.Unit, bool) {
	u, err1 := units.ParseUnit(in.Unit)
	sc, err2 := numeral.ParseScale(in.Scale)
	if err1 != nil || err2 != nil {
		return apd.Decimal{}, u, false
	}
	a, err := units.ParseAmount(in.Display, u, sc)
	if err != nil {
		return apd.Decimal{}, u, false
	}
	return atOnes(&a.Printed, a.Scale), u, true
}

// inputAsked reports whether a number of the question, read with the one
// reader, has the input's value in a unit that agrees with its own (or no
// unit): "$300,000" as an input of unit USD is in "I have $300k saved".
// The question's dates are not numbers it states.
func inputAsked(in *receipt.InputRecord, asked []Mention) bool {
	v, u, ok := inputAmount(in)
	if !ok {
		return false
	}
	for i := range asked {
		q := &asked[i]
		if q.Classes&Date != 0 || !compatible(q, u, Options{}) {
			continue
		}
		if c, ok := convert(&v, u, q); ok && c.Cmp(&q.Value) == 0 {
			return true
		}
	}
	return false
}

// inputFact returns the position in facts of a fact whose value equals
// the input's in a unit of the same family (a count, whose nouns, if both
// have one, agree; the same currency; a percent, ratio or number; pp or
// bp; days; months or years), or -1.
func inputFact(in *receipt.InputRecord, facts []backing) int {
	v, u, ok := inputAmount(in)
	if !ok {
		return -1
	}
	for i := range facts {
		f := &facts[i]
		if len(f.values) > 0 && sameFamily(u, f.unit) && equalIn(&v, u, &f.values[0], f.unit) {
			return i
		}
	}
	return -1
}

// sameFamily reports whether values of units a and b measure the same kind
// of quantity, so that they may be compared after converting within it.
func sameFamily(a, b units.Unit) bool {
	// Of a compound unit (USD/count:shares) the kind, currency and noun
	// are the numerator's; the denominators must be the same.
	ap, aok := a.Per()
	bp, bok := b.Per()
	if aok != bok || aok && ap.String() != bp.String() {
		return false
	}
	ka, kb := a.Kind(), b.Kind()
	switch ka {
	case units.KindCurrency:
		return kb == units.KindCurrency && a.Currency() == b.Currency()
	case units.KindCount, units.KindNumber:
		if kb != units.KindCount && kb != units.KindNumber {
			return false
		}
		return a.Noun() == "" || b.Noun() == "" || nounMatches(a.Noun(), b.Noun())
	case units.KindPercent, units.KindRatio:
		return kb == units.KindPercent || kb == units.KindRatio || kb == units.KindNumber
	case units.KindPP, units.KindBP:
		return kb == units.KindPP || kb == units.KindBP
	case units.KindMonths, units.KindYears:
		return kb == units.KindMonths || kb == units.KindYears
	}
	return ka == kb
}

// equalIn reports whether x in unit a equals y in unit b, both converted to
// their family's canonical unit.
func equalIn(x *apd.Decimal, a units.Unit, y *apd.Decimal, b units.Unit) bool {
	ctx := expr.NewContext()
	var cx, cy apd.Decimal
	if _, err := ctx.Mul(&cx, x, kindFactor(a.Kind())); err != nil {
		return false
	}
	if _, err := ctx.Mul(&cy, y, kindFactor(b.Kind())); err != nil {
		return false
	}
	return cx.Cmp(&cy) == 0
}

// literalBar returns why the literals of r's formula are not allowed, or
// nil. See badLiteral for where a literal may stand; on top of that a
// formula carries at most one integer from 2 to 12 and at most one
// additive literal, and a sub-expression whose value does not depend on
// the inputs is a literal of that value (see [constants]).
//
// A formula whose whole result is a constant made of its inputs
// ("x / x * 12") has its written literals held to the allowance, and is
// then barred with reason result_ignores_inputs, here rather than by the
// dependence check alone, whose trials may fail where these do not (an
// input so large that doubling it overflows).
func literalBar(r *receipt.Receipt, opts Options) *bar {
	formula := r.Formula
	f, err := expr.Parse(formula)
	if err != nil {
		// Verification has re-executed the formula, so it parses; a
		// formula that does not is refused all the same.
		return &bar{fault.LiteralNotAllowed, "its formula does not parse", hintLiteral}
	}
	extra := parseLiterals(opts.Literals)
	// Without a repeated read no part of the formula is a constant made of
	// inputs: each input then enters once, through operations that change
	// with it (a clamp such as min(x * 1000000, 10) needs a literal
	// argument, refused below), so the trials are spared.
	reads, extraReads := repeatedReads(f.Root, r.Inputs)
	consts := map[expr.Node]*apd.Decimal{}
	if extraReads > 0 {
		consts = constants(f.Root, r.Inputs)
	}
	// consts nil says the whole formula is constant: its parts are not
	// held to the rules below, the whole is barred.
	whole, constant := consts[f.Root]
	if constant {
		consts = nil
	}
	if text, why := badLiteral(f.Root, nil, extra, consts); text != "" {
		return &bar{fault.LiteralNotAllowed, fmt.Sprintf("its formula %q has the literal %s %s", formula, text, why), hintLiteral}
	}
	// Powers of ten multiply too: x * 100 * 10 is x * 1000, which no
	// literal alone may be.
	if k := tenfold(f.Root, extra, consts); k > 2 {
		return &bar{fault.LiteralNotAllowed, fmt.Sprintf("its formula %q multiplies by powers of ten that make 10^%d together: at most 100 is allowed (as in * 100 for a percent)", formula, k), hintLiteral}
	}
	// Factors from 2 to 12 multiply: 84 / 4 * 9 / 7 is 27. One is a
	// divisor or a period count; more make any number of the model's.
	ks := smallFactors(f.Root, extra, consts, nil)
	count := len(ks)
	if consts != nil {
		ks, count = append(ks, reads...), count+extraReads
	}
	if count > 1 {
		return &bar{fault.LiteralNotAllowed, fmt.Sprintf("its formula %q has the factors %s: at most one integer from 2 to 12 is allowed, and each read of an input after its first counts as one", formula, strings.Join(ks, ", ")), hintLiteral}
	}
	if constant {
		what := "the same figure"
		if whole != nil {
			what = expr.Format(whole)
		}
		return &bar{fault.ResultIgnoresInputs, fmt.Sprintf("its formula %q gives %s whatever its inputs are", formula, what), hintIgnores}
	}
	// Additive literals add: x + 1 + 1 is x + 2. One is the 1 of 1 + r or
	// of b / a - 1; more make any small offset of the model's.
	if as := addends(f.Root, consts, nil); consts != nil && len(as) > 1 {
		return &bar{fault.LiteralNotAllowed, fmt.Sprintf("its formula %q adds the literals of %s: at most one sum with a literal 1 is allowed", formula, strings.Join(as, ", ")), hintLiteral}
	}
	return nil
}

// smallFactors appends to ks every literal of n from 2 to 12 that the
// application did not allow in extra, including the constant
// sub-expressions of consts ("(x + x) / x" is 2).
func smallFactors(n expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal, ks []string) []string {
	if d, ok := consts[n]; ok {
		if d != nil && smallInteger(d) && d.Cmp(apd.New(1, 0)) != 0 && !allowedExtra(d, extra) {
			ks = append(ks, expr.Print(n, expr.ASCII, nil))
		}
		return ks
	}
	switch n := n.(type) {
	case *expr.Number:
		d, _, err := expr.NewContext().SetString(new(apd.Decimal), n.Text)
		if err == nil && smallInteger(d) && d.Cmp(apd.New(1, 0)) != 0 && !allowedExtra(d, extra) {
			ks = append(ks, n.Text)
		}
	case *expr.Unary:
		ks = smallFactors(n.X, extra, consts, ks)
	case *expr.Binary:
		ks = smallFactors(n.Y, extra, consts, smallFactors(n.X, extra, consts, ks))
	case *expr.Call:
		for _, a := range n.Args {
			ks = smallFactors(a, extra, consts, ks)
		}
	}
	return ks
}

// repeatedReads returns the numbers root reads more than once, as "x read
// 3 times", and how many reads there are after each number's first. A
// repeated number multiplies as an integer does (x + x + x is 3 * x,
// x * x * x is x cubed), so each extra read counts as one integer from 2
// to 12: b read twice in (a - b) / b, or r in (1 + r) * (1 + r), is the
// formula's one. Inputs that are one number of one source (see
// sameNumbers) are read as one: x1 + x2 + x3 over the same quote is x
// read 3 times.
func repeatedReads(root expr.Node, inputs []receipt.InputRecord) (reads []string, extra int) {
	group := map[string]int{}
	same := sameNumbers(inputs)
	for g, names := range same {
		for _, name := range names {
			group[name] = g
		}
	}
	count := make([]int, len(same))
	expr.Inspect(root, func(n expr.Node) bool {
		if id, ok := n.(*expr.Ident); ok {
			if g, ok := group[id.Name]; ok {
				count[g]++
			}
		}
		return true
	})
	for g, n := range count {
		if n > 1 {
			reads, extra = append(reads, fmt.Sprintf("%s read %d times", strings.Join(same[g], ", "), n)), extra+n-1
		}
	}
	return reads, extra
}

// sameNumbers groups the names of inputs by the number they are, in the
// order of first appearance: one group per input, but that inputs that
// are one number under several names share one. Two grounded inputs are
// one number when they have the same value and their quotes overlap in
// the same source bytes ("5" and "authored 5 documents" quote the same 5);
// two ungrounded ones when they have the same provenance, unit and value
// (one fact, one number of the question).
func sameNumbers(inputs []receipt.InputRecord) [][]string {
	var groups [][]string
	var members [][]*receipt.InputRecord
	seen := map[string]bool{}
	for k := range inputs {
		in := &inputs[k]
		if seen[in.Name] {
			continue
		}
		seen[in.Name] = true
		g := slices.IndexFunc(members, func(ms []*receipt.InputRecord) bool {
			return slices.ContainsFunc(ms, func(m *receipt.InputRecord) bool { return oneNumber(m, in) })
		})
		if g < 0 {
			groups, members = append(groups, []string{in.Name}), append(members, []*receipt.InputRecord{in})
			continue
		}
		groups[g], members[g] = append(groups[g], in.Name), append(members[g], in)
	}
	return groups
}

// oneNumber reports whether a and b are one number under two names (see
// sameNumbers).
func oneNumber(a, b *receipt.InputRecord) bool {
	if a.Value != b.Value {
		return false
	}
	ga, gb := a.Grounding, b.Grounding
	switch {
	case ga != nil && gb != nil:
		return ga.Digest == gb.Digest && ga.Span[0] < gb.Span[1] && gb.Span[0] < ga.Span[1]
	case ga != nil || gb != nil:
		return false
	}
	return a.Provenance == b.Provenance && a.Unit == b.Unit &&
		(a.Provenance == receipt.ProvenanceUser || a.Provenance == receipt.ProvenanceSystemOfRecord)
}

// addends appends to as the distinct sums of n that have a literal
// operand (a number, or a constant sub-expression of consts: the x / x of
// "x * x + x / x"), printed. A sum repeated whole is one: (1 + r) * (1 + r)
// adds one 1.
func addends(n expr.Node, consts map[expr.Node]*apd.Decimal, as []string) []string {
	if _, ok := consts[n]; ok {
		return as
	}
	switch n := n.(type) {
	case *expr.Unary:
		return addends(n.X, consts, as)
	case *expr.Binary:
		if n.Op == expr.Add || n.Op == expr.Sub {
			if isLiteral(n.X, consts) || isLiteral(n.Y, consts) {
				s := expr.Print(n, expr.ASCII, nil)
				if !slices.Contains(as, s) {
					as = append(as, s)
				}
			}
		}
		return addends(n.Y, consts, addends(n.X, consts, as))
	case *expr.Call:
		for _, a := range n.Args {
			as = addends(a, consts, as)
		}
	}
	return as
}

// isLiteral reports whether n is a literal: a number under any signs, or
// a constant sub-expression.
func isLiteral(n expr.Node, consts map[expr.Node]*apd.Decimal) bool {
	if _, ok := consts[n]; ok {
		return true
	}
	_, ok := literal(n)
	return ok
}

// constants returns the sub-expressions of root that read an input and
// yet have one value whatever the inputs are: with each input changed
// alone and all at once, as the dependence check changes them, the value
// stays exactly the same. x / x, x - x, abs(x) / x, min(x, x) / x and
// (x + x) / x are such: a constant the model made of an input, which is a
// literal and held to the allowance. Each is mapped to its value, or to
// nil when it has no short decimal form. Only the outermost is kept: the
// x / x in (x / x) * 2 is part of the constant 2.
//
// An input whose value does not parse, or a change that makes a divisor
// zero, leaves the sub-expressions it touches out: they are not known to
// be constant.
func constants(root expr.Node, inputs []receipt.InputRecord) map[expr.Node]*apd.Decimal {
	base := map[string]*big.Rat{}
	for _, in := range inputs {
		d, _, err := expr.NewContext().SetString(new(apd.Decimal), in.Value)
		if err != nil {
			// None is known to be constant; never nil, which would
			// say the whole formula is (see literalBar).
			return map[expr.Node]*apd.Decimal{}
		}
		base[in.Name] = expr.RatOf(d)
	}
	trials := []map[string]*big.Rat{base}
	all := maps.Clone(base)
	for _, same := range sameNumbers(inputs) {
		one := maps.Clone(base)
		for _, name := range same {
			one[name] = changedRat(base[name])
			all[name] = one[name]
		}
		trials = append(trials, one)
	}
	trials = append(trials, all)
	values := make([]map[expr.Node]*big.Rat, len(trials))
	for i, t := range trials {
		values[i] = expr.Values(root, t, constantBits)
	}
	out := map[expr.Node]*apd.Decimal{}
	expr.Inspect(root, func(n expr.Node) bool {
		if readsInput(n) && sameIn(n, values) {
			out[n] = decimalOf(values[0][n])
			return false
		}
		return true
	})
	return out
}

// changedRat is an input's value changed for a trial: doubled, or 1 for
// 0, as the dependence check changes it.
func changedRat(v *big.Rat) *big.Rat {
	if v.Sign() == 0 {
		return big.NewRat(1, 1)
	}
	return new(big.Rat).Mul(v, big.NewRat(2, 1))
}

// sameIn reports whether n has a value in every trial, and the same one.
func sameIn(n expr.Node, values []map[expr.Node]*big.Rat) bool {
	v0, ok := values[0][n]
	if !ok {
		return false
	}
	for _, vs := range values[1:] {
		v, ok := vs[n]
		if !ok || v.Cmp(v0) != 0 {
			return false
		}
	}
	return true
}

// decimalOf returns v as a decimal, or nil when it has no short decimal
// form (1/3).
func decimalOf(v *big.Rat) *apd.Decimal {
	s := v.FloatString(expr.Precision)
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), s)
	if err != nil {
		return nil
	}
	if r := expr.RatOf(d); r == nil || r.Cmp(v) != 0 {
		return nil
	}
	d.Reduce(d)
	return d
}

// constantBits bounds the exact values constants computes, in bits of
// numerator and denominator. The formula is evaluated once per input and
// trial, so a product of a hundred long inputs would otherwise cost
// seconds of greatest common divisors. A constant a model can make within
// the one repeated read the allowance leaves (x / x, x - x) is small; a
// part whose value outgrows the bound is not known to be constant, and a
// formula that needs more reads is refused for them.
const constantBits = 1024

// allowedExtra reports whether d is one of the application's literals.
func allowedExtra(d *apd.Decimal, extra []apd.Decimal) bool {
	for i := range extra {
		if d.Cmp(&extra[i]) == 0 {
			return true
		}
	}
	return false
}

// parseLiterals reads the literals the application allows beyond the
// default; one that does not parse allows nothing.
func parseLiterals(ss []string) []apd.Decimal {
	var out []apd.Decimal
	for _, s := range ss {
		d, _, err := expr.NewContext().SetString(new(apd.Decimal), strings.TrimSpace(s))
		if err == nil {
			d.Abs(d)
			out = append(out, *d)
		}
	}
	return out
}

// badLiteral walks the formula's tree and returns the first literal that
// is not allowed where it stands, as printed, and why. parent is the node
// n is an operand of (nil at the root). A constant sub-expression of
// consts is a literal of its value (see [constants]).
//
// The rule: a literal (a number, with any prefix signs) is allowed only as
// a direct operand of +, −, × or ÷ whose other operand reads an input, and
// only when its magnitude is allowed there: as a factor or divisor, an
// integer from 1 to 12 or a power of ten (10^−12 to 10^12); beside + or −,
// only 1 (the 1 of 1 + r or of n/o − 1). The application's Literals are
// allowed in both places. Everything else is refused: a literal as the
// whole formula or as an argument of abs, min, max or mean ("max(x, 27)",
// "mean(27, 27, 27)"), an operation of literals alone ("3 * 9", "1 / 12"),
// 0 anywhere ("x * 0 + 27"), any other number ("x + 27"). Formulas that
// cancel their inputs with allowed literals ("x − x + 1") are caught by
// the dependence check of [dependence].
func badLiteral(n, parent expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal) (text, why string) {
	if d, ok := consts[n]; ok {
		text := fmt.Sprintf("%s (a constant, whatever the inputs)", expr.Print(n, expr.ASCII, nil))
		if d == nil {
			return text, "that has no short decimal value"
		}
		return refused(text, literalPlace(d, parent, n, extra, consts))
	}
	switch n := n.(type) {
	case *expr.Number:
		return refused(n.Text, numberPlace(n, parent, n, extra, consts))
	case *expr.Unary:
		if num, ok := literal(n); ok {
			return refused(num.Text, numberPlace(num, parent, n, extra, consts))
		}
		return badLiteral(n.X, n, extra, consts)
	case *expr.Binary:
		if text, why := badLiteral(n.X, n, extra, consts); text != "" {
			return text, why
		}
		return badLiteral(n.Y, n, extra, consts)
	case *expr.Call:
		for _, a := range n.Args {
			if text, why := badLiteral(a, n, extra, consts); text != "" {
				return text, why
			}
		}
	}
	return "", ""
}

// refused returns text and why when why says the literal is refused, else
// nothing.
func refused(text, why string) (string, string) {
	if why == "" {
		return "", ""
	}
	return text, why
}

// literal returns the number under a chain of prefix signs.
func literal(n expr.Node) (*expr.Number, bool) {
	for {
		switch m := n.(type) {
		case *expr.Number:
			return m, true
		case *expr.Unary:
			n = m.X
		default:
			return nil, false
		}
	}
}

// numberPlace is literalPlace of a number as written.
func numberPlace(num *expr.Number, parent, self expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal) string {
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), num.Text)
	if err != nil {
		return "that does not parse"
	}
	return literalPlace(d, parent, self, extra, consts)
}

// literalPlace returns "" when a literal of magnitude d, standing as node
// self under parent, is allowed there, and otherwise why not.
func literalPlace(d *apd.Decimal, parent, self expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal) string {
	b, ok := parent.(*expr.Binary)
	if !ok {
		if _, call := parent.(*expr.Call); call {
			return "as an argument of a function"
		}
		return "as the whole formula"
	}
	other := b.X
	if other == self {
		other = b.Y
	}
	if _, constant := consts[other]; constant || !readsInput(other) {
		return "in an operation of literals alone"
	}
	var a apd.Decimal
	a.Abs(d)
	for i := range extra {
		if a.Cmp(&extra[i]) == 0 {
			return ""
		}
	}
	switch b.Op {
	case expr.Mul, expr.Div:
		if powerOfTen(&a) && grows(b.Op, self == b.Y, &a) {
			// 27 documents times 1000 is no reading of the document: a
			// scale belongs in the input's scale, which grounding checks
			// against the scale the source states.
			return "as a factor that multiplies by more than 100: give the input's scale (thousand, million, crore) instead, which grounding checks against the source"
		}
		if smallInteger(&a) || powerOfTen(&a) {
			return ""
		}
		return "as a factor or divisor, which allows only an integer from 1 to 12 or a power of ten"
	}
	if a.Cmp(apd.New(1, 0)) == 0 {
		return ""
	}
	return "beside + or -, which allows only 1"
}

// grows reports whether a, a literal of the operation op, multiplies what
// it stands beside by more than 100: a factor over 100, or a divisor (on
// the right of /) under 1/100. Percents (* 100) and per-unit rates
// (/ 1000000) stay allowed.
func grows(op expr.Op, divisor bool, a *apd.Decimal) bool {
	if op == expr.Div && divisor {
		return a.Cmp(apd.New(1, -2)) < 0
	}
	if op == expr.Div {
		return false // 1000 / x: the literal is divided, not multiplied
	}
	return a.Cmp(apd.New(100, 0)) > 0
}

// tenfold returns by how many powers of ten the literals of n multiply
// what they stand beside, at most, over every path through it: a power of
// ten 10^k as a factor adds k, as a divisor takes k away, and what a
// divisor holds counts inverted, so "(x * 100) / 0.1" is 3 and
// "1 / (0.001 / x)" is 3 as x / 0.001 is; a sum or a function's
// arguments take their range. Pieces each allowed alone (see grows) thus
// cannot add up to the x * 1000 grows refuses. Constant parts (consts)
// are held to the rules by badLiteral and count for nothing here, nor do
// the literals the application allows by name (extra).
func tenfold(n expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal) int {
	_, hi := tens(n, extra, consts)
	return hi
}

// tens returns the least and the most powers of ten n multiplies by (see
// tenfold).
func tens(n expr.Node, extra []apd.Decimal, consts map[expr.Node]*apd.Decimal) (lo, hi int) {
	if _, ok := consts[n]; ok {
		return 0, 0
	}
	if num, ok := literal(n); ok {
		d, _, err := expr.NewContext().SetString(new(apd.Decimal), num.Text)
		if err != nil || !powerOfTen(d) || allowedExtra(d, extra) {
			return 0, 0 // the application allows it by name
		}
		var r apd.Decimal
		r.Reduce(d)
		return int(r.Exponent), int(r.Exponent)
	}
	switch n := n.(type) {
	case *expr.Unary:
		return tens(n.X, extra, consts)
	case *expr.Binary:
		xlo, xhi := tens(n.X, extra, consts)
		ylo, yhi := tens(n.Y, extra, consts)
		switch n.Op {
		case expr.Mul:
			return xlo + ylo, xhi + yhi
		case expr.Div:
			return xlo - yhi, xhi - ylo
		}
		if !isLiteral(n.X, consts) && !isLiteral(n.Y, consts) {
			return min(xlo, ylo), max(xhi, yhi)
		}
		// x + 1: the literal is an addend, not a factor.
		if isLiteral(n.X, consts) {
			return ylo, yhi
		}
		return xlo, xhi
	case *expr.Call:
		seen := false
		for _, a := range n.Args {
			if isLiteral(a, consts) {
				continue // round(x, 2): a digit count, not a factor
			}
			alo, ahi := tens(a, extra, consts)
			if !seen {
				lo, hi, seen = alo, ahi, true
				continue
			}
			lo, hi = min(lo, alo), max(hi, ahi)
		}
		return lo, hi
	}
	return 0, 0
}

// readsInput reports whether n reads an input.
func readsInput(n expr.Node) bool {
	reads := false
	expr.Inspect(n, func(n expr.Node) bool {
		_, ident := n.(*expr.Ident)
		reads = reads || ident
		return !reads
	})
	return reads
}

// smallInteger reports whether d is an integer from 1 to 12: a divisor or
// period count such as / 2 or * 12.
func smallInteger(d *apd.Decimal) bool {
	var r apd.Decimal
	r.Reduce(d)
	return r.Exponent >= 0 && !r.Negative && r.Cmp(apd.New(1, 0)) >= 0 && r.Cmp(apd.New(12, 0)) <= 0
}

// powerOfTen reports whether d is 10^k for k from −12 to 12.
func powerOfTen(d *apd.Decimal) bool {
	var r apd.Decimal
	r.Reduce(d)
	return !r.Negative && r.Coeff.IsUint64() && r.Coeff.Uint64() == 1 && r.Exponent >= -12 && r.Exponent <= 12
}

// dependence returns what the result of r, a formula receipt whose result
// is res at ones, would be were its inputs other than they are: each input
// doubled alone (0 becoming 1), then all at once. Inputs that are one
// number under several names (see sameNumbers) change together. A number the result
// backs is backed only when one of these would not back it, so that the
// number depends on the inputs at the precision it shows; see
// [fault.ResultIgnoresInputs]. literals is the result with every input
// zero, nil when the formula fails there: a number it backs is the
// literals' own. ok is false when the result depends on the
// inputs whatever the number shows: a changed input makes the formula fail
// (a divisor becomes zero), or the result is zero and a changed input makes
// it not. ignores is true when the result is zero whatever the inputs.
func dependence(r *receipt.Receipt, res *apd.Decimal) (alts []apd.Decimal, literals *apd.Decimal, ignores, ok bool) {
	f, err := expr.Parse(r.Formula)
	if err != nil {
		return nil, nil, false, false
	}
	ctx := expr.NewContext()
	vars := make(expr.Vars, len(r.Inputs))
	for _, in := range r.Inputs {
		d, _, err := ctx.SetString(new(apd.Decimal), in.Value)
		if err != nil {
			return nil, nil, false, false
		}
		vars[in.Name] = d
	}
	f0, err := f.Eval(vars)
	if err != nil {
		return nil, nil, false, false
	}
	changed := func(d *apd.Decimal) *apd.Decimal {
		if d.IsZero() {
			return apd.New(1, 0)
		}
		c := new(apd.Decimal)
		_, _ = ctx.Mul(c, d, apd.New(2, 0))
		return c
	}
	// Inputs that are one number of one source change together: x1 / x2
	// over the same quote is x / x.
	var trials []expr.Vars
	all := make(expr.Vars, len(vars))
	for _, names := range sameNumbers(r.Inputs) {
		one := maps.Clone(vars)
		for _, name := range names {
			one[name] = changed(vars[name])
			all[name] = one[name]
		}
		trials = append(trials, one)
	}
	trials = append(trials, all)
	zero := f0.Value.IsZero()
	// With every input zero, what is left is the literals' own figure: a
	// number it backs is theirs ("(a - b + 1) * 12" over a = b).
	zeros := make(expr.Vars, len(vars))
	for name := range vars {
		zeros[name] = new(apd.Decimal)
	}
	if fz, err := f.Eval(zeros); err == nil && !zero {
		var alt apd.Decimal
		if _, err := ctx.Mul(&alt, res, &fz.Value); err == nil {
			if _, err := ctx.Quo(&alt, &alt, &f0.Value); err == nil {
				literals = &alt
			}
		}
	}
	for _, t := range trials {
		fp, err := f.Eval(t)
		if err != nil {
			return nil, nil, false, false
		}
		if zero {
			if !fp.Value.IsZero() {
				return nil, nil, false, false
			}
			continue
		}
		var alt apd.Decimal
		if _, err := ctx.Mul(&alt, res, &fp.Value); err != nil {
			return nil, nil, false, false
		}
		if _, err := ctx.Quo(&alt, &alt, &f0.Value); err != nil {
			return nil, nil, false, false
		}
		alts = append(alts, alt)
	}
	return alts, literals, zero, true
}

// quotedNoun returns the noun the source prints after the input's number in
// its quote ("24 tweets" for a display of 24), or "": a word the
// document, not the model, ties to the number. Only a grounded input's
// quote was found in a source, so only its noun counts.
func quotedNoun(in *receipt.InputRecord) string {
	if !in.Grounded() || in.Quote == "" {
		return ""
	}
	u, err1 := units.ParseUnit(in.Unit)
	sc, err2 := numeral.ParseScale(in.Scale)
	if err1 != nil || err2 != nil {
		return ""
	}
	a, err := units.ParseAmount(in.Display, u, sc)
	if err != nil {
		return ""
	}
	want := a.Token()
	q := in.Quote
	for tok, ok := numeral.Next(q, 0); ok; tok, ok = numeral.Next(q, tok.End) {
		if !tok.SameNumber(&want) {
			continue
		}
		rest := strings.TrimPrefix(q[tok.End:], " ")
		n := 0
		for n < len(rest) && rest[n] >= 'a' && rest[n] <= 'z' {
			n++
		}
		return rest[:n]
	}
	return ""
}

// receiptNouns returns the noun each input's quote ties to its number
// (see quotedNoun), and the noun of the result: the one all inputs share,
// or "".
func receiptNouns(r *receipt.Receipt) (inputs []string, result string) {
	inputs = make([]string, len(r.Inputs))
	for k := range r.Inputs {
		inputs[k] = quotedNoun(&r.Inputs[k])
		switch {
		case inputs[k] == "" || k > 0 && singular(inputs[k]) != singular(result):
			result = "\x00" // no one noun
		case k == 0:
			result = inputs[k]
		}
	}
	if result == "\x00" {
		result = ""
	}
	return inputs, result
}
