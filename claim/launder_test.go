package claim_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/quote"
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
// when ground is true, and seals it with testsign.Key(1).
func launder(t testing.TB, formula string, ground bool, inputs ...receipt.Input) *dsse.Envelope {
	t.Helper()
	return launderRequest(t, &receipt.Request{ID: "r", Formula: formula, Inputs: inputs}, ground)
}

// growth is a receipt of the growth from a to b, grounded, in percent.
func growth(t testing.TB, a, b string) *dsse.Envelope {
	t.Helper()
	return launderRequest(t, &receipt.Request{ID: "growth", Formula: "(b - a) / a", Output: units.Output{Unit: "percent"},
		Inputs: []receipt.Input{textIn("a", a, "USD"), textIn("b", b, "USD")}}, true)
}

// launderRequest is launder of a whole request.
func launderRequest(t testing.TB, req *receipt.Request, ground bool) *dsse.Envelope {
	t.Helper()
	formula := req.Formula
	r, err := receipt.Calculate(req)
	require.NoError(t, err, "Calculate(%s)", formula)
	if ground {
		r = groundAll(r)
	}
	env, err := receipt.Seal(r, testsign.Signer(testsign.Key(1)))
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
		env      *dsse.Envelope
		facts    []claim.Fact
		opts     claim.Options
		want     string
	}{
		// Issue 14: formula n over "27" of provenance user, no source.
		{name: "user input, no question", text: "Jane authored 27 docs.",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: fault.UngroundedReceipt},
		{name: "user input absent from the question", text: "Jane authored 27 docs.", question: "How many documents did Jane author?",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: fault.UngroundedReceipt},
		{name: "user input, a fact says 84", text: "Jane authored 27 docs.", facts: []claim.Fact{documents84},
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: fault.ContradictsFact},
		{name: "user input in a question the model passed", text: "Jane authored 27 documents.", question: "Did Jane author 27 papers?",
			opts: claim.Options{ModelQuestion: true, Ignore: claim.DefaultIgnore &^ claim.InQuestion},
			env:  launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceUser)), want: fault.UngroundedReceipt},
		{name: "text input without grounding", text: "Jane authored 27 documents.",
			env: launder(t, "n", false, textIn("n", "27", "count")), want: fault.UngroundedReceipt},
		{name: "page image not accepted", text: "The account posted 27 tweets.",
			env: launder(t, "n", true, in("n", "27", "count", receipt.ProvenancePageImage)), want: fault.UngroundedReceipt},
		{name: "page image accepted but not grounded", text: "The account posted 27 tweets.", opts: claim.Options{Accept: []string{"page_image"}},
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenancePageImage)), want: fault.UngroundedReceipt},
		{name: "system of record that is no fact", text: "Jane authored 27 documents.",
			env: launder(t, "n", false, in("n", "27", "count", receipt.ProvenanceSystemOfRecord)), want: fault.UngroundedReceipt},
		{name: "system of record of another currency", text: "The fee is €27.", facts: []claim.Fact{{Label: "fee", Value: "27", Unit: "USD"}},
			env: launder(t, "n", false, in("n", "27", "EUR", receipt.ProvenanceSystemOfRecord)), want: fault.UngroundedReceipt},

		// Facts outrank grounded receipts of any compatible unit.
		{name: "synonym noun", text: "Jane authored 27 docs.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: fault.ContradictsFact},
		{name: "another synonym", text: "Jane wrote 27 papers.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: fault.ContradictsFact},
		{name: "no noun", text: "Jane authored 27.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: fault.ContradictsFact},
		{name: "bold, no noun", text: "Jane authored **27**.", facts: []claim.Fact{documents84},
			env: launder(t, "n", true, textIn("n", "27", "number")), want: fault.ContradictsFact},
		{name: "count fact with no noun", text: "Jane authored 27 docs.", facts: []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count"}},
			env: launder(t, "n", true, textIn("n", "27", "count")), want: fault.ContradictsFact},
		{name: "currency", text: "Jane was paid $27.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			env: launder(t, "n", true, textIn("n", "27", "USD")), want: fault.ContradictsFact},
		{name: "currency in words", text: "Jane was paid 27 dollars.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			env: launder(t, "n", true, textIn("n", "27", "USD")), want: fault.ContradictsFact},
		{name: "percent", text: "The margin was 27%.", facts: []claim.Fact{{Label: "margin", Value: "8.4", Unit: "percent"}},
			env: launder(t, "n", true, textIn("n", "27", "percent")), want: fault.ContradictsFact},
		{name: "a count fact does not back an amount", text: "Jane was paid $84.", facts: []claim.Fact{documents84},
			want: fault.UnitMismatch},
		{name: "a currency fact does not back a count", text: "Jane authored 84 documents.", facts: []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}},
			want: fault.UnitMismatch},
		{name: "a formula over the fact, no noun", text: "Your balance is $28.", facts: []claim.Fact{{Label: "balance", Value: "84", Unit: "USD"}},
			env:  launder(t, "b / 3", false, in("b", "84", "USD", receipt.ProvenanceSystemOfRecord)),
			want: fault.ContradictsFact},
		{name: "a formula over the fact, a synonym", text: "Jane authored 28 docs.", facts: []claim.Fact{documents84},
			env:  launder(t, "d / 3", false, in("d", "84", "count", receipt.ProvenanceSystemOfRecord)),
			want: fault.ContradictsFact},
		{name: "factors that make any number", text: "Revenue was $27.",
			env:  launder(t, "x / 4 * 9 / 7", true, textIn("x", "84", "USD")),
			want: fault.LiteralNotAllowed},
		{name: "computed from the fact, its noun named", text: "Jane authored 28 documents.", facts: []claim.Fact{documents84},
			env:  launder(t, "d / 3", false, in("d", "84", "count", receipt.ProvenanceSystemOfRecord)),
			want: fault.ContradictsFact},

		// A number of the question a fact contradicts.
		{name: "question's count", text: "Jane authored 27 documents.", question: "Did Jane author 27 documents?",
			facts: []claim.Fact{documents84}, want: fault.ContradictsFact},
		{name: "question's count, synonym", text: "Yes, Jane authored 27 docs.", question: "Did Jane author 27 docs?",
			facts: []claim.Fact{documents84}, want: fault.ContradictsFact},
		{name: "question's amount", text: "Your balance is $27.", question: "Is my balance $27?",
			facts: []claim.Fact{{Label: "balance", Value: "84", Unit: "USD"}}, want: fault.ContradictsFact},
		{name: "question's percent", text: "Yes, the rate is 27%.", question: "Is the rate 27%?",
			facts: []claim.Fact{{Label: "rate", Value: "8.4", Unit: "percent"}}, want: fault.ContradictsFact},

		// Literals: the model's own numbers.
		{name: "a literal alone", text: "Jane authored 27 documents.", env: launder(t, "27", false), want: fault.UngroundedReceipt},
		{name: "mean of literals", text: "Jane authored 27 documents.", env: launder(t, "mean(27, 27, 27)", false), want: fault.UngroundedReceipt},
		{name: "signs around a literal", text: "Jane authored 27 documents.", env: launder(t, "-(-27)", false), want: fault.UngroundedReceipt},
		{name: "times zero plus", text: "Jane authored 27 documents.", env: launder(t, "x * 0 + 27", true, x5), want: fault.LiteralNotAllowed},
		{name: "times a thousand", text: "Jane authored 27,000 documents.", env: launder(t, "n * 1000", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "divided by a thousandth", text: "Jane authored 27,000 documents.", env: launder(t, "n / 0.001", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "a thousandth then a million", text: "Jane authored 27,000 documents.", env: launder(t, "n / 1000 * 1000000", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "a hundred, then ten", text: "Jane authored 27,000 documents.", env: launder(t, "n * 100 * 10", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "a hundred twice", text: "Jane authored 270,000 documents.", env: launder(t, "n * 100 * 100", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "a hundred, then divided by a tenth", text: "Jane authored 27,000 documents.", env: launder(t, "(n * 100) / 0.1", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "divided by a hundredth, then ten", text: "Jane authored 27,000 documents.", env: launder(t, "n / 0.01 * 10", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "divided by a hundredth twice", text: "Jane authored 270,000 documents.", env: launder(t, "n / 0.01 / 0.01", true, textIn("n", "27", "count")), want: fault.LiteralNotAllowed},
		{name: "a thousand over a reciprocal", text: "Jane authored 27,000 documents.", env: launder(t, "1000 / (1 / n)", true, textIn("n", "27", "number")), want: fault.LiteralNotAllowed},
		{name: "one over a thousandth of the reciprocal", text: "Jane authored 27,000 documents.", env: launder(t, "1 / (0.001 / n)", true, textIn("n", "27", "number")), want: fault.LiteralNotAllowed},
		{name: "plus times zero", text: "Jane authored 27 documents.", env: launder(t, "27 + x * 0", true, x5), want: fault.LiteralNotAllowed},
		{name: "minus itself plus", text: "Jane authored 27 documents.", env: launder(t, "x - x + 27", true, x5), want: fault.LiteralNotAllowed},
		{name: "max", text: "Jane authored 27 documents.", env: launder(t, "max(x, 27)", true, x5), want: fault.LiteralNotAllowed},
		{name: "min", text: "Jane authored 27 documents.", env: launder(t, "min(27, x * 1000000)", true, x5), want: fault.LiteralNotAllowed},
		{name: "mean with a literal", text: "Jane authored 27 documents.", env: launder(t, "mean(x, 27, 49)", true, x5), want: fault.LiteralNotAllowed},
		{name: "abs of a literal", text: "Jane authored 27 documents.", env: launder(t, "x - x + abs(27)", true, x5), want: fault.LiteralNotAllowed},
		{name: "added", text: "Jane authored 27 documents.", env: launder(t, "x + 22", true, x5), want: fault.LiteralNotAllowed},
		{name: "literals multiplied", text: "Jane authored 27 documents.", env: launder(t, "3 * 9 + x - x", true, x5), want: fault.LiteralNotAllowed},
		{name: "a fraction of literals", text: "Jane authored 27 documents.", env: launder(t, "x * (27 / 5)", true, x5), want: fault.LiteralNotAllowed},
		{name: "a small addend", text: "Jane authored 27 documents.", env: launder(t, "(x - 3) * 9", true, textIn("x", "6", "number")), want: fault.LiteralNotAllowed},
		{name: "a decimal factor", text: "Jane authored 27 documents.", env: launder(t, "x * 5.4", true, x5), want: fault.LiteralNotAllowed},
		{name: "a negative literal", text: "Jane authored 27 documents.", env: launder(t, "x * -27 / -5", true, x5), want: fault.LiteralNotAllowed},

		// Allowed literals that cancel the inputs.
		{name: "cancelled, then multiplied", text: "Jane authored 27 documents.", env: launder(t, "(x - x + 1) * 3 * 9", true, x5), want: fault.LiteralNotAllowed},
		{name: "cancelled, then a period count", text: "Jane authored 12 documents.", env: launder(t, "(x - x + 1) * 12", true, x5), want: fault.ResultIgnoresInputs},
		{name: "divided by itself", text: "Jane authored 12 documents.", env: launder(t, "x / x * 12", true, x5), want: fault.ResultIgnoresInputs},
		{name: "scaled away", text: "Jane authored 12 documents.", env: launder(t, "(1 + x / 1000000000000) * 12", true, x5), want: fault.ResultIgnoresInputs},
		{name: "zero", text: "Jane authored 0 documents.", env: launder(t, "x - x", true, x5), want: fault.ResultIgnoresInputs},
		{name: "abs cancelled", text: "Jane authored 1 document.", env: launder(t, "abs(x) - abs(x) + 1", true, x5), want: fault.ResultIgnoresInputs},
		{name: "clamped", text: "Jane authored 10 documents.", env: launder(t, "min(x * 1000000, 10 * (x / x))", true, x5), want: fault.LiteralNotAllowed},
		{name: "max of itself scaled away", text: "Jane authored 12 documents.", env: launder(t, "max(x / 1000000000000, 1) * 12", true, x5), want: fault.LiteralNotAllowed},
		{name: "divided by itself, too large to double", text: "Jane authored 12 documents.",
			env: launder(t, "x / x * 12", true, textIn("x", "900000000000000000000000000000", "number")), want: fault.ResultIgnoresInputs},
		{name: "two inputs cancelled", text: "Jane authored 12 documents.",
			env:  launder(t, "(a - b + 1) * 12", true, textIn("a", "5", "number"), textIn("b", "5", "number")),
			want: fault.ResultIgnoresInputs},

		// Constants made of a grounded input: repetition and identities
		// (x / x is 1, (x + x) / x is 2) are literals, held to the
		// allowance as written ones are.
		{name: "repeated in a sum, plus two ones", text: "Jane authored 27 documents.", env: launder(t, "x + x + x + x + x + 1 + 1", true, x5), want: fault.LiteralNotAllowed},
		{name: "squared, plus two identities", text: "Jane authored 27 documents.", env: launder(t, "x * x + x / x + x / x", true, x5), want: fault.LiteralNotAllowed},
		{name: "abs over itself, twice", text: "Jane authored 27 documents.", env: launder(t, "x * x + abs(x) / x + abs(x) / x", true, x5), want: fault.LiteralNotAllowed},
		{name: "min of itself over itself", text: "Jane authored 26 documents.", env: launder(t, "x * 5 + min(x, x) / x", true, x5), want: fault.LiteralNotAllowed},
		{name: "a sum over itself is 2", text: "Jane authored 27 documents.", env: launder(t, "x * x + (x + x) / x", true, x5), want: fault.LiteralNotAllowed},
		{name: "a mean over itself, doubled", text: "Jane authored 27 documents.", env: launder(t, "x * x + mean(x, x) / x * 2", true, x5), want: fault.LiteralNotAllowed},
		{name: "an identity times a literal", text: "Jane authored 27 documents.", env: launder(t, "x * x + 2 * (x / x)", true, x5), want: fault.LiteralNotAllowed},
		{name: "a difference with itself", text: "Jane authored 25 documents.", env: launder(t, "x * 5 + (x - x)", true, x5), want: fault.LiteralNotAllowed},
		{name: "cubed plus doubled, over itself", text: "Jane authored 27 documents.", env: launder(t, "(x * x * x + x + x) / x", true, x5), want: fault.LiteralNotAllowed},
		{name: "doubled, then a factor", text: "Jane authored 30 documents.", env: launder(t, "(x + x) * 3", true, x5), want: fault.LiteralNotAllowed},
		{name: "squared, then a factor", text: "Jane authored 50 documents.", env: launder(t, "x * x * 2", true, x5), want: fault.LiteralNotAllowed},
		{name: "two inputs each read twice", text: "Jane authored 74 documents.",
			env:  launder(t, "x * x + y * y", true, x5, textIn("y", "7", "number")),
			want: fault.LiteralNotAllowed},
		{name: "a factor, plus two ones", text: "Jane authored 27 documents.", env: launder(t, "x * 5 + 1 + 1", true, x5), want: fault.LiteralNotAllowed},
		{name: "two ones in two sums", text: "Jane authored 36 documents.", env: launder(t, "(x + 1) * (y - 1)", true, x5, textIn("y", "7", "number")), want: fault.LiteralNotAllowed},
		// One number of one source under several names is one input.
		{name: "one quote under two names, tripled", text: "Jane authored 30 documents.",
			env: launder(t, "(x1 + x2) * 3", true, textIn("x1", "5", "number"), textIn("x2", "5", "number")), want: fault.LiteralNotAllowed},
		{name: "one quote under two names, divided", text: "Jane authored 12 documents.",
			env: launder(t, "x1 / x2 * 12", true, textIn("x1", "5", "number"), textIn("x2", "5", "number")), want: fault.ResultIgnoresInputs},
		{name: "one quote under four names", text: "Jane authored 26 documents.",
			env:  launder(t, "x1 * x2 + x3 / x4", true, textIn("x1", "5", "number"), textIn("x2", "5", "number"), textIn("x3", "5", "number"), textIn("x4", "5", "number")),
			want: fault.LiteralNotAllowed},
		{name: "the question's number under three names", text: "Jane authored 15 documents.", question: "Are 5 documents enough?",
			env:  launder(t, "u1 + u2 + u3", false, in("u1", "5", "count", receipt.ProvenanceUser), in("u2", "5", "count", receipt.ProvenanceUser), in("u3", "5", "count", receipt.ProvenanceUser)),
			want: fault.LiteralNotAllowed},
		// A decision: compounded growth less 1 adds two ones; read the
		// end value and compute (c - a) / a instead.
		{name: "compounded growth less one", text: "It grew 21%.", env: launder(t, "(1 + r) * (1 + r) - 1", true, textIn("r", "0.1", "number")), want: fault.LiteralNotAllowed},

		// Rounding loses digits, never the whole value.
		{name: "rounded to nothing", text: "Jane authored 0 thousand documents.", facts: []claim.Fact{documents84}, want: fault.NotBacked},
		{name: "an amount rounded to nothing", text: "Jane was paid $0 million.", facts: []claim.Fact{{Label: "fee", Value: "83.6", Unit: "USD"}}, want: fault.NotBacked},
		{name: "a receipt rounded to nothing", text: "Jane authored 0 thousand documents.", env: launder(t, "x", true, textIn("x", "5", "count:documents")), want: fault.NotBacked},

		// The sign counts.
		{name: "a fall is not a rise", text: "Revenue grew 3%.", facts: []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}}, want: fault.NotBacked},
		{name: "a receipt's fall is not a rise", text: "Revenue grew 3%.",
			env: growth(t, "100", "97"), want: fault.NotBacked},
		{name: "a fall is not a rise, signs in words or not", text: "Revenue grew 3%.", facts: []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}},
			opts: claim.Options{SignInWords: true}, want: fault.NotBacked},
		{name: "a receipt's fall is not a rise, signs in words or not", text: "Sales rose by **3%**.",
			env: growth(t, "100", "97"), opts: claim.Options{SignInWords: true}, want: fault.NotBacked},
		{name: "a fall is no growth", text: "That is growth of 3%.", facts: []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}},
			opts: claim.Options{SignInWords: true}, want: fault.NotBacked},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: tc.question, Facts: tc.facts}
			if tc.env != nil {
				req.Receipts = []*dsse.Envelope{tc.env}
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
		env      *dsse.Envelope
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
		{name: "per million", text: "A token costs $0.0000015.",
			env: launder(t, "p / 1000000", true, textIn("p", "1.5", "USD"))},
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
		{name: "compounding, the growth factor read twice", text: "It grows to $1,102.50.",
			env: launder(t, "p * (1 + r) * (1 + r)", true, textIn("p", "1,000", "USD"), textIn("r", "0.05", "number"))},
		{name: "growth over the base read twice, times 100", text: "The index rose 3.2 points.",
			env: launderRequest(t, &receipt.Request{ID: "g", Formula: "(b - a) / a * 100", Output: units.Output{Unit: "number"},
				Inputs: []receipt.Input{textIn("a", "1,000", "USD"), textIn("b", "1,032", "USD")}}, true)},
		{name: "two quotes of one value are two numbers", text: "They made 30 posts.",
			env: launderRequest(t, &receipt.Request{ID: "two", Formula: "(a + b) * 3", Inputs: []receipt.Input{
				{Name: "a", Display: "5", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "5 tweets"},
				{Name: "b", Display: "5", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "5 replies"}}}, true)},
		{name: "a mean of two", text: "The average is $15.",
			env: launder(t, "(a + b) / 2", true, textIn("a", "10", "USD"), textIn("b", "20", "USD"))},
		{name: "a mean, less a rate", text: "The net is $13.50.",
			env: launder(t, "(a + b) / 2 * (1 - rate)", true, textIn("a", "10", "USD"), textIn("b", "20", "USD"), textIn("rate", "0.1", "number"))},
		{name: "a sum of many parts", text: "The total is $1.2 million.",
			env: launder(t, "a + b + c", true, textIn("a", "1,180,000", "USD"), textIn("b", "10,000", "USD"), textIn("c", "10,000", "USD"))},
		{name: "zero is zero", text: "Jane authored 0 documents.", facts: []claim.Fact{{Label: "documents matching", Value: "0", Unit: "count:documents"}}},
		{name: "rounded, not to nothing", text: "Jane was paid $0.1 thousand.", facts: []claim.Fact{{Label: "fee", Value: "83.6", Unit: "USD"}}},
		{name: "the question's number no fact contradicts", text: "Jane authored 27 documents.", question: "Did Jane author 27 documents?"},
		{name: "a fact the text quotes does not contradict the question's other amounts",
			text: "On $300,000 the payment is $1,798.65.", question: "What is the payment on $300,000?",
			facts: []claim.Fact{{Label: "monthly payment", Value: "1,798.65", Unit: "USD"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: tc.question, Facts: tc.facts}
			if tc.env != nil {
				req.Receipts = []*dsse.Envelope{tc.env}
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
		{"the last 27 days", "The filter covers 27 days.", fault.LiteralNotAllowed},
	} {
		env := groundedEnvelope(t, &receipt.Request{ID: "filter", Operation: "date_range",
			Params: map[string]string{"phrase": tc.phrase}, Today: "2026-11-30"}, testsign.Signer(testsign.Key(1)))
		rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{env}}, testRing(t, 1), receipt.Policy{}, claim.Options{})
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
		env   *dsse.Envelope
		want  map[string]string
	}{
		{"each noun its fact", "84 documents by 3 authors.", []claim.Fact{documents84, authors3}, nil,
			map[string]string{"84 documents": "", "3 authors": ""}},
		{"the other noun's value", "84 authors.", []claim.Fact{documents84, authors3}, nil,
			map[string]string{"84 authors": fault.UnitMismatch}},
		{"a count of another noun, a receipt", "84 documents by 3 authors.", []claim.Fact{documents84}, three,
			map[string]string{"84 documents": "", "3 authors": fault.ContradictsFact}},
		{"a noun the source prints", "She posted 41 tweets; 84 documents match.", []claim.Fact{documents84}, tweets41(t),
			map[string]string{"41 tweets": "", "84 documents match": ""}},
		{"a noun the source does not print", "She wrote 41 docs; 84 documents match.", []claim.Fact{documents84}, tweets41(t),
			map[string]string{"41 docs": fault.ContradictsFact, "84 documents match": ""}},
		{"the source's number, another noun", "Jane authored 27 docs.", []claim.Fact{documents84},
			launderRequest(t, &receipt.Request{ID: "seen", Formula: "n", Inputs: []receipt.Input{{Name: "n", Display: "27", Unit: "count",
				Provenance: receipt.ProvenanceText, Quote: "Showing 27 of 84 matching documents"}}}, true),
			map[string]string{"27 docs": fault.ContradictsFact}},
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
				req.Receipts = []*dsse.Envelope{tc.env}
			}
			rep := claim.Check(req, testRing(t, 1), receipt.Policy{}, claim.Options{})
			require.Equal(t, tc.want, verdicts(rep), "%q", tc.text)
		})
	}
}

