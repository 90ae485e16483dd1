package scoring_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// announcement is a short funding announcement (testdata/opportunity.txt).
const announcement = `Riverbend Community Foundation
Youth Futures Fund: Request for Proposals

Purpose. The Youth Futures Fund supports programs that improve educational
outcomes for young people aged 14 to 21 in Marion and Polk counties.

Eligibility. Applicants must be 501(c)(3) nonprofit organizations located in
Marion or Polk County. Fiscally sponsored projects are not eligible.

Priorities. We give priority to mentoring, tutoring and college-access
programs that serve first-generation and low-income students.

Awards. Grants range from $25,000 to $75,000 for a project period of up to
24 months.

Deadline. Proposals are due by 5:00 p.m. on March 14, 2025. Funded projects
begin on July 1, 2025.
`

// profile is an organization's profile (testdata/profile.txt).
const profile = `Bridgeway Learning Collaborative

Bridgeway Learning Collaborative is a 501(c)(3) nonprofit based in Salem,
Marion County, Oregon. Our mission is to help first-generation students
finish high school and enroll in college.

Programs. Our after-school tutoring program serves 180 students a year at
three high schools. Volunteer mentors meet weekly with each student.

Results. Since 2018, 87% of our seniors have graduated on time, and 64%
enrolled in college the following fall.

Budget. Our annual operating budget is $410,000. We are seeking $60,000 to
add a summer bridge program.
`

// blocks is what a model wrote for the grant-fit prompt
// (testdata/blocks/example.md). The award size block misquotes the amount
// sought, and the timeline block asks a question.
const blocks = `## eligibility
- Verdict: STRONG
- Citation (opportunity): "Applicants must be 501(c)(3) nonprofit organizations located in Marion or Polk County."
- Citation (org profile): "Bridgeway Learning Collaborative is a 501(c)(3) nonprofit based in Salem, Marion County, Oregon."

## mission alignment
- Verdict: MODERATE
- Citation (opportunity): "improve educational outcomes for young people aged 14 to 21"
- Citation (org profile): "Our mission is to help first-generation students finish high school and enroll in college."

## program fit
- Verdict: STRONG
- Citation (opportunity): "We give priority to mentoring, tutoring and college-access programs"
- Citation (org profile): "Our after-school tutoring program serves 180 students a year"

## track record
- Verdict: STRONG
- Citation (org profile): "Since 2018, 87% of our seniors have graduated on time"

## award size
- Verdict: STRONG
- Citation (opportunity): "Grants range from $25,000 to $75,000"
- Citation (org profile): "We are seeking $65,000 to add a summer bridge program."

## timeline
- Verdict: [NEEDS INPUT: can the summer bridge program begin by "July 1, 2025"?]
- Citation (opportunity): "Funded projects begin on July 1, 2025."
`

