package cost

import (
	"context"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestComputeInexactSumIsUnknownPerCurrency: two model costs that are each
// exact but whose sum needs more than 34 digits make the currency's total
// unknown, not a rounded "known" value.
func TestComputeInexactSumIsUnknownPerCurrency(t *testing.T) {
	nines := strings.Repeat("9", 34)
	doc := `{"rates":[` + strings.Replace(rateObj(`"per":"1"`), `"input":"1"`, `"input":"`+nines+`"`, 1) + `,` +
		strings.Replace(strings.Replace(rateObj(`"per":"1"`), `"input":"1"`, `"input":"`+nines+`"`, 1), `"model":"b"`, `"model":"c"`, 1) + `]}`
	r := Compute(mustRates(t, doc), tally(t, `{"provider":"a","model":"b","input_tokens":1,"output_tokens":0}
{"provider":"a","model":"c","input_tokens":1,"output_tokens":0}`))
	require.Equal(t, nines, *r.ByModel[0].Cost.Value, "each model's cost is exact")
	require.False(t, r.Total.Known)
	require.Nil(t, r.Total.Value)
	require.Len(t, r.ByCurrency, 1)
	require.False(t, r.ByCurrency[0].Known, "a rounded sum is not a known total")
	require.Nil(t, r.ByCurrency[0].Value)
	require.Equal(t, fault.NotExact, r.Reasons[0].Code)
}

// TestComputeCurrencyCodeCase: "usd" and "USD" are one currency, reported
// by its code; two spellings of it are not two currencies.
func TestComputeCurrencyCodeCase(t *testing.T) {
	doc := `{"rates":[` + rateObj(`"currency":"usd"`) + `,` + strings.Replace(rateObj(``), `"model":"b"`, `"model":"c"`, 1) + `]}`
	r := Compute(mustRates(t, doc), tally(t, `{"provider":"a","model":"b","input_tokens":1000,"output_tokens":0}
{"provider":"a","model":"c","input_tokens":1000,"output_tokens":0}`))
	require.True(t, r.Total.Known, "%+v", r.Reasons)
	require.Equal(t, "2", *r.Total.Value)
	require.Equal(t, "USD", r.Total.Currency)
	require.Equal(t, "USD", r.ByModel[0].Cost.Currency)
}

// TestParseRatesAmbiguousModels: a model configured twice under names that
// differ only in case, or a name with surrounding spaces, is refused: which
// rate a record gets must not depend on how its name is spelled.
func TestParseRatesAmbiguousModels(t *testing.T) {
	for _, tc := range []struct{ name, doc, field string }{
		{name: "case variant model", field: "rates[1].model",
			doc: `{"rates":[` + rateObj(``) + `,` + strings.Replace(rateObj(`"input":"9"`), `"model":"b"`, `"model":"B"`, 1) + `]}`},
		{name: "case variant provider", field: "rates[1].model",
			doc: `{"rates":[` + rateObj(``) + `,` + strings.Replace(rateObj(`"input":"9"`), `"provider":"a"`, `"provider":"A"`, 1) + `]}`},
		{name: "model with a trailing space", field: "rates[0].model", doc: rate(`"model":"b "`)},
		{name: "provider with a leading tab", field: "rates[0].provider", doc: rate(`"provider":"\ta"`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRates([]byte(tc.doc))
			var e *fault.Error
			require.ErrorAs(t, err, &e, tc.doc)
			require.Equal(t, fault.BadRates, e.Code)
			require.Equal(t, tc.field, e.Field, "%v", err)
		})
	}
}

// TestTallyRefusedRecordLeavesNoTrace: a refused record adds nothing, so a
// caller that goes on after a refusal does not price half a record.
func TestTallyRefusedRecordLeavesNoTrace(t *testing.T) {
	var tl Tally
	in, neg := int64(5000), int64(-1)
	require.Error(t, tl.Add(Usage{Provider: "a", Model: "b", InputTokens: &in, OutputTokens: &neg}, 0))
	big, one := int64(9223372036854775807), int64(1)
	require.NoError(t, tl.Add(Usage{Provider: "a", Model: "c", InputTokens: &one, OutputTokens: &one}, 0))
	require.Error(t, tl.Add(Usage{Provider: "a", Model: "c", InputTokens: &one, OutputTokens: &big}, 0))
	r := Compute(mustRates(t, `{"rates":[`+rateObj(``)+`,`+strings.Replace(rateObj(``), `"model":"b"`, `"model":"c"`, 1)+`]}`), &tl)
	require.Len(t, r.ByModel, 1, "the refused record's model is not in the tally")
	require.Equal(t, "c", r.ByModel[0].Model)
	require.Equal(t, "1", r.ByModel[0].Records)
	require.Equal(t, "1", r.ByModel[0].Tokens["input"], "the refused record's input is not added")
}

// TestTallyMissingLinesBounded: a file of records without usage keeps a
// bounded list of their lines, and counts them all.
func TestTallyMissingLinesBounded(t *testing.T) {
	var tl Tally
	one := int64(1)
	const n = 100000
	for range n {
		require.NoError(t, tl.Add(Usage{Provider: "a", Model: "b", InputTokens: &one}, 0))
	}
	r := Compute(mustRates(t, rate(``)), &tl)
	require.Len(t, r.Reasons, 1)
	require.LessOrEqual(t, len(r.Reasons[0].Lines), maxReasonLines)
	require.Equal(t, 1, r.Reasons[0].Lines[0])
	require.Contains(t, r.Reasons[0].Message, "100000 records")
}

// TestReadUsageInvalidUTF8: a model name that is not UTF-8, or holds a lone
// surrogate escape, is refused; the JSON decoder would read each as U+FFFD,
// so two different names would be one model.
func TestReadUsageInvalidUTF8(t *testing.T) {
	var tl Tally
	err := tl.ReadUsage(context.Background(), strings.NewReader("{\"provider\":\"a\",\"model\":\"b\xff\",\"input_tokens\":1,\"output_tokens\":1}"))
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadUsage, e.Code)
	require.Equal(t, 1, e.Line)
	require.Empty(t, e.Field)
	_, err = ParseRates([]byte(rate("\"model\":\"b\xff\"")))
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadRates, e.Code)
	err = tl.ReadUsage(context.Background(), strings.NewReader(`{"provider":"a","model":"b\ud800","input_tokens":1,"output_tokens":1}`))
	require.ErrorAs(t, err, &e)
	require.Equal(t, 1, e.Line, "a lone surrogate is U+FFFD too")
	require.Empty(t, e.Field)
}

