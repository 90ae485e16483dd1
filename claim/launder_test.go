package claim_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// in is an input of a laundering test's receipt.
func in(name, display, unit, provenance string) receipt.Input {
	return receipt.Input{Name: name, Display: display, Unit: unit, Provenance: provenance}
}

// textIn is an input read from a document: grounded when the receipt is
// built with ground true.
func textIn(name, display, unit string) receipt.Input {
	return in(name, display, unit, receipt.ProvenanceText)
}

// launder calculates a formula over inputs, grounds its document inputs
// when ground is true, and seals it with testKey(1).
func launder(t testing.TB, formula string, ground bool, inputs ...receipt.Input) *receipt.Envelope {
	t.Helper()
	return launderRequest(t, &receipt.Request{ID: "r", Formula: formula, Inputs: inputs}, ground)
}

// growth is a receipt of the growth from a to b, grounded, in percent.
func growth(t testing.TB, a, b string) *receipt.Envelope {
	t.Helper()
	return launderRequest(t, &receipt.Request{ID: "growth", Formula: "(b - a) / a", Output: units.Output{Unit: "percent"},
		Inputs: []receipt.Input{textIn("a", a, "USD"), textIn("b", b, "USD")}}, true)
}

// launderRequest is launder of a whole request.
func launderRequest(t testing.TB, req *receipt.Request, ground bool) *receipt.Envelope {
	t.Helper()
	formula := req.Formula
	r, err := receipt.Calculate(req)
	require.NoError(t, err, "Calculate(%s)", formula)
	if ground {
		r = groundAll(r)
	}
	env, err := receipt.Seal(r, mustSigner(testKey(1)))
	require.NoError(t, err)
	return env
}

var documents84 = claim.Fact{Label: "documents matching", Value: "84", Unit: "count:documents"}

