package scoring_test

import (
	"encoding/json"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

// TestScoreValue pins the value form: a report only when the blocks were
// scored and their evidence passed; otherwise nil and an error that
// reaches the whole report (and, for a refusal, its ErrorList).
func TestScoreValue(t *testing.T) {
	tests := []struct {
		name    string
		blocks  string
		opts    scoring.Options
		ok      bool   // a report is returned
		code    string // the first refusal code, when refused
		message string
		reason  string
	}{{
		name: "all strong", blocks: read(t, "blocks/strong.md"), ok: true,
	}, {
		name: "realistic mix", blocks: read(t, "blocks/mixed.md"), ok: true,
	}, {
		name: "a misquote", blocks: read(t, "blocks/example.md"),
		message: `scoring: evidence of 1 of 6 criteria not verified: "award size": citation_not_found`,
		reason:  "the downgraded score is for a person to review, not to use",
	}, {
		name: "a misquote kept", blocks: read(t, "blocks/example.md"), opts: scoring.Options{Policy: scoring.KeepAndFlag},
		message: `scoring: evidence of 1 of 6 criteria not verified: "award size": citation_not_found`,
		reason:  "keep and flag keeps the points of a verdict whose quote failed: never a score to use",
	}, {
		name: "refused", blocks: "Total: 85\n", code: fault.ScoreField,
		reason: "a refusal has no score at all",
	}, {
		name: "bad policy", blocks: read(t, "blocks/strong.md"), opts: scoring.Options{Policy: 7}, code: fault.InvalidOption,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := scoreReport(tc.blocks, scoring.GrantFit(), sources(t), tc.opts)
			rep, err := scoring.Score(tc.blocks, scoring.GrantFit(), sources(t), tc.opts)
			if tc.ok {
				require.NoError(t, err)
				require.Equal(t, want, *rep)
				return
			}
			require.Nil(t, rep, tc.reason)
			var re *scoring.ReportError
			require.ErrorAs(t, err, &re)
			require.Equal(t, want, *re.Report)
			if tc.message != "" {
				require.Equal(t, tc.message, err.Error())
			}
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs, "one errors.As target reaches the codes, refused or not")
			if tc.code == "" {
				require.True(t, re.Report.OK, "a failed citation is not a refusal")
				require.Equal(t, []string{scoring.FlagCitationNotFound.String()}, errs.Codes())
				require.Equal(t, 20, errs[0].Line, "the line of the award size block")
				return
			}
			require.Equal(t, tc.code, errs[0].Code)
		})
	}
}

// TestScoreValueEvidence: every quote found is not enough; a passage
// backing two criteria or a STRONG on a negated passage is an error too.
func TestScoreValueEvidence(t *testing.T) {
	sources, err := quote.NewSources(map[string]string{"report": "Fiscally sponsored projects are not eligible. We mentor students."})
	require.NoError(t, err)
	r := scoring.Rubric{Total: 10, Criteria: []scoring.Criterion{{Name: "a", Weight: 5, Description: "a"}, {Name: "b", Weight: 5, Description: "b"}}}
	for name, blocks := range map[string]string{
		"negated": "## a\n- Verdict: STRONG\n- Citation (report): \"Fiscally sponsored projects are not eligible.\"\n" +
			"## b\n- Verdict: WEAK\n- Citation (report): \"We mentor students.\"\n",
		"reused": "## a\n- Verdict: WEAK\n- Citation (report): \"We mentor students.\"\n" +
			"## b\n- Verdict: WEAK\n- Citation (report): \"We mentor students.\"\n",
	} {
		rep, err := scoring.Score(blocks, r, sources, scoring.Options{})
		require.Nil(t, rep, name)
		var re *scoring.ReportError
		require.ErrorAs(t, err, &re, name)
		require.True(t, re.Report.Verified, "%s: every quote was found", name)
		require.False(t, re.Report.EvidenceOK, name)
		var errs scoring.ErrorList
		require.ErrorAs(t, err, &errs, name)
		require.Contains(t, []string{scoring.FlagNegated.String(), scoring.FlagCitationReused.String()}, errs[0].Code, name)
	}
}

// TestScoreRequestValue: the request form answers as Score does.
func TestScoreRequestValue(t *testing.T) {
	texts := map[string]string{"opportunity": read(t, "opportunity.txt"), "org profile": read(t, "profile.txt")}
	for blocks, ok := range map[string]bool{"blocks/mixed.md": true, "blocks/example.md": false} {
		body, err := json.Marshal(map[string]any{"blocks": read(t, blocks), "sources": texts})
		require.NoError(t, err)
		req, err := scoring.ParseRequest(body)
		require.NoError(t, err)
		want := scoreRequestReport(req, scoring.Options{})
		rep, err := scoring.ScoreRequest(req, scoring.Options{})
		if ok {
			require.NoError(t, err, blocks)
			require.Equal(t, want, *rep, blocks)
			continue
		}
		require.Nil(t, rep, blocks)
		var re *scoring.ReportError
		require.ErrorAs(t, err, &re, blocks)
		require.Equal(t, want, *re.Report, blocks)
	}
}

// TestReportErrorZero: a zero or nil ReportError describes itself and
// unwraps to nothing, without panicking.
func TestReportErrorZero(t *testing.T) {
	var nilErr *scoring.ReportError
	for _, e := range []*scoring.ReportError{nilErr, {}, {Report: &scoring.Report{}}, {Report: &scoring.Report{OK: true}}} {
		require.NotEmpty(t, e.Error())
		require.NoError(t, e.Unwrap())
	}
}