// tweets41 is a grounded receipt of 24 + 17 tweets, each input quoting its
// number and the noun.
func tweets41(t testing.TB) *dsse.Envelope {
	return launderRequest(t, &receipt.Request{ID: "tweets", Formula: "monday + tuesday", Inputs: []receipt.Input{
		{Name: "monday", Display: "24", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "24 tweets"},
		{Name: "tuesday", Display: "17", Unit: "count", Provenance: receipt.ProvenanceText, Quote: "17 tweets"}}}, true)
}

// FuzzGroundedFormula checks the literal allowance and the dependence
// check on any formula over two grounded inputs: Check never panics, a
// formula that reads no input never backs the number it computes, and a
// formula whose result backs its number has none of the constants a model
// makes of its inputs (see backedShape).
func FuzzGroundedFormula(f *testing.F) {
	for _, s := range []string{"x * 0 + 27", "x - x + 1", "max(x, 27)", "min(27, x * 1000000)", "mean(27, 27, 27)",
		"(x - y) / y", "x / y * 100", "(1 + x / 1000000000000) * 12", "abs(x) - abs(x) + 1", "x / 4 * 9 / 7", "-(-27)",
		"x * 12 + y", "(x + y) / 2", "x / (y - y)",
		"x + x + x + x + x + 1 + 1", "x * x + x / x + x / x", "(x * x * x + x + x) / x", "x * x + (x + x) / x",
		"x * x + abs(x) / x", "y * 4 - min(x, x) / x", "x * y + mean(x, x) / x * 2", "(x + x) * 3", "x * 5 + 1 + 1",
		"x * (1 + y) * (1 + y)", "(y - x) / x * 100", "1 - x / y"} {
		f.Add(s, "5", "7")
	}
	signer := testsign.Signer(testsign.Key(1))
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
		rep := claim.Check(claim.Request{Text: "It is " + r.Result.Value + ".", Receipts: []*dsse.Envelope{env}},
			trusted, receipt.Policy{}, claim.Options{})
		backed := rep.OK && len(rep.Mentions) > 0 && rep.Mentions[0].Backed && rep.Mentions[0].By.Kind == "receipt"
		// An input backs its own value: only the result is the formula's.
		byResult := backed && rep.Mentions[0].By.Field == "result"
		if len(inputs) == 0 || strings.Trim(formula, " 0123456789.+-*/()") == "" {
			require.False(t, backed, "%q backs %s", formula, r.Result.Value)
		}
		if byResult {
			backedShape(t, r)
		}
	})
}

