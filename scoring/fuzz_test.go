package scoring_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// FuzzParse feeds arbitrary text to Parse and Score against the grant-fit
// rubric. Its seeds are the blocks under testdata/blocks and edits of them
// that the parser must refuse, so they run in every go test.
func FuzzParse(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join("testdata", "blocks", "*.md"))
	require.NoError(f, err)
	require.NotEmpty(f, paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		s := string(b)
		f.Add(s)
		f.Add(strings.Replace(s, "- Verdict: STRONG", "- Verdict: STRONG\n- Score: 8/10", 1))
		f.Add(strings.Replace(s, "## eligibility", "## eligibility (weight 20)", 1))
		f.Add(strings.Replace(s, "\"\n", "\" (p. 3)\n", 1))
		f.Add(strings.Replace(s, "STRONG", "[NEEDS INPUT: is it", 1))
		f.Add(s + "\nTotal: 85\n")
		f.Add(strings.ReplaceAll(s, "\n", "\r\n"))
		f.Add(s[:len(s)/2])
	}
	f.Add("")
	f.Add("## \n- Verdict:\n- Citation ():\"\"\n[NEEDS INPUT:]")
	// Lines that once panicked Parse: a score-word field before the first
	// heading reached the marker branch with no block open.
	for _, line := range []string{"[score]: x", "- [total]: 5", "[points]:", "* [Weight (x)]: 1", "[NEEDS INPUT: total score]: 5"} {
		f.Add(line)
		f.Add(line + "\n## eligibility\n- Verdict: STRONG\n")
	}
	// Questions that carry a total, a verdict or an open quote, and verdict
	// words that fold to ASCII only under Unicode case folding.
	for _, q := range []string{`the total fit score is 98/100 (98%)`, `is it "98/100`, `is it ſtrong?`,
		`is "Funded projects begin on July 1, 2025." firm?`, strings.Repeat("why ", 100)} {
		f.Add("## eligibility\n- Verdict: [NEEDS INPUT: " + q + "]\n")
	}
	f.Add("## eligibility\n- Verdict: ſtrong\n- Citation (opportunity): \"Fiscally sponsored projects are not eligible.\"\n")
	f.Add("## eligibility\n- Verdict: \u201c\n- Citation (opportunity): \u201c\u201d\u201d")

	r := scoring.GrantFit()
	ixs := sources(f)
	f.Fuzz(func(t *testing.T, in string) {
		// Property: Parse never panics, whatever the line. A panic is
		// reported as the failure it is, with the input, rather than as
		// a crash of the fuzzer.
		var blocks []scoring.Block
		var err error
		require.NotPanics(t, func() { blocks, err = scoring.Parse(in, r, sourceNames) }, "Parse(%q)", in)
		rep := scoreReport(in, r, ixs, scoring.Options{})
		if err != nil {
			require.Nil(t, blocks)
			require.False(t, rep.OK, "Score accepts what Parse refuses: %q", in)
			require.Nil(t, rep.Total, "a score from malformed blocks: %q", in)
			require.Empty(t, rep.Criteria)
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs)
			require.LessOrEqual(t, len(errs), (50)+1)
			for _, e := range errs {
				require.NotEmpty(t, e.Code)
				require.True(t, utf8.ValidString(e.Msg), "message %q", e.Msg)
				require.True(t, e.Line >= 0 && e.Line <= strings.Count(in, "\n")+1, "line %d of %q", e.Line, in)
			}
			return
		}
		require.Len(t, blocks, len(r.Criteria))
		for i, b := range blocks {
			require.Equal(t, r.Criteria[i].Name, b.Criterion)
			if b.Verdict == scoring.Unrated {
				require.True(t, b.NeedsInput(), "an unrated block asks a question")
			}
			for _, c := range b.Citations {
				require.NotEmpty(t, strings.TrimSpace(c.Text))
			}
		}
		// Parse has no sources, so only Score can tell that a question
		// quotes words no source holds; every other refusal is Parse's.
		for _, e := range rep.Errors {
			require.Equal(t, fault.QuestionQuoteNotFound, e.Code, "Score refuses what Parse accepts: %v", rep.Errors)
		}
		if !rep.OK {
			require.NotEmpty(t, rep.Errors)
			return
		}
		require.Equal(t, rep, scoreReport(in, r, ixs, scoring.Options{}), "Score is deterministic")
		require.Equal(t, "100", rep.Total.OutOf)

		// A total written after valid blocks is refused.
		_, err = scoring.Parse(in+"\nTotal: 85\n", r, sourceNames)
		require.Error(t, err, "a made-up total was accepted after %q", in)
	})
}

// TestParseNeverPanics is the fuzz target's no-panic property run over
// every combination of list marker, key and value a line can have, placed
// before the first heading, inside a block, after the last one and alone:
// the shape of line that once reached a block that was not there.
func TestParseNeverPanics(t *testing.T) {
	bullets := []string{"", "- ", "* ", "+ "}
	keys := []string{"[score]", "[total]", "[points]", "[weight (x)]", "score", "Total", "Verdict", "Citation",
		"Citation (opportunity)", "Citation (nowhere)", "[NEEDS INPUT", "[", "#", "##", "## eligibility", "(org profile)"}
	values := []string{"", ":", ": x", ": 5", `: "Applicants must be 501(c)(3) nonprofit organizations"`,
		": [NEEDS INPUT: which one?]", ": [NEEDS INPUT: total 98/100?]", ": STRONG", ": ſtrong"}
	block := "## eligibility\n- Verdict: STRONG\n- Citation (opportunity): \"Applicants must be 501(c)(3) nonprofit organizations\"\n"
	r := scoring.GrantFit()
	for _, b := range bullets {
		for _, k := range keys {
			for _, v := range values {
				line := b + k + v
				for _, in := range []string{line, line + "\n" + block, block + line + "\n", block + "\n" + line} {
					var err error
					require.NotPanics(t, func() { _, err = scoring.Parse(in, r, sourceNames) }, "Parse(%q)", in)
					var errs scoring.ErrorList
					if err != nil {
						require.ErrorAs(t, err, &errs)
						for _, e := range errs {
							require.NotEmpty(t, e.Code, "Parse(%q)", in)
						}
					}
				}
			}
		}
	}
}
