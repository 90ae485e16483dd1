package cost

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

const testRates = `{"rates": [
 {"provider": "anthropic", "model": "claude-sonnet-4-5", "currency": "USD", "per": "1000000",
  "input": "3", "output": "15", "cache_read": "0.30", "cache_write": "3.75"},
 {"provider": "openai", "model": "gpt-4.1", "currency": "USD", "per": "1000000",
  "input": "2", "output": "8", "cache_read": "0.50", "cache_write": ""},
 {"provider": "mistral", "model": "large", "currency": "EUR", "per": "1000",
  "input": "0.002", "output": "0.006", "cache_read": "", "cache_write": ""}
]}`

func mustRates(t *testing.T, doc string) *Rates {
	t.Helper()
	rs, err := ParseRates([]byte(doc))
	require.NoError(t, err)
	return rs
}

func tally(t *testing.T, lines string) *Tally {
	t.Helper()
	var tl Tally
	require.NoError(t, tl.ReadUsage(context.Background(), strings.NewReader(lines)))
	return &tl
}

func TestComputeKnown(t *testing.T) {
	rs := mustRates(t, testRates)
	tl := tally(t, `{"provider":"anthropic","model":"claude-sonnet-4-5","input_tokens":1200,"output_tokens":340}
{"provider":"anthropic","model":"claude-sonnet-4-5","input_tokens":800,"output_tokens":60,"cache_read_tokens":10000,"cache_write_tokens":2000}

{"provider":"openai","model":"gpt-4.1","input_tokens":5000,"output_tokens":1000,"cache_read_tokens":0}
`)
	r := Compute(rs, tl)
	// anthropic: 2000 × 3/1e6 + 400 × 15/1e6 + 10000 × 0.30/1e6 + 2000 × 3.75/1e6
	//          = 0.006 + 0.006 + 0.003 + 0.0075 = 0.0225
	// openai:    5000 × 2/1e6 + 1000 × 8/1e6 = 0.01 + 0.008 = 0.018
	require.True(t, r.Total.Known)
	require.Equal(t, "0.0405", *r.Total.Value)
	require.Equal(t, "USD", r.Total.Currency)
	require.Len(t, r.ByModel, 2)
	require.Equal(t, "0.0225", *r.ByModel[0].Cost.Value)
	require.Equal(t, map[string]string{"input": "0.006", "output": "0.006", "cache_read": "0.003", "cache_write": "0.0075"}, r.ByModel[0].Parts)
	require.Equal(t, "2", r.ByModel[0].Records)
	require.Equal(t, "2000", r.ByModel[0].Tokens["input"])
	require.Equal(t, "0.018", *r.ByModel[1].Cost.Value)
	require.Empty(t, r.Unpriced)
	require.Empty(t, r.Reasons)
}