// backedShape checks, through the formula's public syntax tree and its
// evaluation alone, that a formula whose result backs its number reads its
// inputs at most once more in all, and holds the constants a model makes
// of its inputs to the literal allowance: a part that reads an input and
// yet keeps its value with every input doubled, each alone and all at
// once (y / y, (x + x) / x), must have a value a literal may have (an
// integer from 1 to 12 or a power of ten), and literals, written or made,
// are added in at most one distinct sum.
func backedShape(t *testing.T, r *receipt.Receipt) {
	f, err := expr.Parse(r.Formula)
	require.NoError(t, err)
	vars := expr.Vars{}
	for _, in := range r.Inputs {
		d, _, err := apd.NewFromString(in.Value)
		require.NoError(t, err)
		vars[in.Name] = d
	}
	trials := []expr.Vars{vars}
	all := expr.Vars{}
	for name, d := range vars {
		one := maps.Clone(vars)
		one[name] = new(apd.Decimal)
		if d.IsZero() {
			one[name].SetInt64(1)
		} else {
			_, _ = expr.NewContext().Mul(one[name], d, apd.New(2, 0))
		}
		all[name] = one[name]
		trials = append(trials, one)
	}
	trials = append(trials, all)
	// constant reports whether n is a constant made of inputs, checking
	// its value against the allowance when it is.
	constant := func(n expr.Node) bool {
		text := expr.Print(n, expr.ASCII, nil)
		sub, err := expr.Parse(text)
		require.NoError(t, err, "%q", text)
		v, ok := constantIn(sub, trials)
		if n == f.Root || len(sub.Names()) == 0 || !ok {
			// The whole formula is the dependence check's, at the
			// precision its result shows.
			return false
		}
		require.True(t, allowedMagnitude(v), "%q backs %s, but its part %q is the constant %s whatever the inputs", r.Formula, r.Result.Value, text, v.String())
		return true
	}
	reads := map[string]int{}
	var sums []string
	var walk func(n expr.Node)
	walk = func(n expr.Node) {
		switch n := n.(type) {
		case *expr.Ident:
			reads[n.Name]++
		case *expr.Unary:
			walk(n.X)
		case *expr.Binary:
			if n.Op == expr.Add || n.Op == expr.Sub {
				if isNumber(n.X) || isNumber(n.Y) || constant(n.X) || constant(n.Y) {
					if text := expr.Print(n, expr.ASCII, nil); !slices.Contains(sums, text) {
						sums = append(sums, text)
					}
				}
			}
			walk(n.X)
			walk(n.Y)
		case *expr.Call:
			for _, a := range n.Args {
				walk(a)
			}
		}
	}
	walk(f.Root)
	var check func(n expr.Node)
	check = func(n expr.Node) {
		if constant(n) {
			return
		}
		switch n := n.(type) {
		case *expr.Unary:
			check(n.X)
		case *expr.Binary:
			check(n.X)
			check(n.Y)
		case *expr.Call:
			for _, a := range n.Args {
				check(a)
			}
		}
	}
	check(f.Root)
	extra := 0
	for _, k := range reads {
		extra += k - 1
	}
	require.LessOrEqual(t, extra, 1, "%q backs %s, reading its inputs %v times", r.Formula, r.Result.Value, reads)
	require.LessOrEqual(t, len(sums), 1, "%q backs %s, adding literals in %q", r.Formula, r.Result.Value, sums)
}

