package story

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/scoring"
)

// The grant story's documents: a funding announcement, an organization's
// profile, and the verdict blocks a model wrote after reading both. They are
// the scoring package's test documents (a test keeps them equal).
const (
	grantOpportunity = `Riverbend Community Foundation
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

	grantProfile = `Bridgeway Learning Collaborative

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

	grantBlocks = `## eligibility
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
)

// Grant scores an organization's fit for a funding announcement: the model
// gives a verdict and quotes for each criterion; reckon checks every quote
// against the document it names and computes the score from weights the
// model never sees.
func Grant() *Story {
	return &Story{
		Name:     "grant",
		Title:    "grant fit: the model judges, the code counts",
		Question: "How well does Bridgeway Learning Collaborative fit the Youth Futures Fund?",
		Extra:    grantExtra,
	}
}

func grantExtra(w io.Writer, _ Env) error {
	sources, err := quote.NewSources(map[string]string{
		"opportunity": grantOpportunity,
		"org profile": grantProfile,
	})
	if err != nil {
		return err
	}
	rep, err := scoring.Score(grantBlocks, scoring.GrantFit(), sources, scoring.Options{})
	if re := (*scoring.ReportError)(nil); errors.As(err, &re) {
		rep = re.Report // a citation not found is shown, not fatal
	}
	if !rep.OK {
		return fmt.Errorf("story grant: blocks refused: %v", rep.Errors.Err())
	}
	fmt.Fprintln(w, "\nThe model's verdicts, scored with weights it never saw")
	t := table{}
	t.row("  criterion", "verdict", "weight", "points", "evidence")
	for _, c := range rep.Criteria {
		verdict := c.Verdict.String()
		switch {
		case c.Verdict == scoring.Unrated:
			verdict = "—"
		case c.Stated != c.Verdict:
			verdict = c.Verdict.String() + " (said " + c.Stated.String() + ")"
		}
		t.row("  "+c.Name, verdict, c.Weight, c.Points, evidence(c))
	}
	t.write(w)
	for _, c := range rep.Criteria {
		for _, cit := range c.Citations {
			if !cit.Found {
				fmt.Fprintf(w, "  ✗ %s: %q is not in %s", c.Name, cit.Quote, cit.Source)
				if cit.Nearest != nil && cit.Nearest.Differs != "" {
					fmt.Fprintf(w, " (%s)", cit.Nearest.Differs)
				}
				fmt.Fprintln(w, "; the verdict earns nothing")
			}
		}
	}
	for _, q := range rep.NeedsInput {
		fmt.Fprintf(w, "  ? %s needs input: %s\n", q.Criterion, q.Question)
	}
	total := rep.Total
	fmt.Fprintf(w, "  total     %s of %s (%s%%)", total.Points, total.OutOf, total.Percent)
	if total.Pending != "" {
		fmt.Fprintf(w, "; up to %s more once the questions are answered", total.Pending)
	}
	fmt.Fprintln(w)
	return nil
}

// evidence summarises a criterion's citations: ✓ or ✗, the source and the
// tier at which the quote matched.
func evidence(c scoring.CriterionReport) string {
	if c.Verdict == scoring.Unrated && c.Stated == scoring.Unrated {
		return "needs input"
	}
	var parts []string
	for _, cit := range c.Citations {
		mark := "✓"
		if !cit.Found {
			mark = "✗"
		}
		part := mark + " " + cit.Source
		if cit.Found {
			part += " (" + cit.Tier.String() + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}
