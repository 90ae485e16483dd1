package quote

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestCheckValue pins the value form: results only when every quote is
// found; otherwise no results and an error that reaches the whole report,
// and for a refusal the refusal's own error too.
func TestCheckValue(t *testing.T) {
	found := Quote{ID: "a", Source: "annual-report", Text: "net income was $5,007 million"}
	cases := []struct {
		name    string
		req     Request
		opts    Options
		found   int    // results returned; 0 means an error
		code    string // the refusal's code, when refused
		missed  string // the reason of the first quote not found
		message string
	}{
		{name: "all found", req: Request{Quotes: []Quote{found}}, found: 1},
		{name: "one not found", req: Request{Quotes: []Quote{found, {ID: "b", Source: "annual-report", Text: "net income was $5,008 million"}}},
			missed: "not_found", message: `quote: 1 of 2 quotes not found: quote 2 (id "b"): not_found`},
		{name: "wrong source", req: Request{Quotes: []Quote{{ID: "c", Source: "annual-report", Text: "declared a dividend of $0.25 per share"}}},
			missed: "wrong_source", message: `quote: 1 of 1 quotes not found: quote 1 (id "c"): wrong_source`},
		{name: "refused", req: Request{}, code: fault.NoQuotes, message: "the request holds no quotes"},
		{name: "bad option", req: Request{Quotes: []Quote{found}}, opts: Options{MaxGap: -5}, code: fault.InvalidOption},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			results, err := Check(tc.req, sources(t), tc.opts)
			if tc.found > 0 {
				require.NoError(t, err)
				require.Len(t, results, tc.found)
				require.Equal(t, check(tc.req, sources(t), tc.opts).Results, results)
				return
			}
			require.Nil(t, results, "a caller who ignores the error gets nothing to use")
			var re *ReportError
			require.ErrorAs(t, err, &re)
			require.Equal(t, check(tc.req, sources(t), tc.opts), *re.Report)
			if tc.message != "" {
				require.Equal(t, tc.message, err.Error())
			}
			var qe *fault.Error
			if tc.code != "" {
				require.ErrorAs(t, err, &qe)
				require.Equal(t, tc.code, qe.Code)
				return
			}
			require.ErrorAs(t, err, &qe, "one errors.As target reaches a code for a quote not found too")
			require.Equal(t, tc.missed, qe.Code, "the code is the first quote's reason")
			require.Nil(t, re.Report.Error, "a quote not found is not a refused request")
			for _, r := range re.Report.Results {
				if !r.Found {
					require.Equal(t, Reason(tc.missed), r.Reason)
					break
				}
			}
		})
	}
}

// TestReportErrorZero: a zero or nil ReportError describes itself and
// unwraps to nothing, without panicking.
func TestReportErrorZero(t *testing.T) {
	var nilErr *ReportError
	for _, e := range []*ReportError{nilErr, {}, {Report: &Report{OK: true}}} {
		require.NotEmpty(t, e.Error())
		require.NoError(t, e.Unwrap())
	}
}
