// Package jsonschema checks JSON documents against reckon's published
// schemas with github.com/google/jsonschema-go, the validator that MCP
// clients built on the Go SDK run, and adds the one check no library
// offers: that a schema is portable to the tool-calling APIs of agent
// frameworks ([Portable]).
//
// [Compile] and [Schema.Validate] are a thin layer over the library. The
// layer refuses keywords the library does not know (it would ignore them
// silently), names the offending value of a document with a JSON pointer,
// and refuses any number the library would see differently from its
// decimal literal: the library reads numbers as float64, so a number that
// float64 cannot hold exactly enough to classify and compare is refused
// rather than misjudged. reckon's schemas carry every decimal as a string
// with a pattern, so numbers in its documents are small integers.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	js "github.com/google/jsonschema-go/jsonschema"
)

// Schema is a compiled schema. It is immutable and safe for concurrent use.
type Schema struct {
	root *js.Resolved
	// subs holds every subschema under properties, additionalProperties
	// and items, resolved on its own, so that a refused document can be
	// walked down to the value at fault: the library reports the schema
	// location of a violation, not the instance location.
	subs map[*js.Schema]*js.Resolved
}

// Compile parses a JSON Schema (draft 2020-12 or draft-07) and prepares it
// for validation. A keyword the library does not implement is refused with
// an [*Error] whose path points into the schema, so that a schema cannot
// rely on a rule that is silently unchecked.
func Compile(schemaJSON []byte) (*Schema, error) {
	var root js.Schema
	if err := json.Unmarshal(schemaJSON, &root); err != nil {
		return nil, &Error{Violations: []Violation{{Msg: "schema is not JSON: " + err.Error()}}}
	}
	s := &Schema{subs: map[*js.Schema]*js.Resolved{}}
	var vs []Violation
	walk("", &root, func(path string, sub *js.Schema) {
		for _, k := range sortedKeys(sub.Extra) {
			vs = append(vs, Violation{Path: path, Msg: "unknown keyword " + strconv.Quote(k)})
		}
	})
	if err := errorOf(vs); err != nil {
		return nil, err
	}
	rs, err := root.Resolve(nil)
	if err != nil {
		return nil, &Error{Violations: []Violation{{Msg: err.Error()}}}
	}
	s.root = rs
	for _, sub := range children(&root) {
		if err := s.resolve(sub); err != nil {
			return nil, &Error{Violations: []Violation{{Msg: err.Error()}}}
		}
	}
	return s, nil
}

// resolve resolves sub and, recursively, the subschemas it holds.
func (s *Schema) resolve(sub *js.Schema) error {
	if _, ok := s.subs[sub]; ok {
		return nil
	}
	rs, err := sub.Resolve(nil)
	if err != nil {
		return err
	}
	s.subs[sub] = rs
	for _, c := range children(sub) {
		if err := s.resolve(c); err != nil {
			return err
		}
	}
	return nil
}

// MustCompile is like [Compile] but panics on error. It is for schemas that
// are part of the program, held in package-level variables.
func MustCompile(schemaJSON []byte) *Schema {
	s, err := Compile(schemaJSON)
	if err != nil {
		panic("jsonschema: " + err.Error())
	}
	return s
}

// Validate checks one JSON document against s. It returns nil, or an
// [*Error] with one violation: the JSON pointer of the deepest value at
// fault (walking properties, additionalProperties and items) and the
// library's message for it (for a member additionalProperties: false
// forbids, "property is not allowed" at the member). A document that is not exactly one JSON value
// is refused at the root; a number float64 would misjudge, at its path.
func (s *Schema) Validate(instanceJSON []byte) error {
	exact, err := decode(instanceJSON)
	if err != nil {
		return &Error{Violations: []Violation{{Msg: "not JSON: " + err.Error()}}}
	}
	if path, n, ok := inexactNumber("", exact); ok {
		return &Error{Violations: []Violation{{Path: path, Msg: "number " + string(n) +
			" cannot be checked exactly: the validator reads numbers as float64, which does not hold it"}}}
	}
	var v any
	if err := json.Unmarshal(instanceJSON, &v); err != nil {
		return &Error{Violations: []Violation{{Msg: "not JSON: " + err.Error()}}}
	}
	err = s.root.Validate(v)
	if err == nil {
		return nil
	}
	path, err := s.locate("", s.root.Schema(), v, err)
	return &Error{Violations: []Violation{{Path: path, Msg: err.Error()}}}
}

