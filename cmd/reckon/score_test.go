package main

import (
	"os"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

var grantSources = []string{
	"-source", "opportunity=../../scoring/testdata/opportunity.txt",
	"-source", "org profile=../../scoring/testdata/profile.txt",
}

func TestScoreExample(t *testing.T) {
	blocks := readFile(t, "../../scoring/testdata/blocks/example.md")
	out := reckon(t, blocks, append([]string{"score"}, grantSources...)...)
	require.Equal(t, exitRefused, out.code, "one citation is not in its source")
	require.Contains(t, out.stderr, "not found")
	rep := stdoutJSON[scoring.Report](t, out)
	require.True(t, rep.OK)
	require.False(t, rep.Verified)
	require.Equal(t, "70", rep.Total.Points)
	require.Equal(t, "100", rep.Total.OutOf)
	for _, c := range rep.Criteria {
		if c.Name == "mission alignment" {
			require.Equal(t, "15", c.Points, "MODERATE on mission alignment earns 3/5 of 25")
		}
	}
	require.Len(t, rep.NeedsInput, 1)

	out = reckon(t, blocks, append([]string{"score", "-keep"}, grantSources...)...)
	require.Equal(t, "80", stdoutJSON[scoring.Report](t, out).Total.Points, "kept and flagged, the award-size verdict earns its 10")
}

func TestScoreAllStrong(t *testing.T) {
	blocks := readFile(t, "../../scoring/testdata/blocks/strong.md")
	out := reckon(t, blocks, append([]string{"score"}, grantSources...)...)
	require.Equal(t, exitOK, out.code, out.stderr)
	rep := stdoutJSON[scoring.Report](t, out)
	require.True(t, rep.Verified)
	require.Equal(t, "100", rep.Total.Points)
}

func TestScoreRefusesMadeUpNumbers(t *testing.T) {
	blocks := "## eligibility\n- Verdict: STRONG\n- Score: 20/20\n"
	out := reckon(t, blocks, append([]string{"score"}, grantSources...)...)
	require.Equal(t, exitRefused, out.code)
	rep := stdoutJSON[scoring.Report](t, out)
	require.False(t, rep.OK)
	require.Nil(t, rep.Total, "malformed blocks never produce a score")
	require.Contains(t, rep.Errors.Codes(), "score_field")
}

func TestScoreRubricAndPrompt(t *testing.T) {
	dir := t.TempDir()
	rubric := dir + "/rubric.json"
	require.NoError(t, os.WriteFile(rubric, []byte(`{"name": "two", "total": "10", "criteria": [
		{"name": "eligibility", "weight": "4", "description": "whether the organization may apply"},
		{"name": "fit", "weight": "6", "description": "how well the program fits"}]}`), 0o644))
	out := reckon(t, "", "score", "-prompt", "-rubric", rubric, "-source", "opportunity=../../scoring/testdata/opportunity.txt")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Contains(t, out.stdout, "eligibility")
	require.False(t, strings.ContainsAny(out.stdout, "0123456789"), "the prompt holds no weight:\n%s", out.stdout)

	require.NoError(t, os.WriteFile(rubric, []byte(`{"total": "100", "criteria": [{"name": "a", "weight": "0"}]}`), 0o644))
	require.Equal(t, exitUsage, reckon(t, "", "score", "-rubric", rubric, "-source", "a=x").code)
	require.Equal(t, exitUsage, reckon(t, "", "score").code, "no source")
}

// TestScoreSurvivesScoreFields: a score-word field before the first block
// once panicked the parser, so `reckon score` died with a stack trace and
// exit 2. It is a refusal like any other: a report, exit 1.
func TestScoreSurvivesScoreFields(t *testing.T) {
	for _, in := range []string{"[score]: x\n", "- [total]: 5\n", "[points]:", "[score]: x\n## eligibility\n- Verdict: STRONG\n"} {
		out := reckon(t, in, append([]string{"score"}, grantSources...)...)
		require.Equal(t, exitRefused, out.code, "reckon score < %q: %s", in, out.stderr)
		require.NotContains(t, out.stderr, "panic", in)
		rep := stdoutJSON[scoring.Report](t, out)
		require.False(t, rep.OK)
		require.Nil(t, rep.Total)
		require.Equal(t, "score_field", rep.Errors[0].Code, in)
	}
}

// TestScoreFlaggedEvidence: every citation found is not enough for exit 0
// when a passage backs two criteria; the report says so in evidence_ok.
func TestScoreFlaggedEvidence(t *testing.T) {
	blocks := strings.Replace(readFile(t, "../../scoring/testdata/blocks/strong.md"),
		`"Our after-school tutoring program serves 180 students a year"`,
		`"Our mission is to help first-generation students finish high school and enroll in college."`, 1)
	out := reckon(t, blocks, append([]string{"score"}, grantSources...)...)
	require.Equal(t, exitRefused, out.code, out.stderr)
	require.Contains(t, out.stderr, "evidence was flagged")
	rep := stdoutJSON[scoring.Report](t, out)
	require.True(t, rep.OK)
	require.True(t, rep.Verified, "verified means every citation found, and each is")
	require.True(t, rep.CitationsFound)
	require.False(t, rep.EvidenceOK)
	require.Equal(t, "55", rep.Total.Points, "mission alignment and program fit rest on one passage")
}
