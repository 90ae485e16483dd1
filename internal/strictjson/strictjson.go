// Package strictjson is reckon's strict JSON decoder for everything that
// crosses the trust boundary: requests, rates, usage records, policies.
//
// A value is refused when it has a field the target type does not, data
// after it, a key given twice, or two keys that differ only in case at any
// depth (encoding/json would silently take one of them, so two readers of
// the same bytes could disagree on what they mean), a key that names a
// field only when case is ignored ("Display" for display: a reader that
// matches keys exactly, as a JSON schema does, would see the field
// missing), a JSON value of the wrong kind (a number where a string
// belongs), or text that is not UTF-8 or escapes a lone UTF-16 surrogate
// (encoding/json reads both as U+FFFD, so that different names would be
// one). Refusals are [*Error]
// values whose Field is a path in one format: "inputs[0].display".
//
// It is a thin layer over encoding/json so that it can move to
// encoding/json/v2 without touching its callers.
package strictjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth bounds the nesting of a value. Every document reckon reads is a
// few levels deep; the bound stops a hostile one from costing stack.
const MaxDepth = 64

// Error is a refusal to decode.
type Error struct {
	Field string // path of the offending value, as in "inputs[0].display"; "" for the whole value
	Msg   string // lower-case, no final period
	// Kind is the JSON kind found when a value had the wrong kind
	// ("number", "string", "object", …); "" otherwise.
	Kind string
	// want names the JSON kind that belongs where Kind was found, with its
	// article ("a string", "an array"); "" when Kind is.
	want string
	// err is the error a type's own UnmarshalJSON returned, kept so that
	// callers can reach it with errors.As.
	err error
}

// Unwrap returns the error a type's own UnmarshalJSON returned, or nil.
func (e *Error) Unwrap() error { return e.err }

// HintNumbers is the hint for a JSON number where a string belongs: the
// mistake that, left alone, rounds a decimal through float64. Every reader
// at the boundary gives this one hint for it.
const HintNumbers = `numbers are strings: pass every value exactly as printed, in quotes, such as "1,234.5"`

// Hint returns the hint for the refusal: [HintNumbers] for a JSON number
// where another kind belongs, the kind that belongs for another wrong
// kind, "remove it" for an unknown field, and fallback otherwise. Callers map an [*Error] into their own error type
// with it, so that one fault gets one hint everywhere.
func (e *Error) Hint(fallback string) string {
	switch {
	case e.Kind == "number":
		return HintNumbers
	case e.want != "" && e.Field != "":
		return e.Field + " must be " + e.want
	case strings.HasPrefix(e.Msg, "is not a known field"):
		if fallback == "" {
			return "remove it"
		}
		return "remove it; " + fallback
	}
	return fallback
}

// Error returns "field: message", or the message alone.
func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Msg
	}
	return e.Msg
}

// Decode decodes data, one JSON value, into v strictly.
func Decode(data []byte, v any) error {
	if err := checkText(data); err != nil {
		return err
	}
	if err := checkKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return explain(data, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &Error{Msg: "unexpected data after the value"}
	}
	return exactNames(data, reflect.TypeOf(v), "")
}

