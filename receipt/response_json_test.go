package receipt

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
)

func TestResponseJSONMatches(t *testing.T) {
	s, _ := testSigner(1)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		requireSameJSON(t, Respond(loadRequest(t, name), dsse.Unsigned()))
		requireSameJSON(t, Respond(loadRequest(t, name), s))
	}
	span := [2]int{3, 7}
	for _, r := range []*Response{
		{},
		{ID: "a", Error: &ErrorInfo{Code: "c", Message: "m <&> \u2028", Span: &span, Hint: "h", Field: "f"}},
		{ID: "a", Error: &ErrorInfo{Code: "c"}},
		{ID: "\xff", OK: true, Result: &Result{}, Receipt: &dsse.Envelope{}},
	} {
		requireSameJSON(t, r)
	}
}

// FuzzResponseJSON holds the response encoder to encoding/json on
// arbitrary strings in every kind of field.
func FuzzResponseJSON(f *testing.F) {
	f.Add("a", "b\"c", "\xff", 3, true)
	f.Add("\u2028", "<>&", "\x00\x1f", -1, false)
	f.Fuzz(func(t *testing.T, a, b, c string, n int, flag bool) {
		r := fullResponse(a, b, c, n, flag)
		requireSameJSON(t, r)
		r.Result.Places, r.Receipt.Signatures, r.Error.Span = nil, nil, nil
		requireSameJSON(t, r)
		r.Result, r.Receipt, r.Error = nil, nil, nil
		requireSameJSON(t, r)
	})
}

// fullResponse is a response with every field set from a, b, c, n and
// flag.
func fullResponse(a, b, c string, n int, flag bool) *Response {
	places, span := n, [2]int{n, -n}
	return &Response{ID: a, OK: flag, Expanded: b,
		Result:  fullResult(a, b, c, &places, flag),
		Receipt: &dsse.Envelope{PayloadType: a, Payload: b, Signatures: []dsse.Signature{{KeyID: c, Sig: a}, {}}},
		Error:   &ErrorInfo{Code: a, Message: b, Span: &span, Hint: c, Field: a, Line: n | 1, Fix: []fault.Fix{{Field: b, Value: c}}}}
}

// fullResult is a result with every field set.
func fullResult(a, b, c string, places *int, flag bool) *Result {
	return &Result{Exact: a, Value: b, Unit: c, Scale: a, Places: places, Rounding: b, Grouping: c, Display: a + b, Inexact: flag}
}

// TestEncodersCoverEveryField: the responses and reports the fuzz targets
// encode have every field set, so a field added to a type is encoded by
// AppendJSON or the targets fail.
func TestEncodersCoverEveryField(t *testing.T) {
	requireEveryField(t, fullResponse("a", "b", "c", 3, true))
	requireEveryField(t, fullReport("a", "b", "c", true))
}

// requireEveryField fails unless every field of v, a pointer to a struct,
// and of every struct, pointer and slice element it holds, is set: the
// hand encoders are held to encoding/json only for the fields the fuzz
// targets fill, so a field added to a type must be filled there too, or
// an encoder that forgot it would pass.
func requireEveryField(t *testing.T, v any) {
	t.Helper()
	var walk func(path string, x reflect.Value)
	walk = func(path string, x reflect.Value) {
		switch x.Kind() {
		case reflect.Pointer:
			if !x.IsNil() {
				walk(path, x.Elem())
			}
		case reflect.Slice:
			for i := 0; i < x.Len(); i++ {
				if i == 0 { // later elements may be zero on purpose
					walk(fmt.Sprintf("%s[%d]", path, i), x.Index(i))
				}
			}
		case reflect.Struct:
			for i := 0; i < x.NumField(); i++ {
				f := x.Type().Field(i)
				if !f.IsExported() || f.Tag.Get("json") == "-" {
					continue
				}
				fv := x.Field(i)
				if fv.IsZero() && fv.Kind() != reflect.Bool {
					t.Fatalf("%s.%s is not filled: fill it so that its encoding is checked", path, f.Name)
				}
				walk(path+"."+f.Name, fv)
			}
		}
	}
	walk(reflect.TypeOf(v).Elem().Name(), reflect.ValueOf(v))
}
