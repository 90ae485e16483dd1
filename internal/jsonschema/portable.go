package jsonschema

import (
	"slices"
	"strconv"
)

// unportable lists the keywords that some tool-calling API refuses or
// ignores. The validator implements them all, so only this check stops a
// schema from relying on them.
var unportable = []string{"format", "$ref", "oneOf", "allOf", "not"}

// Portable reports whether a schema can be given as is to the tool-calling
// APIs of agent frameworks (OpenAI strict mode, Anthropic, Gemini). It
// returns an [*Error] listing every rule broken, with paths into the schema:
//
//   - the root is a schema of type "object", not a boolean and not a choice;
//   - every object schema sets "additionalProperties": false and lists every
//     property in required (an optional field is a required one whose type
//     admits null);
//   - no schema uses format, $ref, oneOf, allOf or not;
//   - no subschema is a boolean, except additionalProperties: false.
//
// A schema that breaks none of these must also compile; otherwise Portable
// returns the [Compile] error. Numbers written as strings with a pattern are
// portable, and are how reckon's schemas carry numbers.
func Portable(schemaJSON []byte) error {
	v, err := decode(schemaJSON)
	if err != nil {
		return &Error{Violations: []Violation{{Msg: "schema is not JSON: " + err.Error()}}}
	}
	var p portability
	if m, ok := v.(map[string]any); !ok || m["type"] != "object" {
		p.errorf("", `the root schema must be an object schema with "type": "object"`)
	}
	p.walk("", v)
	if err := errorOf(p.errs); err != nil {
		return err
	}
	_, err = Compile(schemaJSON)
	return err
}

// portability collects the portability rules a schema breaks.
type portability struct {
	errs []Violation
}

func (p *portability) errorf(path, msg string) {
	p.errs = append(p.errs, Violation{Path: path, Msg: msg})
}

// walk checks the schema v at path and every subschema it contains.
func (p *portability) walk(path string, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		if _, isBool := v.(bool); isBool {
			p.errorf(path, "a boolean schema is not portable; write an object schema")
		}
		return // Compile reports anything else
	}
	for _, k := range unportable {
		if _, ok := m[k]; ok {
			p.errorf(path, strconv.Quote(k)+" is not portable")
		}
	}
	if isObjectSchema(m) {
		p.object(path, m)
	}
	if props, ok := m["properties"].(map[string]any); ok {
		for _, name := range sortedKeys(props) {
			p.walk(pointer(pointer(path, "properties"), name), props[name])
		}
	}
	if sub, ok := m["additionalProperties"].(map[string]any); ok {
		p.walk(pointer(path, "additionalProperties"), sub)
	}
	if sub, ok := m["items"]; ok {
		p.walk(pointer(path, "items"), sub)
	}
	if alts, ok := m["anyOf"].([]any); ok {
		for i, alt := range alts {
			p.walk(pointer(pointer(path, "anyOf"), strconv.Itoa(i)), alt)
		}
	}
}

// object checks the rules for an object schema: closed, and every property
// required.
func (p *portability) object(path string, m map[string]any) {
	if m["additionalProperties"] != false {
		p.errorf(path, `an object schema must set "additionalProperties": false`)
	}
	required, _ := m["required"].([]any)
	props, _ := m["properties"].(map[string]any)
	for _, name := range sortedKeys(props) {
		if !slices.Contains(required, any(name)) {
			p.errorf(path, "property "+strconv.Quote(name)+" must be listed in required")
		}
	}
}

// isObjectSchema reports whether m describes objects: its type is or
// includes "object", or it uses a keyword that only objects have.
func isObjectSchema(m map[string]any) bool {
	switch t := m["type"].(type) {
	case string:
		if t == "object" {
			return true
		}
	case []any:
		if slices.Contains(t, any("object")) {
			return true
		}
	}
	for _, k := range []string{"properties", "required", "additionalProperties"} {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}
