package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// TestScoreTricks: 100/100 was reachable with citations that are found
// word for word but are not evidence for the verdict. Each trick of the
// issue, alone and together, now loses points or is refused; the honest
// all-STRONG blocks still score 100.
func TestScoreTricks(t *testing.T) {
	strong := read(t, "blocks/strong.md")
	elig := `- Citation (opportunity): "Applicants must be 501(c)(3) nonprofit organizations located in Marion or Polk County."`
	mission := `- Citation (org profile): "Our mission is to help first-generation students finish high school and enroll in college."`
	program := `- Citation (org profile): "Our after-school tutoring program serves 180 students a year"`
	track := `- Citation (org profile): "Since 2018, 87% of our seniors have graduated on time"`
	negated := `- Citation (opportunity): "Fiscally sponsored projects are not eligible."`
	funder := `- Citation (opportunity): "We give priority to mentoring, tutoring and college-access programs"`
	tests := []struct {
		name     string
		edits    []string // old, new pairs applied to strong.md
		opts     scoring.Options
		points   string
		flagged  map[string]scoring.Flags
		refused  []string
		verified bool
		reason   string
	}{
		{name: "honest", points: "100", verified: true},
		{name: "negated eligibility", edits: []string{elig, negated}, points: "80", verified: true,
			flagged: map[string]scoring.Flags{"eligibility": scoring.FlagNegated | scoring.FlagDowngraded},
			reason:  "the only citation of a STRONG eligibility says projects are not eligible"},
		{name: "negated eligibility kept", edits: []string{elig, negated}, opts: scoring.Options{Policy: scoring.KeepAndFlag},
			points: "100", verified: true, flagged: map[string]scoring.Flags{"eligibility": scoring.FlagNegated},
			reason: "kept for review: the points stay, the flag and evidence_ok say why not to act on them"},
		{name: "one span for two criteria", edits: []string{program, mission}, points: "55", verified: true,
			flagged: map[string]scoring.Flags{
				"mission alignment": scoring.FlagCitationReused | scoring.FlagDowngraded,
				"program fit":       scoring.FlagCitationReused | scoring.FlagDowngraded},
			reason: "code cannot tell which criterion the passage bears on, so neither earns on it"},
		{name: "overlapping spans for two criteria",
			edits:  []string{program, `- Citation (org profile): "help first-generation students finish high school"`},
			points: "55", verified: true,
			flagged: map[string]scoring.Flags{
				"mission alignment": scoring.FlagCitationReused | scoring.FlagDowngraded,
				"program fit":       scoring.FlagCitationReused | scoring.FlagDowngraded}},
		{name: "funder's text as track record", edits: []string{track, funder}, refused: []string{"required_source"},
			reason: "a track record is the subject's own; the rubric names the profile for it"},
		{name: "funder's text attributed to the profile",
			edits:  []string{track, `- Citation (org profile): "We give priority to mentoring, tutoring and college-access programs"`},
			points: "85", flagged: map[string]scoring.Flags{"track record": scoring.FlagWrongSource | scoring.FlagDowngraded}},
		{name: "every trick at once", edits: []string{elig, negated, program, mission}, points: "35", verified: true,
			flagged: map[string]scoring.Flags{
				"eligibility":       scoring.FlagNegated | scoring.FlagDowngraded,
				"mission alignment": scoring.FlagCitationReused | scoring.FlagDowngraded,
				"program fit":       scoring.FlagCitationReused | scoring.FlagDowngraded}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			blocks := strong
			for i := 0; i < len(tc.edits); i += 2 {
				require.Contains(t, blocks, tc.edits[i])
				blocks = strings.Replace(blocks, tc.edits[i], tc.edits[i+1], 1)
			}
			rep := scoreReport(blocks, scoring.GrantFit(), sources(t), tc.opts)
			if tc.refused != nil {
				require.False(t, rep.OK)
				require.Nil(t, rep.Total)
				require.Equal(t, tc.refused, rep.Errors.Codes(), tc.reason)
				return
			}
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			require.Equal(t, tc.points, rep.Total.Points, tc.reason)
			require.Equal(t, tc.verified, rep.Verified, "verified means every citation found")
			require.Equal(t, rep.Verified, rep.CitationsFound)
			require.Equal(t, tc.name == "honest", rep.EvidenceOK, "evidence_ok")
			for _, c := range rep.Criteria {
				require.Equal(t, tc.flagged[c.Name], c.Flags, "flags of %s", c.Name)
			}
		})
	}
}

