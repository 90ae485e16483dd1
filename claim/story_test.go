package claim_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

// The copilot story: the search shows "Showing 30 of 84 matching
// documents"; the model sees 30 cards and counts 27 of them by one author.
func TestCopilot(t *testing.T) {
	matching := claim.Fact{Label: "documents matching", Value: "84", Unit: "count"}
	question := "How many documents did Priya Raman author?"
	cases := []struct {
		name, text string
		facts      []claim.Fact
		want       map[string]string // number → reason, "" when backed
		nearest    string
		reason     string
	}{{
		name: "counted the cards", text: "Priya Raman authored 27 documents.",
		facts: []claim.Fact{matching}, want: map[string]string{"27 documents": fault.NotBacked}, nearest: "84",
	}, {
		name: "quoted the database", text: "Priya Raman authored 84 documents.",
		facts: []claim.Fact{matching}, want: map[string]string{"84 documents": ""},
	}, {
		name: "noun of the fact", text: "Priya Raman authored 84 documents.",
		facts: []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}},
		want:  map[string]string{"84 documents": ""},
	}, {
		name: "another noun", text: "Priya Raman wrote 84 tweets.",
		facts: []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}},
		want:  map[string]string{"84 tweets": fault.UnitMismatch},
	}, {
		name: "a similarity search has no exact count", text: "I found 27 similar documents by Priya Raman.",
		facts: []claim.Fact{claim.NoExactValue("similar documents", "count:documents")},
		want:  map[string]string{"27 similar documents": fault.NoExactValue},
	}, {
		name: "an exact fact still backs beside one with no exact value", text: "Showing 30 of 84 matching documents.",
		facts: []claim.Fact{matching, {Label: "shown", Value: "30", Unit: "count"}, claim.NoExactValue("similar documents", "count:documents")},
		want:  map[string]string{"30": "", "84 matching documents": ""},
	}, {
		name: "saying there is no exact count", text: "The similarity search found many related documents; it gives no exact count.",
		facts: []claim.Fact{claim.NoExactValue("similar documents", "count:documents")},
		want:  map[string]string{},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: question, Facts: tc.facts}
			d := claim.Gate(req, nil, receipt.Policy{}, claim.Options{})
			require.Equal(t, tc.want, verdicts(d.Report), "Gate(%q)", tc.text)
			require.Equal(t, allEmpty(tc.want), d.Released, "released")
			if tc.nearest != "" {
				var m claim.MentionReport
				for _, x := range d.Report.Mentions {
					if !x.Ignored {
						m = x
					}
				}
				require.NotNil(t, m.Nearest)
				require.Equal(t, tc.nearest, *m.Nearest)
			}
		})
	}
}

func allEmpty(m map[string]string) bool {
	for _, v := range m {
		if v != "" {
			return false
		}
	}
	return true
}

// The mortgage story: $300,000 at 6% APR over 30 years costs $1,798.65 a
// month.
func TestMortgage(t *testing.T) {
	payment := claim.Fact{Label: "monthly payment", Value: "1,798.65", Unit: "USD"}
	question := "What is the monthly payment on a $300,000 mortgage at 6% APR over 30 years?"
	cases := []struct {
		name, text string
		want       map[string]string
	}{
		{"right", "On $300,000 at 6% APR over 30 years, the payment is $1,798.65 a month.", map[string]string{"$1,798.65": ""}},
		{"wrong", "The payment is $1,768.11 a month.", map[string]string{"$1,768.11": fault.NotBacked}},
		{"rounded", "The payment is about $1,799 a month, or $1.8 thousand.", map[string]string{"$1,799": "", "$1.8 thousand": ""}},
		{"code", "The payment is USD 1,798.65 a month.", map[string]string{"USD 1,798.65": ""}},
		{"no unit", "The payment is 1,798.65 a month.", map[string]string{"1,798.65": ""}},
		{"another currency", "The payment is ₹1,798.65 a month.", map[string]string{"₹1,798.65": fault.UnitMismatch}},
		{"euros", "The payment is 1,798.65 euros a month.", map[string]string{"1,798.65 euros": fault.UnitMismatch}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: question, Facts: []claim.Fact{payment}}
			rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{})
			require.Equal(t, tc.want, verdicts(rep), "Check(%q)", tc.text)
			require.Equal(t, allEmpty(tc.want), rep.OK)
		})
	}
	rep := claim.Check(claim.Request{Text: "The payment is $1,768.11 a month.", Facts: []claim.Fact{payment}}, nil, receipt.Policy{}, claim.Options{})
	m := mention(t, rep, "$1,768.11")
	require.Equal(t, "1798.65", *m.Nearest)
	require.Equal(t, &claim.Source{Kind: "fact", Index: 0, Label: "monthly payment", Value: "1798.65", Unit: "USD"}, m.NearestBy)
	require.Nil(t, m.By)
}

