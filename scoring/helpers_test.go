package scoring_test

import (
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// scoreReport is the whole report of scoring.Score, verified or not, as
// the CLI and the tool show it.
func scoreReport(blocks string, r scoring.Rubric, sources *quote.Sources, opts scoring.Options) scoring.Report {
	rep, err := scoring.Score(blocks, r, sources, opts)
	if re := (*scoring.ReportError)(nil); errors.As(err, &re) {
		return *re.Report
	}
	return *rep
}

// scoreRequestReport is scoreReport for scoring.ScoreRequest.
func scoreRequestReport(req scoring.Request, opts scoring.Options) scoring.Report {
	rep, err := scoring.ScoreRequest(req, opts)
	if re := (*scoring.ReportError)(nil); errors.As(err, &re) {
		return *re.Report
	}
	return *rep
}

// sourceNames are the names the test blocks cite, as a prompt lists them.
var sourceNames = []string{"opportunity", "org profile"}

// read returns the text of a file under testdata.
func read(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

// sources indexes the funding announcement and the organization profile.
func sources(t testing.TB) *quote.Sources {
	t.Helper()
	ixs, err := quote.NewSources(map[string]string{
		"opportunity": read(t, "opportunity.txt"),
		"org profile": read(t, "profile.txt"),
	})
	require.NoError(t, err)
	return ixs
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to write %s", path)
	require.Equal(t, string(want), string(got), "golden %s (run go test -update to accept)", path)
}

// mustSources registers each text as a plain-text document.
func mustSources(texts map[string]string) *quote.Sources {
	var docs []*document.Document
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		d, err := document.Parse(name, texts[name], document.Text)
		if err != nil {
			panic(err)
		}
		docs = append(docs, d)
	}
	s, err := quote.SourcesFrom(quote.Options{}, docs...)
	if err != nil {
		panic(err)
	}
	return s
}
