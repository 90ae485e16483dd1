package claim_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// sealedOperation calculates the named operation's request in
// receipt/testdata/operations and seals its receipt with testsign.Key(b).
func sealedOperation(t testing.TB, name string, b byte) *dsse.Envelope {
	t.Helper()
	return sealedIn(t, "operations", name, b)
}

// TestStepsBackNumbers checks that the intermediates a named operation
// records back numbers in prose as its result does, and only those: a
// payoff plan's total interest is backed, a figure no step has is not, and
// a step that is not a quantity (the order of payoff) backs nothing.
func TestStepsBackNumbers(t *testing.T) {
	env := sealedOperation(t, "payoff", 1)
	for _, tc := range []struct {
		text, mention, verdict string
	}{
		{"Avalanche costs $1,547.97 in interest.", "$1,547.97", "backed"},
		{"Snowball costs $1,638.65 in interest.", "$1,638.65", "backed"},
		{"Avalanche saves $90.68.", "$90.68", "backed"},
		{"Avalanche saves $90.86.", "$90.86", "not_backed"},
		{"The card is paid off in month 15.", "15", "backed"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			// The debts are the user's, as the application vouches.
			rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{env}}, testRing(t, 1), receipt.Policy{},
				claim.Options{Accept: []string{receipt.ProvenanceUser}})
			m := mention(t, rep, tc.mention)
			if tc.verdict == "backed" {
				require.True(t, m.Backed, "%+v", m)
				require.Equal(t, "receipt", m.By.Kind)
				return
			}
			require.False(t, m.Backed, "%+v", m)
		})
	}
}
