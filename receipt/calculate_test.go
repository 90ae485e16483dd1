package receipt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

func loadRequest(t testing.TB, name string) *Request {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "requests", name+".json"))
	require.NoError(t, err)
	req, err := DecodeRequest(data)
	require.NoError(t, err, name)
	return req
}

func TestSeedCalculations(t *testing.T) {
	for _, tc := range []struct {
		name, value, display, expanded, unit string
		inexact                              bool
	}{
		{"costco", "1.344", "1.344×", "(799 + 6692 + 3916) / (6708 + 1781)", "ratio", true},
		{"lakh", "8367277000", "₹8,367,277,000", "(109638.91 × 100000) − (25966.14 × 100000)", "INR", false},
		{"tweets", "41", "41 tweets", "24 + 12 + 5", "count:tweets", false},
		{"shortfall", "35.821", "35.821%", "abs((6.7 − 4.3) / 6.7)", "percent", true},
		{"gap", "2.4", "2.4 pp", "6.7 − 4.3", "pp", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(loadRequest(t, tc.name))
			require.NoError(t, err)
			require.Equal(t, tc.value, r.Result.Value)
			require.Equal(t, tc.display, r.Result.Display)
			require.Equal(t, tc.expanded, r.Expanded)
			require.Equal(t, tc.unit, r.Result.Unit)
			require.Equal(t, tc.inexact, r.Result.Inexact)
		})
	}
}

func TestRequestRefusals(t *testing.T) {
	base := func() *Request { return loadRequest(t, "tweets") }
	for _, tc := range []struct {
		name   string
		edit   func(r *Request)
		code   string
		field  string
		reason string
	}{
		{"no formula", func(r *Request) { r.Formula = " " }, fault.MissingField, "formula", ""},
		{"no inputs", func(r *Request) { r.Inputs = nil }, fault.MissingField, "inputs", ""},
		{"no name", func(r *Request) { r.Inputs[1].Name = "" }, fault.MissingField, "inputs[1].name", ""},
		{"no display", func(r *Request) { r.Inputs[0].Display = "" }, fault.MissingField, "inputs[0].display", ""},
		{"no unit", func(r *Request) { r.Inputs[2].Unit = "" }, fault.MissingField, "inputs[2].unit", ""},
		{"no provenance", func(r *Request) { r.Inputs[2].Provenance = "" }, fault.MissingField, "inputs[2].provenance", ""},
		{"bad provenance", func(r *Request) { r.Inputs[0].Provenance = "memory" }, fault.BadProvenance, "inputs[0].provenance", ""},
		{"duplicate", func(r *Request) { r.Inputs[2].Name = "united" }, fault.DuplicateInput, "inputs[2].name", ""},
		{"unknown name", func(r *Request) { r.Formula = "united + delta + southwest + jetblue" }, fault.UnknownName, "formula", ""},
		{"unused input", func(r *Request) { r.Formula = "united + delta" }, fault.UnusedInput, "inputs[2].name", ""},
		{"interpreted without note", func(r *Request) { r.Interpretation = &Interpretation{Kind: Interpreted} }, fault.BadInterpretation, "interpretation.note", ""},
		{"unknown interpretation", func(r *Request) { r.Interpretation = &Interpretation{Kind: "guess"} }, fault.BadInterpretation, "interpretation.kind", ""},
		{"syntax", func(r *Request) { r.Formula = "united + avg(delta, southwest)" }, "unknown_function", "formula", ""},
		{"quote lacks the number", func(r *Request) { r.Inputs[0].Quote = "United was mentioned in 42 tweets" }, fault.QuoteMismatch, "inputs[0].quote", ""},
		{"quote has a longer number", func(r *Request) { r.Inputs[0].Quote = "United was mentioned in 124 tweets" }, fault.QuoteMismatch, "inputs[0].quote", ""},
		{"bad display", func(r *Request) { r.Inputs[1].Display = "1.234,5" }, "european_separators", "inputs[1].display", ""},
		{"bad scale", func(r *Request) { r.Inputs[1].Scale = "gazillion" }, "unknown_scale", "inputs[1].scale", ""},
		{"bad unit", func(r *Request) { r.Inputs[1].Unit = "$" }, "ambiguous_symbol", "inputs[1].unit", ""},
		{"count nouns differ", func(r *Request) { r.Inputs[1].Unit = "count:retweets" }, "unit_mismatch", "", "counts of different nouns do not add"},
		{"output unit", func(r *Request) { r.Output.Unit = "USD" }, "output_unit_mismatch", "", ""},
		{"division by zero", func(r *Request) { r.Formula = "united / (delta - delta) + southwest"; r.Output.Unit = "" }, "", "", "dimension checks come first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := base()
			tc.edit(req)
			_, err := Calculate(req)
			require.Error(t, err)
			info := Describe(err)
			if tc.code != "" {
				require.Equal(t, tc.code, info.Code, "%v", err)
			}
			if tc.field != "" {
				require.Equal(t, tc.field, info.Field, "%v", err)
			}
			require.NotEmpty(t, info.Hint, "%s has no hint", info.Code)
			require.NotEmpty(t, info.Message)
			resp := Respond(req, dsse.Unsigned())
			require.False(t, resp.OK)
			require.Nil(t, resp.Receipt)
			require.Equal(t, info, resp.Error)
		})
	}
}

