package scoring_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

func TestGrantFit(t *testing.T) {
	r := scoring.GrantFit()
	require.NoError(t, r.Validate())
	var names []string
	var sum int64
	for _, c := range r.Criteria {
		names = append(names, c.Name)
		sum += c.Weight
	}
	require.Equal(t, []string{"eligibility", "mission alignment", "program fit", "track record", "award size", "timeline"}, names)
	require.Equal(t, int64(100), sum)
	require.Equal(t, 1, r.Find("  Mission   Alignment "), "Find matches without regard to case and spacing")
	require.Equal(t, -1, r.Find("budget"))

	r.Criteria[0].Weight = 1
	require.Equal(t, int64(20), scoring.GrantFit().Criteria[0].Weight, "GrantFit returns a fresh copy")
}

func TestRubricValidate(t *testing.T) {
	crit := func(name string, w int64) scoring.Criterion {
		return scoring.Criterion{Name: name, Weight: w, Description: "what " + name + " means"}
	}
	tests := []struct {
		name   string
		r      scoring.Rubric
		want   []string
		reason string
	}{
		{name: "custom total", r: scoring.Rubric{Total: 30, Criteria: []scoring.Criterion{crit("a", 10), crit("b", 20)}}},
		{name: "default total", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("a", 40), crit("b", 60)}}},
		{name: "zero weight", r: scoring.Rubric{Total: 30, Criteria: []scoring.Criterion{crit("a", 0), crit("b", 30)}},
			want: []string{"invalid_weight"}, reason: "a zero weight is an error, not a criterion that never counts"},
		{name: "negative weight", r: scoring.Rubric{Total: 30, Criteria: []scoring.Criterion{crit("a", -10), crit("b", 40)}},
			want: []string{"invalid_weight"}},
		{name: "weight above the cap", r: scoring.Rubric{Total: (1_000_000), Criteria: []scoring.Criterion{crit("a", (1_000_000)+1)}},
			want: []string{"invalid_weight"}},
		{name: "sum misses total", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("a", 40), crit("b", 50)}},
			want: []string{"total_mismatch"}},
		{name: "duplicate name", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("Track  record", 40), crit("track record", 60)}},
			want: []string{"duplicate_name"}, reason: "names are compared as headings are matched"},
		{name: "no criteria", r: scoring.Rubric{}, want: []string{"no_criteria"}},
		{name: "too many criteria", r: scoring.Rubric{Total: (50) + 1, Criteria: func() []scoring.Criterion {
			var cs []scoring.Criterion
			for i := 0; i <= (50); i++ {
				cs = append(cs, crit("c"+strings.Repeat("x", i), 1))
			}
			return cs
		}()}, want: []string{"too_many_criteria"}},
		{name: "negative total", r: scoring.Rubric{Total: -100, Criteria: []scoring.Criterion{crit("a", 100)}},
			want: []string{"invalid_total"}},
		{name: "digit in name", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("top 3 priorities", 100)}},
			want: []string{"invalid_name", "invalid_description"}, reason: "the name appears in the description built by crit"},
		{name: "digit in description", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "timeline", Weight: 100,
			Description: "the work fits a 12-month period"}}}, want: []string{"invalid_description"},
			reason: "the prompt holds no digits, so no weight can leak into it"},
		{name: "percent in description", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "match", Weight: 100,
			Description: "a full % match"}}}, want: []string{"invalid_description"}},
		{name: "empty description", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "a", Weight: 100}}},
			want: []string{"invalid_description"}},
		{name: "empty name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}},
		{name: "line break in name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "a\nb", Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}},
		{name: "heading mark in name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "# a", Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}},
		{name: "names differing by a zero-width space", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("track record", 40),
			crit("track\u200b record", 60)}}, want: []string{"invalid_name", "invalid_description"},
			reason: "two names that look the same once compared unequal and were both accepted (crit repeats the name in the description)"},
		{name: "word joiner in name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "fit\u2060", Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}},
		{name: "invisible name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "\u2800", Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}, reason: "a braille blank is no name"},
		{name: "right-to-left override in description", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "fit", Weight: 100,
			Description: "the program \u202efits the fund"}}}, want: []string{"invalid_description"},
			reason: "a bidi override shows the model one order of words and a person another"},
		{name: "isolate in name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "fit \u2067x\u2069", Weight: 100, Description: "something"}}},
			want: []string{"invalid_name"}},
		{name: "invisible description", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "fit", Weight: 100, Description: "\u200b\u3164"}}},
			want: []string{"invalid_description"}},
		{name: "accented name", r: scoring.Rubric{Criteria: []scoring.Criterion{{Name: "café", Weight: 100, Description: "naïve fit"}}}},
		{name: "same name in two normal forms", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("caf\u00e9", 40), crit("cafe\u0301", 60)}},
			want: []string{"duplicate_name"}, reason: "names are compared in NFC"},
		{name: "same name in full-width letters", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("eligibility", 40), crit("\uff45\uff4c\uff49\uff47\uff49\uff42\uff49\uff4c\uff49\uff54\uff59", 60)}},
			want: []string{"duplicate_name"}, reason: "two names a reader cannot tell apart are one name twice"},
		{name: "same name with a ligature", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("program fit", 40), crit("program \ufb01t", 60)}},
			want: []string{"duplicate_name"}},
		{name: "all problems", r: scoring.Rubric{Criteria: []scoring.Criterion{crit("a", 0), crit("A", -1), {Name: "b", Weight: 10}}},
			want:   []string{"invalid_weight", "duplicate_name", "invalid_weight", "invalid_description"},
			reason: "every problem is listed; the sum is checked only once the rest is valid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.r.Validate()
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs)
			require.Equal(t, tc.want, errs.Codes(), tc.reason)
		})
	}
}

