package tool_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/reckonhq/reckon/tool"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// Trace every call with the application's tracer provider: one span a
// call, with operational values only. Here an in-memory recorder shows the
// attributes of a refused calculation.
func ExampleOptions_tracerProvider() {
	rec := tracetest.NewSpanRecorder()
	tools := tool.All(tool.Options{TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))})
	args := `{"id": "x", "formula": "revenue + margin",
	 "inputs": [
	  {"name": "revenue", "display": "1,000", "unit": "USD", "scale": "", "period": "", "label": "", "support": "", "provenance": "text", "quote": ""},
	  {"name": "margin", "display": "12.5%", "unit": "percent", "scale": "", "period": "", "label": "", "support": "", "provenance": "text", "quote": ""}],
	 "output": {"unit": "", "scale": "", "places": null, "rounding": "", "grouping": ""},
	 "interpretation": {"kind": "source_defined", "note": ""}}`
	if _, err := tools[0].Call(context.Background(), json.RawMessage(args)); err != nil {
		panic(err)
	}
	span := rec.Ended()[0]
	fmt.Println(span.Name(), span.Status().Description)
	for _, kv := range span.Attributes() {
		switch kv.Key {
		case "reckon.outcome", "reckon.error.code", "reckon.inputs":
			fmt.Println(kv.Key, kv.Value.Emit())
		}
	}
	// Output:
	// reckon.calculate unit_mismatch
	// reckon.inputs 2
	// reckon.outcome refused
	// reckon.error.code unit_mismatch
}
