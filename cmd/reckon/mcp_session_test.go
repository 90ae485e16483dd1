package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// tenK is the excerpt of Costco's FY2021 10-K the demo's costco story
// reads, registered with -source as an application registers a filing.
const tenK = "../../examples/stories/testdata/sources/costco-10k-fy2021.txt"

// resultsPage is the search results page of the demo's copilot story.
const resultsPage = "../../examples/stories/testdata/sources/search-results.txt"

// groundedCostco returns the costco seed request with every input naming
// the source name (see groundedSeed), after edit has changed its inputs.
func groundedCostco(t *testing.T, name string, edit func(inputs []map[string]any)) string {
	t.Helper()
	js := groundedSeed(t, "costco", name)
	if edit == nil {
		return js
	}
	var req map[string]any
	require.NoError(t, json.Unmarshal([]byte(js), &req))
	var inputs []map[string]any
	for _, in := range req["inputs"].([]any) {
		inputs = append(inputs, in.(map[string]any))
	}
	edit(inputs)
	b, err := json.Marshal(req)
	require.NoError(t, err)
	return string(b)
}

// claims returns check_claims arguments: the text, the question and the
// receipt ids, no envelopes.
func claims(text, question string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"text": text, "question": question, "receipt_ids": ids, "receipts": []any{}})
	return string(b)
}

// refusalCodes returns the codes of a check_claims answer's refusals.
func refusalCodes(rep map[string]any) []string {
	var codes []string
	refusals, _ := rep["refusals"].([]any)
	for _, r := range refusals {
		code, _ := r.(map[string]any)["code"].(string)
		codes = append(codes, code)
	}
	return codes
}

// errorCode returns the code of a refused calculate answer.
func errorCode(t *testing.T, ans map[string]any) string {
	t.Helper()
	e, ok := ans["error"].(map[string]any)
	require.True(t, ok, "a refusal carries an error: %v", ans)
	code, _ := e["code"].(string)
	return code
}

