package scoring_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// small is a two-criterion rubric for parser tests.
func small() scoring.Rubric {
	return scoring.Rubric{Criteria: []scoring.Criterion{
		{Name: "eligibility", Weight: 40, Description: "who may apply"},
		{Name: "mission alignment", Weight: 60, Description: "shared purpose"},
	}}
}

// valid is a well-formed pair of blocks for small; error cases are edits
// of it.
const valid = `## eligibility
- Verdict: STRONG
- Citation (opportunity): "Applicants must be nonprofit organizations"

## mission alignment
- Verdict: MODERATE
- Citation (org profile): "Our mission is to help students"
`

func TestParseValid(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []scoring.Block
		reason string
	}{{
		name: "plain",
		in:   valid,
		want: []scoring.Block{
			{Criterion: "eligibility", Line: 1, Verdict: scoring.Strong, Citations: []scoring.Citation{
				{Source: "opportunity", Text: "Applicants must be nonprofit organizations", Line: 3}}},
			{Criterion: "mission alignment", Line: 5, Verdict: scoring.Moderate, Citations: []scoring.Citation{
				{Source: "org profile", Text: "Our mission is to help students", Line: 7}}},
		},
	}, {
		name: "names and words in any case",
		in: "##   Mission   ALIGNMENT  \n* verdict: weak\n- CITATION ( Org  Profile ): \u201cto help students\u201d\r\n" +
			"## Eligibility\r\n- Verdict: None\r\n",
		want: []scoring.Block{
			{Criterion: "eligibility", Line: 4, Verdict: scoring.None},
			{Criterion: "mission alignment", Line: 1, Verdict: scoring.Weak, Citations: []scoring.Citation{
				{Source: "org profile", Text: "to help students", Line: 3}}},
		},
		reason: "headings, keys, verdicts and source labels match without regard to case and spacing, " +
			"are reported canonically and in the rubric's order; NONE needs no citation; CRLF is a line end",
	}, {
		name: "quotation marks",
		in: "## eligibility\n- Verdict: STRONG\n- Citation (opportunity): \u201cthe \"Youth\" fund\"\n" +
			"- Citation (opportunity): \"a \u201cquoted\u201d word\u201d   \n" +
			"## mission alignment\n- Verdict: NONE\n",
		want: []scoring.Block{
			{Criterion: "eligibility", Line: 1, Verdict: scoring.Strong, Citations: []scoring.Citation{
				{Source: "opportunity", Text: "the \"Youth\" fund", Line: 3},
				{Source: "opportunity", Text: "a \u201cquoted\u201d word", Line: 4}}},
			{Criterion: "mission alignment", Line: 5, Verdict: scoring.None},
		},
		reason: "straight and curly marks open and close a quote in any pairing; the last closing mark " +
			"of the line ends it, so marks inside are kept verbatim",
	}, {
		name: "needs input",
		in: "## eligibility\n- Verdict: [NEEDS INPUT: is the applicant a registered nonprofit?]\n" +
			"## mission alignment\n- Verdict: STRONG\n- Citation (opportunity): [NEEDS INPUT: which mission statement?]\n" +
			"- [needs input: is the \"2024 plan\" current?]\n[NEEDS INPUT: who approves it?]\n",
		want: []scoring.Block{
			{Criterion: "eligibility", Line: 1, Questions: []scoring.Question{
				{Criterion: "eligibility", Question: "is the applicant a registered nonprofit?", Line: 2}}},
			{Criterion: "mission alignment", Line: 3, Verdict: scoring.Strong, Questions: []scoring.Question{
				{Criterion: "mission alignment", Question: "which mission statement?", Line: 5},
				{Criterion: "mission alignment", Question: "is the \"2024 plan\" current?", Line: 6},
				{Criterion: "mission alignment", Question: "who approves it?", Line: 7}}},
		},
		reason: "a marker may be the verdict, a citation's value or a line of its own; a question may hold digits inside a quote",
	}, {
		name: "fenced",
		in:   "```markdown\n" + valid + "```\n\n",
		want: []scoring.Block{
			{Criterion: "eligibility", Line: 2, Verdict: scoring.Strong, Citations: []scoring.Citation{
				{Source: "opportunity", Text: "Applicants must be nonprofit organizations", Line: 4}}},
			{Criterion: "mission alignment", Line: 6, Verdict: scoring.Moderate, Citations: []scoring.Citation{
				{Source: "org profile", Text: "Our mission is to help students", Line: 8}}},
		},
		reason: "a code fence around all the blocks is dropped; line numbers still count it",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := scoring.Parse(tc.in, small(), sourceNames)
			require.NoError(t, err, "Parse(%q)", tc.in)
			require.Equal(t, tc.want, got, "Parse(%q): %s", tc.in, tc.reason)
		})
	}
}