// allowedMagnitude reports whether |v| is a value the default allowance
// lets a literal have: an integer from 1 to 12 or a power of ten.
func allowedMagnitude(v *apd.Decimal) bool {
	var a apd.Decimal
	a.Abs(v)
	a.Reduce(&a)
	small := a.Exponent >= 0 && a.Cmp(apd.New(1, 0)) >= 0 && a.Cmp(apd.New(12, 0)) <= 0
	return small || a.Coeff.IsUint64() && a.Coeff.Uint64() == 1
}

// constantIn returns the one value f evaluates to, exactly, in every
// trial, and false when there is none; a trial it fails in makes it not
// constant.
func constantIn(f *expr.Formula, trials []expr.Vars) (*apd.Decimal, bool) {
	var first *apd.Decimal
	for _, vs := range trials {
		res, err := f.Eval(vs)
		if err != nil || res.Inexact {
			return nil, false
		}
		if first == nil {
			first = &res.Value
		} else if res.Value.Cmp(first) != 0 {
			return nil, false
		}
	}
	return first, true
}

// isNumber reports whether n is a number under any prefix signs.
func isNumber(n expr.Node) bool {
	for {
		switch m := n.(type) {
		case *expr.Number:
			return true
		case *expr.Unary:
			n = m.X
		default:
			return false
		}
	}
}