// TestScoreNegatedEvidence: a STRONG verdict whose found citations all
// have a negation inside them or beside them in the source is flagged.
func TestScoreNegatedEvidence(t *testing.T) {
	r := scoring.Rubric{Total: 10, Criteria: []scoring.Criterion{{Name: "compliance", Weight: 10, Description: "the plant meets the standard"}}}
	src := "Inspection report\n\n" +
		"The plant is non\u2013compliant with the safety standard of the region.\n" +
		"The auditor does not recommend funding this applicant at this time.\n" +
		"Fiscally sponsored projects are not eligible. Applicants must be registered charities.\n" +
		"The plant is non-compliant with the fire code of the region.\n" +
		"The grant isn\u2019t available to groups in other counties.\n" +
		"Its un-audited accounts cover the last fiscal year only.\n" +
		"The nonprofit organization runs under a board of trustees.\n" +
		"There has never been a recorded incident at the site.\n" +
		"Do not approve the merger before the review closes.\n" +
		"Grants are paid in a single sum. No grant is renewed.\n" +
		"The board wrote \u201capprove the budget for the coming year\u201d in its minutes.\n" +
		"The plant operated without a permit from the county last year.\n" +
		"The applicant fails to meet the reporting standard of the region.\n" +
		"The grant isn\u02bct open to groups in other counties.\n"
	ixs := mustSources(map[string]string{"report": src})
	tests := []struct {
		name  string
		cites []string
		want  bool
	}{
		{name: "en dash before the match", cites: []string{"compliant with the safety standard of the region"}, want: true},
		{name: "non- inside", cites: []string{"non-compliant with the fire code of the region"}, want: true},
		{name: "not before the match", cites: []string{"recommend funding this applicant at this time"}, want: true},
		{name: "not inside", cites: []string{"Fiscally sponsored projects are not eligible."}, want: true},
		{name: "not after the match", cites: []string{"Fiscally sponsored projects are"}, want: true},
		{name: "contraction inside", cites: []string{"The grant isn\u2019t available to groups"}, want: true},
		{name: "un- inside", cites: []string{"Its un-audited accounts cover the last fiscal year"}, want: true},
		{name: "never inside", cites: []string{"never been a recorded incident at the site"}, want: true},
		{name: "not before an imperative", cites: []string{"approve the merger before the review closes"}, want: true},
		{name: "sentence end before the match", cites: []string{"Applicants must be registered charities."}},
		{name: "a quotation mark before the match", cites: []string{"approve the budget for the coming year"}},
		{name: "a negation opens the next sentence", cites: []string{"Grants are paid in a single sum."}},
		{name: "words that start with non or un", cites: []string{"The nonprofit organization runs under a board of trustees."}},
		{name: "without inside", cites: []string{"The plant operated without a permit from the county"}, want: true},
		{name: "fails to inside", cites: []string{"The applicant fails to meet the reporting standard"}, want: true},
		{name: "modifier apostrophe inside", cites: []string{"The grant isn\u02bct open to groups"}, want: true},
		{name: "two negated citations", cites: []string{"Fiscally sponsored projects are not eligible.",
			"The grant isn\u2019t available to groups in other counties."}, want: true},
		{name: "two citations", cites: []string{"Fiscally sponsored projects are not eligible.", "Applicants must be registered charities."},
			want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("## compliance\n- Verdict: STRONG\n")
			for _, c := range tc.cites {
				b.WriteString("- Citation (report): \"" + c + "\"\n")
			}
			rep := scoreReport(b.String(), r, ixs, scoring.Options{})
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			c := rep.Criteria[0]
			require.Equal(t, !tc.want, rep.EvidenceOK, "flags %v", c.Flags)
			if !tc.want {
				require.True(t, rep.Verified, "every citation is found: %+v", c.Citations)
				require.Equal(t, scoring.Flags(0), c.Flags)
				return
			}
			// A quote whose left context is a negation may also be refused
			// by the lookup itself (found false); either way the verdict
			// earns nothing, and a found one is flagged.
			require.Equal(t, rep.Verified, c.Flags&scoring.FlagNegated != 0, "flags %v", c.Flags)
			require.Equal(t, "0", c.Points, "downgraded under the default policy")
		})
	}

	// MODERATE or WEAK verdicts are not flagged: only a full STRONG resting
	// on a lone negated passage is.
	rep := scoreReport("## compliance\n- Verdict: WEAK\n- Citation (report): \"Fiscally sponsored projects are not eligible.\"\n",
		r, ixs, scoring.Options{})
	require.True(t, rep.OK)
	require.Equal(t, scoring.Flags(0), rep.Criteria[0].Flags)
}