// Score returns a score only when its evidence passed; otherwise its
// error holds the whole report, for a person to review.
func ExampleScore() {
	sources, err := quote.NewSources(map[string]string{"opportunity": announcement, "org profile": profile})
	if err != nil {
		panic(err)
	}
	rep, err := scoring.Score(blocks, scoring.GrantFit(), sources, scoring.Options{})
	fmt.Println(rep == nil, err)
	var re *scoring.ReportError
	if errors.As(err, &re) {
		fmt.Printf("for review: %s of %s\n", re.Report.Total.Points, re.Report.Total.OutOf)
	}

	fixed := strings.Replace(blocks, "seeking $65,000", "seeking $60,000", 1)
	rep, err = scoring.Score(fixed, scoring.GrantFit(), sources, scoring.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("total %s of %s, %s pending\n", rep.Total.Points, rep.Total.OutOf, rep.Total.Pending)
	// Output:
	// true scoring: evidence of 1 of 6 criteria not verified: "award size": citation_not_found
	// for review: 70 of 100
	// total 80 of 100, 10 pending
}

// A report shows every outcome: a score whose evidence did not pass holds
// it in its error, as the score command and tool print it.
func ExampleReportError() {
	sources, err := quote.NewSources(map[string]string{"opportunity": announcement, "org profile": profile})
	if err != nil {
		panic(err)
	}
	_, err = scoring.Score(blocks, scoring.GrantFit(), sources, scoring.Options{})
	var re *scoring.ReportError
	if !errors.As(err, &re) {
		panic("the award size's citation is not in its source")
	}
	rep := re.Report
	for _, c := range rep.Criteria {
		fmt.Printf("%-17s  %-8s  %2s of %s", c.Name, c.Verdict, c.Points, c.Weight)
		if c.Flags != 0 {
			fmt.Printf("  [%s]", c.Flags)
		}
		fmt.Println()
		for _, q := range c.Citations {
			if !q.Found {
				fmt.Printf("  line %d: %s: %s\n", q.Line, q.Reason, q.Nearest.Differs)
			}
		}
	}
	for _, q := range rep.NeedsInput {
		fmt.Printf("needs input (%s): %s\n", q.Criterion, q.Question)
	}
	fmt.Printf("total %s of %s (%s%%), %s pending; verified %t\n",
		rep.Total.Points, rep.Total.OutOf, rep.Total.Percent, rep.Total.Pending, rep.Verified)
	// Output:
	// eligibility        STRONG    20 of 20
	// mission alignment  MODERATE  15 of 25
	// program fit        STRONG    20 of 20
	// track record       STRONG    15 of 15
	// award size         NONE       0 of 10  [citation_not_found, downgraded]
	//   line 23: not_found: source says $60,000 where the quote says $65,000
	// timeline           UNRATED    0 of 10  [needs_input]
	// needs input (timeline): can the summer bridge program begin by "July 1, 2025"?
	// total 70 of 100 (70%), 10 pending; verified false
}

// Example_evidence shows the checks Score makes beyond finding each quote:
// a STRONG resting on a lone passage that says "not", and one passage cited
// for two criteria. Every quote is found, so the report is verified (every
// citation found), but its evidence is not OK and the flagged verdicts
// earn nothing.
func Example_evidence() {
	sources, err := quote.NewSources(map[string]string{"opportunity": announcement, "org profile": profile})
	if err != nil {
		panic(err)
	}
	rubric := scoring.Rubric{Total: 60, Criteria: []scoring.Criterion{
		{Name: "eligibility", Weight: 20, Description: "who may apply"},
		{Name: "mission alignment", Weight: 25, Description: "shared purpose"},
		{Name: "program fit", Weight: 15, Description: "the work funded"}}}
	text := `## eligibility
- Verdict: STRONG
- Citation (opportunity): "Fiscally sponsored projects are not eligible."

## mission alignment
- Verdict: STRONG
- Citation (org profile): "Our mission is to help first-generation students"

## program fit
- Verdict: MODERATE
- Citation (org profile): "help first-generation students finish high school"
`
	_, err = scoring.Score(text, rubric, sources, scoring.Options{})
	var re *scoring.ReportError
	if !errors.As(err, &re) {
		panic("the evidence is flagged")
	}
	rep := re.Report
	for _, c := range rep.Criteria {
		fmt.Printf("%-17s  said %-8s  %2s of %s  [%s]\n", c.Name, c.Stated, c.Points, c.Weight, c.Flags)
	}
	fmt.Printf("total %s of %s; verified %t, evidence ok %t\n", rep.Total.Points, rep.Total.OutOf, rep.Verified, rep.EvidenceOK)
	// Output:
	// eligibility        said STRONG     0 of 20  [downgraded, negated_evidence]
	// mission alignment  said STRONG     0 of 25  [downgraded, citation_reused]
	// program fit        said MODERATE   0 of 15  [downgraded, citation_reused]
	// total 0 of 60; verified true, evidence ok false
}

func ExamplePrompt() {
	fmt.Print(scoring.Prompt(scoring.GrantFit(), []string{"opportunity", "org profile"}))
	// Output:
	// Rate the evidence in the sources against each criterion below. Give each criterion one verdict word and quote the exact words of the sources that support it. Do not score: code computes every number from your verdicts.
	//
	// # Criteria
	//
	// - eligibility: the organization meets the opportunity's eligibility requirements: the kind of organization, its location, its legal status and any other restriction on who may apply
	// - mission alignment: the organization's mission and the outcomes it pursues match the purpose and priorities the funder states
	// - program fit: the work the organization would propose matches the activities, the people served and the approach the opportunity funds
	// - track record: the organization has done comparable work before and can show its results
	// - award size: the amount the organization needs, and its capacity to manage it, suit the opportunity's range of awards
	// - timeline: the organization can apply by the deadline and carry out the work within the opportunity's project period
	//
	// # Verdicts
	//
	// - STRONG: the sources show the criterion is fully met
	// - MODERATE: the criterion is mostly met, with clear gaps
	// - WEAK: the criterion is barely met, or only in part
	// - NONE: the criterion is not met, or nothing in the sources bears on it
	//
	// # Sources
	//
	// - opportunity
	// - org profile
	//
	// # Format
	//
	// Write one block per criterion, in the order above, and nothing else:
	//
	// ## <criterion name>
	// - Verdict: <one verdict word>
	// - Citation (opportunity): "<exact words from opportunity>"
	// - Citation (org profile): "<exact words from org profile>"
	//
	// # Rules
	//
	// - Write a block for every criterion, once, headed with its name exactly as listed.
	// - The verdict line holds one verdict word and nothing else.
	// - Copy each quote character for character from the source named in its parentheses, on one line, in double quotation marks, with nothing after the closing mark. Never paraphrase, shorten or join passages: every quote is checked against its source, and a quote that is not found counts against its verdict.
	// - Any verdict but NONE needs at least one citation. Cite as many passages as the verdict rests on, from any of the sources.
	// - Any verdict but NONE on track record must quote org profile: that criterion is judged on it.
	// - Give each criterion a passage of its own. A fact may bear on two criteria, but a criterion whose only evidence is a passage another criterion cites counts for nothing.
	// - Write no score, points, weight, total, percentage or other number outside a quote; a block that does is rejected.
	// - If the sources do not hold a fact you need, do not guess: write [NEEDS INPUT: your question] in place of the verdict word or of a quote. That criterion waits for the answer. The question is one short sentence. It holds no number, score, weight, total, percentage, verdict word or number written in words, except inside a quotation of the sources in double quotation marks.
}

func ExampleParse() {
	r := scoring.Rubric{Criteria: []scoring.Criterion{
		{Name: "eligibility", Weight: 40, Description: "who may apply"},
		{Name: "mission alignment", Weight: 60, Description: "shared purpose"},
	}}
	text := `## Eligibility
- Verdict: STRONG (9/10)
- Citation (annual report): "Applicants must be nonprofit organizations"

## mission alignment
- Verdict: GREAT
- Citation (opportunity): "improve educational outcomes"

Total: 85
`
	_, err := scoring.Parse(text, r, []string{"opportunity", "org profile"})
	var errs scoring.ErrorList
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Printf("%d %s: %s\n", e.Line, e.Code, e.Msg)
		}
	}
	// Output:
	// 2 number_outside_quote: "(9/10)" outside a quote: the format has no place for a number
	// 3 unknown_source: citation names unknown source "annual report"
	// 6 unknown_verdict: unknown verdict "GREAT"
	// 9 score_field: "Total: 85" is not part of the format: code computes every score, weight and total
}

