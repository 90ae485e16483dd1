package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/reckonhq/reckon/tool"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// traceFlag is -trace FILE: spans of every tool call written to FILE as
// JSON, one span an object, for a person to read. OTLP export to a
// collector is an application's choice; the CLI only writes a file.
type traceFlag struct{ path string }

func (f *traceFlag) String() string { return f.path }

func (f *traceFlag) Set(path string) error {
	if path == "" {
		return fmt.Errorf("give a file to write spans to")
	}
	f.path = path
	return nil
}

// provider opens the trace file and returns a tracer provider that writes
// to it, and the function that flushes and closes it. Without -trace it
// returns nil and a no-op: no tracing, at no cost.
func (f *traceFlag) provider() (trace.TracerProvider, func(), error) {
	if f.path == "" {
		return nil, func() {}, nil
	}
	file, err := os.OpenFile(f.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	tp, shutdown := newFileProvider(file)
	return tp, func() { shutdown(); file.Close() }, nil
}

// newFileProvider returns a tracer provider that writes every ended span
// to w as it ends (a synchronous processor, so that nothing is lost when
// the process exits), and its shutdown.
func newFileProvider(w io.Writer) (trace.TracerProvider, func()) {
	exp, _ := stdouttrace.New(stdouttrace.WithWriter(w)) // fails only on bad options
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	return tp, func() { _ = tp.Shutdown(context.Background()) }
}

// open returns the tracer of -trace for command (nil without the flag)
// and the function that flushes and closes the file. A file that cannot be
// opened is reported on stderr, and open reports false: a usage error.
func (f *traceFlag) open(command string, stderr io.Writer) (trace.Tracer, func(), bool) {
	tp, closeTrace, err := f.provider()
	if err != nil {
		fmt.Fprintf(stderr, "reckon %s: -trace: %v\n", command, err)
		return nil, nil, false
	}
	if tp == nil {
		return nil, closeTrace, true
	}
	return tp.Tracer(tool.TracerName), closeTrace, true
}

// traced runs answer, which encodes the answer to input, inside a span
// named for the command when tracer is set: the same operational
// attributes as a tool call's, never the input's values.
func traced(tracer trace.Tracer, command string, input []byte, answer func() []byte) []byte {
	_, span := tool.StartSpan(context.Background(), tracer, command, input)
	out := answer()
	tool.EndSpan(span, out)
	return out
}
