package tool

import (
	"embed"
	"encoding/json"
	"slices"
	"strings"
)

// schemas holds the hand-written JSON Schemas, one pair per tool:
// NAME.input.json and NAME.output.json. An input schema is written in the
// strict form OpenAI's strict mode needs: every property required, an
// absent value given as "", [] or null, as each property's description
// says.
//
//go:embed schema/*.json
var schemas embed.FS

// schema returns the embedded schema of a tool's input or output ("input"
// or "output"). A missing schema is a build mistake, so it panics.
func schema(name, side string) json.RawMessage {
	b, err := schemas.ReadFile("schema/" + name + "." + side + ".json")
	if err != nil {
		panic("tool: " + err.Error())
	}
	return b
}

// needed lists, for each tool and each object of its input schema (by its
// path of property names, "" for the arguments themselves), the properties
// a call must give; the others may be left out, and take the value their
// description names for none. Objects not listed keep every property.
var needed = map[string]map[string][]string{
	"calculate": {
		"":               {},
		"params":         {},
		"inputs":         {"name", "display", "unit", "provenance"},
		"output":         {},
		"interpretation": {"kind", "note"},
	},
	"check_claims":   {"": {"text"}},
	"render_source":  {"": {"source"}},
	"score_verdicts": {"": {"blocks"}},
	"verify_quotes":  {"": {"quotes"}, "quotes": {"source", "text"}},
	"verify_receipt": {"": {}},
}

// optionalSchema returns the input schema of tool name in the form a
// client that may leave out a property reads (MCP's): only what a call
// must give is required ([needed]). It panics on a schema that is not
// JSON, a build mistake.
func optionalSchema(name string) json.RawMessage {
	var s map[string]any
	if err := json.Unmarshal(schema(name, "input"), &s); err != nil {
		panic("tool: " + name + ": " + err.Error())
	}
	relax(s, "", needed[name])
	b, err := json.Marshal(s)
	if err != nil {
		panic("tool: " + name + ": " + err.Error())
	}
	return b
}

// relax rewrites the required list of the object schema s at path, and of
// the objects under it, to what need names.
func relax(s map[string]any, path string, need map[string][]string) {
	props, _ := s["properties"].(map[string]any)
	if props != nil {
		if keep, ok := need[path]; ok {
			req := []any{}
			for _, r := range s["required"].([]any) {
				if slices.Contains(keep, r.(string)) {
					req = append(req, r)
				}
			}
			s["required"] = req
		}
	}
	for k, v := range props {
		p, _ := v.(map[string]any)
		if p == nil {
			continue
		}
		sub := strings.TrimPrefix(path+"."+k, ".")
		if items, ok := p["items"].(map[string]any); ok {
			relax(items, sub, need)
		}
		relax(p, sub, need)
	}
}
