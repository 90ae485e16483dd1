package tool

import (
	"embed"
	"encoding/json"
)

// schemas holds the hand-written JSON Schemas, one pair per tool:
// NAME.input.json and NAME.output.json.
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
