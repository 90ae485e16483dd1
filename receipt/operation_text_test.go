package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// TestTextResults checks how a result that is not a quantity (a date, an
// interval) is presented and recorded: as it is, in its named unit or
// "text", with no output setting applying to it.
func TestTextResults(t *testing.T) {
	for _, tc := range []struct{ textUnit, want string }{{"interval", "interval"}, {"", "text"}} {
		res, _, err := presentOutcome(units.Output{}, operation.Outcome{Text: "2026-11-21/2026-11-30", TextUnit: tc.textUnit})
		require.NoError(t, err)
		require.Equal(t, Result{Exact: "2026-11-21/2026-11-30", Value: "2026-11-21/2026-11-30", Unit: tc.want,
			Display: "2026-11-21/2026-11-30"}, res)
	}
	places := 2
	_, _, err := presentOutcome(units.Output{Places: &places}, operation.Outcome{Text: "2026-11-30", TextUnit: "date"})
	require.Equal(t, fault.BadRequest, Describe(err).Code)
	require.Equal(t, "output", Describe(err).Field)

	// The schema accepts such a receipt.
	r, err := Calculate(loadOperation(t, "mortgage"))
	require.NoError(t, err)
	r.Result, _, _ = presentOutcome(units.Output{}, operation.Outcome{Text: "2026-11-30"})
	payload, err := r.Encode()
	require.NoError(t, err)
	s, err := jsonschema.Compile(schemaOperationV1)
	require.NoError(t, err)
	require.NoError(t, s.Validate(payload))
}