// locate walks from v, found at path and refused by sch with err, to the
// first member or element (members in name order) that its own subschema
// refuses, and returns that value's path and the library's message. When no
// child is at fault, v itself is.
func (s *Schema) locate(path string, sch *js.Schema, v any, err error) (string, error) {
	err = innermost(err)
	switch v := v.(type) {
	case map[string]any:
		if strings.HasPrefix(err.Error(), "unexpected additional properties ") && len(sch.PatternProperties) == 0 {
			// The library lists the members additionalProperties: false
			// forbids in map order, which changes from run to run; the
			// first of them in name order is reported instead.
			for _, name := range sortedKeys(v) {
				if sch.Properties[name] == nil {
					return pointer(path, name), errors.New("property is not allowed")
				}
			}
		}
		for _, name := range sortedKeys(v) {
			sub := sch.Properties[name]
			if sub == nil && !isFalse(sch.AdditionalProperties) {
				// A member that additionalProperties: false forbids is
				// reported by its object, whose message names it.
				sub = sch.AdditionalProperties
			}
			if sub == nil {
				continue
			}
			if subErr := s.subs[sub].Validate(v[name]); subErr != nil {
				return s.locate(pointer(path, name), sub, v[name], subErr)
			}
		}
	case []any:
		if sch.Items != nil {
			for i, e := range v {
				if subErr := s.subs[sch.Items].Validate(e); subErr != nil {
					return s.locate(pointer(path, strconv.Itoa(i)), sch.Items, e, subErr)
				}
			}
		}
	}
	return path, err
}

// innermost strips the library's "validating <schema location>: " wrappers
// and returns the error that says what is wrong.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// isFalse reports whether sch is the boolean schema false, which the
// library reads as {"not": {}}.
func isFalse(sch *js.Schema) bool {
	return sch != nil && reflect.DeepEqual(*sch, js.Schema{Not: &js.Schema{}})
}

// children lists the subschemas a document is walked into by [Schema.locate].
func children(sch *js.Schema) []*js.Schema {
	var out []*js.Schema
	for _, name := range sortedKeys(sch.Properties) {
		out = append(out, sch.Properties[name])
	}
	return slices.DeleteFunc(append(out, sch.AdditionalProperties, sch.Items), func(s *js.Schema) bool { return s == nil })
}

// walk calls f on sch, found at path, and on every subschema it holds under
// the keywords reckon's schemas use or might: properties,
// additionalProperties, items, prefixItems, anyOf, allOf, oneOf, not and
// $defs.
func walk(path string, sch *js.Schema, f func(string, *js.Schema)) {
	if sch == nil {
		return
	}
	f(path, sch)
	for _, name := range sortedKeys(sch.Properties) {
		walk(pointer(pointer(path, "properties"), name), sch.Properties[name], f)
	}
	for _, name := range sortedKeys(sch.Defs) {
		walk(pointer(pointer(path, "$defs"), name), sch.Defs[name], f)
	}
	walk(pointer(path, "additionalProperties"), sch.AdditionalProperties, f)
	walk(pointer(path, "items"), sch.Items, f)
	walk(pointer(path, "not"), sch.Not, f)
	for _, l := range []struct {
		keyword string
		schemas []*js.Schema
	}{{"prefixItems", sch.PrefixItems}, {"anyOf", sch.AnyOf}, {"allOf", sch.AllOf}, {"oneOf", sch.OneOf}} {
		for i, sub := range l.schemas {
			walk(pointer(pointer(path, l.keyword), strconv.Itoa(i)), sub, f)
		}
	}
}

// decode reads exactly one JSON value, keeping numbers as [json.Number]:
// [Portable] reads a schema's structure as written, and [Schema.Validate]
// looks for numbers float64 would misread.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("unexpected data after the value")
	}
	return v, nil
}

// sortedKeys returns m's keys in order, so that every walk is deterministic.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