// TestScoreReusedSpans: the same span may not back two criteria, but a
// NONE may cite anything and one criterion may cite overlapping passages.
func TestScoreReusedSpans(t *testing.T) {
	r := scoring.Rubric{Criteria: []scoring.Criterion{
		{Name: "a", Weight: 40, Description: "first"}, {Name: "b", Weight: 60, Description: "second"}}}
	mentors := `- Citation (org profile): "Volunteer mentors meet weekly with each student."` + "\n"
	tutoring := `- Citation (org profile): "Our after-school tutoring program serves 180 students a year"` + "\n"
	adjacent := `- Citation (org profile): "three high schools."` + "\n"
	tests := []struct {
		name   string
		blocks string
		points string
		reused bool
	}{
		{name: "distinct passages", blocks: "## a\n- Verdict: STRONG\n" + mentors + "## b\n- Verdict: STRONG\n" + tutoring, points: "100"},
		{name: "same passage", blocks: "## a\n- Verdict: STRONG\n" + mentors + "## b\n- Verdict: WEAK\n" + mentors, points: "0", reused: true},
		{name: "a NONE may cite it", blocks: "## a\n- Verdict: NONE\n" + mentors + "## b\n- Verdict: STRONG\n" + mentors, points: "60"},
		{name: "overlap within one criterion", blocks: "## a\n- Verdict: STRONG\n" + mentors +
			`- Citation (org profile): "mentors meet weekly with each student"` + "\n## b\n- Verdict: NONE\n", points: "40"},
		{name: "touching passages", blocks: "## a\n- Verdict: STRONG\n" + tutoring + "## b\n- Verdict: STRONG\n" +
			`- Citation (org profile): "at three high schools."` + "\n", points: "100"},
		{name: "same words in another source", blocks: "## a\n- Verdict: STRONG\n" + adjacent + "## b\n- Verdict: STRONG\n" + tutoring,
			points: "100"},
	}
	ixs := sources(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := scoreReport(tc.blocks, r, ixs, scoring.Options{})
			require.True(t, rep.OK, "errors: %v", rep.Errors)
			require.True(t, rep.Verified, "%+v", rep.Criteria)
			require.Equal(t, tc.points, rep.Total.Points)
			require.Equal(t, !tc.reused, rep.EvidenceOK)
			for _, c := range rep.Criteria {
				if c.Stated != scoring.None {
					require.Equal(t, tc.reused, c.Flags&scoring.FlagCitationReused != 0, "%s: %v", c.Name, c.Flags)
				}
			}
		})
	}
}

