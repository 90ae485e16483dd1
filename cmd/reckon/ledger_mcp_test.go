package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// TestMCPLedgerResumesASession: `reckon mcp -ledger FILE` keeps the
// conversation in a SQLite ledger; started again with -session, the
// receipt ids of the first run still back prose, and the ledger holds
// every decision of both runs.
func TestMCPLedgerResumesASession(t *testing.T) {
	key := newKey(t)
	file := filepath.Join(t.TempDir(), "ledger.db")
	var stderr strings.Builder
	cs, done := stdioSession(t, withSource("mcp", "-key", key+".key", "-ledger", file), &stderr)
	isErr, calc := callJSON(t, cs, "calculate", groundedSeed(t, "costco", "10-K"))
	require.False(t, isErr, "%v", calc)
	id := calc["receipt_id"].(string)
	require.Equal(t, exitOK, done(), stderr.String())
	m := regexp.MustCompile(`resume it with -session (c_[a-z2-7]+)`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, "the startup log names the session: %s", stderr.String())

	stderr.Reset()
	cs, done = stdioSession(t, withSource("mcp", "-key", key+".key", "-ledger", file, "-session", m[1]), &stderr)
	isErr, rep := callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
	require.False(t, isErr, "the first run's receipt id backs prose in the second: %v", rep)
	isErr, rep = callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.43×.", id))
	require.True(t, isErr, "%v", rep)
	require.Equal(t, exitOK, done(), stderr.String())

	st, err := ledger.Open(context.Background(), file)
	require.NoError(t, err)
	defer st.Close()
	es, err := st.Entries(context.Background(), ledger.Query{Session: m[1]})
	require.NoError(t, err)
	require.Len(t, es, 3)
	require.Equal(t, id, es[0].ReceiptID)
	require.Equal(t, []string{"not_backed"}, es[2].Codes)

	var out strings.Builder
	require.Equal(t, exitUsage, run([]string{"mcp", "-session", "c_x"}, strings.NewReader(""), &out, &out), "-session needs -ledger")
}