// TestNumbersInWords: a number past ten written in words is refused as
// unreadable, so that "twenty-seven documents" cannot pass a fact of 84;
// the words to ten alone stay prose.
func TestNumbersInWords(t *testing.T) {
	cases := []struct {
		name, text, want string // want: the refused span, "" when the text is released
		facts            []claim.Fact
	}{
		{"hyphenated", "Jane authored twenty-seven documents.", "twenty-seven", []claim.Fact{documents84}},
		{"spaced", "Jane authored twenty seven documents.", "twenty seven", []claim.Fact{documents84}},
		{"capitalised, no noun", "Twenty-seven, said Jane.", "Twenty-seven", []claim.Fact{documents84}},
		{"a teen", "Jane authored seventeen documents.", "seventeen", []claim.Fact{documents84}},
		{"a multiplier", "Jane authored two dozen documents.", "two dozen", []claim.Fact{documents84}},
		{"a million", "Jane was paid a million dollars.", "a million", []claim.Fact{{Label: "payment", Value: "84", Unit: "USD"}}},
		{"percent", "The margin was twenty-seven percent.", "twenty-seven", []claim.Fact{{Label: "margin", Value: "8.4", Unit: "percent"}}},
		{"a compound with a multiplier", "Revenue was ninety-nine thousand dollars.", "ninety-nine thousand", nil},
		{"small words are prose", "One of the two options has three steps.", "", nil},
		{"words inside words", "The Twentyman report is often cited.", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := claim.Check(claim.Request{Text: tc.text, Facts: tc.facts}, nil, receipt.Policy{}, claim.Options{})
			if tc.want == "" {
				require.True(t, rep.OK, "%+v", rep.Refusals)
				return
			}
			require.False(t, rep.OK, "%q", tc.text)
			require.Equal(t, []string{fault.UnreadableNumber}, refusalCodes(rep), "%+v", rep.Refusals)
			r := rep.Refusals[0]
			require.NotNil(t, r.Span)
			require.Equal(t, tc.want, tc.text[r.Span[0]:r.Span[1]])
			require.Contains(t, r.Hint, "digits")
		})
	}
}

