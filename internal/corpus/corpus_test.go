package corpus_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/reckonhq/reckon/internal/corpus"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/report.md and testdata/"+corpus.ExceptionsFile)

// strict makes TestCorpus fail on what must never happen: a wrong number
// signed (a scale 1,000× off or dropped parentheses accepted) and a
// followed fix that gives a value the document does not mean. A number
// accepted without its parentheses from a row that also prints it without
// them grounds in that other cell and is not counted.
const strict = true

// TestCorpus runs the whole corpus, logs the report and the full exception
// list, and with -update writes them to testdata.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus takes a while; run without -short")
	}
	start := time.Now()
	c, err := corpus.Load(os.DirFS("testdata"))
	require.NoError(t, err, "loading testdata")
	rep, err := corpus.Run(context.Background(), c)
	require.NoError(t, err, "running the corpus")
	report, exceptions := rep.Markdown(), rep.Exceptions()
	t.Logf("corpus run in %v\n\n%s\n%s", time.Since(start).Round(time.Millisecond), report, exceptions)
	if *update {
		require.NoError(t, os.WriteFile(filepath.Join("testdata", "report.md"), []byte(report), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join("testdata", corpus.ExceptionsFile), []byte(exceptions), 0o644))
	}

	require.Len(t, rep.Cases, len(c.Cases), "every case ran")
	for _, fr := range rep.Forms {
		if fr.Err != nil {
			t.Logf("filings as %s: %v", fr.Form, fr.Err)
			continue
		}
		require.Equal(t, len(c.Facts), fr.Total.Honest+sum(rep.Excluded), "filings as %s: every fact is counted or excluded", fr.Form)
		if !strict {
			continue
		}
		scale, parens, hints := fr.Signed()
		require.Empty(t, scale, "filings as %s: a scale 1,000× off was accepted (see the report)", fr.Form)
		for _, p := range parens {
			require.True(t, p.AlsoBare(), "filings as %s: a number printed in parentheses was accepted without them: %+v", fr.Form, p.Run.Fact)
		}
		require.Empty(t, hints, "filings as %s: a followed fix gave a value the table does not show", fr.Form)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
