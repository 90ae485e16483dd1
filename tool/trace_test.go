package tool

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestTraceCarriesNoValues runs every tool on every testdata request with
// an in-memory span recorder and checks that no string from the
// arguments (a display, a quote, a formula, prose, a label) appears in any
// span: spans carry operational values only.
func TestTraceCarriesNoValues(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	opts := testOptions(t)
	opts.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	calls := 0
	for _, tl := range All(opts) {
		files, err := filepath.Glob(filepath.Join("testdata", tl.Name, "*.in.json"))
		require.NoError(t, err)
		for _, in := range files {
			args, err := os.ReadFile(in)
			require.NoError(t, err)
			before := len(rec.Ended())
			_, err = tl.Call(context.Background(), args)
			require.NoError(t, err)
			calls++
			spans := rec.Ended()[before:]
			require.Len(t, spans, 1, "one span per call of %s", tl.Name)
			s := spans[0]
			require.Equal(t, "reckon."+tl.Name, s.Name())
			text := spanText(s)
			// Codes come from reckon's fixed vocabulary (snake_case), so a
			// leaf such as the input name "rate" may stand inside
			// "missing_rate_convention": codes are checked for their shape,
			// everything else for the leaves.
			for _, kv := range s.Attributes() {
				if kv.Key == attrCode || kv.Key == attrReasons {
					require.Regexp(t, `^\[?("?[a-z_]*"?[ ,]*)*\]?$`, kv.Value.Emit(), "%s: a code attribute holds only codes", in)
				}
			}
			require.Regexp(t, `^[a-z_]*$`, s.Status().Description, "%s: the status holds only a code", in)
			for _, leaf := range leaves(t, args) {
				require.NotContains(t, text, leaf, "%s: a value of the arguments (%s) is in the span", in, leaf)
			}
			require.Contains(t, text, "reckon.outcome=")
		}
	}
	require.Greater(t, calls, 20)
}

// spanText is every string a span carries but its codes: name,
// attributes and events, as key=value lines.
func spanText(s sdktrace.ReadOnlySpan) string {
	var b strings.Builder
	b.WriteString(s.Name() + "\n")
	write := func(kvs []attribute.KeyValue) {
		for _, kv := range kvs {
			if kv.Key == attrCode || kv.Key == attrReasons {
				continue // codes, checked for their shape by the caller
			}
			b.WriteString(string(kv.Key) + "=" + kv.Value.Emit() + "\n")
		}
	}
	write(s.Attributes())
	for _, e := range s.Events() {
		b.WriteString(e.Name + "\n")
		write(e.Attributes)
	}
	return b.String()
}

// leaves returns the string leaves of the JSON args worth looking for:
// three bytes or more, and not a key id or payload type, which spans do
// record.
func leaves(t *testing.T, args []byte) []string {
	var v any
	if json.Unmarshal(args, &v) != nil {
		return nil
	}
	var out []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				walk(k, c)
			}
		case []any:
			for _, c := range x {
				walk(key, c)
			}
		case string:
			if len(x) >= 3 && key != "keyid" && key != "payloadType" {
				out = append(out, x)
			}
		}
	}
	walk("", v)
	return out
}

// TestTraceRecordsOutcome checks the attributes of a refused and an
// accepted calculation.
func TestTraceRecordsOutcome(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	opts := testOptions(t)
	opts.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	calc := All(opts)[0]
	for _, name := range []string{"costco", "unit_mismatch"} {
		args, err := os.ReadFile(filepath.Join("testdata", "calculate", name+".in.json"))
		require.NoError(t, err)
		_, err = calc.Call(context.Background(), args)
		require.NoError(t, err)
	}
	spans := rec.Ended()
	require.Len(t, spans, 2)
	attrs := func(s sdktrace.ReadOnlySpan) map[attribute.Key]string {
		m := map[attribute.Key]string{}
		for _, kv := range s.Attributes() {
			m[kv.Key] = kv.Value.Emit()
		}
		return m
	}
	ok := attrs(spans[0])
	require.Equal(t, "calculate", ok[attrTool])
	require.Equal(t, "ok", ok[attrOutcome])
	require.Equal(t, "5", ok[attrInputs])
	require.NotEmpty(t, ok[attrKeyIDs])
	refused := attrs(spans[1])
	require.Equal(t, "refused", refused[attrOutcome])
	require.Equal(t, "unit_mismatch", refused[attrCode])
	require.Equal(t, "unit_mismatch", spans[1].Status().Description)
}

