package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/tool"
	"github.com/stretchr/testify/require"
)

// The tests of this file hold each command that faces a tool to the tool
// as an application serves it over MCP, configured by hand here from the
// same keys, documents and settings the command's flags name: for every
// input of the tools' and the commands' testdata, the command prints the
// tool's answer (less calculate's receipt_id and backs_prose, which only a
// conversation has) and exits 1 exactly when the tool refuses.

// face is what the tests share: a key pair, and the tools' test documents
// as -source flags and as an application parses them.
type face struct {
	key     string // the prefix of the key pair's files
	signer  dsse.Signer
	ring    *dsse.KeyRing
	sources []string // -source NAME=FILE, for every document
	docs    []*document.Document
}

func newFace(t *testing.T) face {
	t.Helper()
	f := face{key: newKey(t)}
	priv, err := dsse.ParsePrivateKey([]byte(readFile(t, f.key+".key")))
	require.NoError(t, err)
	f.signer, err = dsse.NewEd25519Signer(priv)
	require.NoError(t, err)
	f.ring, err = dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	require.NoError(t, err)
	files, err := filepath.Glob("../../tool/testdata/sources/*")
	require.NoError(t, err)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		text := readFile(t, file)
		d, err := document.Parse(name, text, document.Sniff(file, text))
		require.NoError(t, err)
		f.docs = append(f.docs, d)
		f.sources = append(f.sources, "-source", name+"="+file)
	}
	return f
}

// setting is a command's flags and the tool options they stand for.
type setting struct {
	name  string
	flags []string
	opts  tool.Options
}

// trusting returns the settings of a command that takes -pub and -source:
// the face's key trusted, without and with its documents.
func (f face) trusting() []setting {
	return []setting{
		{"trusted", []string{"-pub", f.key + ".pub"}, tool.Options{Trusted: f.ring}},
		{"with sources", append([]string{"-pub", f.key + ".pub"}, f.sources...), tool.Options{Trusted: f.ring, Documents: f.docs}},
	}
}

// same runs the command and the tool and holds the command's stdout to
// the tool's answer, and its exit code to the tool's verdict.
func same(t *testing.T, stdin string, cmd []string, opts tool.Options, name, args string) {
	t.Helper()
	out := reckon(t, stdin, cmd...)
	require.NotEqual(t, exitUsage, out.code, "reckon %q: %s", cmd, out.stderr)
	tl, ok := tool.Lookup(opts, name)
	require.True(t, ok)
	answer, refused, err := tl.Answer(context.Background(), json.RawMessage(args))
	require.NoError(t, err)
	var want, got map[string]any
	require.NoError(t, json.Unmarshal(answer, &want), "%s", answer)
	require.NoError(t, json.Unmarshal([]byte(out.stdout), &got), "reckon %q printed %q", cmd, out.stdout)
	delete(want, "receipt_id") // calculate's, for a conversation to pass on
	delete(want, "backs_prose")
	delete(want, "why")
	require.Equal(t, want, got, "reckon %q and %s on %s", cmd, name, args)
	if name != "score_verdicts" { // score also exits 1 for flagged evidence, which is not a refusal
		require.Equal(t, refused, out.code == exitRefused, "reckon %q exits 1 exactly when %s refuses", cmd, name)
	}
}

// inputs returns the contents of the files that match each pattern.
func inputs(t *testing.T, patterns ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		require.NoError(t, err)
		require.NotEmpty(t, files, p)
		for _, f := range files {
			out[f] = readFile(t, f)
		}
	}
	return out
}

// calcRequests are the calculation requests of the testdata.
func calcRequests(t *testing.T) map[string]string {
	reqs := inputs(t, "../../receipt/testdata/requests/*.json", "testdata/requests/*.json", "../../tool/testdata/calculate/*.in.json")
	reqs["date_range"] = dateRangeRequest
	return reqs
}

func TestCalcFacesCalculate(t *testing.T) {
	f := newFace(t)
	today := func() string { return "2024-02-29" }
	for file, req := range calcRequests(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			same(t, req, []string{"calc", "-key", f.key + ".key", "-today", "2024-02-29"},
				tool.Options{Signer: f.signer, Today: today}, "calculate", req)
			same(t, req, append([]string{"calc", "-key", f.key + ".key", "-today", "2024-02-29"}, f.sources...),
				tool.Options{Signer: f.signer, Today: today, Documents: f.docs}, "calculate", req)
			same(t, req, []string{"calc", "-today", "2024-02-29"}, tool.Options{Today: today}, "calculate", req)
		})
	}
	// Without -today, the system clock's date stands in, and the receipt
	// says so.
	fakeClock(t, "2024-02-29")
	same(t, dateRangeRequest, []string{"calc", "-key", f.key + ".key"},
		tool.Options{Signer: f.signer, Today: today, TodayNote: "the system clock's date where reckon calc ran: no -today was given"},
		"calculate", dateRangeRequest)
}