// The lakh story: a signed receipt computes ₹8,367,277,000 from amounts an
// Indian annual report prints in lakhs, and prose renders it many ways.
func TestLakh(t *testing.T) {
	env := sealed(t, "lakh", 7)
	trusted := testRing(t, 7)
	cases := []struct {
		text, reason, nearest string
		why                   string
	}{
		{text: "₹8,367,277,000"},
		{text: "₹836.73 crore"},
		{text: "8.37 billion rupees"},
		{text: "Rs 836.73 crore"},
		{text: "83,672.77 lakh", why: "a number without a unit may quote a fact of any unit"},
		{text: "₹83,672.77 lakh"},
		{text: "INR 8.367277 billion"},
		{text: "₹8.4bn"},
		{text: "₹1,09,638.91 lakh", why: "an input of the receipt"},
		{text: "Rs 83.67 crore", reason: fault.NotBacked, nearest: "259.66", why: "off by ten: a crore is 10^7; the nearest value is the input shareholders' funds"},
		{text: "₹83,672.77", reason: fault.NotBacked, nearest: "2596614000.00", why: "the old unit mistake: lakhs read as rupees"},
		{text: "₹8.36 billion", reason: fault.NotBacked, nearest: "8.37"},
		{text: "$8.37 billion", reason: fault.UnitMismatch, why: "currencies never convert"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			req := claim.Request{Text: "Income less shareholders' funds: " + tc.text + ".", Receipts: []*dsse.Envelope{env}}
			rep := claim.Check(req, trusted, receipt.Policy{}, claim.Options{})
			require.Len(t, rep.Receipts, 1)
			require.True(t, rep.Receipts[0].OK)
			m := mention(t, rep, tc.text)
			require.Equal(t, tc.reason, m.Reason, "%s: %s", tc.text, tc.why)
			require.Equal(t, tc.reason == "", rep.OK)
			if tc.reason == "" {
				require.Equal(t, "receipt", m.By.Kind)
				require.Equal(t, "income-less-funds-2003", m.By.ID)
			}
			if tc.nearest != "" {
				require.NotNil(t, m.Nearest)
				require.Equal(t, tc.nearest, *m.Nearest)
			}
		})
	}
}

// TestPrecision pins the precision rule on the Costco receipt, whose exact
// result is 1.34373895…: what a number shows is compared with the fact
// rounded to as many places, at the same scale.
func TestPrecision(t *testing.T) {
	env := sealed(t, "costco", 3)
	trusted := testRing(t, 3)
	cases := []struct{ text, reason, why string }{
		{"1.344×", "", "the receipt's own display"},
		{"1.34×", "", ""},
		{"1.34x", "", ""},
		{"1.3", "", "one place"},
		{"1", "", "no places"},
		{"1.3437", "", "more places than the receipt rounded to: the exact value backs it"},
		{"134.4%", "", "a ratio as a percent"},
		{"1.35", fault.NotBacked, "1.3437… rounds to 1.34"},
		{"1.30×", fault.NotBacked, "two places shown, and 1.3437… rounds to 1.34"},
		{"1.343", fault.NotBacked, "truncated, not rounded"},
		{"$799 million", "", "an input"},
		{"$0.799 billion", "", "an input at another scale"},
		{"$11,407 million", fault.NotBacked, "a sum the receipt never recorded"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			req := claim.Request{Text: "Debt to EBITDA: " + tc.text + " ;", Receipts: []*dsse.Envelope{env}}
			rep := claim.Check(req, trusted, receipt.Policy{}, claim.Options{})
			require.Equal(t, map[string]string{tc.text: tc.reason}, verdicts(rep), tc.why)
		})
	}
}

