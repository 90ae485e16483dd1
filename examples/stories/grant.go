package stories

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
)

// The grant story's texts: a funding announcement, an organization's
// profile, and the verdict blocks a model wrote after reading both. They
// are the scoring package's test documents (a test keeps them equal).
var (
	//go:embed testdata/sources/grant-opportunity.txt
	grantOpportunity string
	//go:embed testdata/sources/grant-profile.txt
	grantProfile string
	//go:embed testdata/grant-verdicts.md
	grantVerdicts string
)

// Grant scores an organization's fit for a funding announcement: the model
// gives a verdict and quotes for each criterion; reckon checks every quote
// against the document it names and computes the score from weights the
// model never sees. A quote the profile does not contain earns its
// criterion nothing, and a question the model could not answer is left
// open. Grant calculates nothing, so it signs nothing.
func Grant(w io.Writer, _ dsse.Signer, _ *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{
		"opportunity": grantOpportunity,
		"org profile": grantProfile,
	})
	if err != nil {
		return nil, err
	}

	fmt.Fprintln(w, "Q: How well does Bridgeway Learning Collaborative fit the Youth Futures Fund?")

	// A citation not found is a fault of the evidence, reported with the
	// score it leaves; only blocks that cannot be scored stop the story.
	rep, err := scoring.Score(grantVerdicts, scoring.GrantFit(), sources, scoring.Options{})
	if re := (*scoring.ReportError)(nil); errors.As(err, &re) {
		rep = re.Report
	} else if err != nil {
		return nil, err
	}
	if !rep.OK {
		return nil, fmt.Errorf("blocks refused: %v", rep.Errors.Err())
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
	return nil, nil
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
