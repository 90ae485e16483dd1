package stories_test

import (
	"crypto/ed25519"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/examples/stories"
	"github.com/reckonhq/reckon/internal/golden"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// fixedKey is a signer and its trust with a fixed key: ed25519 is
// deterministic, so with the key fixed every byte a story prints is.
func fixedKey(t testing.TB) (dsse.Signer, *dsse.KeyRing) {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	signer, err := dsse.NewEd25519Signer(priv)
	require.NoError(t, err)
	trusted, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	require.NoError(t, err)
	return signer, trusted
}

// TestStories pins every line each story prints, in
// testdata/golden/<name>.txt: the numbers the README and the demo show.
func TestStories(t *testing.T) {
	signer, trusted := fixedKey(t)
	var names []string
	for _, s := range stories.All {
		t.Run(s.Name, func(t *testing.T) {
			var b strings.Builder
			_, err := s.Tell(&b, signer, trusted)
			require.NoError(t, err)
			golden.Equal(t, "testdata/golden/"+s.Name+".txt", b.String())
		})
		names = append(names, s.Name+".txt")
	}
	files, err := os.ReadDir("testdata/golden")
	require.NoError(t, err)
	var have []string
	for _, f := range files {
		have = append(have, f.Name())
	}
	require.ElementsMatch(t, names, have, "one golden file per story, and none left over")
}

// TestStoriesAreGrounded pins that every input a story reads from a
// document is grounded in it: each accepted calculation's receipt records,
// for every input of provenance text or page_image, the document the input
// names, its digest, and a span of the document that holds the quote. An
// input of another provenance is never grounded, and a quote it carries
// (the client's own words) is in one of the stories' texts.
func TestStoriesAreGrounded(t *testing.T) {
	signer, trusted := fixedKey(t)
	grounded := 0
	for _, s := range stories.All {
		answers, err := s.Run(io.Discard, signer, trusted)
		require.NoError(t, err, s.Name)
		for _, resp := range answers {
			require.True(t, resp.OK, "%s: %+v", resp.ID, resp.Error)
			rec, err := receipt.Inspect(resp.Receipt)
			require.NoError(t, err)
			for _, in := range rec.Inputs {
				if in.Provenance != receipt.ProvenanceText && in.Provenance != receipt.ProvenancePageImage {
					require.Nil(t, in.Grounding, "%s %s", resp.ID, in.Name)
					if in.Quote != "" {
						require.True(t, inSomeText(t, in.Quote), "%s %s: %q is in one of the stories' texts", resp.ID, in.Name, in.Quote)
					}
					continue
				}
				g := in.Grounding
				require.NotNil(t, g, "%s %s is grounded", resp.ID, in.Name)
				require.Equal(t, in.Source, g.Source)
				text := source(t, g.Source)
				require.Equal(t, quote.Digest(text), g.Digest, "%s %s", resp.ID, in.Name)
				m, err := quote.Find(text[g.Span[0]:g.Span[1]], in.Quote)
				require.NoError(t, err)
				require.True(t, m.Found, "%s %s: the span %q holds the quote %q", resp.ID, in.Name, text[g.Span[0]:g.Span[1]], in.Quote)
				grounded++
			}
		}
	}
	require.Equal(t, 21, grounded, "inputs read from documents across the stories: costco 5, lakh 2, tweets 3, shortfall 4, planner 6, copilot 1")
}

// TestDemoAnswers pins which calculations each story accepts and returns,
// the responses `reckon demo -json` prints.
func TestDemoAnswers(t *testing.T) {
	signer, trusted := fixedKey(t)
	var ids []string
	for _, s := range stories.All {
		answers, err := s.Run(io.Discard, signer, trusted)
		require.NoError(t, err, s.Name)
		for _, resp := range answers {
			ids = append(ids, s.Name+": "+resp.ID)
		}
	}
	require.Equal(t, []string{
		"costco: costco-fy21-debt-ebitda", "lakh: income-less-funds-2003", "tweets: airline-tweets",
		"shortfall: india-growth-shortfall", "shortfall: india-growth-gap",
		"planner: mortgage-payment", "planner: mortgage-summary", "planner: debt-payoff", "planner: retirement-drawdown",
		"copilot: share-on-first-page", "copilot: created-last-10-days",
	}, ids)
}

// source returns the story document registered under name, as the
// stories embed it.
func source(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sources", name+".txt"))
	require.NoError(t, err)
	return string(b)
}

// inSomeText reports whether q is found in one of the stories' texts.
func inSomeText(t testing.TB, q string) bool {
	t.Helper()
	files, err := filepath.Glob("testdata/sources/*.txt")
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		m, err := quote.Find(string(b), q)
		require.NoError(t, err)
		if m.Found {
			return true
		}
	}
	return false
}

// TestGrantDocumentsMatchScoringTestdata keeps the grant story's texts
// equal to the scoring package's test documents.
func TestGrantDocumentsMatchScoringTestdata(t *testing.T) {
	for mine, theirs := range map[string]string{
		"sources/grant-opportunity.txt": "opportunity.txt", "sources/grant-profile.txt": "profile.txt",
		"grant-verdicts.md": "blocks/example.md",
	} {
		want, err := os.ReadFile("../../scoring/testdata/" + theirs)
		require.NoError(t, err)
		got, err := os.ReadFile("testdata/" + mine)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), mine)
	}
}

// TestExamplesImportNoInternalPackage keeps every program and package
// under examples/ to the public API, so that a reader can copy from it:
// only tests may use the module's internal helpers, and testify.
func TestExamplesImportNoInternalPackage(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "../...").Output()
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, " ")
		for _, imp := range strings.Fields(imports) {
			require.NotContains(t, imp, "/internal", "%s imports %s", pkg, imp)
			require.NotContains(t, imp, "testify", "%s imports %s", pkg, imp)
		}
	}
}