// responses returns what calc prints for every request of the testdata
// with the face's key and documents, and the envelope of each that has one.
func responses(t *testing.T, f face) []string {
	t.Helper()
	var out []string
	for _, req := range calcRequests(t) {
		resp := reckon(t, req, append([]string{"calc", "-key", f.key + ".key", "-today", "2024-02-29"}, f.sources...)...).stdout
		out = append(out, resp)
		var r struct {
			Receipt json.RawMessage `json:"receipt"`
		}
		require.NoError(t, json.Unmarshal([]byte(resp), &r))
		if r.Receipt != nil {
			out = append(out, string(r.Receipt))
		}
	}
	return out
}

func TestVerifyFacesVerifyReceipt(t *testing.T) {
	f := newFace(t)
	receipts := responses(t, f)
	for _, in := range inputs(t, "../../tool/testdata/verify_receipt/*.in.json") {
		var a struct {
			Receipt json.RawMessage `json:"receipt"`
		}
		if json.Unmarshal([]byte(in), &a) == nil && a.Receipt != nil && string(a.Receipt) != "null" {
			receipts = append(receipts, string(a.Receipt)) // signed by another key, or not at all
		}
	}
	receipts = append(receipts, "not json", "{}", `{"payloadType": 5}`, strings.Replace(receipts[0], `"ok":true`, `"ok":false`, 1))
	allowUnsigned, err := receipt.DecodePolicy([]byte(readFile(t, "testdata/policies/allow-unsigned.json")))
	require.NoError(t, err)
	tests := append(f.trusting(),
		setting{"grounding required", append([]string{"-pub", f.key + ".pub", "-require-grounding"}, f.sources...),
			tool.Options{Trusted: f.ring, Documents: f.docs, Policy: receipt.Policy{RequireGrounding: true}}},
		setting{"no key", nil, tool.Options{}},
		setting{"unsigned allowed", []string{"-policy", "testdata/policies/allow-unsigned.json"}, tool.Options{Policy: allowUnsigned}})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, in := range receipts {
				text, err := json.Marshal(map[string]string{"receipt": in}) // a program's input, as text
				require.NoError(t, err)
				same(t, in, append([]string{"verify"}, tc.flags...), tc.opts, "verify_receipt", string(text))
				if json.Valid([]byte(in)) && strings.HasPrefix(in, `{"payloadType"`) {
					same(t, in, append([]string{"verify"}, tc.flags...), tc.opts, "verify_receipt",
						`{"receipt_id": "", "receipt": `+in+`, "policy": null}`) // a model's, as the object calculate returned
				}
			}
		})
	}
}

func TestQuoteFacesVerifyQuotes(t *testing.T) {
	f := newFace(t)
	requests := inputs(t, "../../tool/testdata/verify_quotes/*.in.json")
	requests["shape"] = `{"quotes": 3}`
	requests["twice"] = `{"quotes": [], "quotes": [{"id": "q", "source": "a", "text": "x"}]}`
	requests["elided"] = `{"quotes": [{"id": "q1", "source": "annual-report", "text": "Net income including noncontrolling interests … attributable to Costco was $5,007 million."}]}`
	for file, req := range requests {
		t.Run(filepath.Base(file), func(t *testing.T) {
			same(t, req, append([]string{"quote"}, f.sources...), tool.Options{Documents: f.docs}, "verify_quotes", req)
			same(t, req, append([]string{"quote", "-ellipsis"}, f.sources...),
				tool.Options{Documents: f.docs, Quote: quote.Options{Ellipsis: true}}, "verify_quotes", req)
		})
	}
}