// TestMCPGroundedSession is an agent's session with `reckon mcp` over
// stdio, end to end, as an application configures it: one signing key, the
// filing registered with -source, a fact with -fact. A calculation over
// inputs quoted from the filing is grounded and passed by receipt_id to
// check_claims, which releases its figure; every way a model might launder
// a number of its own through the tools is refused.
func TestMCPGroundedSession(t *testing.T) {
	key := newKey(t)
	var stderr strings.Builder
	cs, done := stdioSession(t, []string{"mcp", "-key", key + ".key", "-source", "10-K=" + tenK,
		"-source", "page=" + resultsPage, "-fact", "documents matching=84 count"}, &stderr)

	// calculate: every input grounded in the filing, the receipt kept by id.
	isErr, calc := callJSON(t, cs, "calculate", groundedCostco(t, "10-K", nil))
	require.False(t, isErr, "%v", calc)
	require.Equal(t, "1.344", calc["result"].(map[string]any)["value"])
	id, _ := calc["receipt_id"].(string)
	require.Regexp(t, `^r_[a-z2-7]{16}$`, id)
	groundedIn(t, calc, "10-K", tenK)

	// check_claims by id: the figure the grounded receipt backs is released.
	isErr, rep := callJSON(t, cs, "check_claims", claims("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.",
		"What was Costco's debt-to-EBITDA for FY2021?", id))
	require.False(t, isErr, "released: %v", rep)
	require.Equal(t, true, rep["ok"])
	isErr, rep = callJSON(t, cs, "check_claims", claims("Costco's debt-to-EBITDA ratio for FY2021 was 1.43×.", "", id))
	require.True(t, isErr)
	require.Contains(t, refusalCodes(rep), "not_backed")

	// verify_receipt by id: the session's receipt verifies under its own key.
	isErr, ver := callJSON(t, cs, "verify_receipt", `{"receipt_id": "`+id+`", "receipt": null, "policy": null}`)
	require.False(t, isErr, "%v", ver)

	// The fact backs its own number and outranks every other one.
	isErr, rep = callJSON(t, cs, "check_claims", claims("Jane Doe authored 84 documents.", "", id))
	require.False(t, isErr, "the fact backs 84: %v", rep)

	t.Run("refused at calculate", func(t *testing.T) {
		for _, c := range []struct {
			name, req, code string
		}{
			{"a source the application did not register", groundedCostco(t, "annual report", nil), "unknown_source"},
			{"a quote not in the source", groundedCostco(t, "10-K", func(in []map[string]any) {
				in[2]["quote"] = "Long-term operating lease liabilities 3,961"
				in[2]["display"] = "3,961"
			}), "quote_not_found"},
			{"a text input naming no source", groundedCostco(t, "10-K", func(in []map[string]any) {
				delete(in[0], "source")
			}), "unknown_source"},
		} {
			isErr, ans := callJSON(t, cs, "calculate", c.req)
			require.True(t, isErr, "%s: %v", c.name, ans)
			require.Equal(t, c.code, errorCode(t, ans), c.name)
		}
	})

	t.Run("laundered numbers refused by the gate", func(t *testing.T) {
		// A number of the model's own, signed as a user input the question
		// never gave.
		user := func(unit string) string {
			isErr, calc := callJSON(t, cs, "calculate", `{"id": "n", "formula": "n", "output": {"unit": "`+unit+`"},
			  "inputs": [{"name": "n", "display": "27", "unit": "`+unit+`", "provenance": "user", "quote": ""}]}`)
			require.False(t, isErr, "%v", calc)
			return calc["receipt_id"].(string)
		}
		userCount, userMoney := user("count"), user("USD")
		// A count read from the results page, grounded: the fact still
		// outranks it.
		isErr, calc := callJSON(t, cs, "calculate", `{"id": "shown", "formula": "shown", "output": {"unit": "count:documents"},
		  "inputs": [{"name": "shown", "display": "30", "unit": "count:documents", "provenance": "text",
		              "source": "page", "quote": "Showing 30 of 84 matching documents"}]}`)
		require.False(t, isErr, "%v", calc)
		shown := calc["receipt_id"].(string)
		// The same number hidden in a formula over a grounded input: the
		// input cancels out and the literal is the result.
		var req map[string]any
		require.NoError(t, json.Unmarshal([]byte(groundedCostco(t, "10-K", nil)), &req))
		req["id"], req["formula"] = "identity", "current_debt / current_debt * 27"
		req["inputs"] = req["inputs"].([]any)[:1]
		req["output"] = map[string]any{"unit": "ratio", "scale": "", "places": nil, "rounding": ""}
		b, _ := json.Marshal(req)
		isErr, calc = callJSON(t, cs, "calculate", string(b))
		require.False(t, isErr, "%v", calc)
		identity := calc["receipt_id"].(string)

		for _, c := range []struct{ name, text, question, id, code string }{
			{"a user number absent from the question", "The client has $27 left.", "", userMoney, "ungrounded_receipt"},
			{"a user number the model says the user asked", "The client has $27 left.", "I have $27 left, right?", userMoney, "ungrounded_receipt"},
			{"a count of another noun against the fact", "The filing lists 27 items.", "", userCount, "contradicts_fact"},
			{"a synonym noun against the fact", "Jane authored 27 docs.", "", userCount, "contradicts_fact"},
			{"no noun at all", "Jane Doe's count is 27.", "", userCount, "contradicts_fact"},
			{"a number of the question the fact contradicts", "Yes, Jane Doe authored 27 documents.",
				"Did Jane Doe author 27 documents?", id, "not_backed"},
			{"a literal laundered through a grounded receipt", "Costco's leverage was 27×.", "", identity, "literal_not_allowed"},
			{"the fact outranks a grounded receipt", "Jane Doe authored 30 documents.", "", shown, "contradicts_fact"},
		} {
			isErr, rep := callJSON(t, cs, "check_claims", claims(c.text, c.question, c.id))
			require.True(t, isErr, "%s: %v", c.name, rep)
			require.Equal(t, false, rep["ok"], c.name)
			require.Equal(t, []string{c.code}, refusalCodes(rep), "%s: %v", c.name, rep)
		}
	})

	require.Equal(t, exitOK, done(), stderr.String())
	require.Contains(t, stderr.String(), "sources: 10-K, page; facts: documents matching=84 count")
}

