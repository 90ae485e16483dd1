// Package jsonschema validates JSON documents against the subset of JSON
// Schema (draft 2020-12) that reckon's schemas use, and checks that a schema
// is portable to the tool-calling APIs of agent frameworks.
//
// The subset is type, properties, required, additionalProperties, items,
// enum, const, pattern, anyOf, minLength, maxLength, minItems, maxItems,
// minimum and maximum (integer bounds), with description, title, $schema and
// $id as annotations. [Compile] refuses every other keyword, so a schema
// cannot rely on a rule that is silently unchecked. Numbers are compared as
// exact decimals, never as float64.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Schema is a compiled schema. It is immutable and safe for concurrent use.
type Schema struct {
	never      bool               // the schema false: nothing is valid
	types      typeSet            // allowed types; 0 allows any
	properties map[string]*Schema // schemas of named members
	required   []string           // members that must be present, as listed
	additional *Schema            // schema of other members; nil allows any
	items      *Schema            // schema of every element; nil allows any
	enum       []any              // allowed values, when hasEnum
	hasEnum    bool
	constant   any // the only allowed value, when hasConst
	hasConst   bool
	pattern    *regexp.Regexp // strings must contain a match
	anyOf      []*Schema      // at least one must accept the value
	minLength  int            // in code points; -1 when absent
	maxLength  int
	minItems   int
	maxItems   int
	minimum    *bound // inclusive; nil when absent
	maximum    *bound
}

// bound is an integer bound as the schema wrote it and in normal form.
type bound struct {
	text string
	dec  decimal
}

// typeSet is a set of JSON Schema type names.
type typeSet uint8

const (
	typeObject typeSet = 1 << iota
	typeArray
	typeString
	typeInteger
	typeNumber
	typeBoolean
	typeNull
)

// typeName is one type name and its bit.
type typeName struct {
	name string
	t    typeSet
}

// typeNames lists the type names in a fixed order, for parsing and messages.
var typeNames = []typeName{
	{"object", typeObject}, {"array", typeArray}, {"string", typeString}, {"integer", typeInteger},
	{"number", typeNumber}, {"boolean", typeBoolean}, {"null", typeNull},
}

// String names the types in t: "integer or null".
func (t typeSet) String() string {
	var names []string
	for _, n := range typeNames {
		if t&n.t != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, " or ")
}

