package main

import (
	"context"
	"encoding/json"
	"fmt"
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
	_, err = st.Write(context.Background(), ledger.Item{Entry: ledger.Entry{Session: "c_hostile", Tool: "check_claims", OK: true,
		Asked: json.RawMessage(`{"text":"<script>document.title='pwned'</script><b>bold</b>"}`)}})
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

// TestLedgerLogProvesReleases: `reckon mcp -ledger FILE -log ORIGIN`
// appends every release to the log; each answer carries its inclusion,
// which `reckon ledger prove` checks offline with the log's key and
// refuses once edited; `reckon ledger consistency` proves the later
// checkpoint holds the earlier one, and refuses the two the wrong way round.
func TestLedgerLogProvesReleases(t *testing.T) {
	key := newKey(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "ledger.db")
	var stderr strings.Builder
	cs, done := stdioSession(t, withSource("mcp", "-key", key+".key", "-ledger", file, "-log", "reckon.test/ledger"), &stderr)
	isErr, calc := callJSON(t, cs, "calculate", groundedSeed(t, "costco", "10-K"))
	require.False(t, isErr, "%v", calc)
	id := calc["receipt_id"].(string)
	var answers [2]map[string]any
	for i, text := range []string{"Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", "The ratio was 1.344×."} {
		isErr, answers[i] = callJSON(t, cs, "check_claims", byID(text, id))
		require.False(t, isErr, "%v", answers[i])
		require.NotNil(t, answers[i]["inclusion"], "a release carries its inclusion")
	}
	isErr, refused := callJSON(t, cs, "check_claims", byID("The ratio was 1.43×.", id))
	require.True(t, isErr)
	require.Nil(t, refused["inclusion"], "a refusal is not logged")
	require.Equal(t, exitOK, done(), stderr.String())
	m := regexp.MustCompile(`log key (\S+)`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, stderr.String())
	vkey := filepath.Join(dir, "log.vkey")
	require.NoError(t, os.WriteFile(vkey, []byte(m[1]+"\n"), 0o644))

	write := func(name string, v any) string {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	for i, a := range answers {
		o := reckon(t, "", "ledger", "prove", "-log-key", vkey, write(fmt.Sprint("answer", i, ".json"), a))
		require.Equal(t, exitOK, o.code, o.stderr)
		require.Contains(t, o.stdout, fmt.Sprintf("leaf %d is in the log", i))
	}
	inc := answers[1]["inclusion"].(map[string]any)
	edited := map[string]any{"index": inc["index"], "proof": inc["proof"], "checkpoint": inc["checkpoint"],
		"leaf": strings.Replace(inc["leaf"].(string), "text sha256:", "text sha256:0", 1)}
	o := reckon(t, "", "ledger", "prove", "-log-key", vkey, write("edited.json", edited))
	require.Equal(t, exitRefused, o.code)
	require.Contains(t, o.stderr, "is not in the tree")

	older := filepath.Join(dir, "c1")
	newer := filepath.Join(dir, "c2")
	require.NoError(t, os.WriteFile(older, []byte(answers[0]["inclusion"].(map[string]any)["checkpoint"].(string)), 0o644))
	require.NoError(t, os.WriteFile(newer, []byte(inc["checkpoint"].(string)), 0o644))
	o = reckon(t, "", "ledger", "consistency", "-ledger", file, "-log-key", vkey, older, newer)
	require.Equal(t, exitOK, o.code, o.stderr)
	require.Contains(t, o.stdout, "the log of 2 leaves holds the log of 1")
	o = reckon(t, "", "ledger", "consistency", "-ledger", file, "-log-key", vkey, newer, older)
	require.Equal(t, exitRefused, o.code, "a log never shrinks")

	// the key an auditor keeps comes from the public key and the origin
	o = reckon(t, "", "ledger", "key", "-pub", key+".pub", "-log", "reckon.test/ledger")
	require.Equal(t, exitOK, o.code, o.stderr)
	require.Equal(t, m[1]+"\n", o.stdout, "the key the server printed")
	// the leaf is the release of this text, byte for byte
	text := filepath.Join(dir, "text")
	require.NoError(t, os.WriteFile(text, []byte("The ratio was 1.344×."), 0o644))
	answer1 := write("answer1again.json", answers[1])
	o = reckon(t, "", "ledger", "prove", "-log-key", vkey, "-text", text, answer1)
	require.Equal(t, exitOK, o.code, o.stderr)
	require.NoError(t, os.WriteFile(text, []byte("The ratio was 1.43×."), 0o644))
	o = reckon(t, "", "ledger", "prove", "-log-key", vkey, "-text", text, answer1)
	require.Equal(t, exitRefused, o.code, "another text is not this release")
	// a refusal carrying a copied inclusion proves nothing
	copied := map[string]any{"ok": false, "inclusion": inc}
	o = reckon(t, "", "ledger", "prove", "-log-key", vkey, write("copied.json", copied))
	require.Equal(t, exitRefused, o.code)
	require.Contains(t, o.stderr, "not released")
	// the ledger keeps each release's inclusion: an entry proves as its answer does
	o = reckon(t, "", "ledger", "-ledger", file, "-format", "entries", "-outcome", "ok")
	require.Equal(t, exitOK, o.code)
	var last string
	for _, l := range strings.Split(strings.TrimSpace(o.stdout), "\n") {
		if strings.Contains(l, `"inclusion"`) {
			last = l
		}
	}
	require.NotEmpty(t, last, "a released entry keeps its inclusion")
	o = reckon(t, last, "ledger", "prove", "-log-key", vkey)
	require.Equal(t, exitOK, o.code, o.stderr)
	// an auditor proves that a receipt backs a release in the log
	response := map[string]any{}
	for k, v := range calc {
		if k != "receipt_id" && k != "backs_prose" {
			response[k] = v // the contract's response, as calc prints it
		}
	}
	calcFile := write("calc.json", response)
	o = reckon(t, "", "verify", "-pub", key+".pub", "-log", answer1, "-log-key", vkey, calcFile)
	require.Equal(t, exitOK, o.code, o.stderr)
	require.Contains(t, o.stderr, "backs the release in leaf 1 of the log")
	o = reckon(t, "", "verify", "-pub", key+".pub", "-log", write("copied2.json", copied), "-log-key", vkey, calcFile)
	require.Equal(t, exitRefused, o.code, "a refused answer is no release: %s", o.stderr)
	require.Equal(t, exitUsage, reckon(t, "", "verify", "-log", answer1, calcFile).code, "-log needs -log-key")
	// a mistyped ledger path is refused, not created empty
	o = reckon(t, "", "ledger", "-ledger", filepath.Join(dir, "typo.db"))
	require.Equal(t, exitRefused, o.code)
	_, err := os.Stat(filepath.Join(dir, "typo.db"))
	require.True(t, os.IsNotExist(err))
}