func ExampleParseRubric() {
	_, err := scoring.ParseRubric([]byte(`{"total": "100", "criteria": [
		{"name": "reach", "weight": "60", "description": "how many people the work serves"},
		{"name": "depth", "weight": "35", "description": "how much it changes for each of them"}]}`))
	fmt.Println(err)

	r, err := scoring.ParseRubric([]byte(`{"total": "100", "criteria": [
		{"name": "reach", "weight": "60", "description": "how many people the work serves"},
		{"name": "depth", "weight": "40", "description": "how much it changes for each of them"}]}`))
	fmt.Println(err, r.Criteria[1].Name, r.Criteria[1].Weight)
	// Output:
	// weights sum to 95, not to the total 100
	// <nil> depth 40
}

func ExampleVerdict_Fraction() {
	for _, v := range scoring.Verdicts {
		fmt.Printf("%-8s %s of the weight\n", v, v.Fraction())
	}
	// Output:
	// STRONG   1/1 of the weight
	// MODERATE 3/5 of the weight
	// WEAK     1/5 of the weight
	// NONE     0/1 of the weight
}

// TestExampleTexts keeps the example's texts and the test data the same.
func TestExampleTexts(t *testing.T) {
	require.Equal(t, read(t, "opportunity.txt"), announcement)
	require.Equal(t, read(t, "profile.txt"), profile)
	require.Equal(t, read(t, "blocks/example.md"), blocks)
}