// Compile parses a schema written in this package's subset of JSON Schema
// 2020-12. A schema is a JSON object or a boolean. Unknown keywords, keyword
// values of the wrong kind and patterns that are not RE2 are refused with an
// [*Error] whose paths point into the schema.
func Compile(schemaJSON []byte) (*Schema, error) {
	v, err := decode(schemaJSON)
	if err != nil {
		return nil, &Error{Violations: []Violation{{Msg: "schema is not JSON: " + err.Error()}}}
	}
	var c compiler
	s := c.schema("", v)
	if err := errorOf(c.errs); err != nil {
		return nil, err
	}
	return s, nil
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

// decode reads exactly one JSON value, keeping numbers as [json.Number].
// encoding/json bounds nesting depth, which in turn bounds the recursion of
// compiling and validating.
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

// compiler collects every problem in a schema rather than stopping at the
// first, so that one run reports all of them.
type compiler struct {
	errs []Violation
}

func (c *compiler) errorf(path, format string, args ...any) {
	c.errs = append(c.errs, Violation{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// schema compiles the schema v found at path.
func (c *compiler) schema(path string, v any) *Schema {
	s := &Schema{minLength: -1, maxLength: -1, minItems: -1, maxItems: -1}
	switch v := v.(type) {
	case bool:
		s.never = !v
		return s
	case map[string]any:
		for _, k := range sortedKeys(v) {
			c.keyword(s, path, k, v[k])
		}
		return s
	}
	c.errorf(path, "schema is a JSON %s, want an object or a boolean", kindOf(v))
	return s
}

// keyword compiles one keyword k of the schema at path into s.
func (c *compiler) keyword(s *Schema, path, k string, v any) {
	at := pointer(path, k)
	switch k {
	case "$schema", "$id", "title", "description":
		if _, ok := v.(string); !ok {
			c.errorf(at, "%s is a JSON %s, want a string", k, kindOf(v))
		}
	case "type":
		s.types = c.types(at, v)
	case "properties":
		m, ok := v.(map[string]any)
		if !ok {
			c.errorf(at, "properties is a JSON %s, want an object", kindOf(v))
			return
		}
		s.properties = make(map[string]*Schema, len(m))
		for _, name := range sortedKeys(m) {
			s.properties[name] = c.schema(pointer(at, name), m[name])
		}
	case "required":
		s.required = c.names(at, v)
	case "additionalProperties":
		s.additional = c.schema(at, v)
	case "items":
		s.items = c.schema(at, v)
	case "enum":
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			c.errorf(at, "enum must be a non-empty array")
		}
		s.enum, s.hasEnum = a, true
	case "const":
		s.constant, s.hasConst = v, true
	case "pattern":
		c.pattern(s, at, v)
	case "anyOf":
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			c.errorf(at, "anyOf must be a non-empty array of schemas")
			return
		}
		for i, sub := range a {
			s.anyOf = append(s.anyOf, c.schema(pointer(at, strconv.Itoa(i)), sub))
		}
	case "minLength":
		s.minLength = c.count(at, k, v)
	case "maxLength":
		s.maxLength = c.count(at, k, v)
	case "minItems":
		s.minItems = c.count(at, k, v)
	case "maxItems":
		s.maxItems = c.count(at, k, v)
	case "minimum":
		s.minimum = c.bound(at, k, v)
	case "maximum":
		s.maximum = c.bound(at, k, v)
	default:
		c.errorf(path, "unknown keyword %q", k)
	}
}

// types compiles the value of "type": a type name or a non-empty array of
// distinct type names.
func (c *compiler) types(at string, v any) typeSet {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	} else if len(list) == 0 {
		c.errorf(at, "type must name at least one type")
	}
	var set typeSet
	for _, x := range list {
		name, _ := x.(string)
		i := slices.IndexFunc(typeNames, func(n typeName) bool { return n.name == name })
		switch {
		case i < 0:
			c.errorf(at, "unknown type %s", jsonText(x))
		case set&typeNames[i].t != 0:
			c.errorf(at, "type %q is listed twice", name)
		default:
			set |= typeNames[i].t
		}
	}
	return set
}

// names compiles the value of "required": an array of distinct strings.
func (c *compiler) names(at string, v any) []string {
	list, ok := v.([]any)
	if !ok {
		c.errorf(at, "required is a JSON %s, want an array of strings", kindOf(v))
		return nil
	}
	var names []string
	for _, x := range list {
		name, ok := x.(string)
		switch {
		case !ok:
			c.errorf(at, "required lists %s, want a string", jsonText(x))
		case slices.Contains(names, name):
			c.errorf(at, "required lists %q twice", name)
		default:
			names = append(names, name)
		}
	}
	return names
}

// pattern compiles the value of "pattern" as an RE2 expression. Like JSON
// Schema, it matches anywhere in the string unless the pattern anchors it.
func (c *compiler) pattern(s *Schema, at string, v any) {
	src, ok := v.(string)
	if !ok {
		c.errorf(at, "pattern is a JSON %s, want a string", kindOf(v))
		return
	}
	re, err := regexp.Compile(src)
	if err != nil {
		c.errorf(at, "pattern %q is not an RE2 expression: %v", src, err)
		return
	}
	s.pattern = re
}

// count compiles a length or size limit: a non-negative integer.
func (c *compiler) count(at, k string, v any) int {
	n, ok := v.(json.Number)
	if ok && isIntegerLiteral(n) {
		if i, err := strconv.Atoi(string(n)); err == nil && i >= 0 {
			return i
		}
	}
	c.errorf(at, "%s is %s, want a non-negative integer", k, jsonText(v))
	return -1
}

// bound compiles minimum or maximum, which this subset allows only as
// integers.
func (c *compiler) bound(at, k string, v any) *bound {
	n, ok := v.(json.Number)
	if ok && isIntegerLiteral(n) {
		if d, ok := parseDecimal(n); ok {
			return &bound{text: string(n), dec: d}
		}
	}
	c.errorf(at, "%s is %s, want an integer", k, jsonText(v))
	return nil
}

// sortedKeys returns m's keys in order, so that every walk is deterministic.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// kindOf names the JSON kind of a decoded value.
func kindOf(v any) string {
	switch v := v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case json.Number:
		if isIntegerLiteral(v) {
			return "integer"
		}
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// jsonText renders a decoded value as compact JSON for messages.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
