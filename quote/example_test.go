package quote_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/quote"
)

const report = `Results of operations
Net income was $5,007 million, up from
$4,100 million, on inter-
national sales.`

func ExampleIndex_Find() {
	ix, err := quote.NewIndex(report)
	if err != nil {
		panic(err)
	}
	for _, q := range []string{
		"net income was $5,007 million",
		"up from $4,100 million, on international sales",
		"net income was $5,008 million",
	} {
		m, err := ix.Find(q, quote.Options{})
		if err != nil {
			panic(err)
		}
		if m.Found {
			fmt.Printf("found at %d:%d (tier %s): %q\n", m.Line, m.Column, m.Tier, m.Text)
			continue
		}
		fmt.Printf("%s; nearest %q: %s (similarity %s)\n", m.Reason, m.Nearest.Text, m.Nearest.Differs, m.Nearest.Similarity)
	}
	// Output:
	// found at 2:1 (tier case): "Net income was $5,007 million"
	// found at 2:32 (tier hyphenation): "up from\n$4,100 million, on inter-\nnational sales"
	// not_found; nearest "Net income was $5,007 million,": source says $5,007 where the quote says $5,008 (similarity 0.74)
}

// A report shows every outcome: a check that failed holds it in its
// error, as the quote command and tool print it.
func ExampleReportError() {
	sources, err := quote.NewSources(map[string]string{
		"annual-report": report,
		"press-release": "The board declared a dividend of $0.25 per share.",
	})
	if err != nil {
		panic(err)
	}
	req, err := quote.ParseRequest([]byte(`{"quotes": [
		{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"},
		{"id": "q2", "source": "annual-report", "text": "declared a dividend of $0.25 per share"}]}`))
	if err != nil {
		panic(err)
	}
	_, err = quote.Check(req, sources, quote.Options{})
	var re *quote.ReportError
	if errors.As(err, &re) {
		out, _ := json.MarshalIndent(re.Report, "", "  ")
		fmt.Println(string(out))
	}
	// Output:
	// {
	//   "ok": false,
	//   "results": [
	//     {
	//       "id": "q1",
	//       "found": true,
	//       "source": "annual-report",
	//       "tier": "case",
	//       "start": 22,
	//       "end": 51,
	//       "line": 2,
	//       "column": 1,
	//       "matched": "Net income was $5,007 million",
	//       "reason": "",
	//       "nearest": null
	//     },
	//     {
	//       "id": "q2",
	//       "found": false,
	//       "source": "annual-report",
	//       "tier": "",
	//       "start": 0,
	//       "end": 0,
	//       "line": 0,
	//       "column": 0,
	//       "matched": "",
	//       "reason": "wrong_source",
	//       "nearest": {
	//         "source": "press-release",
	//         "start": 10,
	//         "end": 48,
	//         "line": 1,
	//         "column": 11,
	//         "tier": "exact",
	//         "text": "declared a dividend of $0.25 per share",
	//         "similarity": "1.00",
	//         "differs": "found in source press-release, not in annual-report"
	//       }
	//     }
	//   ]
	// }
}

// Check returns the results only when every quote was found; otherwise
// its error holds the whole report.
func ExampleCheck() {
	sources, err := quote.NewSources(map[string]string{
		"annual-report": report,
		"press-release": "The board declared a dividend of $0.25 per share.",
	})
	if err != nil {
		panic(err)
	}
	good := quote.Request{Quotes: []quote.Quote{{ID: "q1", Source: "annual-report", Text: "net income was $5,007 million"}}}
	results, err := quote.Check(good, sources, quote.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s found at %d:%d: %q\n", results[0].ID, results[0].Line, results[0].Column, results[0].Matched)

	bad := quote.Request{Quotes: []quote.Quote{{ID: "q2", Source: "annual-report", Text: "net income was $5,008 million"}}}
	results, err = quote.Check(bad, sources, quote.Options{})
	fmt.Println(len(results), err)
	var re *quote.ReportError
	if errors.As(err, &re) {
		r := re.Report.Results[0]
		fmt.Printf("%s: %s\n", r.ID, r.Nearest.Differs)
	}
	// Output:
	// q1 found at 2:1: "Net income was $5,007 million"
	// 0 quote: 1 of 1 quotes not found: quote 1 (id "q2"): not_found
	// q2: source says $5,007 where the quote says $5,008
}

func ExampleContainsNumber() {
	text := "Revenue from operations was 109,638.91 crore, against 1109,638.912 before."
	fmt.Println(quote.ContainsNumber(text, "109,638.91"))
	fmt.Println(quote.ContainsNumber("a version 109,638.91.5", "109,638.91"))
	fmt.Println(quote.ContainsNumber("a change of -4.3%", "4.3"))
	// Output:
	// true
	// false
	// false
}

func ExampleNeedsInput() {
	text := "Debt/EBITDA is [NEEDS INPUT: FY2023 EBITDA?]; margin [NEEDS INPUT: which segment"
	for _, m := range quote.NeedsInput(text) {
		fmt.Printf("%d-%d %q problem=%q\n", m.Start, m.End, m.Question, m.Problem)
	}
	// Output:
	// 15-44 "FY2023 EBITDA?" problem=""
	// 53-80 "which segment" problem="unterminated"
}

func ExampleNormalize() {
	fmt.Printf("%q\n", quote.Normalize("The \u201cinter-\nnational\u201d **\ufb01nancial** 10\u00b2", quote.Markup))
	// Output:
	// "the \"international\" financial 10²"
}

// A quote that leaves out the negation before it says the opposite of its
// source: it is refused, with the fuller span as the hint. A unit beside a
// number keeps its case at every tier, and a policy may accept only some
// tiers.
func ExampleIndex_Find_meaning() {
	ix, err := quote.NewIndex("The panel does not recommend funding this applicant.\n" +
		"THE PLANT DELIVERS 500 MW AT PEAK.")
	if err != nil {
		panic(err)
	}
	for _, c := range []struct {
		quote string
		opts  quote.Options
	}{
		{"recommend funding this applicant", quote.Options{}},
		{"the plant delivers 500 mW at peak", quote.Options{}},
		{"the plant delivers 500 MW at peak", quote.Options{}},
		{"the plant delivers 500 MW at peak", quote.Options{Tiers: []quote.Tier{quote.Exact, quote.Whitespace}}},
	} {
		m, err := ix.Find(c.quote, c.opts)
		if err != nil {
			panic(err)
		}
		switch {
		case m.Found:
			fmt.Printf("%q: found (tier %s)\n", c.quote, m.Tier)
		case m.Nearest != nil:
			fmt.Printf("%q: %s; nearest %q\n", c.quote, m.Reason, m.Nearest.Text)
		default:
			fmt.Printf("%q: %s\n", c.quote, m.Reason)
		}
	}
	// Output:
	// "recommend funding this applicant": negation_cut; nearest "not recommend funding this applicant"
	// "the plant delivers 500 mW at peak": not_found; nearest "THE PLANT DELIVERS 500 MW AT PEAK."
	// "the plant delivers 500 MW at peak": found (tier case)
	// "the plant delivers 500 MW at peak": tier_not_accepted; nearest "THE PLANT DELIVERS 500 MW AT PEAK"
}