func TestComputeUnknownIsNeverZero(t *testing.T) {
	rs := mustRates(t, testRates)
	for _, tc := range []struct {
		name, usage, code string
	}{
		{name: "unpriced model", code: fault.NoRate,
			usage: `{"provider":"openai","model":"gpt-4.1","input_tokens":5000,"output_tokens":1000}
{"provider":"acme","model":"free-looking","input_tokens":0,"output_tokens":0}`},
		{name: "model name in another case", code: fault.NoRate,
			usage: `{"provider":"openai","model":"GPT-4.1","input_tokens":5,"output_tokens":1}`},
		{name: "missing output count", code: fault.MissingUsage,
			usage: `{"provider":"openai","model":"gpt-4.1","input_tokens":5000}`},
		{name: "cache writes the rate does not price", code: fault.UnpricedKind,
			usage: `{"provider":"openai","model":"gpt-4.1","input_tokens":5,"output_tokens":1,"cache_write_tokens":7}`},
		{name: "two currencies", code: fault.MixedCurrency,
			usage: `{"provider":"openai","model":"gpt-4.1","input_tokens":5,"output_tokens":1}
{"provider":"mistral","model":"large","input_tokens":1000,"output_tokens":1000}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Compute(rs, tally(t, tc.usage))
			require.False(t, r.Total.Known)
			require.Nil(t, r.Total.Value, "an unknown total has no value")
			b, err := json.Marshal(r.Total)
			require.NoError(t, err)
			require.Contains(t, string(b), `"value":null`)
			var codes []string
			for _, reason := range r.Reasons {
				codes = append(codes, reason.Code)
			}
			require.Contains(t, codes, tc.code)
		})
	}
}

func TestComputeMixedCurrencyKeepsEachTotal(t *testing.T) {
	r := Compute(mustRates(t, testRates), tally(t, `{"provider":"openai","model":"gpt-4.1","input_tokens":5000,"output_tokens":1000}
{"provider":"mistral","model":"large","input_tokens":1000,"output_tokens":1000}`))
	require.Equal(t, "", r.Total.Currency)
	require.Len(t, r.ByCurrency, 2)
	require.Equal(t, "EUR", r.ByCurrency[0].Currency)
	require.Equal(t, "0.008", *r.ByCurrency[0].Value) // 1000 × 0.002/1000 + 1000 × 0.006/1000
	require.Equal(t, "USD", r.ByCurrency[1].Currency)
	require.Equal(t, "0.018", *r.ByCurrency[1].Value)
}

func TestComputeEmpty(t *testing.T) {
	r := Compute(mustRates(t, testRates), &Tally{})
	require.True(t, r.Total.Known)
	require.Equal(t, "0", *r.Total.Value, "no usage at all costs nothing")
	r = Compute(nil, nil)
	require.True(t, r.Total.Known)
}

func TestComputeExactAtScale(t *testing.T) {
	rs := mustRates(t, testRates)
	var tl Tally
	in, out := int64(1), int64(3)
	for range 100000 {
		require.NoError(t, tl.Add(Usage{Provider: "anthropic", Model: "claude-sonnet-4-5", InputTokens: &in, OutputTokens: &out}, 0))
	}
	r := Compute(rs, &tl)
	// 100000 × (3 + 3 × 15) / 1e6 = 4.8, where float64 accumulation of
	// per-call costs drifts.
	require.Equal(t, "4.8", *r.Total.Value)
}

func TestParseRatesRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, doc, field, reason string
	}{
		{name: "price as a JSON number", doc: `{"rates":[{"provider":"a","model":"b","currency":"USD","per":"1000","input":3,"output":"1","cache_read":"","cache_write":""}]}`,
			field: "rates[0].input"},
		{name: "per not a power of ten", doc: rate(`"per":"1024"`), field: "rates[0].per"},
		{name: "negative price", doc: rate(`"input":"-1"`), field: "rates[0].input"},
		{name: "grouped price", doc: rate(`"input":"1,000"`), field: "rates[0].input", reason: "a configured price is a plain decimal"},
		{name: "exponent price", doc: rate(`"input":"1e-6"`), field: "rates[0].input"},
		{name: "currency symbol", doc: rate(`"currency":"$"`), field: "rates[0].currency"},
		{name: "not a currency", doc: rate(`"currency":"percent"`), field: "rates[0].currency"},
		{name: "unknown field", doc: `{"rates":[],"discount":"10"}`, field: "discount"},
		{name: "duplicate key", doc: `{"rates":[],"rates":[]}`, field: "rates"},
		{name: "missing rates", doc: `{}`, field: "rates"},
		{name: "model twice", doc: `{"rates":[` + rateObj(``) + `,` + rateObj(``) + `]}`, field: "rates[1].model"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRates([]byte(tc.doc))
			var e *fault.Error
			require.ErrorAs(t, err, &e, "ParseRates(%s)", tc.doc)
			require.Equal(t, fault.BadRates, e.Code)
			require.Equal(t, tc.field, e.Field, "%v", err)
			require.NotEmpty(t, e.Hint)
		})
	}
}

func rateObj(override string) string {
	fields := map[string]string{"provider": `"a"`, "model": `"b"`, "currency": `"USD"`, "per": `"1000"`,
		"input": `"1"`, "output": `"2"`, "cache_read": `""`, "cache_write": `""`}
	if k, v, ok := strings.Cut(override, ":"); ok {
		fields[strings.Trim(k, `"`)] = v
	}
	var parts []string
	for _, k := range []string{"provider", "model", "currency", "per", "input", "output", "cache_read", "cache_write"} {
		parts = append(parts, `"`+k+`":`+fields[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func rate(override string) string { return `{"rates":[` + rateObj(override) + `]}` }

func TestReadUsageRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, usage, field string
		line               int
	}{
		{name: "fractional tokens", usage: `{"provider":"a","model":"b","input_tokens":1.5,"output_tokens":1}`, field: "input_tokens", line: 1},
		{name: "tokens as a string", usage: `{"provider":"a","model":"b","input_tokens":"15","output_tokens":1}`, field: "input_tokens", line: 1},
		{name: "negative tokens", usage: "\n" + `{"provider":"a","model":"b","input_tokens":-1,"output_tokens":1}`, field: "input_tokens", line: 2},
		{name: "no model", usage: `{"provider":"a","input_tokens":1,"output_tokens":1}`, field: "model", line: 1},
		{name: "not JSON", usage: `{"provider":`, field: "", line: 1},
		{name: "case variant key", usage: `{"provider":"a","model":"b","input_tokens":1,"Input_tokens":900,"output_tokens":1}`, field: "Input_tokens", line: 1},
		{name: "overflow", usage: `{"provider":"a","model":"b","input_tokens":9223372036854775807,"output_tokens":1}
{"provider":"a","model":"b","input_tokens":1,"output_tokens":1}`, field: "input_tokens", line: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl Tally
			err := tl.ReadUsage(context.Background(), strings.NewReader(tc.usage))
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, fault.BadUsage, e.Code)
			require.Equal(t, tc.field, e.Field, "%v", err)
			require.Equal(t, tc.line, e.Line, "%v", err)
		})
	}
}

func TestReadUsageContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var tl Tally
	lines := strings.Repeat(`{"provider":"a","model":"b","input_tokens":1,"output_tokens":1}`+"\n", 2048)
	require.ErrorIs(t, tl.ReadUsage(ctx, strings.NewReader(lines)), context.Canceled)
}

