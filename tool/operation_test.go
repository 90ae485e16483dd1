package tool

import (
	"testing"

	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestOperationEnumIsTheRegistry keeps the calculate tool's list of
// operations equal to the operations receipt runs, so that a model is
// never offered one that is refused, nor kept from one that exists.
func TestOperationEnumIsTheRegistry(t *testing.T) {
	s := loadSchema(t, "schema/calculate.input.json").(map[string]any)
	op := s["properties"].(map[string]any)["operation"].(map[string]any)
	want := []any{""}
	for _, name := range operation.Names() {
		want = append(want, name)
	}
	require.Equal(t, want, op["enum"])
}
