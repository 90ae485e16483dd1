package jsonschema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Validate checks one JSON document against s and returns an [*Error] that
// lists every violation with a JSON pointer to the offending value, or nil.
// Numbers are decoded as [json.Number] and compared exactly; an integer is a
// number written without a fraction or an exponent, so 1.0 is a number but
// not an integer. A document that is not exactly one JSON value is a single
// violation at the root. Duplicate object keys are not detected:
// encoding/json keeps the last, and so does this check.
func (s *Schema) Validate(instanceJSON []byte) error {
	v, err := decode(instanceJSON)
	if err != nil {
		return &Error{Violations: []Violation{{Msg: "not JSON: " + err.Error()}}}
	}
	var vs []Violation
	s.validate("", v, &vs)
	return errorOf(vs)
}

// validate appends to out every way v, found at path, breaks s.
func (s *Schema) validate(path string, v any, out *[]Violation) {
	add := func(format string, args ...any) {
		*out = append(*out, Violation{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	if s.never {
		add("no value is allowed here")
		return
	}
	if s.types != 0 && !s.accepts(v) {
		// The other keywords either do not apply to a value of the wrong
		// type or would only repeat that it is wrong.
		add("is a JSON %s, want %s", kindOf(v), s.types)
		return
	}
	if s.hasConst && !equal(v, s.constant) {
		add("must be %s", jsonText(s.constant))
	}
	if s.hasEnum && !s.inEnum(v) {
		add("must be one of %s", enumText(s.enum))
	}
	switch v := v.(type) {
	case map[string]any:
		s.validateObject(path, v, out)
	case []any:
		s.validateArray(path, v, out)
	case string:
		s.validateString(v, add)
	case json.Number:
		s.validateNumber(v, add)
	}
	if len(s.anyOf) > 0 {
		s.validateAnyOf(v, add)
	}
}

// accepts reports whether v has one of s's types. An integer literal is
// also a number.
func (s *Schema) accepts(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		return s.types&typeObject != 0
	case []any:
		return s.types&typeArray != 0
	case string:
		return s.types&typeString != 0
	case json.Number:
		return s.types&typeNumber != 0 || s.types&typeInteger != 0 && isIntegerLiteral(v)
	case bool:
		return s.types&typeBoolean != 0
	}
	return s.types&typeNull != 0
}

func (s *Schema) inEnum(v any) bool {
	for _, e := range s.enum {
		if equal(v, e) {
			return true
		}
	}
	return false
}

// validateObject checks required members first, then every member in name
// order against its property schema or additionalProperties.
func (s *Schema) validateObject(path string, m map[string]any, out *[]Violation) {
	for _, name := range s.required {
		if _, ok := m[name]; !ok {
			*out = append(*out, Violation{Path: path, Msg: fmt.Sprintf("missing required property %q", name)})
		}
	}
	for _, name := range sortedKeys(m) {
		at := pointer(path, name)
		if p, ok := s.properties[name]; ok {
			p.validate(at, m[name], out)
			continue
		}
		switch {
		case s.additional == nil:
		case s.additional.never:
			*out = append(*out, Violation{Path: at, Msg: "property is not allowed"})
		default:
			s.additional.validate(at, m[name], out)
		}
	}
}

func (s *Schema) validateArray(path string, a []any, out *[]Violation) {
	if s.minItems >= 0 && len(a) < s.minItems {
		*out = append(*out, Violation{Path: path, Msg: fmt.Sprintf("has %d items, want at least %d", len(a), s.minItems)})
	}
	if s.maxItems >= 0 && len(a) > s.maxItems {
		*out = append(*out, Violation{Path: path, Msg: fmt.Sprintf("has %d items, want at most %d", len(a), s.maxItems)})
	}
	if s.items != nil {
		for i, e := range a {
			s.items.validate(pointer(path, strconv.Itoa(i)), e, out)
		}
	}
}

// validateString counts length in code points, as JSON Schema does.
func (s *Schema) validateString(v string, add func(string, ...any)) {
	if s.minLength >= 0 || s.maxLength >= 0 {
		n := utf8.RuneCountInString(v)
		if s.minLength >= 0 && n < s.minLength {
			add("has %d characters, want at least %d", n, s.minLength)
		}
		if s.maxLength >= 0 && n > s.maxLength {
			add("has %d characters, want at most %d", n, s.maxLength)
		}
	}
	if s.pattern != nil && !s.pattern.MatchString(v) {
		add("does not match pattern %q", s.pattern.String())
	}
}

func (s *Schema) validateNumber(v json.Number, add func(string, ...any)) {
	if s.minimum == nil && s.maximum == nil {
		return
	}
	d, ok := parseDecimal(v)
	if !ok {
		add("is not a number")
		return
	}
	if s.minimum != nil && d.cmp(s.minimum.dec) < 0 {
		add("must be at least %s", s.minimum.text)
	}
	if s.maximum != nil && d.cmp(s.maximum.dec) > 0 {
		add("must be at most %s", s.maximum.text)
	}
}

// validateAnyOf accepts v when one alternative does, and otherwise reports
// the first violation of each alternative, so that the message says how
// close each came.
func (s *Schema) validateAnyOf(v any, add func(string, ...any)) {
	reasons := make([]string, len(s.anyOf))
	for i, alt := range s.anyOf {
		var vs []Violation
		alt.validate("", v, &vs)
		if len(vs) == 0 {
			return
		}
		reasons[i] = fmt.Sprintf("[%d] %s", i, vs[0])
	}
	add("matches no anyOf alternative: %s", strings.Join(reasons, "; "))
}

// equal reports whether two decoded JSON values are equal, comparing
// numbers by value (1, 1.0 and 10e-1 are equal) and objects regardless of
// member order.
func equal(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		da, okA := parseDecimal(a)
		db, okB := parseDecimal(b)
		return okA && okB && da.cmp(db) == 0
	case string, bool, nil:
		return a == b
	}
	return false
}

// enumText lists enum values for a message.
func enumText(enum []any) string {
	parts := make([]string, len(enum))
	for i, e := range enum {
		parts[i] = jsonText(e)
	}
	return strings.Join(parts, ", ")
}