// TestOpDuplicateInput: an item input given twice is refused, not
// silently replaced by the last one.
func TestOpDuplicateInput(t *testing.T) {
	_, err := Op.Run(operation.Args{Inputs: []operation.Input{
		in(t, "items[0].tokens", "5", "count:tokens"), in(t, "items[0].price", "5", "USD"), in(t, "items[0].per", "1000", "number"),
		in(t, "items[0].tokens", "5000000", "count:tokens"),
	}})
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadItem, e.Code)
	require.Equal(t, "items[0].tokens", e.Field)
}

// TestComputeUnknownModelHasNoParts: a model whose cost is unknown lists no
// parts, as documented; a partial list would read as its whole cost.
func TestComputeUnknownModelHasNoParts(t *testing.T) {
	r := Compute(mustRates(t, testRates), tally(t, `{"provider":"openai","model":"gpt-4.1","input_tokens":5,"output_tokens":1,"cache_read_tokens":3,"cache_write_tokens":7}`))
	require.Equal(t, fault.UnpricedKind, r.Reasons[0].Code)
	require.False(t, r.ByModel[0].Cost.Known)
	require.Empty(t, r.ByModel[0].Parts)
}

// TestReadUsageKeyInAnotherCase: "Input_tokens" alone is not input_tokens:
// a reader that matches keys exactly would find the record without input
// and call its cost unknown, while encoding/json priced 900 tokens.
func TestReadUsageKeyInAnotherCase(t *testing.T) {
	var tl Tally
	err := tl.ReadUsage(context.Background(), strings.NewReader(`{"provider":"a","model":"b","Input_tokens":900,"output_tokens":1}`))
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadUsage, e.Code)
	require.Equal(t, "Input_tokens", e.Field)
	require.Equal(t, 1, e.Line)
}
