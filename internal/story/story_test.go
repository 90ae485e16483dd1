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

// TestStoriesAreGrounded pins that every input a story reads from a
// document is grounded in it: each accepted calculation's receipt records,
// for every input of provenance text or page_image, the document the input
// names, its digest, and a span of the document that holds the quote.
func TestStoriesAreGrounded(t *testing.T) {
	grounded := 0
	for _, s := range All() {
		env, err := s.Register(testEnv(t))
		require.NoError(t, err, s.Name)
		var reqs []*receipt.Request
		if s.Answer != nil {
			reqs = append(append(reqs, s.Answer), s.Also...)
		}
		for _, req := range reqs {
			resp := env.Respond(req, env.Signer)
			require.True(t, resp.OK, "%s: %+v", req.ID, resp.Error)
			rec, err := receipt.Inspect(resp.Receipt)
			require.NoError(t, err)
			for _, in := range rec.Inputs {
				if in.Provenance != receipt.ProvenanceText && in.Provenance != receipt.ProvenancePageImage {
					require.Nil(t, in.Grounding, "%s %s", req.ID, in.Name)
					continue
				}
				g := in.Grounding
				require.NotNil(t, g, "%s %s is grounded", req.ID, in.Name)
				text, err := Document(g.Source)
				require.NoError(t, err)
				require.Equal(t, in.Source, g.Source)
				require.Equal(t, quote.Digest(text), g.Digest, "%s %s", req.ID, in.Name)
				m, err := quote.Find(text[g.Span[0]:g.Span[1]], in.Quote)
				require.NoError(t, err)
				require.True(t, m.Found, "%s %s: the span %q holds the quote %q", req.ID, in.Name, text[g.Span[0]:g.Span[1]], in.Quote)
				grounded++
			}
			_, err = receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: env.Trusted, Sources: env.Sources})
			require.NoError(t, err, req.ID)
		}
	}
	require.Equal(t, 21, grounded, "inputs read from documents across the stories: costco 5, lakh 2, tweets 3, shortfall 4, planner 6, copilot 1")
}
