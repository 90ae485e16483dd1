package story

import (
	"os"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

func testEnv(t testing.TB) Env {
	env, err := NewEnv(make([]byte, 32))
	require.NoError(t, err)
	return env
}

func TestAllStoriesRun(t *testing.T) {
	for _, s := range All() {
		var b strings.Builder
		require.NoError(t, Run(&b, s, testEnv(t)), s.Name)
		t.Log("\n" + b.String())
	}
}

func TestGrantDocumentsMatchScoringTestdata(t *testing.T) {
	for file, text := range map[string]string{
		"opportunity.txt": grantOpportunity, "profile.txt": grantProfile, "blocks/example.md": grantBlocks,
	} {
		data, err := os.ReadFile("../../scoring/testdata/" + file)
		require.NoError(t, err)
		require.Equal(t, string(data), text, file)
	}
}

// requests returns every calculation a story submits: drafts, answer and
// the calculations beside it.
func requests(s *Story) []*receipt.Request {
	var out []*receipt.Request
	for _, d := range s.Drafts {
		out = append(out, d.Request)
	}
	if s.Answer != nil {
		out = append(out, s.Answer)
	}
	return append(out, s.Also...)
}

// TestStoriesQuoteTheirSources pins the stories to their source documents:
// every quote an input of the stories uses is in one of its story's
// documents, and the span found prints the input's number with its meaning.
func TestStoriesQuoteTheirSources(t *testing.T) {
	for _, s := range All() {
		docs := map[string]*quote.Index{}
		for _, name := range s.Sources {
			text, err := Document(name)
			require.NoError(t, err, "story %s names document %s", s.Name, name)
			docs[name] = quote.MustIndex(text)
		}
		for _, req := range requests(s) {
			for _, in := range req.Inputs {
				if in.Quote == "" {
					continue
				}
				found := false
				for _, ix := range docs {
					m, err := ix.Find(in.Quote, quote.Options{})
					require.NoError(t, err)
					if !m.Found {
						continue
					}
					found = true
					a := readAmount(t, in)
					require.True(t, quote.ContainsAmount(m.Text, a), "%s %s: the span %q prints %s", req.ID, in.Name, m.Text, in.Display)
				}
				require.True(t, found, "%s %s: %q is in none of %v", req.ID, in.Name, in.Quote, s.Sources)
			}
		}
	}
}

func readAmount(t *testing.T, in receipt.Input) *units.Amount {
	t.Helper()
	u, err := units.ParseUnit(in.Unit)
	require.NoError(t, err)
	sc, err := units.ParseScale(in.Scale)
	require.NoError(t, err)
	a, err := units.ParseAmount(in.Display, u, sc)
	require.NoError(t, err)
	return &a
}

func TestDocument(t *testing.T) {
	text, err := Document("costco-10k-fy2021")
	require.NoError(t, err)
	require.Contains(t, text, "(amounts in millions, except per share data)")
	for _, name := range []string{"", "nope", "../story", "sources/costco-10k-fy2021", "costco-10k-fy2021.txt"} {
		_, err := Document(name)
		require.Error(t, err, name)
	}
}