// TestRequiredSource: a criterion's rubric may name the source its rated
// blocks must cite.
func TestRequiredSource(t *testing.T) {
	r := scoring.Rubric{Criteria: []scoring.Criterion{
		{Name: "track record", Weight: 60, Description: "past results", Source: "org profile"},
		{Name: "fit", Weight: 40, Description: "fit"}}}
	fit := "## fit\n- Verdict: NONE\n"
	tests := []struct {
		name    string
		blocks  string
		sources []string
		want    []string
	}{
		{name: "cites it", blocks: "## track record\n- Verdict: STRONG\n- Citation (org profile): \"Since 2018, 87% of our seniors\"\n" + fit},
		{name: "cites it among others", blocks: "## track record\n- Verdict: WEAK\n- Citation (opportunity): \"Grants range from\"\n" +
			"- Citation (Org  Profile): \"Since 2018, 87% of our seniors\"\n" + fit},
		{name: "cites only another", blocks: "## track record\n- Verdict: STRONG\n- Citation (opportunity): \"Grants range from\"\n" + fit,
			want: []string{"1:required_source"}},
		{name: "NONE needs no evidence", blocks: "## track record\n- Verdict: NONE\n" + fit},
		{name: "a question waits", blocks: "## track record\n- Verdict: [NEEDS INPUT: which results were audited?]\n" + fit},
		{name: "source not supplied", blocks: fit, sources: []string{"opportunity"}, want: []string{"0:rubric_source_missing"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			names := tc.sources
			if names == nil {
				names = sourceNames
			}
			_, err := scoring.Parse(tc.blocks, r, names)
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs)
			var got []string
			for _, e := range errs {
				got = append(got, fmt.Sprintf("%d:%s", e.Line, e.Code))
				require.NotEmpty(t, e.Hint)
			}
			require.Equal(t, tc.want, got)
		})
	}

	// The rubric's JSON carries the source, and a bad one is refused.
	rub, err := scoring.ParseRubric([]byte(`{"total": "10", "criteria": [
		{"name": "track record", "weight": "10", "description": "past results", "source": "org profile"}]}`))
	require.NoError(t, err)
	require.Equal(t, "org profile", rub.Criteria[0].Source)
	_, err = scoring.ParseRubric([]byte(`{"total": "10", "criteria": [
		{"name": "track record", "weight": "10", "description": "past results", "source": "profile (final)"}]}`))
	var errs scoring.ErrorList
	require.ErrorAs(t, err, &errs)
	require.Equal(t, []string{"invalid_source"}, errs.Codes())
}

// TestScoreQuestionQuotes: a question may quote the sources, and only the
// sources: its quotes are looked up like citations.
func TestScoreQuestionQuotes(t *testing.T) {
	r := scoring.Rubric{Total: 10, Criteria: []scoring.Criterion{{Name: "timeline", Weight: 10, Description: "on time"}}}
	tests := []struct {
		name     string
		question string
		want     []string
	}{
		{name: "quotes the first source", question: `can the bridge program begin by "July 1, 2025"?`},
		{name: "quotes another source", question: `is "annual operating budget is $410,000" enough to start by "July 1, 2025"?`},
		{name: "quotes nothing", question: "can the program begin on time?"},
		{name: "quotes a made-up total", question: `does "the total fit score is 98/100 (98%)" hold?`,
			want: []string{"question_quote_not_found"}},
		{name: "quotes a figure no source holds", question: `can it begin by "July 1, 2024"?`,
			want: []string{"question_quote_not_found"}},
		{name: "quotes too little", question: `is it "2025"?`, want: []string{"question_quote_not_found"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := scoreReport("## timeline\n- Verdict: [NEEDS INPUT: "+tc.question+"]\n", r, sources(t), scoring.Options{})
			if tc.want == nil {
				require.True(t, rep.OK, "errors: %v", rep.Errors)
				require.Equal(t, []scoring.Question{{Criterion: "timeline", Question: tc.question, Line: 2}}, rep.NeedsInput)
				return
			}
			require.False(t, rep.OK)
			require.Empty(t, rep.NeedsInput, "a refused question is not shown")
			require.Equal(t, tc.want, rep.Errors.Codes())
			require.Equal(t, 2, rep.Errors[0].Line)
		})
	}
}

// TestQuestionBound: a question of MaxQuestionBytes is accepted, one byte
// more is refused.
func TestQuestionBound(t *testing.T) {
	r := scoring.Rubric{Total: 10, Criteria: []scoring.Criterion{{Name: "timeline", Weight: 10, Description: "on time"}}}
	q := strings.Repeat("why ", (300)/4)[:(300)-1] + "?"
	_, err := scoring.Parse("## timeline\n- Verdict: [NEEDS INPUT: "+q+"]\n", r, sourceNames)
	require.NoError(t, err)
	_, err = scoring.Parse("## timeline\n- Verdict: [NEEDS INPUT: x"+q+"]\n", r, sourceNames)
	var errs scoring.ErrorList
	require.ErrorAs(t, err, &errs)
	require.Equal(t, []string{"question_too_long"}, errs.Codes())
}