// unmarshalerType and textUnmarshalerType are the interfaces of types that
// read their own JSON: exactNames does not look inside them.
var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// exactNames refuses a key that encoding/json matched to a struct field
// only by ignoring case ("Display" or "diſplay" for display): a reader that
// matches keys exactly, as a JSON schema and most languages do, would see
// the field missing, and the two would disagree on what the bytes mean.
// data has been decoded into a value of type t, so it is valid JSON whose
// keys name known fields, given once.
func exactNames(data []byte, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		if t.Implements(unmarshalerType) || t.Implements(textUnmarshalerType) {
			return nil
		}
		t = t.Elem()
	}
	if t == nil || reflect.PointerTo(t).Implements(unmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil || obj == nil {
			return nil // null, or a kind encoding/json has already refused
		}
		fields := fieldsOf(t)
		for _, k := range slices.Sorted(maps.Keys(obj)) { // the same refusal on every run
			v := obj[k]
			ft, ok := fields[k]
			if !ok {
				for name := range fields {
					if fold(name) == fold(k) {
						return &Error{Field: join(path, k), Msg: fmt.Sprintf("is not a known field; the field is %q", name)}
					}
				}
				continue
			}
			if err := exactNames(v, ft, join(path, k)); err != nil {
				return err
			}
		}
	case reflect.Map:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := exactNames(obj[k], t.Elem(), join(path, k)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		var arr []json.RawMessage
		if json.Unmarshal(data, &arr) != nil {
			return nil
		}
		for i, v := range arr {
			if err := exactNames(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// fieldsOf returns the JSON names of t's fields, as encoding/json names
// them: the tag's name, or the Go name; embedded structs' fields promoted.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range fieldsOf(et) {
					if _, dup := out[k]; !dup {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// checkText refuses bytes that are not UTF-8 and \u escapes of a lone
// UTF-16 surrogate. encoding/json reads both as U+FFFD, so that "b\xff",
// "b\xfe" and "b\ud800" would all be one name, and the text a reader acts
// on would not be the text that was sent.
func checkText(data []byte) error {
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return &Error{Msg: fmt.Sprintf("not valid UTF-8 at byte %d", i)}
	}
	// A backslash escapes only inside a string, and "\\" is one escaped
	// backslash, so reading escapes pairwise from left to right finds every
	// \u escape wherever it is.
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' || i+1 >= len(data) {
			continue
		}
		if data[i+1] != 'u' {
			i++ // an escaped character, perhaps a backslash
			continue
		}
		r, ok := hex4(data, i+2)
		if !ok {
			continue // malformed: the decoder refuses it
		}
		switch {
		case utf16.IsSurrogate(r) && r < 0xdc00: // high: a low one must follow
			if i+7 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
				if lo, ok := hex4(data, i+8); ok && lo >= 0xdc00 && lo <= 0xdfff {
					i += 11
					continue
				}
			}
			fallthrough
		case utf16.IsSurrogate(r):
			return &Error{Msg: fmt.Sprintf("a lone UTF-16 surrogate %s at byte %d", data[i:i+6], i)}
		}
		i += 5
	}
	return nil
}

// hex4 reads the four hex digits of a \u escape at data[at:].
func hex4(data []byte, at int) (rune, bool) {
	if at+4 > len(data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(data[at:at+4]), 16, 32)
	return rune(n), err == nil
}

// explain turns an encoding/json error into an [*Error].
func explain(data []byte, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := kindOf(te.Type.String())
		return &Error{Field: pathAt(data, te.Offset), Kind: te.Value, want: want,
			Msg: fmt.Sprintf("is a JSON %s, but %s belongs here", te.Value, want)}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &Error{Msg: fmt.Sprintf("not valid JSON at byte %d: %s", se.Offset, se.Error())}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		name, _ := strconv.Unquote(f)
		if at := keyPaths(data, name); len(at) == 1 {
			name = at[0]
		}
		return &Error{Field: name, Msg: "is not a known field"}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &Error{Msg: "the JSON value is empty or cut short"}
	}
	return &Error{Msg: strings.TrimPrefix(msg, "json: "), err: err}
}

// kindOf names a Go type the way a JSON document would, with its article.
func kindOf(goType string) string {
	switch {
	case goType == "string":
		return "a string"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "a whole number"
	case goType == "bool":
		return "a boolean"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	}
	return "an object"
}

// checkKeys refuses a key given twice, or two keys that differ only in
// case, in any object, and nesting past [MaxDepth]. Malformed JSON is left
// to the decoder, which words it.
func checkKeys(data []byte) error {
	return walk(data, true, func(string, int, int64, event) bool { return false })
}

// CheckKeys refuses a key given twice, or two keys that differ only in
// case, in any object of the JSON value data, and nesting past
// [MaxDepth], as [Decode] does, for a value read without a Go type (kept
// as written, or compared as a tree). Malformed JSON is not refused.
func CheckKeys(data []byte) error { return checkKeys(data) }

