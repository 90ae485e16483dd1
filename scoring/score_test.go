package scoring_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// points returns each criterion's name and points as "name=points".
func points(rep scoring.Report) []string {
	var out []string
	for _, c := range rep.Criteria {
		out = append(out, c.Name+"="+c.Points)
	}
	return out
}

func TestScoreSeedFigures(t *testing.T) {
	tests := []struct {
		name     string
		blocks   string
		opts     scoring.Options
		points   []string
		total    scoring.Total
		verified bool
		reason   string
	}{{
		name:   "all strong",
		blocks: "blocks/strong.md",
		points: []string{"eligibility=20", "mission alignment=25", "program fit=20", "track record=15", "award size=10", "timeline=10"},
		total:  scoring.Total{Points: "100", OutOf: "100", Percent: "100"}, verified: true,
	}, {
		name:   "realistic mix",
		blocks: "blocks/mixed.md",
		points: []string{"eligibility=20", "mission alignment=15", "program fit=12", "track record=3", "award size=10", "timeline=2"},
		total:  scoring.Total{Points: "62", OutOf: "100", Percent: "62"}, verified: true,
		reason: "MODERATE on mission alignment is 3/5 × 25 = 15; on program fit 3/5 × 20 = 12; WEAK on track record 1/5 × 15 = 3",
	}, {
		name:   "a misquote downgrades, a question waits",
		blocks: "blocks/example.md",
		points: []string{"eligibility=20", "mission alignment=15", "program fit=20", "track record=15", "award size=0", "timeline=0"},
		total:  scoring.Total{Points: "70", OutOf: "100", Percent: "70", Pending: "10"},
		reason: "award size quotes $65,000 where the profile says $60,000; timeline asks a question",
	}, {
		name:   "keep and flag",
		blocks: "blocks/example.md",
		opts:   scoring.Options{Policy: scoring.KeepAndFlag},
		points: []string{"eligibility=20", "mission alignment=15", "program fit=20", "track record=15", "award size=10", "timeline=0"},
		total:  scoring.Total{Points: "80", OutOf: "100", Percent: "80", Pending: "10"},
		reason: "the misquoted verdict keeps its points but stays flagged, and the report is not verified",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := scoreReport(read(t, tc.blocks), scoring.GrantFit(), sources(t), tc.opts)
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			require.Equal(t, tc.points, points(rep), tc.reason)
			require.Equal(t, &tc.total, rep.Total, tc.reason)
			require.Equal(t, tc.verified, rep.Verified)
		})
	}
}

func TestScoreFlags(t *testing.T) {
	rep := scoreReport(read(t, "blocks/example.md"), scoring.GrantFit(), sources(t), scoring.Options{})
	award, timeline := rep.Criteria[4], rep.Criteria[5]
	require.Equal(t, scoring.None, award.Verdict)
	require.Equal(t, scoring.Strong, award.Stated)
	require.Equal(t, "0/1", award.Fraction)
	require.Equal(t, scoring.FlagCitationNotFound|scoring.FlagDowngraded, award.Flags)
	require.True(t, award.Citations[0].Found)
	bad := award.Citations[1]
	require.False(t, bad.Found)
	require.Equal(t, quote.NotFound, bad.Reason)
	require.Equal(t, "source says $60,000 where the quote says $65,000", bad.Nearest.Differs)

	require.Equal(t, scoring.Unrated, timeline.Verdict)
	require.Equal(t, scoring.FlagNeedsInput, timeline.Flags)
	require.Equal(t, []scoring.Question{{Criterion: "timeline", Line: 26,
		Question: "can the summer bridge program begin by \"July 1, 2025\"?"}}, rep.NeedsInput)

	mission := rep.Criteria[1]
	require.Equal(t, scoring.Moderate, mission.Verdict)
	require.Equal(t, "25", mission.Weight)
	require.Equal(t, "3/5", mission.Fraction)
	require.Equal(t, "15", mission.Points)
	require.Equal(t, quote.Whitespace, mission.Citations[0].Tier, "the quote spans a line break of the source")
}

func TestScoreCitationFailures(t *testing.T) {
	r := scoring.Rubric{Criteria: []scoring.Criterion{
		{Name: "eligibility", Weight: 40, Description: "who may apply"},
		{Name: "mission alignment", Weight: 60, Description: "shared purpose"},
	}}
	tests := []struct {
		name    string
		cite    string
		verdict string
		flags   scoring.Flags
		reason  quote.Reason
		points  string
	}{
		{name: "found", cite: `(org profile): "help first-generation students finish high school"`,
			verdict: "STRONG", points: "60"},
		{name: "wrong source", cite: `(org profile): "Grants range from $25,000 to $75,000"`,
			verdict: "NONE", flags: scoring.FlagWrongSource | scoring.FlagDowngraded, reason: quote.WrongSource, points: "0"},
		{name: "too short", cite: `(org profile): "mission"`,
			verdict: "NONE", flags: scoring.FlagCitationNotFound | scoring.FlagDowngraded, reason: quote.TooShort, points: "0"},
		{name: "paraphrase", cite: `(org profile): "we help students who are the first in their family to go to college"`,
			verdict: "NONE", flags: scoring.FlagCitationNotFound | scoring.FlagDowngraded, reason: quote.NotFound, points: "0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			blocks := "## eligibility\n- Verdict: NONE\n## mission alignment\n- Verdict: STRONG\n- Citation " + tc.cite + "\n"
			rep := scoreReport(blocks, r, sources(t), scoring.Options{})
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			c := rep.Criteria[1]
			require.Equal(t, tc.verdict, c.Verdict.String())
			require.Equal(t, tc.flags, c.Flags)
			require.Equal(t, tc.reason, c.Citations[0].Reason)
			require.Equal(t, tc.points, c.Points)
			require.Equal(t, tc.points, rep.Total.Points)
			require.Equal(t, tc.flags == 0, rep.Verified)
		})
	}
}