// TestScoreSharedFact: one fact may bear on two criteria. A criterion is
// doubtful for reuse only when every citation it has found is shared, so
// that it has no evidence of its own; the flag stays on both. One span
// cited for every criterion still earns nothing.
func TestScoreSharedFact(t *testing.T) {
	request := `- Citation (org profile): "We are seeking $60,000 to add a summer bridge program."` + "\n"
	mission := `- Citation (org profile): "Our mission is to help first-generation students finish high school and enroll in college."` + "\n"
	honest := "## eligibility\n- Verdict: STRONG\n" +
		`- Citation (opportunity): "Applicants must be 501(c)(3) nonprofit organizations located in Marion or Polk County."` + "\n" +
		"## mission alignment\n- Verdict: MODERATE\n" + mission +
		`- Citation (opportunity): "We give priority to mentoring, tutoring and college-access programs"` + "\n" +
		"## program fit\n- Verdict: WEAK\n" +
		`- Citation (opportunity): "serve first-generation and low-income students."` + "\n" + request +
		"## track record\n- Verdict: WEAK\n" + mission +
		`- Citation (org profile): "Since 2018, 87% of our seniors have graduated on time"` + "\n" +
		"## award size\n- Verdict: MODERATE\n" +
		`- Citation (opportunity): "Grants range from $25,000 to $75,000"` + "\n" + request +
		"## timeline\n- Verdict: NONE\n"
	rep, err := scoring.Score(honest, scoring.GrantFit(), sources(t), scoring.Options{})
	require.NoError(t, err, "an honest assessment that cites a fact for two criteria is not refused")
	// 20 + 25×3/5 + 20×1/5 + 15×1/5 + 10×3/5 = 20 + 15 + 4 + 3 + 6
	require.Equal(t, "48", rep.Total.Points)
	require.True(t, rep.EvidenceOK)
	for _, c := range rep.Criteria {
		shared := c.Name == "mission alignment" || c.Name == "program fit" || c.Name == "track record" || c.Name == "award size"
		require.Equal(t, shared, c.Flags&scoring.FlagCitationReused != 0, "%s: %v", c.Name, c.Flags)
		require.Zero(t, c.Flags&scoring.FlagDowngraded, "%s keeps its verdict: it has evidence of its own", c.Name)
	}

	// the one-span trick: the same passage for every criterion
	var trick strings.Builder
	for _, name := range []string{"eligibility", "mission alignment", "program fit", "track record", "award size", "timeline"} {
		trick.WriteString("## " + name + "\n- Verdict: STRONG\n" + mission)
	}
	rep2 := scoreReport(trick.String(), scoring.GrantFit(), sources(t), scoring.Options{})
	require.True(t, rep2.OK, "errors: %v", rep2.Errors)
	require.Equal(t, "0", rep2.Total.Points, "one span for every criterion earns nothing")
	require.False(t, rep2.EvidenceOK)
	_, err = scoring.Score(trick.String(), scoring.GrantFit(), sources(t), scoring.Options{})
	require.Error(t, err)
}

// TestScoreOwnEvidenceSaysSomething: a heading or a name cited beside the
// shared passage is not evidence of a criterion's own.
func TestScoreOwnEvidenceSaysSomething(t *testing.T) {
	mission := `- Citation (org profile): "Our mission is to help first-generation students finish high school and enroll in college."` + "\n"
	junk := map[string]string{
		"eligibility":       `- Citation (opportunity): "Riverbend Community Foundation"`,
		"mission alignment": `- Citation (org profile): "Bridgeway Learning Collaborative"`,
		"program fit":       `- Citation (opportunity): "Youth Futures Fund"`,
		"track record":      `- Citation (org profile): "Results. Since 2018,"`,
		"award size":        `- Citation (opportunity): "for a project period"`,
		"timeline":          `- Citation (opportunity): "Request for Proposals"`,
	}
	var b strings.Builder
	for _, name := range []string{"eligibility", "mission alignment", "program fit", "track record", "award size", "timeline"} {
		b.WriteString("## " + name + "\n- Verdict: STRONG\n" + mission + junk[name] + "\n")
	}
	rep := scoreReport(b.String(), scoring.GrantFit(), sources(t), scoring.Options{})
	require.True(t, rep.OK, "errors: %v", rep.Errors)
	require.Equal(t, "0", rep.Total.Points, "a name or a heading beside the shared passage earns nothing")
	require.False(t, rep.EvidenceOK)
}