func TestRubricJSON(t *testing.T) {
	out, err := json.MarshalIndent(scoring.GrantFit(), "", "  ")
	require.NoError(t, err)
	golden(t, "grant-fit.json", append(out, '\n'))

	r, err := scoring.ParseRubric(out)
	require.NoError(t, err)
	require.Equal(t, scoring.GrantFit(), r, "round trip")

	var via scoring.Rubric
	require.NoError(t, json.Unmarshal([]byte(read(t, "grant-fit.json")), &via))
	require.Equal(t, scoring.GrantFit(), via, "json.Unmarshal decodes the same")

	r, err = scoring.ParseRubric([]byte(`{"criteria": [{"name": "fit", "weight": "100", "description": "how well it fits"}]}`))
	require.NoError(t, err)
	out, err = json.Marshal(r)
	require.NoError(t, err)
	require.JSONEq(t, `{"total": "100", "criteria": [{"name": "fit", "weight": "100", "description": "how well it fits"}]}`, string(out),
		"an omitted total is the default, written out")
}

func TestParseRubricErrors(t *testing.T) {
	const desc = `"description": "d"`
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{name: "weight as a JSON number", in: `{"criteria": [{"name": "a", "weight": 100, ` + desc + `}]}`, want: []string{"invalid_weight"}},
		{name: "weight zero", in: `{"total": "100", "criteria": [{"name": "a", "weight": "0", ` + desc + `}, {"name": "b", "weight": "100", ` + desc + `}]}`,
			want: []string{"invalid_weight"}},
		{name: "weight negative", in: `{"criteria": [{"name": "a", "weight": "-5", ` + desc + `}, {"name": "b", "weight": "105", ` + desc + `}]}`,
			want: []string{"invalid_weight"}},
		{name: "weight fractional", in: `{"criteria": [{"name": "a", "weight": "99.5", ` + desc + `}, {"name": "b", "weight": "0.5", ` + desc + `}]}`,
			want: []string{"invalid_weight", "invalid_weight"}},
		{name: "weight padded", in: `{"criteria": [{"name": "a", "weight": " 100", ` + desc + `}]}`, want: []string{"invalid_weight"}},
		{name: "weight missing", in: `{"criteria": [{"name": "a", ` + desc + `}]}`, want: []string{"invalid_weight"}},
		{name: "duplicate name", in: `{"criteria": [{"name": "a", "weight": "50", ` + desc + `}, {"name": "A", "weight": "50", ` + desc + `}]}`,
			want: []string{"duplicate_name"}},
		{name: "sum misses total", in: `{"total": "10", "criteria": [{"name": "a", "weight": "5", ` + desc + `}]}`, want: []string{"total_mismatch"}},
		{name: "total zero", in: `{"total": "0", "criteria": [{"name": "a", "weight": "100", ` + desc + `}]}`, want: []string{"invalid_total"}},
		{name: "total as a number", in: `{"total": 100, "criteria": [{"name": "a", "weight": "100", ` + desc + `}]}`, want: []string{"invalid_total"}},
		{name: "unknown field", in: `{"criteria": [{"name": "a", "weight": "100", "fraction": "1/2", ` + desc + `}]}`, want: []string{"invalid_rubric"}},
		{name: "trailing data", in: `{"criteria": [{"name": "a", "weight": "100", ` + desc + `}]} {}`, want: []string{"invalid_rubric"}},
		{name: "not an object", in: `[]`, want: []string{"invalid_rubric"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scoring.ParseRubric([]byte(tc.in))
			var errs scoring.ErrorList
			require.ErrorAs(t, err, &errs, "ParseRubric(%s)", tc.in)
			require.Equal(t, tc.want, errs.Codes(), "ParseRubric(%s): %v", tc.in, err)
		})
	}
}