func TestScorePercent(t *testing.T) {
	crit := func(name string, w int64) scoring.Criterion {
		return scoring.Criterion{Name: name, Weight: w, Description: "what " + name + " means"}
	}
	// Each criterion cites its own passage: one passage may not back two.
	cites := []string{
		"- Citation (org profile): \"Volunteer mentors meet weekly with each student.\"\n",
		"- Citation (org profile): \"Our after-school tutoring program serves 180 students a year\"\n",
		"- Citation (org profile): \"Our mission is to help first-generation students\"\n",
	}
	tests := []struct {
		name     string
		rubric   scoring.Rubric
		verdicts []string
		want     scoring.Total
		reason   string
	}{
		{name: "thirds", rubric: scoring.Rubric{Total: 30, Criteria: []scoring.Criterion{crit("a", 10), crit("b", 10), crit("c", 10)}},
			verdicts: []string{"MODERATE", "STRONG", "NONE"}, want: scoring.Total{Points: "16", OutOf: "30", Percent: "53.33", Inexact: true},
			reason: "16/30 is 53.333…%, rounded half-even to two places and flagged"},
		{name: "fifths of one point", rubric: scoring.Rubric{Total: 3, Criteria: []scoring.Criterion{crit("a", 1), crit("b", 1), crit("c", 1)}},
			verdicts: []string{"WEAK", "MODERATE", "NONE"}, want: scoring.Total{Points: "0.8", OutOf: "3", Percent: "26.67", Inexact: true},
			reason: "points are exact decimals: 1/5 + 3/5 of one point"},
		{name: "terminating", rubric: scoring.Rubric{Total: 8, Criteria: []scoring.Criterion{crit("a", 1), crit("b", 7)}},
			verdicts: []string{"WEAK", "NONE"}, want: scoring.Total{Points: "0.2", OutOf: "8", Percent: "2.5"},
			reason: "a percentage with a finite expansion is written in full"},
		{name: "long terminating", rubric: scoring.Rubric{Total: 64, Criteria: []scoring.Criterion{crit("a", 1), crit("b", 63)}},
			verdicts: []string{"WEAK", "NONE"}, want: scoring.Total{Points: "0.2", OutOf: "64", Percent: "0.3125"}},
		{name: "nothing", rubric: scoring.Rubric{Total: 7, Criteria: []scoring.Criterion{crit("a", 7)}},
			verdicts: []string{"NONE"}, want: scoring.Total{Points: "0", OutOf: "7", Percent: "0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			for i, v := range tc.verdicts {
				b.WriteString("## " + tc.rubric.Criteria[i].Name + "\n- Verdict: " + v + "\n" + cites[i])
			}
			rep := scoreReport(b.String(), tc.rubric, sources(t), scoring.Options{})
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			require.Equal(t, &tc.want, rep.Total, tc.reason)
		})
	}
}

func TestScoreRefused(t *testing.T) {
	tests := []struct {
		name    string
		blocks  string
		rubric  scoring.Rubric
		sources *quote.Sources
		opts    scoring.Options
		want    []string
	}{
		{name: "parse errors", blocks: strings.Replace(read(t, "blocks/mixed.md"), "- Verdict: WEAK", "- Verdict: WEAK\n- Score: 3/15", 1),
			rubric: scoring.GrantFit(), sources: sources(t), want: []string{"score_field"}},
		{name: "invalid rubric", blocks: read(t, "blocks/mixed.md"), rubric: scoring.Rubric{}, sources: sources(t), want: []string{"no_criteria"}},
		{name: "no sources", blocks: read(t, "blocks/mixed.md"), rubric: scoring.GrantFit(), want: []string{"no_sources"}},
		{name: "invalid policy", blocks: read(t, "blocks/mixed.md"), rubric: scoring.GrantFit(), sources: sources(t),
			opts: scoring.Options{Policy: 7}, want: []string{"invalid_option"}},
		{name: "invalid quote option", blocks: read(t, "blocks/mixed.md"), rubric: scoring.GrantFit(), sources: sources(t),
			opts: scoring.Options{Quote: quote.Options{MinWords: -2}}, want: []string{"invalid_option"}},
		{name: "too many quotes", blocks: read(t, "blocks/mixed.md"), rubric: scoring.GrantFit(), sources: sources(t),
			opts: scoring.Options{Quote: quote.Options{MaxQuotes: 3}}, want: []string{"quote_request_failed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := scoreReport(tc.blocks, tc.rubric, tc.sources, tc.opts)
			require.False(t, rep.OK)
			require.False(t, rep.Verified)
			require.Nil(t, rep.Total, "no score from a refusal")
			require.Empty(t, rep.Criteria)
			require.Equal(t, tc.want, rep.Errors.Codes())
			out, err := json.Marshal(rep)
			require.NoError(t, err)
			require.Contains(t, string(out), `{"ok":false,"verified":false,"total":null,"criteria":[],"needs_input":[],"errors":[`)
		})
	}
}