func TestParseErrors(t *testing.T) {
	elig := "## eligibility\n- Verdict: STRONG\n- Citation (opportunity): \"Applicants must be nonprofit organizations\"\n"
	mission := "## mission alignment\n- Verdict: MODERATE\n- Citation (org profile): \"Our mission is to help students\"\n"
	tests := []struct {
		name   string
		in     string
		want   []string // "line:code"
		reason string
	}{
		{name: "unknown criterion", in: valid + "## budget\n- Verdict: STRONG\n", want: []string{"8:unknown_criterion"}},
		{name: "duplicate criterion", in: valid + elig, want: []string{"8:duplicate_criterion"}},
		{name: "missing criterion", in: elig, want: []string{"0:missing_criterion"}},
		{name: "unknown verdict", in: strings.Replace(valid, "STRONG", "GOOD", 1), want: []string{"2:unknown_verdict"}},
		{name: "bold verdict", in: strings.Replace(valid, "STRONG", "**STRONG**", 1), want: []string{"2:unknown_verdict"},
			reason: "the verdict line holds the word alone"},
		{name: "long s verdict", in: strings.Replace(valid, "STRONG", "ſtrong", 1), want: []string{"2:unknown_verdict"},
			reason: "Unicode case folding reads ſ as s; a verdict word is ASCII"},
		{name: "look-alike verdict", in: strings.Replace(valid, "MODERATE", "MОDERATE", 1), want: []string{"6:unknown_verdict"},
			reason: "a Cyrillic O"},
		{name: "two verdict words", in: strings.Replace(valid, "STRONG", "STRONG or MODERATE", 1), want: []string{"2:unknown_verdict"}},
		{name: "missing verdict", in: strings.Replace(valid, "- Verdict: STRONG\n", "", 1), want: []string{"1:missing_verdict"}},
		{name: "duplicate verdict", in: strings.Replace(valid, "- Verdict: STRONG\n", "- Verdict: STRONG\n- Verdict: WEAK\n", 1),
			want: []string{"3:duplicate_verdict"}},
		{name: "missing citation", in: "## eligibility\n- Verdict: WEAK\n" + mission, want: []string{"1:missing_citation"},
			reason: "a verdict that earns points needs evidence"},
		{name: "citation without source", in: strings.Replace(valid, "Citation (opportunity)", "Citation", 1),
			want: []string{"3:missing_source"}},
		{name: "unknown source", in: strings.Replace(valid, "(opportunity)", "(annual report)", 1), want: []string{"3:unknown_source"}},
		{name: "unknown source with a number", in: strings.Replace(valid, "(opportunity)", "(page 3)", 1),
			want: []string{"3:unknown_source"}, reason: "the label is a source name, reported as such"},
		{name: "unquoted citation", in: strings.Replace(valid, `"Applicants must be nonprofit organizations"`, "applicants must be nonprofits", 1),
			want: []string{"3:unquoted_citation"}},
		{name: "unquoted citation with a number", in: strings.Replace(valid, `"Our mission is to help students"`, "serves 180 students", 1),
			want: []string{"7:unquoted_citation"}, reason: "an unquoted value is a quote gone wrong, not a score"},
		{name: "single quotes", in: strings.Replace(valid, `"Our mission is to help students"`, "'Our mission is to help students'", 1),
			want: []string{"7:unquoted_citation"}},
		{name: "unterminated quote", in: strings.Replace(valid, `students"`, "students", 1), want: []string{"7:unquoted_citation"}},
		{name: "empty quote", in: strings.Replace(valid, `"Our mission is to help students"`, `"  "`, 1), want: []string{"7:empty_citation"}},
		{name: "nothing after the colon", in: strings.Replace(valid, ` "Our mission is to help students"`, ``, 1), want: []string{"7:empty_citation"}},
		{name: "text after quote", in: strings.Replace(valid, `students"`, `students" (emphasis mine)`, 1), want: []string{"7:text_after_quote"}},
		{name: "page after quote", in: strings.Replace(valid, `students"`, `students" (p. 3)`, 1), want: []string{"7:number_outside_quote"}},
		{name: "score line", in: strings.Replace(valid, "- Verdict: STRONG\n", "- Verdict: STRONG\n- Score: 8/10\n", 1),
			want: []string{"3:score_field"}},
		{name: "score word without a number", in: valid + "- Points: most of them\n", want: []string{"8:score_field"}},
		{name: "total line", in: valid + "\nTotal: 85\n", want: []string{"9:score_field"}},
		{name: "total before the blocks", in: "**Overall score**: 85/100\n\n" + valid, want: []string{"1:score_field"}},
		{name: "weight in heading", in: strings.Replace(valid, "## eligibility", "## eligibility (weight 20)", 1),
			want: []string{"1:number_outside_quote"}, reason: "the block still counts as eligibility's, so it is not also missing"},
		{name: "numbered heading", in: strings.Replace(valid, "## mission alignment", "## 2. mission alignment", 1),
			want: []string{"5:number_outside_quote", "0:missing_criterion"}},
		{name: "verdict in heading", in: strings.Replace(valid, "## eligibility", "## eligibility: STRONG", 1),
			want: []string{"1:malformed_heading"}},
		{name: "level one heading", in: strings.Replace(valid, "## eligibility", "# eligibility", 1),
			want:   []string{"1:malformed_heading", "0:missing_criterion"},
			reason: "the lines under a refused heading are checked, but not kept"},
		{name: "heading without space", in: strings.Replace(valid, "## mission alignment", "##mission alignment", 1),
			want: []string{"5:malformed_heading", "0:missing_criterion"}},
		{name: "score in verdict", in: strings.Replace(valid, "STRONG", "STRONG (9/10)", 1), want: []string{"2:number_outside_quote"}},
		{name: "weight in verdict", in: strings.Replace(valid, "MODERATE", "MODERATE (weight 25)", 1), want: []string{"6:number_outside_quote"}},
		{name: "percent in verdict", in: strings.Replace(valid, "STRONG", "STRONG 100%", 1), want: []string{"2:number_outside_quote"}},
		{name: "spelled percent sign", in: strings.Replace(valid, "STRONG", "STRONG (full %)", 1), want: []string{"2:number_outside_quote"}},
		{name: "bracketed score before the blocks", in: "[score]: x\n" + valid, want: []string{"1:score_field"},
			reason: "a score-word field before the first heading once reached the marker branch with no block and panicked"},
		{name: "bracketed total bullet before the blocks", in: "- [total]: 5\n" + valid, want: []string{"1:score_field"}},
		{name: "bracketed points alone", in: "[points]:", want: []string{"1:score_field", "0:missing_criterion", "0:missing_criterion"}},
		{name: "bracketed score in a block", in: valid + "[score]: x\n", want: []string{"8:score_field"},
			reason: "a score field is refused as one wherever it stands, not as a bracket that is no marker"},
		{name: "prose", in: valid + "The organization is a good fit.\n", want: []string{"8:unexpected_line"}},
		{name: "prose with a number", in: valid + "Overall I would give it 85 out of 100.\n", want: []string{"8:number_outside_quote"}},
		{name: "preamble", in: "Here is my assessment:\n\n" + valid, want: []string{"1:unexpected_line"}},
		{name: "citation before any block", in: "- Citation (opportunity): \"Applicants must be nonprofit organizations\"\n" + valid,
			want: []string{"1:unexpected_line"}},
		{name: "unknown field", in: strings.Replace(valid, "- Verdict: MODERATE\n", "- Verdict: MODERATE\n- Rationale: clear overlap\n", 1),
			want: []string{"7:unknown_field"}},
		{name: "marker without colon", in: strings.Replace(valid, "STRONG", "[NEEDS INPUT what is the budget?]", 1),
			want: []string{"2:malformed_marker"}},
		{name: "unterminated marker", in: strings.Replace(valid, "STRONG", "[NEEDS INPUT: what is the budget?", 1),
			want: []string{"2:malformed_marker"}},
		{name: "empty marker", in: valid + "[NEEDS INPUT: ]\n", want: []string{"8:malformed_marker"}},
		{name: "marker beside a verdict", in: strings.Replace(valid, "STRONG", "STRONG [NEEDS INPUT: is it current?]", 1),
			want: []string{"2:malformed_marker"}},
		{name: "total in a question", in: strings.Replace(valid, "STRONG",
			"[NEEDS INPUT: the sources settle it; the total fit score is 98/100 (98%), do you agree?]", 1),
			want:   []string{"2:number_outside_quote"},
			reason: "a question is copied into the report; it may not carry the total the format has no place for"},
		{name: "total in a question as a citation", in: strings.Replace(valid, `"Our mission is to help students"`,
			"[NEEDS INPUT: total fit score is 98/100 (98%)?]", 1), want: []string{"7:number_outside_quote"}},
		{name: "total in a question of its own", in: valid + "[NEEDS INPUT: total fit score is 98/100 (98%)?]\n",
			want: []string{"8:number_outside_quote"}},
		{name: "score words in a question", in: valid + "[NEEDS INPUT: should the total score be higher?]\n",
			want: []string{"8:score_in_question"}},
		{name: "weight in a question", in: valid + "[NEEDS INPUT: which weighting applies?]\n",
			want: []string{"8:score_in_question"}},
		{name: "verdict word in a question", in: valid + "[NEEDS INPUT: is the fit strong?]\n",
			want: []string{"8:score_in_question"}},
		{name: "long s verdict in a question", in: valid + "[NEEDS INPUT: is the fit ſtrong?]\n",
			want: []string{"8:score_in_question"}, reason: "a refusal matches loosely: a reader sees strong"},
		{name: "full-width score word in a question", in: valid + "[NEEDS INPUT: is the ｓｃｏｒｅ right?]\n",
			want: []string{"8:score_in_question"}},
		{name: "zero-width space in a question", in: valid + "[NEEDS INPUT: is the to\u200btal right?]\n",
			want: []string{"8:malformed_marker"}, reason: "an invisible character would split the word the check looks for"},
		{name: "bidi override in a question", in: valid + "[NEEDS INPUT: \u202eis it fine?]\n",
			want: []string{"8:malformed_marker"}},
		{name: "spelled-out total in a question", in: valid + "[NEEDS INPUT: is it ninety-eight out of a hundred?]\n",
			want: []string{"8:score_in_question"}},
		{name: "glued spelled-out total in a question", in: valid + "[NEEDS INPUT: is it ninetyeight of onehundred?]\n",
			want: []string{"8:score_in_question"}, reason: "a number word glued to another is still a number"},
		{name: "empty quote in a question", in: valid + "[NEEDS INPUT: \"\"]\n",
			want: []string{"8:malformed_marker"}, reason: "an empty passage is in every source and says nothing"},
		{name: "full-width digits in a question", in: valid + "[NEEDS INPUT: is it ９８?]\n",
			want: []string{"8:number_outside_quote"}},
		{name: "too long a question", in: valid + "[NEEDS INPUT: " + strings.Repeat("why ", 80) + "?]\n",
			want: []string{"8:question_too_long"}, reason: "a question is one sentence, bounded by MaxQuestionBytes"},
		{name: "unclosed quote in a question", in: valid + "[NEEDS INPUT: does \"July apply?]\n",
			want: []string{"8:malformed_marker"}},
		{name: "bracket that is no marker", in: valid + "[see above]\n", want: []string{"8:unexpected_line"}},
		{name: "too many citations",
			in:   elig + strings.Repeat("- Citation (opportunity): \"Applicants must be nonprofit organizations\"\n", (20)) + mission,
			want: []string{fmt.Sprintf("%d:too_many_citations", 3+(20))}},
		{name: "empty", in: " \n\t\n", want: []string{"0:empty"}},
		{name: "invalid utf-8", in: valid + "\xff\n", want: []string{"0:invalid_utf8"}},
		{name: "too large", in: valid + strings.Repeat(" ", scoring.MaxBlocksBytes), want: []string{"0:too_large"}},
		{name: "every error collected",
			in: "## eligibility\n- Verdict: GREAT\n- Score: 18\n- Citation (press): \"x y z\"\n" +
				"## mission alignment\n- Verdict: STRONG\n## mission alignment\n",
			want: []string{"2:unknown_verdict", "3:score_field", "4:unknown_source",
				"5:missing_citation", "7:duplicate_criterion"},
			reason: "a refused verdict or citation line still counts as there; a block's own checks are " +
				"reported when the next heading closes it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := scoring.Parse(tc.in, small(), sourceNames)
			require.Error(t, err, "Parse(%q)", tc.in)
			require.Nil(t, got, "Parse(%q) returns no blocks with an error", tc.in)
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs)
			var codes []string
			for _, e := range errs {
				codes = append(codes, fmt.Sprintf("%d:%s", e.Line, e.Code))
				require.NotEmpty(t, e.Msg, "%s has a message", e.Code)
				require.NotEmpty(t, e.Hint, "%s has a hint", e.Code)
				require.Equal(t, strings.ToLower(e.Msg[:1]), e.Msg[:1], "%s: message %q starts lower-case", e.Code, e.Msg)
			}
			require.Equal(t, tc.want, codes, "Parse(%q): %s", tc.in, tc.reason)
		})
	}
}

