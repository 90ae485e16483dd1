package receipt

import (
	"strconv"
	"unicode/utf8"

	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// appendReceipt appends r's canonical JSON to b: the bytes encoding/json
// writes for r with HTML escaping off, field for field, without reflection.
// Every receipt is encoded once when it is made and once more when it is
// verified, so this is on both hot paths. TestAppendReceiptMatchesJSON and
// FuzzAppendReceipt hold it to encoding/json, which remains the definition.
func appendReceipt(b []byte, r *Receipt) []byte {
	b = append(b, `{"type":`...)
	b = appendString(b, r.Type)
	b = append(b, `,"id":`...)
	b = appendString(b, r.ID)
	b = append(b, `,"operation":`...)
	b = appendString(b, r.Operation)
	if r.Call != nil {
		b = append(b, `,"call":`...)
		b = appendCall(b, r.Call)
	}
	b = append(b, `,"formula":`...)
	b = appendString(b, r.Formula)
	b = append(b, `,"interpretation":{"kind":`...)
	b = appendString(b, r.Interpretation.Kind)
	b = append(b, `,"note":`...)
	b = appendString(b, r.Interpretation.Note)
	b = append(b, `},"inputs":`...)
	b = appendList(b, r.Inputs, appendInput)
	b = append(b, `,"constants":`...)
	b = appendList(b, r.Constants, appendConstant)
	b = append(b, `,"conversions":`...)
	b = appendList(b, r.Conversions, appendConversion)
	b = append(b, `,"expanded":`...)
	b = appendString(b, r.Expanded)
	b = append(b, `,"periods":`...)
	b = appendList(b, r.Periods, appendString)
	b = append(b, `,"same_period":`...)
	b = strconv.AppendBool(b, r.SamePeriod)
	b = append(b, `,"result":`...)
	b = appendResult(b, &r.Result)
	b = append(b, `,"engine":{"name":`...)
	b = appendString(b, r.Engine.Name)
	b = append(b, `,"version":`...)
	b = appendString(b, r.Engine.Version)
	b = append(b, `,"precision":`...)
	b = strconv.AppendInt(b, int64(r.Engine.Precision), 10)
	return append(b, `}}`...)
}

// appendList appends a JSON array, or null for a nil slice, as
// encoding/json does.
func appendList[T any](b []byte, items []T, each func([]byte, T) []byte) []byte {
	if items == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, it)
	}
	return append(b, ']')
}

func appendInput(b []byte, in InputRecord) []byte {
	for _, f := range [...]struct{ key, v string }{
		{`{"name":`, in.Name}, {`,"display":`, in.Display}, {`,"value":`, in.Value}, {`,"unit":`, in.Unit},
		{`,"scale":`, in.Scale}, {`,"factor":`, in.Factor}, {`,"period":`, in.Period}, {`,"label":`, in.Label},
		{`,"support":`, in.Support}, {`,"provenance":`, in.Provenance}, {`,"quote":`, in.Quote},
	} {
		b = append(b, f.key...)
		b = appendString(b, f.v)
	}
	// source and grounding are omitted when empty, as their omitempty
	// tags say, so receipts of the v1 types encode as they always did.
	if in.Source != "" {
		b = append(b, `,"source":`...)
		b = appendString(b, in.Source)
	}
	if g := in.Grounding; g != nil {
		b = append(b, `,"grounding":{"source":`...)
		b = appendString(b, g.Source)
		b = append(b, `,"digest":`...)
		b = appendString(b, g.Digest)
		b = append(b, `,"span":[`...)
		b = strconv.AppendInt(b, int64(g.Span[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(g.Span[1]), 10)
		b = append(b, `],"tier":`...)
		b = appendString(b, g.Tier)
		if sc := g.Scope; sc != nil {
			b = append(b, `,"scope":{"table":`...)
			b = strconv.AppendInt(b, int64(sc.Table), 10)
			for _, f := range [...]struct{ key, v string }{{`,"row":`, sc.Row}, {`,"column":`, sc.Column}, {`,"by":`, sc.By}} {
				if f.v != "" {
					b = append(b, f.key...)
					b = appendString(b, f.v)
				}
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendCall(b []byte, c *Call) []byte {
	b = append(b, `{"params":`...)
	b = appendList(b, c.Params, func(b []byte, p Param) []byte {
		b = append(b, `{"name":`...)
		b = appendString(b, p.Name)
		b = append(b, `,"value":`...)
		b = appendString(b, p.Value)
		return append(b, '}')
	})
	b = append(b, `,"today":`...)
	b = appendString(b, c.Today)
	b = append(b, `,"method":`...)
	b = appendString(b, c.Method)
	b = append(b, `,"steps":`...)
	b = appendList(b, c.Steps, func(b []byte, st operation.Step) []byte {
		for _, f := range [...]struct{ key, v string }{{`{"name":`, st.Name}, {`,"value":`, st.Value}, {`,"unit":`, st.Unit}} {
			b = append(b, f.key...)
			b = appendString(b, f.v)
		}
		return append(b, '}')
	})
	return append(b, '}')
}

func appendConstant(b []byte, c Constant) []byte {
	b = append(b, `{"value":`...)
	b = appendString(b, c.Value)
	b = append(b, `,"span":[`...)
	b = strconv.AppendInt(b, int64(c.Span[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.Span[1]), 10)
	return append(b, "]}"...)
}

func appendConversion(b []byte, c units.Conversion) []byte {
	for _, f := range [...]struct{ key, v string }{
		{`{"name":`, c.Name}, {`,"display":`, c.Display}, {`,"printed":`, c.Printed}, {`,"scale":`, c.Scale},
		{`,"factor":`, c.Factor}, {`,"value":`, c.Value}, {`,"unit":`, c.Unit},
	} {
		b = append(b, f.key...)
		b = appendString(b, f.v)
	}
	return append(b, '}')
}

func appendResult(b []byte, r *Result) []byte {
	for _, f := range [...]struct{ key, v string }{
		{`{"exact":`, r.Exact}, {`,"value":`, r.Value}, {`,"unit":`, r.Unit}, {`,"scale":`, r.Scale},
	} {
		b = append(b, f.key...)
		b = appendString(b, f.v)
	}
	b = append(b, `,"places":`...)
	if r.Places == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*r.Places), 10)
	}
	for _, f := range [...]struct{ key, v string }{
		{`,"rounding":`, r.Rounding}, {`,"grouping":`, r.Grouping}, {`,"display":`, r.Display},
	} {
		b = append(b, f.key...)
		b = appendString(b, f.v)
	}
	b = append(b, `,"inexact":`...)
	b = strconv.AppendBool(b, r.Inexact)
	return append(b, '}')
}

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping off: quotation mark and backslash escaped, control
// characters as \n, \r, \t, \b, \f or \u00XX, U+2028 and U+2029 escaped, and
// invalid UTF-8 replaced by \ufffd.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
