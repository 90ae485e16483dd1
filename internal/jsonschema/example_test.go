package jsonschema_test

import (
	"fmt"

	"github.com/reckonhq/reckon/internal/jsonschema"
)

func ExampleSchema_Validate() {
	s := jsonschema.MustCompile([]byte(`{
		"type": "object", "additionalProperties": false, "required": ["value", "places"],
		"properties": {
			"value": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$"},
			"places": {"type": ["integer", "null"], "minimum": 0}}}`))
	fmt.Println(s.Validate([]byte(`{"value": "1.344", "places": 3}`)))
	fmt.Println(s.Validate([]byte(`{"value": "1.344e3", "places": 3}`)))
	fmt.Println(s.Validate([]byte(`{"value": "1.344", "places": 3, "unit": "ratio"}`)))
	// Output:
	// <nil>
	// /value: pattern: "1.344e3" does not match regular expression "^-?[0-9]+(\\.[0-9]+)?$"
	// /unit: property is not allowed
}

func ExamplePortable() {
	fmt.Println(jsonschema.Portable([]byte(`{"type": "object", "properties": {"when": {"type": "string", "format": "date"}}}`)))
	// Output:
	// an object schema must set "additionalProperties": false
	// property "when" must be listed in required
	// /properties/when: "format" is not portable
}
