package claim_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/receipt"
)

// TestIgnore checks each class of non-claim: ignored by default, and a
// refusal once the class is taken out of the ignored set.
func TestIgnore(t *testing.T) {
	cases := []struct {
		class    claim.Class
		text     string
		question string
	}{
		{claim.Year, "In 2021 the count was 84.", ""},
		{claim.Date, "On March 4 the count was 84.", ""},
		{claim.Ordinal, "The 3rd search found 84.", ""},
		{claim.ListNumber, "Results:\n1. the count was 84.", ""},
		{claim.Quoted, "The report says “there were 12 others”; the count was 84.", ""},
		{claim.InQuestion, "Of the 500 documents, 84 match.", "Which of the 500 documents match?"},
		{claim.Citation, "The count was 84 [2].", ""},
	}
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count"}}
	for _, tc := range cases {
		t.Run(tc.class.String(), func(t *testing.T) {
			req := claim.Request{Text: tc.text, Question: tc.question, Facts: facts}
			ignore := claim.DefaultIgnore
			if tc.class&claim.DefaultIgnore == 0 {
				// Checked by default; the caller must ask to ignore it.
				rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{})
				require.False(t, rep.OK, "%s is checked by default", tc.class)
				ignore |= tc.class
			}
			rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{Ignore: ignore})
			require.True(t, rep.OK, "ignoring %s: %+v", ignore, rep.Refusals)
			var ignored []string
			for _, m := range rep.Mentions {
				if m.Ignored {
					ignored = append(ignored, m.Text)
					require.Contains(t, m.Classes, tc.class.String())
					require.False(t, m.Backed)
					require.Nil(t, m.By)
				}
			}
			require.Len(t, ignored, 1)

			rep = claim.Check(req, nil, receipt.Policy{}, claim.Options{Ignore: ignore &^ tc.class})
			require.False(t, rep.OK, "with %s checked", tc.class)
			require.Len(t, rep.Refusals, 1)
			require.Equal(t, fault.NotBacked, rep.Refusals[0].Code)
			m := rep.Mentions[*rep.Refusals[0].Mention]
			require.Equal(t, ignored[0], m.Text)
			require.Equal(t, [2]int{m.Start, m.End}, *rep.Refusals[0].Span)

			rep = claim.Check(req, nil, receipt.Policy{}, claim.Options{Ignore: claim.IgnoreNone})
			require.False(t, rep.OK, "ignoring nothing")
			names := ignore &^ tc.class
			req.Ignore = names.Names()
			rep = claim.Check(req, nil, receipt.Policy{}, claim.Options{})
			require.False(t, rep.OK, "the request's ignore list %v", req.Ignore)
			req.Ignore = []string{}
			rep = claim.Check(req, nil, receipt.Policy{}, claim.Options{})
			require.False(t, rep.OK, "an empty ignore list ignores nothing")
		})
	}
}

// TestStrictUnits: by default a number without a unit may quote a fact of
// any unit; StrictUnits allows only number, ratio and count.
func TestStrictUnits(t *testing.T) {
	req := claim.Request{Text: "The payment is 1,798.65 a month and there are 84.",
		Facts: []claim.Fact{{Label: "payment", Value: "1798.65", Unit: "USD"}, {Label: "documents", Value: "84", Unit: "count:documents"}}}
	require.True(t, claim.Check(req, nil, receipt.Policy{}, claim.Options{}).OK)
	rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{StrictUnits: true})
	require.Equal(t, map[string]string{"1,798.65": fault.UnitMismatch, "84": ""}, verdicts(rep))
}

// TestContract pins the JSON contract of the copilot story.
func TestContract(t *testing.T) {
	in := `{"text": "X authored 27 documents.", "question": "How many documents did X author?",
	  "receipts": [], "facts": [{"label": "documents matching", "value": "84", "unit": "count", "scale": ""}]}`
	req, err := claim.ParseRequest([]byte(in))
	require.NoError(t, err)
	out, err := json.MarshalIndent(claim.Check(req, nil, receipt.Policy{}, claim.Options{}), "", "  ")
	require.NoError(t, err)
	require.Equal(t, `{
  "ok": false,
  "mentions": [
    {
      "text": "27 documents",
      "start": 11,
      "end": 23,
      "value": "27",
      "printed": "27",
      "places": 0,
      "scale": "",
      "unit": "count",
      "noun": "documents",
      "classes": [],
      "ignored": false,
      "backed": false,
      "by": null,
      "reason": "not_backed",
      "nearest": "84",
      "nearest_by": {
        "kind": "fact",
        "index": 0,
        "label": "documents matching",
        "value": "84",
        "unit": "count"
      }
    }
  ],
  "receipts": [],
  "refusals": [
    {
      "code": "not_backed",
      "message": "27 documents: no receipt or fact has this value at the precision shown; the nearest is 84 (fact \"documents matching\")",
      "hint": "quote the value of a receipt or fact at the precision shown, or compute it with a receipt",
      "mention": 0,
      "span": [
        11,
        23
      ]
    }
  ]
}`, string(out))

	req.Text = "X authored 84 documents."
	out, err = json.Marshal(claim.Check(req, nil, receipt.Policy{}, claim.Options{}))
	require.NoError(t, err)
	require.Equal(t, `{"ok":true,"mentions":[{"text":"84 documents","start":11,"end":23,"value":"84","printed":"84","places":0,"scale":"","unit":"count","noun":"documents","classes":[],"ignored":false,"backed":true,"by":{"kind":"fact","index":0,"label":"documents matching","value":"84","unit":"count"},"nearest":null}],"receipts":[],"refusals":[]}`, string(out))
}