// TestLaunderingRefused: every way a model tried to have a number of its
// own released by a verified receipt or the question, each refused with
// its code. The application's fact is 84 documents.
func TestLaunderingRefused(t *testing.T) {
	x5 := textIn("x", "5", "number")
	cases := []struct {
		name     string
		text     string
		question string
		env      *receipt.Envelope
		facts    []claim.Fact
		opts     claim.Options
		want     string
	}{
		// Issue 14: formula n over "27" of provenance user, no source.
		{name: "user input, no question", text: "Jane authored 27 docs.",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: claim.ReasonUngroundedReceipt},
		{name: "user input absent from the question", text: "Jane authored 27 docs.", question: "How many documents did Jane author?",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: claim.ReasonUngroundedReceipt},
		{name: "user input, a fact says 84", text: "Jane authored 27 docs.", facts: []claim.Fact{documents84},
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: claim.ReasonContradictsFact},
		{name: "user input in a question the model passed", text: "Jane authored 27 documents.", question: "Did Jane author 27 papers?",
			opts: claim.Options{ModelQuestion: true, Ignore: claim.DefaultIgnore &^ claim.InQuestion},
			env:  launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: claim.ReasonUngroundedReceipt},
		{name: "text input without grounding", text: "Jane authored 27 documents.",
			env: launder(t, "n", false, textIn("n", "27", "count")), want: claim.ReasonUngroundedReceipt},
		{name: "page image not accepted", text: "The account posted 27 tweets.",
			env: launder(t, "n", true, in("n", "27", "count", receipt.ProvenancePageImage)), want: claim.ReasonUngroundedReceipt},
		{name: "page image accepted but not grounded", text: "The account posted 27 tweets.", opts: claim.Options{Accept: []string{"page_image"}},
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenancePageImage)), want: claim.ReasonUngroundedReceipt},
		{name: "system of record that is no fact", text: "Jane authored 27 documents.",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceSystemOfRecord)), want: claim.ReasonUngroundedReceipt},
		{name: "system of record of another currency", text: "The fee is €27.", facts: []claim.Fact{{Label: "fee", Value: "27", Unit: "USD"}},
			env: launder(t, "n", false, in("n", "27", "EUR", receipt.ProvenanceSystemOfRecord)), want: claim.ReasonUngroundedReceipt},

		// Facts outrank grounded receipts of any compatible unit.
		{name: "synonym noun", text: "Jane authored 27 docs.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: claim.ReasonContradictsFact},
		{name: "another synonym", text: "Jane wrote 27 papers.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: claim.ReasonContradictsFact},
		{name: "no noun", text: "Jane authored 27.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: claim.ReasonContradictsFact},
		{name: "bold, no noun", text: "Jane authored **27**.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "number")), want: claim.ReasonContradictsFact},
		{name: "count fact with no noun", text: "Jane authored 27 docs.", facts: []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count"}},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: claim.ReasonContradictsFact},
		{name: "currency", text: "Jane was paid $27.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			env: launder(t, "n", true, textIn("n", "27", "USD")), want: claim.ReasonContradictsFact},
		{name: "currency in words", text: "Jane was paid 27 dollars.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			env: launder(t, "n", true, textIn("n", "27", "USD")), want: claim.ReasonContradictsFact},
		{name: "percent", text: "The margin was 27%.", facts: []claim.Fact{{Label: "margin", Value: "8.4", Unit: "percent"}},
			env: launder(t, "n", true, textIn("n", "27", "percent")), want: claim.ReasonContradictsFact},
		{name: "a count fact does not back an amount", text: "Jane was paid $84.", facts: []claim.Fact{documents84},
			want: claim.ReasonUnitMismatch},
		{name: "a currency fact does not back a count", text: "Jane authored 84 documents.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			want: claim.ReasonUnitMismatch},
		{name: "a formula over the fact, no noun", text: "Your balance is $28.", facts: []claim.Fact{{Label: "balance", Value: "84", Unit: "USD"}},
			env:  launder(t, "b / 3", false, in("b", "84", "USD", receipt.ProvenanceSystemOfRecord)),
			want: claim.ReasonContradictsFact},
		{name: "a formula over the fact, a synonym", text: "Jane authored 28 docs.", facts: []claim.Fact{documents84},
			env:  launder(t, "d / 3", false, in("d", "84", "count", receipt.ProvenanceSystemOfRecord)),
			want: claim.ReasonContradictsFact},
		{name: "factors that make any number", text: "Revenue was $27.",
			env:  launder(t, "x / 4 * 9 / 7", true, textIn("x", "84", "USD")),
			want: claim.ReasonLiteralNotAllowed},
		{name: "computed from the fact, its noun named", text: "Jane authored 28 documents.", facts: []claim.Fact{documents84},
			env:  launder(t, "d / 3", false, in("d", "84", "count", receipt.ProvenanceSystemOfRecord)),
			want: claim.ReasonContradictsFact},

		// A number of the question a fact contradicts.
		{name: "question's count", text: "Jane authored 27 documents.", question: "Did Jane author 27 documents?",
			facts: []claim.Fact{documents84}, want: claim.ReasonContradictsFact},
		{name: "question's count, synonym", text: "Yes, Jane authored 27 docs.", question: "Did Jane author 27 docs?",
			facts: []claim.Fact{documents84}, want: claim.ReasonContradictsFact},
		{name: "question's amount", text: "Your balance is $27.", question: "Is my balance $27?",
			facts: []claim.Fact{{Label: "balance", Value: "84", Unit: "USD"}}, want: claim.ReasonContradictsFact},
		{name: "question's percent", text: "Yes, the rate is 27%.", question: "Is the rate 27%?",
			facts: []claim.Fact{{Label: "rate", Value: "8.4", Unit: "percent"}}, want: claim.ReasonContradictsFact},

		// Literals: the model's own numbers.
		{name: "a literal alone", text: "Jane authored 27 documents.", env: launder(t, "27", false), want: claim.ReasonUngroundedReceipt},
		{name: "mean of literals", text: "Jane authored 27 documents.", env: launder(t, "mean(27, 27, 27)", false), want: claim.ReasonUngroundedReceipt},
		{name: "signs around a literal", text: "Jane authored 27 documents.", env: launder(t, "-(-27)", false), want: claim.ReasonUngroundedReceipt},
		{name: "times zero plus", text: "Jane authored 27 documents.", env: launder(t, "x * 0 + 27", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "plus times zero", text: "Jane authored 27 documents.", env: launder(t, "27 + x * 0", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "minus itself plus", text: "Jane authored 27 documents.", env: launder(t, "x - x + 27", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "max", text: "Jane authored 27 documents.", env: launder(t, "max(x, 27)", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "min", text: "Jane authored 27 documents.", env: launder(t, "min(27, x * 1000000)", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "mean with a literal", text: "Jane authored 27 documents.", env: launder(t, "mean(x, 27, 49)", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "abs of a literal", text: "Jane authored 27 documents.", env: launder(t, "x - x + abs(27)", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "added", text: "Jane authored 27 documents.", env: launder(t, "x + 22", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "literals multiplied", text: "Jane authored 27 documents.", env: launder(t, "3 * 9 + x - x", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "a fraction of literals", text: "Jane authored 27 documents.", env: launder(t, "x * (27 / 5)", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "a small addend", text: "Jane authored 27 documents.", env: launder(t, "(x - 3) * 9", true, textIn("x", "6", "number")), want: claim.ReasonLiteralNotAllowed},
		{name: "a decimal factor", text: "Jane authored 27 documents.", env: launder(t, "x * 5.4", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "a negative literal", text: "Jane authored 27 documents.", env: launder(t, "x * -27 / -5", true, x5), want: claim.ReasonLiteralNotAllowed},

		// Allowed literals that cancel the inputs.
		{name: "cancelled, then multiplied", text: "Jane authored 27 documents.", env: launder(t, "(x - x + 1) * 3 * 9", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "cancelled, then a period count", text: "Jane authored 12 documents.", env: launder(t, "(x - x + 1) * 12", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "divided by itself", text: "Jane authored 12 documents.", env: launder(t, "x / x * 12", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "scaled away", text: "Jane authored 12 documents.", env: launder(t, "(1 + x / 1000000000000) * 12", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "zero", text: "Jane authored 0 documents.", env: launder(t, "x - x", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "abs cancelled", text: "Jane authored 1 document.", env: launder(t, "abs(x) - abs(x) + 1", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "clamped", text: "Jane authored 10 documents.", env: launder(t, "min(x * 1000000, 10 * (x / x))", true, x5), want: claim.ReasonResultIgnoresInputs},
		{name: "max of itself scaled away", text: "Jane authored 12 documents.", env: launder(t, "max(x / 1000000000000, 1) * 12", true, x5), want: claim.ReasonLiteralNotAllowed},
		{name: "two inputs cancelled", text: "Jane authored 12 documents.",
			env:  launder(t, "(a - b + 1) * 12", true, textIn("a", "5", "number"), textIn("b", "5", "number")),
			want: claim.ReasonResultIgnoresInputs},

		// The sign counts.
		{name: "a fall is not a rise", text: "Revenue grew 3%.", facts: []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}}, want: claim.ReasonNotBacked},
		{name: "a receipt's fall is not a rise", text: "Revenue grew 3%.",
			env: growth(t, "100", "97"), want: claim.ReasonNotBacked},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: tc.question, Facts: tc.facts}
			if tc.env != nil {
				req.Receipts = []*receipt.Envelope{tc.env}
			}
			rep := claim.Check(req, testRing(t, 1), receipt.Policy{}, tc.opts)
			require.False(t, rep.OK, "%q", tc.text)
			require.Equal(t, []string{tc.want}, refusalCodes(rep), "%q: %+v", tc.text, rep.Refusals)
			r := rep.Refusals[0]
			require.NotNil(t, r.Span)
			require.NotEmpty(t, r.Hint)
			m := rep.Mentions[*r.Mention]
			require.False(t, m.Backed)
			require.False(t, m.Ignored)
			require.Equal(t, tc.want, m.Reason)
		})
	}
}

// TestHonestReceiptsReleased: receipts whose inputs are grounded and whose
// literals are allowed back what they compute.
func TestHonestReceiptsReleased(t *testing.T) {
	cases := []struct {
		name     string
		text     string
		question string
		env      *receipt.Envelope
		facts    []claim.Fact
		opts     claim.Options
	}{
		{name: "growth in percent", text: "Revenue grew 3.2%.", env: growth(t, "1,000", "1,032")},
		{name: "growth as a ratio less 1", text: "Revenue grew 3.2%.",
			env: launderRequest(t, &receipt.Request{ID: "g", Formula: "b / a - 1", Output: units.Output{Unit: "percent"},
				Inputs: []receipt.Input{textIn("a", "1,000", "USD"), textIn("b", "1,032", "USD")}}, true)},
		{name: "growth as 1 less a ratio", text: "Revenue fell 3.2%.",
			env: launderRequest(t, &receipt.Request{ID: "g", Formula: "1 - b / a", Output: units.Output{Unit: "percent"},
				Inputs: []receipt.Input{textIn("a", "1,000", "USD"), textIn("b", "968", "USD")}}, true)},
		{name: "halved", text: "Each half is $42.",
			env: launder(t, "d / 2", false, in("d", "84", "USD", receipt.ProvenanceSystemOfRecord)), opts: claim.Options{Accept: []string{"system_of_record"}}},
		{name: "annualised", text: "The rent is $14,400 a year.",
			env: launder(t, "m * 12", true, textIn("m", "1,200", "USD"))},
		{name: "one more period", text: "The plan runs 13 payments.",
			env: launder(t, "n + 1", true, textIn("n", "12", "number"))},
		{name: "thousands", text: "Sales were $5.2 million.",
			env: launder(t, "k * 1000", true, textIn("k", "5,200", "USD"))},
		{name: "the user's own number", text: "Half the loan is $150,000.", question: "What is the payment on $300,000 at 6% over 30 years?",
			env: launder(t, "p / 2", false, in("p", "$300,000", "USD", receipt.ProvenanceUser))},
		{name: "system of record equal to a fact", text: "Jane authored 84 documents.", facts: []claim.Fact{documents84},
			env: launder(t, "n", false, in("n", "84", "count", receipt.ProvenanceSystemOfRecord))},
		{name: "page image accepted and grounded", text: "The account posted 41 tweets.", opts: claim.Options{Accept: []string{"page_image"}},
			env: launder(t, "n", true, in("n", "41", "count", receipt.ProvenancePageImage))},
		{name: "text accepted without grounding", text: "Jane authored 27 documents.", opts: claim.Options{Accept: []string{"text"}},
			env: launder(t, "n", false, textIn("n", "27", "count"))},
		{name: "user accepted", text: "Jane authored 27 documents.", opts: claim.Options{Accept: []string{"user"}},
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser))},
		{name: "a literal the application allows", text: "That is $10 a day.", opts: claim.Options{Literals: []string{"365"}},
			env: launder(t, "y / 365", true, textIn("y", "3,650", "USD"))},
		{name: "a fall in words, when the application allows it", text: "Revenue fell 3%.", opts: claim.Options{SignInWords: true},
			env: growth(t, "100", "97")},
		{name: "a fall, signed", text: "Revenue changed by -3%.", env: growth(t, "100", "97")},
		{name: "a max that depends on its inputs", text: "The larger is 7.",
			env: launder(t, "max(a, b)", true, textIn("a", "5", "number"), textIn("b", "7", "number"))},
		{name: "a sum of many parts", text: "The total is $1.2 million.",
			env: launder(t, "a + b + c", true, textIn("a", "1,180,000", "USD"), textIn("b", "10,000", "USD"), textIn("c", "10,000", "USD"))},
		{name: "the question's number no fact contradicts", text: "Jane authored 27 documents.", question: "Did Jane author 27 documents?"},
		{name: "a fact the text quotes does not contradict the question's other amounts",
			text: "On $300,000 the payment is $1,798.65.", question: "What is the payment on $300,000?",
			facts: []claim.Fact{{Label: "monthly payment", Value: "1,798.65", Unit: "USD"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: tc.question, Facts: tc.facts}
			if tc.env != nil {
				req.Receipts = []*receipt.Envelope{tc.env}
			}
			rep := claim.Check(req, testRing(t, 1), receipt.Policy{}, tc.opts)
			require.True(t, rep.OK, "%q: %+v", tc.text, rep.Refusals)
		})
	}
}

// TestParamsAreLiterals: a number the model writes in a named operation's
// params is a literal as a formula's is: "the last 27 days" backs nothing.
func TestParamsAreLiterals(t *testing.T) {
	for _, tc := range []struct {
		phrase, text, want string
	}{
		{"the last 10 days", "The filter covers 10 days.", ""},
		{"the last 27 days", "The filter covers 27 days.", claim.ReasonLiteralNotAllowed},
	} {
		env := groundedEnvelope(t, &receipt.Request{ID: "filter", Operation: "date_range",
			Params: map[string]string{"phrase": tc.phrase}, Today: "2026-11-30"}, mustSigner(testKey(1)))
		rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*receipt.Envelope{env}}, testRing(t, 1), receipt.Policy{}, claim.Options{})
		require.Equal(t, tc.want, rep.Mentions[0].Reason, "%s: %+v", tc.phrase, rep.Refusals)
	}
}

// TestGoverningFacts pins which facts govern which number: a count's noun
// narrows them when it names some, and a count of another noun is governed
// by every count fact, failing closed.
func TestGoverningFacts(t *testing.T) {
	authors3 := claim.Fact{Label: "authors", Value: "3", Unit: "count:authors"}
	three := launder(t, "n", true, textIn("n", "3", "count"))
	cases := []struct {
		name  string
		text  string
		facts []claim.Fact
		env   *receipt.Envelope
		want  map[string]string
	}{
		{"each noun its fact", "84 documents by 3 authors.", []claim.Fact{documents84, authors3}, nil,
			map[string]string{"84 documents": "", "3 authors": ""}},
		{"the other noun's value", "84 authors.", []claim.Fact{documents84, authors3}, nil,
			map[string]string{"84 authors": claim.ReasonUnitMismatch}},
		{"a count of another noun, a receipt", "84 documents by 3 authors.", []claim.Fact{documents84}, three,
			map[string]string{"84 documents": "", "3 authors": claim.ReasonContradictsFact}},
		{"a noun the source prints", "She posted 41 tweets; 84 documents match.", []claim.Fact{documents84}, tweets41(t),
			map[string]string{"41 tweets": "", "84 documents match": ""}},
		{"a noun the source does not print", "She wrote 41 docs; 84 documents match.", []claim.Fact{documents84}, tweets41(t),
			map[string]string{"41 docs": claim.ReasonContradictsFact, "84 documents match": ""}},
		{"the source's number, another noun", "Jane authored 27 docs.", []claim.Fact{documents84},
			launderRequest(t, &receipt.Request{ID: "seen", Formula: "n", Inputs: []receipt.Input{{Name: "n", Display: "27", Unit: "count",
				Provenance: receipt.ProvenanceText, Quote: "Showing 27 of 84 matching documents"}}}, true),
			map[string]string{"27 docs": claim.ReasonContradictsFact}},
		{"a ratio is no count", "84 documents, a ratio of 1.5.", []claim.Fact{documents84},
			launder(t, "a / b", true, textIn("a", "3", "number"), textIn("b", "2", "number")),
			map[string]string{"84 documents": "", "1.5": ""}},
		{"a count fact governs no amount", "84 documents cost $3.", []claim.Fact{documents84},
			launder(t, "n", true, textIn("n", "3", "USD")),
			map[string]string{"84 documents cost": "", "$3": ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Facts: tc.facts}
			if tc.env != nil {
				req.Receipts = []*receipt.Envelope{tc.env}
			}
			rep := claim.Check(req, testRing(t, 1), receipt.Policy{}, claim.Options{})
			require.Equal(t, tc.want, verdicts(rep), "%q", tc.text)
		})
	}
}

// tweets41 is a grounded receipt of 24 + 17 tweets, each input quoting its
// number and the noun.
func tweets41(t testing.TB) *receipt.Envelope {
	return launderRequest(t, &receipt.Request{ID: "tweets", Formula: "monday + tuesday", Inputs: []receipt.Input{
		{Name: "monday", Display: "24", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "24 tweets"},
		{Name: "tuesday", Display: "17", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "17 tweets"}}}, true)
}

// FuzzGroundedFormula checks the literal allowance and the dependence
// check on any formula over two grounded inputs: Check never panics, and a
// formula that reads no input never backs the number it computes.
func FuzzGroundedFormula(f *testing.F) {
	for _, s := range []string{"x * 0 + 27", "x - x + 1", "max(x, 27)", "min(27, x * 1000000)", "mean(27, 27, 27)",
		"(x - y) / y", "x / y * 100", "(1 + x / 1000000000000) * 12", "abs(x) - abs(x) + 1", "x / 4 * 9 / 7", "-(-27)",
		"x * 12 + y", "(x + y) / 2", "x / (y - y)"} {
		f.Add(s, "5", "7")
	}
	signer := mustSigner(testKey(1))
	trusted := testRing(f, 1)
	f.Fuzz(func(t *testing.T, formula, x, y string) {
		var inputs []receipt.Input
		for _, n := range []struct{ name, display string }{{"x", x}, {"y", y}} {
			if strings.Contains(formula, n.name) {
				inputs = append(inputs, textIn(n.name, n.display, "number"))
			}
		}
		r, err := receipt.Calculate(&receipt.Request{ID: "f", Formula: formula, Inputs: inputs})
		if err != nil {
			return
		}
		env, err := receipt.Seal(groundAll(r), signer)
		if err != nil {
			return
		}
		rep := claim.Check(claim.Request{Text: "It is " + r.Result.Value + ".", Receipts: []*receipt.Envelope{env}},
			trusted, receipt.Policy{}, claim.Options{})
		if len(inputs) == 0 || strings.Trim(formula, " 0123456789.+-*/()") == "" {
			require.False(t, rep.OK && len(rep.Mentions) > 0 && rep.Mentions[0].Backed && rep.Mentions[0].By.Kind == "receipt",
				"%q backs %s", formula, r.Result.Value)
		}
	})
}