func TestReportJSON(t *testing.T) {
	rep := scoreReport(read(t, "blocks/example.md"), scoring.GrantFit(), sources(t), scoring.Options{})
	out, err := json.MarshalIndent(rep, "", "  ")
	require.NoError(t, err)
	golden(t, "example.report.json", append(out, '\n'))

	var back scoring.Report
	require.NoError(t, json.Unmarshal(out, &back))
	require.Equal(t, rep, back, "a report survives a JSON round trip")

	refused := scoreReport("Total: 85\n", scoring.GrantFit(), sources(t), scoring.Options{})
	out, err = json.MarshalIndent(refused, "", "  ")
	require.NoError(t, err)
	golden(t, "refused.report.json", append(out, '\n'))
	back = scoring.Report{}
	require.NoError(t, json.Unmarshal(out, &back))
	require.Equal(t, refused, back)
}

func TestScoreRequest(t *testing.T) {
	texts := map[string]string{"opportunity": read(t, "opportunity.txt"), "org profile": read(t, "profile.txt")}
	body, err := json.Marshal(map[string]any{"blocks": read(t, "blocks/mixed.md"), "sources": texts})
	require.NoError(t, err)
	req, err := scoring.ParseRequest(body)
	require.NoError(t, err)
	rep := scoreRequestReport(req, scoring.Options{})
	require.True(t, rep.OK)
	require.Equal(t, "62", rep.Total.Points, "the grant-fit rubric is the default")

	body, err = json.Marshal(map[string]any{"blocks": "## fit\n- Verdict: MODERATE\n- Citation (org profile): \"Volunteer mentors meet weekly\"\n",
		"sources": texts, "rubric": json.RawMessage(`{"total": "5", "criteria": [{"name": "fit", "weight": "5", "description": "fit"}]}`)})
	require.NoError(t, err)
	req, err = scoring.ParseRequest(body)
	require.NoError(t, err)
	rep = scoreRequestReport(req, scoring.Options{})
	require.Equal(t, &scoring.Total{Points: "3", OutOf: "5", Percent: "60"}, rep.Total)

	// an HTML source is searched as a reader sees it: its tags are not
	// text, and a sentence hidden by its style is not evidence
	rubric := json.RawMessage(`{"total": "5", "criteria": [{"name": "fit", "weight": "5", "description": "fit"}]}`)
	page := map[string]string{"org.htm": `<p>Volunteer <b>mentors</b> meet weekly.</p><p style="display:none">We won three national awards.</p>`}
	for cite, found := range map[string]bool{"Volunteer mentors meet weekly": true, "We won three national awards": false, "<b>mentors</b>": false} {
		body, err = json.Marshal(map[string]any{"blocks": "## fit\n- Verdict: MODERATE\n- Citation (org.htm): \"" + cite + "\"\n",
			"sources": page, "rubric": rubric})
		require.NoError(t, err)
		req, err = scoring.ParseRequest(body)
		require.NoError(t, err)
		rep = scoreRequestReport(req, scoring.Options{})
		require.Equal(t, found, rep.CitationsFound, "%s: %+v", cite, rep.Criteria)
	}

	for in, code := range map[string]string{
		`{"blocks": "", "sources": {}, "rubric": {"criteria": [{"name": "a", "weight": "0", "description": "d"}]}}`: "invalid_weight",
		`{"blocks": "", "sources": {}, "score": "85"}`:                                                              "bad_request",
		`{"blocks": ""} []`: "bad_request",
		// encoding/json took the last "blocks", or "Blocks" for blocks.
		`{"blocks": "## a", "blocks": ""}`:                           "bad_request",
		`{"Blocks": ""}`:                                             "bad_request",
		`{"sources": {"a": "x", "A": "y"}}`:                          "bad_request",
		`{"rubric": {"total": "5", "criteria": [], "Criteria": []}}`: "bad_request",
		`{"rubric": {"totals": "5"}}`:                                "invalid_rubric",
	} {
		_, err := scoring.ParseRequest([]byte(in))
		var errs scoring.ErrorList
		require.ErrorAs(t, err, &errs, "ParseRequest(%s)", in)
		require.Equal(t, code, errs[0].Code, "ParseRequest(%s)", in)
	}
}