func TestScoreFacesScoreVerdicts(t *testing.T) {
	f := newFace(t)
	blocks := inputs(t, "../../scoring/testdata/blocks/*.md")
	for file, in := range inputs(t, "../../tool/testdata/score_verdicts/*.in.json") {
		var a struct {
			Blocks string `json:"blocks"`
		}
		if json.Unmarshal([]byte(in), &a) == nil {
			blocks[file] = a.Blocks
		}
	}
	rubric := filepath.Join(t.TempDir(), "rubric.json")
	require.NoError(t, os.WriteFile(rubric, []byte(`{"name": "fit", "total": "10", "criteria": [
		{"name": "eligibility", "weight": "4", "description": "whether the organization may apply", "source": "opportunity"},
		{"name": "mission alignment", "weight": "6", "description": "how well the missions agree"}]}`), 0o644))
	two, err := scoring.ParseRubric([]byte(readFile(t, rubric)))
	require.NoError(t, err)
	for file, b := range blocks {
		t.Run(filepath.Base(file), func(t *testing.T) {
			args, err := json.Marshal(map[string]string{"blocks": b})
			require.NoError(t, err)
			same(t, b, append([]string{"score"}, f.sources...), tool.Options{Documents: f.docs}, "score_verdicts", string(args))
			same(t, b, append([]string{"score", "-keep"}, f.sources...),
				tool.Options{Documents: f.docs, Scoring: scoring.Options{Policy: scoring.KeepAndFlag}}, "score_verdicts", string(args))
			same(t, b, append([]string{"score", "-rubric", rubric}, f.sources...),
				tool.Options{Documents: f.docs, Rubric: &two}, "score_verdicts", string(args))
		})
	}
}

// TestClaimsFacesCheckClaims: the draft and its receipts are the tool's
// arguments; the request's facts and question, like -fact's, are the
// application's, which the tool takes from its options.
func TestClaimsFacesCheckClaims(t *testing.T) {
	f := newFace(t)
	type draft struct {
		Text     string            `json:"text"`
		Question string            `json:"question"`
		Receipts []json.RawMessage `json:"receipts"`
		Facts    []claim.Fact      `json:"facts,omitempty"`
	}
	drafts := map[string]draft{}
	for file, in := range inputs(t, "../../tool/testdata/check_claims/*.in.json") {
		var d draft
		require.NoError(t, json.Unmarshal([]byte(in), &d), file)
		drafts[file] = d
	}
	var ours []json.RawMessage // receipts of this key, grounded in the documents
	for _, r := range responses(t, f) {
		if strings.HasPrefix(r, `{"payloadType"`) {
			ours = append(ours, json.RawMessage(r))
		}
	}
	drafts["ours"] = draft{Text: "Costco's debt-to-EBITDA ratio was 1.344×, and the gap was 8,367,277,000.", Receipts: ours}
	drafts["question"] = draft{Text: "Yes: Jane authored 27 documents in 2021.", Question: "Did Jane author 27 documents?"}
	drafts["sign in words"] = draft{Text: "Sales fell 3% in 2021.",
		Facts: []claim.Fact{{Label: "sales growth", Value: "-3", Unit: "percent"}}}
	tests := append(f.trusting(),
		setting{"facts and settings", []string{"-pub", f.key + ".pub", "-fact", "documents matching=84 count", "-sign=false", "-accept", "user", "-literal", "365"},
			tool.Options{Trusted: f.ring, Facts: []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count"}},
				Claim: claim.Options{SignInWords: true, Accept: []string{"user"}, Literals: []string{"365"}}}})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for name, d := range drafts {
				in, err := json.Marshal(d)
				require.NoError(t, err)
				opts := tc.opts
				opts.Facts = append(append([]claim.Fact{}, d.Facts...), opts.Facts...)
				opts.Claim.Question = d.Question
				receipts := d.Receipts
				if receipts == nil {
					receipts = []json.RawMessage{}
				}
				args, err := json.Marshal(map[string]any{"text": d.Text, "question": "", "receipts": receipts, "receipt_ids": []string{}})
				require.NoError(t, err)
				t.Run(filepath.Base(name), func(t *testing.T) {
					same(t, string(in), append([]string{"claims"}, tc.flags...), opts, "check_claims", string(args))
				})
			}
		})
	}
}

func TestRenderFacesRenderSource(t *testing.T) {
	for file, text := range inputs(t, "../../tool/testdata/sources/*", "testdata/sources/*") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			d, err := document.Parse("doc", text, document.Sniff(file, text))
			require.NoError(t, err)
			tl, _ := tool.Lookup(tool.Options{Documents: []*document.Document{d}}, "render_source")
			answer, err := tl.Call(context.Background(), json.RawMessage(`{"source": "doc"}`))
			require.NoError(t, err)
			var a struct {
				OK   bool   `json:"ok"`
				Text string `json:"text"`
			}
			require.NoError(t, json.Unmarshal(answer, &a))
			require.True(t, a.OK, "%s", answer)
			out := reckon(t, "", "render", file)
			require.Equal(t, exitOK, out.code, out.stderr)
			require.Equal(t, a.Text+"\n", out.stdout, "render prints what render_source hands a model")
		})
	}
}