// TestRounding pins the tie rule: either half-even or half-up rounding of
// the fact to the places shown backs a number.
func TestRounding(t *testing.T) {
	cases := []struct{ fact, text, reason, why string }{
		{"2.25", "2.2", "", "half-even"},
		{"2.25", "2.3", "", "half-up"},
		{"2.35", "2.4", "", "both"},
		{"2.25", "2.1", fault.NotBacked, ""},
		{"-2.4", "fell 2.4 pp", fault.NotBacked, "the sign counts by default: a fall of 2.4 is not a 2.4"},
		{"-2.4", "−2.4 pp", "", ""},
		{"2.4", "-2.4 pp", fault.NotBacked, "a printed sign must agree"},
		{"2.4", "2.4%", fault.UnitMismatch, "percentage points are not percent"},
		{"2.4", "240 bp", "", "basis points convert to percentage points"},
	}
	for _, tc := range cases {
		t.Run(tc.fact+" "+tc.text, func(t *testing.T) {
			unit := "number"
			if tc.fact[len(tc.fact)-1] == '4' {
				unit = "pp"
			}
			req := claim.Request{Text: tc.text, Facts: []claim.Fact{{Label: "x", Value: tc.fact, Unit: unit}}}
			rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{})
			require.True(t, len(rep.Mentions) == 1, "%v", rep.Mentions)
			require.Equal(t, tc.reason, rep.Mentions[0].Reason, tc.why)
		})
	}
	req := claim.Request{Text: "fell 2.4 pp", Facts: []claim.Fact{{Label: "x", Value: "-2.4", Unit: "pp"}}}
	rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{SignInWords: true})
	require.Equal(t, "", rep.Mentions[0].Reason, "SignInWords: the sign is in the words")
	rep = claim.Check(req, nil, receipt.Policy{}, claim.Options{StrictSign: true, SignInWords: true})
	require.Equal(t, fault.NotBacked, rep.Mentions[0].Reason, "StrictSign overrides SignInWords")
}

// TestReceipts: only receipts that verify back anything.
func TestReceipts(t *testing.T) {
	env := sealed(t, "lakh", 7)
	text := "Income less shareholders' funds was ₹836.73 crore."
	cases := []struct {
		name    string
		env     *dsse.Envelope
		trusted *dsse.KeyRing
		policy  receipt.Policy
		code    string
	}{
		{"verified", env, testRing(t, 7), receipt.Policy{}, ""},
		{"tampered", tampered(t, env, `"8367277000"`, `"8367277001"`), testRing(t, 7), receipt.Policy{}, "no_trusted_signature"},
		{"untrusted signer", env, testRing(t, 9), receipt.Policy{}, "untrusted_key"},
		{"forged, validly signed", forged(t, 7), testRing(t, 7), receipt.Policy{}, "mismatch"},
		{"no keys", env, nil, receipt.Policy{}, "untrusted_key"},
		{"policy", env, testRing(t, 7), receipt.Policy{Periods: []string{"FY2004"}}, "period_not_allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := claim.Request{Text: text, Receipts: []*dsse.Envelope{tc.env}}
			d := claim.Gate(req, tc.trusted, tc.policy, claim.Options{})
			require.Equal(t, tc.code == "", d.Released)
			if tc.code == "" {
				require.Empty(t, d.Refusals)
				return
			}
			require.False(t, d.Report.Receipts[0].OK)
			require.Equal(t, tc.code, d.Report.Receipts[0].Reasons[0].Code)
			require.Equal(t, fault.ReceiptRefused, d.Refusals[0].Code)
			require.Equal(t, 0, *d.Refusals[0].Receipt)
			require.Contains(t, d.Refusals[0].Message, tc.code)
			m := mention(t, d.Report, "₹836.73 crore")
			require.False(t, m.Backed, "a refused receipt backs nothing")
			require.Nil(t, m.Nearest, "a refused receipt is not even near")
		})
	}
}

// forged returns a lakh receipt whose signer claims the old unit mistake
// (lakhs read as rupees) and signs it validly with testsign.Key(b).
func forged(t testing.TB, b byte) *dsse.Envelope {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "receipt", "testdata", "requests", "lakh.json"))
	require.NoError(t, err)
	req, err := receipt.DecodeRequest(data)
	require.NoError(t, err)
	r, err := receipt.Calculate(req)
	require.NoError(t, err)
	r.Result.Value, r.Result.Display = "83672.77", "₹83,672.77"
	env, err := receipt.Seal(r, testsign.Signer(testsign.Key(b)))
	require.NoError(t, err)
	return env
}