func TestTallyModelBound(t *testing.T) {
	var tl Tally
	one := int64(1)
	for i := range maxModels {
		require.NoError(t, tl.Add(Usage{Provider: "p", Model: strings.Repeat("m", 1) + string(rune('a'+i%26)) + strings.Repeat("x", i/26), InputTokens: &one, OutputTokens: &one}, 0))
	}
	err := tl.Add(Usage{Provider: "p", Model: "one more", InputTokens: &one, OutputTokens: &one}, 0)
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadUsage, e.Code)
}

func FuzzReadUsage(f *testing.F) {
	f.Add(`{"provider":"anthropic","model":"claude-sonnet-4-5","input_tokens":1200,"output_tokens":340}`)
	f.Add(`{"provider":"openai","model":"gpt-4.1","input_tokens":5000}` + "\n" + `{"provider":"mistral","model":"large","input_tokens":1,"output_tokens":1}`)
	f.Add(`{"provider":"a","model":"b","input_tokens":1e3,"output_tokens":1}`)
	rs, err := ParseRates([]byte(testRates))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, usage string) {
		var tl Tally
		if err := tl.ReadUsage(context.Background(), strings.NewReader(usage)); err != nil {
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			return
		}
		r := Compute(rs, &tl)
		require.Equal(t, r.Total.Known, r.Total.Value != nil, "a value exactly when known")
		if !r.Total.Known {
			require.NotEmpty(t, r.Reasons, "an unknown total says why")
		}
	})
}

func FuzzParseRates(f *testing.F) {
	f.Add(testRates)
	f.Add(rate(`"per":"1024"`))
	f.Fuzz(func(t *testing.T, doc string) {
		rs, err := ParseRates([]byte(doc))
		if err != nil {
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.NotEmpty(t, e.Code)
			return
		}
		require.NotNil(t, rs)
	})
}

func TestComputeUnpricedMakesEveryCurrencyUnknown(t *testing.T) {
	r := Compute(mustRates(t, testRates), tally(t, `{"provider":"openai","model":"gpt-4.1","input_tokens":5000,"output_tokens":1000}
{"provider":"acme","model":"x","input_tokens":1,"output_tokens":1}`))
	require.Equal(t, []Total{{Currency: "USD"}}, r.ByCurrency, "a partial sum is not a known total")
	require.Equal(t, "0.018", *r.ByModel[0].Cost.Value, "the priced model keeps its own cost")
}