func BenchmarkCall(b *testing.B) {
	args, err := os.ReadFile("testdata/calculate/costco.in.json")
	require.NoError(b, err)
	for _, bc := range []struct {
		name string
		opts Options
	}{
		{"tracing off", Options{}},
		{"tracing on", Options{TracerProvider: sdktrace.NewTracerProvider()}},
	} {
		calc := All(bc.opts)[0]
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := calc.Call(context.Background(), args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTraceCarriesNoModelIDs runs the tools on arguments where every string
// the model writes is a marker, ids and key ids included: a request id, a
// receipt's key id and payload type are the model's words, not operational
// values, and no span may carry them. Only the ids of the application's own
// keys (which signed or verified) are recorded.
func TestTraceCarriesNoModelIDs(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	opts := testOptions(t)
	opts.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	read := func(p string) map[string]any {
		b, err := os.ReadFile(filepath.Join("testdata", p))
		require.NoError(t, err)
		var v map[string]any
		require.NoError(t, json.Unmarshal(b, &v))
		return v
	}
	const marker = "MODELWROTE"
	calc := read("calculate/costco.in.json")
	calc["id"] = marker + "-request-id"
	forged := read("verify_receipt/accepted.in.json")
	env := forged["receipt"].(map[string]any)
	env["signatures"].([]any)[0].(map[string]any)["keyid"] = "ed25519:" + marker
	badType := read("verify_receipt/accepted.in.json")
	badType["receipt"].(map[string]any)["payloadType"] = "application/" + marker
	claims := read("check_claims/backed.in.json")
	claims["receipts"] = []any{env}
	cases := []struct {
		tool string
		args map[string]any
	}{
		{nameCalculate, calc},
		{nameVerifyReceipt, forged},
		{nameVerifyReceipt, badType},
		{nameCheckClaims, claims},
		{nameVerifyQuotes, map[string]any{"quotes": []any{map[string]any{"id": marker + "-quote-id", "source": marker, "text": marker + " words here"}}}},
	}
	for _, tc := range cases {
		tl, ok := Lookup(opts, tc.tool)
		require.True(t, ok)
		args, err := json.Marshal(tc.args)
		require.NoError(t, err)
		before := len(rec.Ended())
		_, err = tl.Call(context.Background(), args)
		require.NoError(t, err)
		spans := rec.Ended()[before:]
		require.Len(t, spans, 1)
		require.NotContains(t, spanText(spans[0]), marker, "%s: a string the model wrote is in the span", tc.tool)
	}
}

// TestTracingOffAllocatesNothing pins that tracing off costs a nil check:
// no decoding of the arguments or the answer, no allocation.
func TestTracingOffAllocatesNothing(t *testing.T) {
	args, err := os.ReadFile("testdata/calculate/costco.in.json")
	require.NoError(t, err)
	answer, err := os.ReadFile("testdata/calculate/costco.out.json")
	require.NoError(t, err)
	calc := All(Options{})[0]
	ctx := context.Background()
	allocs := testing.AllocsPerRun(100, func() {
		_, span := calc.startSpan(ctx, args)
		endSpan(span, answer)
	})
	require.Zero(t, allocs)
}

// BenchmarkSpanOff measures what tracing off adds to a call.
func BenchmarkSpanOff(b *testing.B) {
	args, err := os.ReadFile("testdata/calculate/costco.in.json")
	require.NoError(b, err)
	calc := All(Options{})[0]
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, span := calc.startSpan(ctx, args)
		endSpan(span, args)
	}
}