func TestParseTooManyErrors(t *testing.T) {
	in := valid + strings.Repeat("Total: 85\n", 2*(50))
	_, err := scoring.Parse(in, small(), sourceNames)
	var errs scoring.ErrorList
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, (50)+1)
	require.Equal(t, "too_many_errors", errs[len(errs)-1].Code)
}

func TestParseRefusesBadSetup(t *testing.T) {
	tests := []struct {
		name    string
		rubric  scoring.Rubric
		sources []string
		want    []string
	}{
		{name: "invalid rubric", rubric: scoring.Rubric{}, sources: sourceNames, want: []string{"no_criteria"}},
		{name: "no sources", rubric: small(), want: []string{"no_sources"}},
		{name: "duplicate source", rubric: small(), sources: []string{"Opportunity", "opportunity"}, want: []string{"duplicate_source"}},
		{name: "source with parenthesis", rubric: small(), sources: []string{"report (final)"}, want: []string{"invalid_source"}},
		{name: "source with a zero-width space", rubric: small(), sources: []string{"opportunity", "opportu\u200bnity"},
			want: []string{"invalid_source"}},
		{name: "padded source", rubric: small(), sources: []string{" report"}, want: []string{"invalid_source"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scoring.Parse(valid, tc.rubric, tc.sources)
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs)
			require.Equal(t, tc.want, errs.Codes())
		})
	}
}

func TestErrorText(t *testing.T) {
	_, err := scoring.Parse(strings.Replace(valid, "STRONG", "GOOD", 1)+"Total: 85\n", small(), sourceNames)
	require.EqualError(t, err, `2: unknown verdict "GOOD" (and 1 more)`)
	var e *fault.Error
	require.True(t, errors.As(err.(scoring.ErrorList)[1], &e))
	require.Equal(t, `8: "Total: 85" is not part of the format: code computes every score, weight and total`, e.Error())
	require.Equal(t, "the rubric has no criteria", scoring.Rubric{}.Validate().Error())
}
