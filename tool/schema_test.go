package tool

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/stretchr/testify/require"
)

// allowedKeywords is the JSON Schema subset that OpenAI's strict mode,
// Gemini's function declarations and MCP clients all accept. Anything else
// (format, $ref, $defs, oneOf, allOf, const, default, numeric bounds) is
// refused or silently dropped by at least one of them.
var allowedKeywords = []string{"type", "description", "properties", "required",
	"additionalProperties", "items", "enum", "pattern", "anyOf"}

// allowedTypes leaves out "number": decimals are strings, and integers are
// only for counts, places and offsets.
var allowedTypes = []string{"object", "array", "string", "integer", "boolean", "null"}

// checkPortable walks a schema and returns every breach of the portable
// rules. In an input schema every property is required; an output schema
// may leave out fields that some answers omit.
func checkPortable(s any, path string, input bool) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	m, ok := s.(map[string]any)
	if !ok {
		return []string{path + ": schema is not an object"}
	}
	for k := range m {
		if !slices.Contains(allowedKeywords, k) {
			fail("keyword %q is not portable", k)
		}
	}
	if d, ok := m["description"]; ok {
		if _, ok := d.(string); !ok {
			fail("description is not a string")
		}
	}
	if branches, ok := m["anyOf"]; ok {
		if _, typed := m["type"]; typed {
			fail("anyOf beside type")
		}
		list, _ := branches.([]any)
		if len(list) < 2 {
			fail("anyOf needs at least two branches")
		}
		for i, b := range list {
			errs = append(errs, checkPortable(b, fmt.Sprintf("%s.anyOf[%d]", path, i), input)...)
		}
		return errs
	}
	typ, ok := m["type"].(string)
	if !ok || !slices.Contains(allowedTypes, typ) {
		fail("type %v is not one of %v", m["type"], allowedTypes)
		return errs
	}
	if _, ok := m["enum"]; ok && typ != "string" {
		fail("enum on a %s", typ)
	}
	if p, ok := m["pattern"]; ok {
		if typ != "string" {
			fail("pattern on a %s", typ)
		}
		ps, _ := p.(string)
		// RE2 refuses lookaround and back references; Unicode classes
		// differ between engines, so they are left out too.
		if _, err := regexp.Compile(ps); err != nil || strings.Contains(ps, `\p`) {
			fail("pattern %q is not a simple regular expression", ps)
		}
	}
	switch typ {
	case "object":
		errs = append(errs, checkObject(m, path, input)...)
	case "array":
		items, ok := m["items"]
		if !ok {
			fail("array without items")
			break
		}
		errs = append(errs, checkPortable(items, path+"[]", input)...)
	}
	return errs
}

// checkObject applies the rules for an object schema.
func checkObject(m map[string]any, path string, input bool) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	if ap, ok := m["additionalProperties"]; !ok || ap != false {
		fail("additionalProperties is not false")
	}
	props, ok := m["properties"].(map[string]any)
	if !ok || len(props) == 0 {
		fail("object without properties")
		return errs
	}
	var req []string
	list, _ := m["required"].([]any)
	for _, r := range list {
		s, _ := r.(string)
		req = append(req, s)
	}
	for name, p := range props {
		if input && !slices.Contains(req, name) {
			fail("property %q is not required", name)
		}
		errs = append(errs, checkPortable(p, path+"."+name, input)...)
	}
	for _, r := range req {
		if _, ok := props[r]; !ok {
			fail("required %q is not a property", r)
		}
	}
	return errs
}

// loadSchema reads an embedded schema as generic JSON.
func loadSchema(t *testing.T, file string) any {
	t.Helper()
	b, err := schemas.ReadFile(file)
	require.NoError(t, err)
	var s any
	require.NoError(t, json.Unmarshal(b, &s), "decode %s", file)
	return s
}

func TestSchemasArePortable(t *testing.T) {
	files, err := fs.Glob(schemas, "schema/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			s := loadSchema(t, file)
			require.Equal(t, "object", s.(map[string]any)["type"], "the root of every tool schema is an object")
			input := strings.HasSuffix(file, ".input.json")
			require.Empty(t, checkPortable(s, "$", input))
			b, err := schemas.ReadFile(file)
			require.NoError(t, err)
			if input {
				// Arguments are what providers' strict modes read:
				// the project's own portability check applies in full.
				require.NoError(t, jsonschema.Portable(b))
			} else {
				// Answers omit fields (error on success, result on a
				// refusal), so an answer schema cannot require every
				// property; checkPortable holds it to every other rule.
				_, err := jsonschema.Compile(b)
				require.NoError(t, err)
			}
		})
	}
}

func TestEveryToolHasItsSchemas(t *testing.T) {
	for _, tl := range All(Options{Tools: Names()}) {
		require.JSONEq(t, string(schema(tl.Name, "input")), string(tl.StrictInputSchema), tl.Name)
		require.JSONEq(t, string(optionalSchema(tl.Name)), string(tl.InputSchema), tl.Name)
		require.JSONEq(t, string(schema(tl.Name, "output")), string(tl.OutputSchema), tl.Name)
		require.NotEmpty(t, tl.Description, tl.Name)
		_, ok := needed[tl.Name]
		require.True(t, ok, "%s: the properties a call must give are listed", tl.Name)
	}
}

// TestOptionalSchemas: the schema MCP clients read requires only what a
// call must give, each property left out documented by what it takes for
// none, and still compiles; the strict one requires every property.
func TestOptionalSchemas(t *testing.T) {
	for _, tl := range All(Options{Tools: Names()}) {
		_, err := jsonschema.Compile(tl.InputSchema)
		require.NoError(t, err, tl.Name)
		require.NoError(t, jsonschema.Portable(tl.StrictInputSchema), tl.Name)
		var s map[string]any
		require.NoError(t, json.Unmarshal(tl.InputSchema, &s))
		req, _ := s["required"].([]any)
		var names []string
		for _, r := range req {
			names = append(names, r.(string))
		}
		want := needed[tl.Name][""]
		require.ElementsMatch(t, want, names, tl.Name)
	}
	// calculate: an input needs its name, display, unit and provenance, no more
	var c map[string]any
	require.NoError(t, json.Unmarshal(optionalSchema(nameCalculate), &c))
	items := c["properties"].(map[string]any)["inputs"].(map[string]any)["items"].(map[string]any)
	require.ElementsMatch(t, []any{"name", "display", "unit", "provenance"}, items["required"])
}

// TestCheckPortableCatches keeps the walker honest: each schema breaks one
// rule and must be caught.
func TestCheckPortableCatches(t *testing.T) {
	cases := []struct{ name, schema, want string }{
		{"format", `{"type":"string","format":"date"}`, `keyword "format"`},
		{"ref", `{"$ref":"#/x"}`, `keyword "$ref"`},
		{"oneOf", `{"oneOf":[{"type":"string"},{"type":"null"}]}`, `keyword "oneOf"`},
		{"number", `{"type":"number"}`, `type number`},
		{"type list", `{"type":["string","null"]}`, `type [string null]`},
		{"open object", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, `additionalProperties`},
		{"optional", `{"type":"object","properties":{"a":{"type":"string"}},"required":[],"additionalProperties":false}`, `"a" is not required`},
		{"no items", `{"type":"array"}`, `array without items`},
		{"bad pattern", `{"type":"string","pattern":"(?=x)"}`, `pattern`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var s any
			require.NoError(t, json.Unmarshal([]byte(tc.schema), &s))
			errs := checkPortable(s, "$", true)
			require.NotEmpty(t, errs)
			require.Contains(t, strings.Join(errs, "\n"), tc.want)
		})
	}
}