// TestContractReceipt: a receipt in the request, by its JSON form.
func TestContractReceipt(t *testing.T) {
	env, err := json.Marshal(sealed(t, "costco", 3))
	require.NoError(t, err)
	in := `{"text": "Debt to EBITDA was 1.34×.", "receipts": [` + string(env) + `], "facts": []}`
	req, err := claim.ParseRequest([]byte(in))
	require.NoError(t, err)
	rep := claim.Check(req, testRing(t, 3), receipt.Policy{}, claim.Options{})
	require.True(t, rep.OK)
	require.Equal(t, &claim.Source{Kind: "receipt", Index: 0, ID: "costco-fy21-debt-ebitda", Field: "result",
		Value: "1.343738956296383555189068205913535", Unit: "ratio"}, rep.Mentions[0].By)
	require.True(t, rep.Receipts[0].OK)
}

func TestParseRequest(t *testing.T) {
	cases := []struct{ name, in, code, msg string }{
		{"unknown field", `{"text": "", "fact": []}`, fault.BadRequest, `fact: is not a known field`},
		{"number value", `{"text": "", "facts": [{"label": "x", "value": 84, "unit": "count"}]}`, fault.BadRequest, "facts[0].value: is a JSON number"},
		{"trailing", `{"text": ""} {}`, fault.BadRequest, "unexpected data after the value"},
		{"not json", `{"text": `, fault.BadRequest, "cut short"},
		{"not json inside", `{"text": "", "ignore": [}`, fault.BadRequest, "not valid JSON"},
		// encoding/json took the last "text", or "Text" for text: the text
		// checked would not be the text another reader of the request saw.
		{"text twice", `{"text": "84", "text": "none"}`, fault.BadRequest, "text: is given twice"},
		{"text in two cases", `{"text": "84", "tEXT": "none"}`, fault.BadRequest, `tEXT: differs from "text" only in case`},
		{"a fact's value twice", `{"text": "", "facts": [{"label": "x", "value": "84", "value": "85", "unit": "count"}]}`, fault.BadRequest, "facts[0].value: is given twice"},
		{"bad envelope", `{"text": "", "receipts": [{"payload": "x"}]}`, fault.BadRequest, "receipts[0]"},
		{"missing unit", `{"text": "", "facts": [{"label": "x", "value": "84"}]}`, fault.BadFact, "facts[0]: missing unit"},
		{"bad unit", `{"text": "", "facts": [{"label": "x", "value": "84", "unit": "$"}]}`, fault.BadFact, "ambiguous currency symbol"},
		{"bad value", `{"text": "", "facts": [{"label": "x", "value": "1.234,5", "unit": "EUR"}]}`, fault.BadFact, "decimal comma"},
		{"bad scale", `{"text": "", "facts": [{"label": "x", "value": "5", "unit": "EUR", "scale": "milliard"}]}`, fault.BadFact, "unknown scale"},
		{"no exact value with a value", `{"text": "", "facts": [{"label": "x", "value": "5", "unit": "count", "exact": false}]}`, fault.BadFact, "exact false"},
		{"bad ignore", `{"text": "", "ignore": ["years"]}`, fault.BadIgnore, `unknown class "years"`},
		{"text too large", `{"text": "` + strings.Repeat("a", (256<<10)+1) + `"}`, fault.TextTooLarge, "text is"},
		{"too many receipts", `{"text": "", "receipts": [` + strings.Repeat(`{},`, claim.MaxReceipts) + `{}]}`, fault.TooManyReceipts, "101 receipts"},
		{"request too large", `{"text": "` + strings.Repeat("a", claim.MaxRequestBytes) + `"}`, fault.BadRequest, "over the limit"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := claim.ParseRequest([]byte(tc.in))
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, tc.code, e.Code, "%v", err)
			require.Contains(t, e.Msg, tc.msg)
			require.NotEmpty(t, e.Hint)
			require.Equal(t, strings.ToLower(e.Msg[:1]), e.Msg[:1], "lower-case message")
		})
	}
	req, err := claim.ParseRequest([]byte(`{"text": "ok", "facts": [{"label": "similar documents", "unit": "count:documents", "exact": false}], "ignore": null}`))
	require.NoError(t, err)
	require.Equal(t, []claim.Fact{claim.NoExactValue("similar documents", "count:documents")}, req.Facts)
	require.Nil(t, req.Ignore)
}

