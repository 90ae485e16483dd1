package tool

import (
	"context"
	"encoding/json"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// TracerName is the instrumentation name of reckon's spans.
const TracerName = "github.com/reckonhq/reckon/tool"

// Span attributes. Every attribute is an operational value: a tool name, an
// outcome, a stable code, a count, a key id. No span ever carries what a
// model or a user wrote: no display, value, quote, formula, prose or error
// message.
const (
	attrTool       = attribute.Key("reckon.tool")         // the tool's name
	attrOutcome    = attribute.Key("reckon.outcome")      // "ok" or "refused"
	attrCode       = attribute.Key("reckon.error.code")   // the refusal's code
	attrReasons    = attribute.Key("reckon.reason.codes") // codes of the reasons, refusals and flags in the answer
	attrInputs     = attribute.Key("reckon.inputs")       // number of inputs of a calculation
	attrItems      = attribute.Key("reckon.items")        // number of quotes, mentions or criteria checked
	attrRefusals   = attribute.Key("reckon.refusals")     // number of refused mentions or quotes
	attrReceipt    = attribute.Key("reckon.receipt.payload_type")
	attrKeyIDs     = attribute.Key("reckon.receipt.key_ids") // ids of the keys that signed or verified
	attrArgsBytes  = attribute.Key("reckon.args.bytes")      // size of the arguments
	attrAnswerSize = attribute.Key("reckon.answer.bytes")    // size of the answer
)

// startSpan starts the span of one call, when tracing is on.
func (t Tool) startSpan(ctx context.Context, args json.RawMessage) (context.Context, trace.Span) {
	return StartSpan(ctx, t.tracer, t.Name, args)
}

// StartSpan starts the span of one piece of work named name ("calculate",
// or a CLI command such as "calc") on args, its JSON input, with tracer;
// a nil tracer traces nothing and returns a nil span. [EndSpan] ends it.
// The CLI uses the pair for its own commands, so that their spans carry
// the same operational attributes as the tools', and nothing more.
func StartSpan(ctx context.Context, tracer trace.Tracer, name string, args json.RawMessage) (context.Context, trace.Span) {
	if tracer == nil {
		return ctx, nil
	}
	ctx, span := tracer.Start(ctx, "reckon."+name, trace.WithSpanKind(trace.SpanKindInternal),
		trace.WithAttributes(attrTool.String(name), attrArgsBytes.Int(len(args))))
	var shape struct {
		Inputs []json.RawMessage `json:"inputs"`
		Quotes []json.RawMessage `json:"quotes"`
	}
	if json.Unmarshal(args, &shape) == nil {
		if shape.Inputs != nil {
			span.SetAttributes(attrInputs.Int(len(shape.Inputs)))
		}
		if shape.Quotes != nil {
			span.SetAttributes(attrItems.Int(len(shape.Quotes)))
		}
	}
	return ctx, span
}

// endSpan records the answer's outcome, codes and counts, and ends span.
func endSpan(span trace.Span, answer json.RawMessage) { EndSpan(span, answer) }

// EndSpan records answer's outcome, codes and counts on span, a span of
// [StartSpan], and ends it. A nil span does nothing.
func EndSpan(span trace.Span, answer json.RawMessage) {
	if span == nil {
		return
	}
	var a struct {
		OK    bool `json:"ok"`
		Error *struct {
			Code string `json:"code"`
		} `json:"error"`
		Reasons  []struct{ Code string } `json:"reasons"`
		Refusals []struct{ Code string } `json:"refusals"`
		Mentions []json.RawMessage       `json:"mentions"`
		Results  []struct {
			Found  *bool  `json:"found"`
			Reason string `json:"reason"`
		} `json:"results"`
		Criteria []json.RawMessage `json:"criteria"`
		SignedBy []string          `json:"signed_by"`
		Receipt  *struct {
			PayloadType string                   `json:"payloadType"`
			Signatures  []struct{ KeyID string } `json:"signatures"`
		} `json:"receipt"`
	}
	_ = json.Unmarshal(answer, &a)
	attrs := []attribute.KeyValue{attrAnswerSize.Int(len(answer))}
	if a.OK {
		attrs = append(attrs, attrOutcome.String("ok"))
		span.SetStatus(codes.Ok, "")
	} else {
		attrs = append(attrs, attrOutcome.String("refused"))
	}
	var reasons []string
	if a.Error != nil {
		attrs = append(attrs, attrCode.String(a.Error.Code))
		span.SetStatus(codes.Error, a.Error.Code) // the code, never the message
	}
	for _, r := range a.Reasons {
		reasons = append(reasons, r.Code)
	}
	for _, r := range a.Refusals {
		reasons = append(reasons, r.Code)
	}
	refused := len(a.Refusals)
	for _, r := range a.Results {
		if r.Found != nil && !*r.Found {
			refused++
			if r.Reason != "" {
				reasons = append(reasons, r.Reason)
			}
		}
	}
	if len(reasons) > 0 {
		attrs = append(attrs, attrReasons.StringSlice(reasons))
	}
	switch {
	case a.Mentions != nil:
		attrs = append(attrs, attrItems.Int(len(a.Mentions)), attrRefusals.Int(refused))
	case a.Results != nil:
		attrs = append(attrs, attrItems.Int(len(a.Results)), attrRefusals.Int(refused))
	case a.Criteria != nil:
		attrs = append(attrs, attrItems.Int(len(a.Criteria)))
	}
	keys := a.SignedBy
	if a.Receipt != nil {
		attrs = append(attrs, attrReceipt.String(a.Receipt.PayloadType))
		for _, s := range a.Receipt.Signatures {
			keys = append(keys, s.KeyID)
		}
	}
	if len(keys) > 0 {
		attrs = append(attrs, attrKeyIDs.StringSlice(keys))
	}
	span.SetAttributes(attrs...)
	span.End()
}
