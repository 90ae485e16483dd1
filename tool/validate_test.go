package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// validate checks a JSON document against a schema of the portable subset
// (see checkPortable) and returns every violation. It is the test's own
// small validator, enough for the keywords the subset allows.
func validate(schema any, doc []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"decode: " + err.Error()}
	}
	return validateValue(schema.(map[string]any), v, "$")
}

func validateValue(s map[string]any, v any, path string) []string {
	if branches, ok := s["anyOf"].([]any); ok {
		var all []string
		for _, b := range branches {
			errs := validateValue(b.(map[string]any), v, path)
			if len(errs) == 0 {
				return nil
			}
			all = append(all, errs...)
		}
		return []string{fmt.Sprintf("%s: no branch of anyOf matches: %s", path, strings.Join(all, "; "))}
	}
	if got := jsonTypeOf(v); got != s["type"] && !(got == "integer" && s["type"] == "number") {
		return []string{fmt.Sprintf("%s: %s, want %v", path, got, s["type"])}
	}
	var errs []string
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		errs = append(errs, fmt.Sprintf("%s: %v is not one of %v", path, v, enum))
	}
	if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(v.(string)) {
		errs = append(errs, fmt.Sprintf("%s: %q does not match %s", path, v, p))
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for k, pv := range v {
			ps, ok := props[k]
			if !ok {
				errs = append(errs, fmt.Sprintf("%s: unexpected property %q", path, k))
				continue
			}
			errs = append(errs, validateValue(ps.(map[string]any), pv, path+"."+k)...)
		}
		req, _ := s["required"].([]any)
		for _, r := range req {
			if _, ok := v[r.(string)]; !ok {
				errs = append(errs, fmt.Sprintf("%s: missing required %q", path, r))
			}
		}
	case []any:
		for i, item := range v {
			errs = append(errs, validateValue(s["items"].(map[string]any), item, fmt.Sprintf("%s[%d]", path, i))...)
		}
	}
	return errs
}

// jsonTypeOf names the JSON Schema type of a decoded value.
func jsonTypeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := v.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	}
	return "object"
}
