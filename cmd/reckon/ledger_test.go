package main

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// ledgerOfASession runs one MCP session against `reckon mcp -ledger FILE`:
// a calculation, an unbacked draft refused, the backed one released.
func ledgerOfASession(t *testing.T) (file, receiptID string) {
	t.Helper()
	key := newKey(t)
	file = filepath.Join(t.TempDir(), "ledger.db")
	var stderr strings.Builder
	cs, done := stdioSession(t, withSource("mcp", "-key", key+".key", "-ledger", file), &stderr)
	isErr, calc := callJSON(t, cs, "calculate", groundedSeed(t, "costco", "10-K"))
	require.False(t, isErr, "%v", calc)
	receiptID = calc["receipt_id"].(string)
	isErr, _ = callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.43×.", receiptID))
	require.True(t, isErr)
	isErr, rep := callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", receiptID))
	require.False(t, isErr, "%v", rep)
	require.Equal(t, exitOK, done(), stderr.String())
	return file, receiptID
}

// TestLedgerReport: the run report of a session kept in a ledger shows the
// answer released, its formula and receipt id, and the draft refused on
// the way with its code, as JSON and Markdown; queries select entries.
func TestLedgerReport(t *testing.T) {
	file, id := ledgerOfASession(t)
	o := reckon(t, "", "ledger", "-ledger", file, "-format", "json")
	require.Equal(t, exitOK, o.code, o.stderr)
	rows := stdoutJSON[[]ledger.Row](t, o)
	require.Len(t, rows, 1)
	r := rows[0]
	require.True(t, r.Released)
	require.Equal(t, "Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", r.Answer)
	require.Equal(t, []string{id}, r.ReceiptIDs)
	require.Equal(t, []string{"(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)"}, r.Formulas)
	require.Equal(t, "verified", r.Basis)
	require.Len(t, r.Refused, 1)
	require.Equal(t, []string{"not_backed"}, r.Refused[0].Codes)

	o = reckon(t, "", "ledger", "-ledger", file)
	require.Equal(t, exitOK, o.code)
	md := o.stdout
	require.Contains(t, md, "| "+r.Question+" | Costco's debt-to-EBITDA ratio for FY2021 was 1.344×. | yes |")
	require.Contains(t, md, "check_claims: not_backed")

	o = reckon(t, "", "ledger", "-ledger", file, "-outcome", "refused", "-format", "entries")
	require.Equal(t, exitOK, o.code)
	require.Equal(t, 1, strings.Count(o.stdout, "\n"), o.stdout)
	o = reckon(t, "", "ledger", "-ledger", file, "-since", time.Now().Add(time.Hour).Format(time.RFC3339), "-format", "entries")
	require.Empty(t, o.stdout, "entries are timed only when the application gives a clock; untimed ones are never after a time")
	o = reckon(t, "", "ledger", "-ledger", file, "-format", "pdf")
	require.Equal(t, exitUsage, o.code)
	require.Contains(t, o.stderr, "json, markdown or html")
	require.Equal(t, exitUsage, reckon(t, "", "ledger").code, "-ledger is needed")
}

// TestLedgerReportInABrowser renders the HTML report in headless Chromium
// (Debian's package) and reads back what the page shows: the ledger's
// answer, receipt id and refused draft, and no markup a value smuggled in.
func TestLedgerReportInABrowser(t *testing.T) {
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("RECKON_REQUIRE_CHROMIUM") != "" {
			t.Fatal("RECKON_REQUIRE_CHROMIUM is set but chromium is not installed")
		}
		t.Skip("no chromium: apt-get install chromium")
	}
	file, id := ledgerOfASession(t)
	st, err := ledger.Open(context.Background(), file)
	require.NoError(t, err)
	_, err = st.Record(context.Background(), ledger.Entry{Session: "c_hostile", Tool: "check_claims", OK: true,
		Asked: json.RawMessage(`{"text":"<script>document.title='pwned'</script><b>bold</b>"}`)})
	require.NoError(t, err)
	st.Close()
	o := reckon(t, "", "ledger", "-ledger", file, "-format", "html")
	require.Equal(t, exitOK, o.code, o.stderr)
	page := o.stdout
	file = filepath.Join(t.TempDir(), "report.html")
	require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://"+file)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	dom, err := cmd.Output()
	require.NoError(t, err)
	text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(dom), ""))
	require.Contains(t, text, "Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.")
	require.Contains(t, text, id)
	require.Contains(t, text, "check_claims: not_backed")
	require.Contains(t, string(dom), "<title>reckon run report</title>", "the page's script-free title stands")
	require.Contains(t, text, "<script>document.title='pwned'</script><b>bold</b>", "a value is shown as text, never run or rendered")
}