// groundedIn checks that every input of a calculate answer's receipt is
// grounded in the source registered as name from file: its digest is the
// file's, and its span holds the quote's row.
func groundedIn(t *testing.T, calc map[string]any, name, file string) {
	t.Helper()
	b, err := json.Marshal(calc["receipt"])
	require.NoError(t, err)
	var env dsse.Envelope
	require.NoError(t, json.Unmarshal(b, &env))
	rec, err := receipt.Inspect(&env)
	require.NoError(t, err)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	for _, in := range rec.Inputs {
		g := in.Grounding
		require.NotNil(t, g, "input %s is grounded", in.Name)
		require.Equal(t, name, g.Source)
		require.Equal(t, "sha256:"+hex.EncodeToString(sum[:]), g.Digest)
		span := string(data[g.Span[0]:g.Span[1]])
		require.True(t, strings.HasPrefix(span, in.Label), "input %s: the span %q starts with its label", in.Name, span)
		require.True(t, strings.HasSuffix(span, in.Display), "input %s: the span %q ends with its display", in.Name, span)
	}
}

// TestMCPDefaultKey: with no -key, `reckon mcp` signs with a key made for
// the run, trusts it, and says so; a calculation grounded in a -source
// file is released by check_claims, end to end over stdio.
func TestMCPDefaultKey(t *testing.T) {
	var stderr strings.Builder
	cs, done := stdioSession(t, []string{"mcp", "-source", "10-K=" + tenK}, &stderr)
	isErr, calc := callJSON(t, cs, "calculate", groundedCostco(t, "10-K", nil))
	require.False(t, isErr, "%v", calc)
	id, _ := calc["receipt_id"].(string)
	isErr, rep := callJSON(t, cs, "check_claims", claims("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.",
		"What was Costco's debt-to-EBITDA for FY2021?", id))
	require.False(t, isErr, "released: %v", rep)
	require.Equal(t, true, rep["ok"])
	isErr, ver := callJSON(t, cs, "verify_receipt", `{"receipt_id": "`+id+`", "receipt": null, "policy": null}`)
	require.False(t, isErr, "%v", ver)
	require.Equal(t, exitOK, done(), stderr.String())
	require.Regexp(t, `^reckon mcp: signs with ed25519:\S+, a key made for this run and held in memory \(give -key FILE to keep one\); trusts ed25519:`, stderr.String())
}

// A key file that cannot be read is one line naming the flag and the
// path, not the usage.
func TestMCPMissingKeyFile(t *testing.T) {
	out := reckon(t, "", "mcp", "-key", "no-such.key")
	require.Equal(t, exitUsage, out.code)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(out.stderr), "\n")+1, out.stderr)
	require.Contains(t, out.stderr, "-key")
	require.Contains(t, out.stderr, "no-such.key")
	out = reckon(t, "", "mcp", "-source", "x=no-such.txt")
	require.Equal(t, exitUsage, out.code)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(out.stderr), "\n")+1, out.stderr)
	require.Contains(t, out.stderr, "no-such.txt")
	out = reckon(t, "", "mcp", "-unsigned", "-key", "no-such.key")
	require.Equal(t, exitUsage, out.code)
	key := newKey(t)
	out = reckon(t, "", "mcp", "-unsigned", "-key", key+".key")
	require.Equal(t, exitUsage, out.code)
	require.Equal(t, "reckon mcp: -unsigned and -key: give one\n", out.stderr)
}

// A second -key, or a key file that holds no key, is one line: the flag
// and what is wrong, not the usage.
func TestMCPKeyFlagErrors(t *testing.T) {
	key := newKey(t)
	out := reckon(t, "", "mcp", "-key", key+".key", "-key", key+".key")
	require.Equal(t, exitUsage, out.code)
	require.Contains(t, out.stderr, "give -key once")
	require.Equal(t, 1, strings.Count(strings.TrimSpace(out.stderr), "\n")+1, out.stderr)
	out = reckon(t, "", "mcp", "-key", key+".pub")
	require.Equal(t, exitUsage, out.code)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(out.stderr), "\n")+1, out.stderr)
}