func TestUnknownNameSpan(t *testing.T) {
	req := loadRequest(t, "tweets")
	req.Formula = "united + delta + southwest + jetblue"
	_, err := Calculate(req)
	require.Equal(t, &[2]int{29, 36}, Describe(err).Span)
}

func TestDecodeRequestRefusals(t *testing.T) {
	for _, tc := range []struct{ name, in, field, hint string }{
		{"number for a string", `{"id":"x","formula":"a","inputs":[{"name":"a","display":12345678901234567890.123}]}`, "inputs[0].display", "numbers are strings"},
		{"unknown field", `{"id":"x","formula":"a","bogus":1}`, "bogus", "remove it"},
		// encoding/json took the last of two "params"; a reader that takes
		// the first would re-execute another calculation.
		{"params given twice", `{"operation":"pmt","params":{"when":"end"},"params":{"when":"begin"}}`, "params", ""},
		{"a param given twice", `{"operation":"pmt","params":{"when":"end","when":"begin"}}`, "params.when", ""},
		{"a case variant", `{"id":"x","formula":"a","Formula":"b"}`, "Formula", ""},
		{"a field in another case", `{"ID":"x"}`, "ID", ""},
		{"a key twice deep", `{"inputs":[{"name":"a"},{"name":"b","name":"c"}]}`, "inputs[1].name", ""},
		{"trailing", `{"id":"x"} {}`, "", ""},
		{"not json", `formula: a+b`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRequest([]byte(tc.in))
			info := Describe(err)
			require.Equal(t, fault.BadRequest, info.Code, "%v", err)
			require.Equal(t, tc.field, info.Field)
			require.Contains(t, info.Hint, tc.hint)
		})
	}
	_, err := DecodeRequest(make([]byte, MaxRequestSize+1))
	require.Equal(t, fault.BadRequest, Describe(err).Code)
}

func TestRespondJSON(t *testing.T) {
	s, _ := testSigner(0)
	resp := Respond(loadRequest(t, "costco"), s)
	require.True(t, resp.OK)
	data, err := json.Marshal(resp)
	require.NoError(t, err)
	require.Contains(t, string(data), `"id":"costco-fy21-debt-ebitda","ok":true,"result":{"exact":"1.343738956296383555189068205913535…","value":"1.344","unit":"ratio"`)
	require.Contains(t, string(data), `"expanded":"(799 + 6692 + 3916) / (6708 + 1781)","receipt":{"payloadType":"application/vnd.reckon.receipt+json"`)
	require.NotContains(t, string(data), `"error"`)
}

func TestFormulaCacheIsBounded(t *testing.T) {
	for i := range formulaCacheSize + 10 {
		_, err := formulas.parse(fmt.Sprintf("a + %d", i))
		require.NoError(t, err)
	}
	formulas.mu.RLock()
	defer formulas.mu.RUnlock()
	require.LessOrEqual(t, len(formulas.m), formulaCacheSize)
}