// TestSourcesRecheckGroundings: with Options.Sources, a receipt backs prose
// only when its quotes are found again in the application's copy of the
// document it names.
func TestSourcesRecheckGroundings(t *testing.T) {
	doc := func(text string) *quote.Sources {
		src, err := quote.NewSources(map[string]string{"report": text})
		require.NoError(t, err)
		return src
	}
	req := &receipt.Request{ID: "rev", Formula: "r", Sources: doc("Revenue was $27 million this year."),
		Inputs: []receipt.Input{{Name: "r", Display: "27", Unit: "USD", Scale: "million", Provenance: receipt.ProvenanceText,
			Source: "report", Quote: "Revenue was $27 million this year"}}}
	env := launderRequest(t, req, false)
	check := func(src *quote.Sources) claim.Report {
		return claim.Check(claim.Request{Text: "Revenue was $27 million.", Receipts: []*dsse.Envelope{env}},
			testRing(t, 1), receipt.Policy{}, claim.Options{Sources: src})
	}
	rep := check(doc("Revenue was $84 million this year."))
	require.False(t, rep.OK)
	require.Equal(t, fault.SourceMismatch, rep.Receipts[0].Reasons[0].Code)
	require.True(t, check(doc("Revenue was $27 million this year.")).OK)
	require.True(t, check(nil).OK, "without sources the groundings are taken as recorded")
}