// TestCheckRefusesBadRequests: Check never fails; a request it cannot
// check is a report with an error and one refusal.
func TestCheckRefusesBadRequests(t *testing.T) {
	rep := claim.Check(claim.Request{Text: "84", Facts: []claim.Fact{{Label: "x", Value: "84"}}}, nil, receipt.Policy{}, claim.Options{})
	require.False(t, rep.OK)
	require.Equal(t, fault.BadFact, rep.Error.Code)
	require.Equal(t, fault.BadFact, rep.Refusals[0].Code)

	rep = claim.Check(claim.Request{Text: strings.Repeat("1 ", (2000)+1)}, nil, receipt.Policy{}, claim.Options{})
	require.False(t, rep.OK)
	require.Equal(t, fault.TooManyMentions, rep.Error.Code)
	require.Empty(t, rep.Mentions, "a gate that cannot check every number checks none")

	rep = claim.Check(claim.Request{Text: "no numbers here"}, nil, receipt.Policy{}, claim.Options{})
	require.True(t, rep.OK)
	out, err := json.Marshal(rep)
	require.NoError(t, err)
	require.Equal(t, `{"ok":true,"mentions":[],"receipts":[],"refusals":[]}`, string(out))
}

// TestCurrencyLookups pins the units lookups the extractor reads currency
// signs and names with.
func TestCurrencyLookups(t *testing.T) {
	require.Equal(t, []string{"INR"}, numeral.SignCurrencies("₹"))
	require.Equal(t, []string{"INR", "PKR", "LKR", "NPR"}, numeral.CurrencyNameCurrencies("Rupees"))
	require.Equal(t, []string{"USD"}, numeral.CurrencyNameCurrencies("US  dollars"))
	require.Equal(t, []string{"JPY"}, numeral.CurrencyNameCurrencies("yen"))
	require.Nil(t, numeral.CurrencyNameCurrencies("pounds"), "pounds weigh as often as they pay")
	require.Nil(t, numeral.SignCurrencies("¤"))
	signs := numeral.CurrencySigns()
	require.Equal(t, "NZ$", signs[0], "longest first")
	signs[0] = "x"
	require.Equal(t, "NZ$", numeral.CurrencySigns()[0], "a copy")
}

// TestUnreadableNumbersAreRefused: numbers the extractor does not read are
// refused, not passed over.
func TestUnreadableNumbersAreRefused(t *testing.T) {
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}}
	for _, text := range []string{"Jane Doe authored ２７ documents.", "Jane Doe authored 2.7e1 documents.", "Revenue rose 1E3 times."} {
		rep := claim.Check(claim.Request{Text: text, Facts: facts}, nil, receipt.Policy{}, claim.Options{})
		require.False(t, rep.OK, text)
		require.Equal(t, fault.UnreadableNumber, rep.Refusals[len(rep.Refusals)-1].Code, text)
	}
	for _, text := range []string{"Jane Doe authored 84 documents.", "The 3e model and the 10-K", "Code 1e is fine"} {
		rep := claim.Check(claim.Request{Text: text, Facts: facts}, nil, receipt.Policy{}, claim.Options{Ignore: claim.IgnoreNone})
		for _, r := range rep.Refusals {
			require.NotEqual(t, fault.UnreadableNumber, r.Code, text)
		}
	}
}

// TestSlashDatesAreDates: only day/month forms are dates; 27/84 is checked.
func TestSlashDatesAreDates(t *testing.T) {
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}}
	rep := claim.Check(claim.Request{Text: "Jane wrote 27/84 of them.", Facts: facts}, nil, receipt.Policy{}, claim.Options{})
	require.False(t, rep.OK, "27/84 is no date")
	rep = claim.Check(claim.Request{Text: "On 4/3 and on 03/04/2021 nothing changed.", Facts: facts}, nil, receipt.Policy{}, claim.Options{})
	require.True(t, rep.OK, "%+v", rep.Refusals)
}