// Fields splits the JSON object data into its members, each value's bytes
// as written, for a reader that must see what every other reader of the
// same bytes sees: the envelope of a message whose members are decoded
// where they are used. It refuses data that is not one JSON object, a
// member given twice, and a member that differs from one of known only in
// case (encoding/json would take it for that one). Members outside known
// are kept, even two that differ only in case, since no reader of known
// members takes either. The inside of each member is left to whoever
// decodes it: Fields reads it whole, neither checking its keys nor
// bounding its nesting (a caller that keeps it bounds that first, as the
// MCP transport does), and does not check text for UTF-8, so that a value
// is read as encoding/json reads it. Refusals are [*Error] values.
func Fields(data []byte, known ...string) (map[string]json.RawMessage, error) {
	fields := map[string]json.RawMessage{}
	var (
		key   string
		start int
		end   = -1 // where the object ends, once it has
	)
	err := walk(data, false, func(p string, depth int, off int64, ev event) bool {
		switch {
		case depth == 0 && ev == evOpen && data[off-1] != '{':
			return true // an array: refused below
		case depth == 0 && ev == evValue:
			if data[off-1] == '}' { // the object has ended, not a literal
				end = int(off)
			}
			return true // anything after it is refused below
		case depth == 1 && ev == evKey:
			key, start = p, int(off)
			for start < len(data) && (data[start] == ':' || isSpace(data[start])) {
				start++
			}
		case depth == 1 && ev == evValue:
			fields[key] = data[start:off]
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	if end < 0 || len(bytes.TrimLeft(data[end:], " \t\r\n")) > 0 {
		// Not one object: say why as the decoder words it. The walk has
		// read only what is well-formed, so this costs a second pass only
		// for a refusal.
		dec := json.NewDecoder(bytes.NewReader(data))
		var raw json.RawMessage
		switch err := dec.Decode(&raw); {
		case err != nil:
			return nil, explain(data, err)
		case raw[0] != '{':
			return nil, &Error{Msg: "not a JSON object"}
		}
		return nil, &Error{Msg: "unexpected data after the value"}
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) { // the same refusal on every run
		for _, f := range known {
			if f != k && fold(f) == fold(k) {
				return nil, &Error{Field: k, Msg: fmt.Sprintf("differs from %q only in case", f)}
			}
		}
	}
	return fields, nil
}

// isSpace reports whether c is JSON white space.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// event is what [walk] has just read.
type event int

const (
	evKey   event = iota // a key
	evOpen               // the '{' or '[' of an object or array
	evValue              // the end of a value: a literal, '}' or ']'
)

// pathAt returns the path of the value at byte offset off, or "" when
// none is. encoding/json reports a literal of the wrong kind at its end and
// an object or array of the wrong kind just past its '{' or '['.
func pathAt(data []byte, off int64) string {
	var at string
	_ = walk(data, true, func(p string, _ int, end int64, ev event) bool {
		if ev != evKey && end >= off {
			at = p
			return true
		}
		return false
	})
	return at
}

// keyPaths returns the paths of every key named name.
func keyPaths(data []byte, name string) []string {
	var out []string
	_ = walk(data, true, func(p string, _ int, _ int64, ev event) bool {
		if ev == evKey && (p == name || strings.HasSuffix(p, "."+name)) {
			out = append(out, p)
		}
		return false
	})
	return out
}

// fold returns the form of a key encoding/json matches fields by: every
// rune upper-cased after lower-casing, so that "ſ" (long s) and "K"
// (Kelvin sign) fold to "S" and "K" as they do there. Two keys with one
// fold are one field to the decoder.
func fold(s string) string {
	return strings.Map(func(r rune) rune { return unicode.ToUpper(unicode.ToLower(r)) }, s)
}

// walk reads data's tokens, calling visit with the path of each value
// or key it reads, its depth (the number of objects and arrays around it:
// 1 for a member of the outermost object) and the offset where it ends,
// until visit returns true. With deep set, it refuses a key given twice
// and two keys that differ only in case in every object, and nesting past
// [MaxDepth]; otherwise it reads the outermost object's members whole,
// refusing only a key given twice there. It stops quietly at malformed
// JSON.
func walk(data []byte, deep bool, visit func(path string, depth int, end int64, ev event) bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number past float64's range, such as 1e400, is still JSON
	var (
		stack []frame
		next  string // the path of the value that comes next
	)
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed JSON the decoder will refuse
		}
		top := len(stack) - 1
		inObject := top >= 0 && stack[top].keys != nil
		if s, ok := tok.(string); ok && inObject && stack[top].wantKey {
			lower := s
			if deep {
				lower = fold(s)
			}
			p := join(stack[top].path, s)
			if prev, dup := stack[top].keys[lower]; dup && (deep || top == 0) {
				if prev == s {
					return &Error{Field: p, Msg: "is given twice"}
				}
				return &Error{Field: p, Msg: fmt.Sprintf("differs from %q only in case", prev)}
			}
			stack[top].keys[lower] = s
			stack[top].wantKey = false
			next = p
			if visit(p, len(stack), dec.InputOffset(), evKey) {
				return nil
			}
			if !deep {
				// A member of the outermost object, whose inside is left to
				// whoever decodes it: read it whole, which costs a fraction
				// of reading it token by token.
				var raw json.RawMessage
				if dec.Decode(&raw) != nil {
					return nil
				}
				if visit(p, len(stack), dec.InputOffset(), evValue) {
					return nil
				}
				stack[top].wantKey = true
			}
			continue
		}
		if top >= 0 && !inObject && tok != json.Delim(']') { // an element of an array
			next = fmt.Sprintf("%s[%d]", stack[top].path, stack[top].idx)
			stack[top].idx++
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if len(stack) >= MaxDepth {
				return &Error{Field: next, Msg: fmt.Sprintf("is nested more than %d deep", MaxDepth)}
			}
			f := frame{path: next}
			if tok == json.Delim('{') {
				f.keys, f.wantKey = map[string]string{}, true
			}
			stack = append(stack, f)
			if visit(next, len(stack)-1, dec.InputOffset(), evOpen) {
				return nil
			}
			continue
		case json.Delim('}'), json.Delim(']'):
			p := stack[top].path
			stack = stack[:top]
			if visit(p, len(stack), dec.InputOffset(), evValue) {
				return nil
			}
		default:
			if visit(next, len(stack), dec.InputOffset(), evValue) {
				return nil
			}
		}
		// A value has ended: in an object, a key comes next.
		if n := len(stack) - 1; n >= 0 && stack[n].keys != nil {
			stack[n].wantKey = true
		}
	}
}

// frame is one open object or array of [checkKeys].
type frame struct {
	keys    map[string]string // folded key → key as written; nil for an array
	wantKey bool              // in an object, the next string is a key
	path    string            // the path of this object or array
	idx     int               // in an array, the index of the next element
}

func join(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}