// TestOneNumberUnderSeveralNames: inputs whose quotes overlap on the same
// number of the same source are one input, so repeating it under new
// names is repetition all the same; quotes of two numbers are two inputs.
func TestOneNumberUnderSeveralNames(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"report": "Last year Jane Doe authored 5 documents for the board, and she wrote 5 reviews for the press."})
	require.NoError(t, err)
	input := func(name, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: "5", Unit: "count", Provenance: receipt.ProvenanceText, Source: "report", Quote: quote}
	}
	for _, tc := range []struct {
		name, formula, text, want string
		inputs                    []receipt.Input
	}{
		{"one number, three quotes", "x1 + x2 + x3", "Jane authored 15 documents.", fault.LiteralNotAllowed,
			[]receipt.Input{input("x1", "Jane Doe authored 5 documents"), input("x2", "authored 5 documents for the board"), input("x3", "Last year Jane Doe authored 5")}},
		{"one number, two quotes, tripled", "(x1 + x2) * 3", "Jane authored 30 documents.", fault.LiteralNotAllowed,
			[]receipt.Input{input("x1", "Jane Doe authored 5 documents"), input("x2", "authored 5 documents for the board")}},
		{"one number over itself", "x1 / x2 * 12", "The ratio is 12×.", fault.ResultIgnoresInputs,
			[]receipt.Input{input("x1", "Jane Doe authored 5 documents"), input("x2", "authored 5 documents for the board")}},
		{"two numbers of one value, tripled", "(d + r) * 3", "They made 30 posts.", "",
			[]receipt.Input{input("d", "authored 5 documents for the board"), input("r", "she wrote 5 reviews for the press")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := launderRequest(t, &receipt.Request{ID: "same", Formula: tc.formula, Sources: src, Inputs: tc.inputs}, false)
			rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{env}}, testRing(t, 1), receipt.Policy{}, claim.Options{Sources: src})
			require.Equal(t, tc.want, rep.Mentions[0].Reason, "%+v", rep.Refusals)
		})
	}
}
