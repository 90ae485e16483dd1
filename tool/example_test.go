package tool_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/reckonhq/reckon/tool"
)

// Hand the tools to a model: each has a name, a description, and JSON
// Schemas in and out. Call runs one on the arguments the model wrote.
// With sources registered, each input read from text names its source and
// quotes it, and the receipt records where the quote is.
func Example() {
	tools := tool.All(tool.Options{
		Sources: map[string]string{"annual-report": "(in millions)\nOperating income 6,708\nDepreciation and amortization 1,781\n"},
	})
	for _, t := range tools {
		fmt.Println(t.Name)
	}

	args := `{"id": "ebitda", "formula": "operating_income + depreciation",
	 "inputs": [
	  {"name": "operating_income", "display": "6,708", "unit": "USD", "scale": "million", "period": "FY2021",
	   "label": "Operating income", "support": "", "provenance": "text", "quote": "Operating income 6,708",
	   "source": "annual-report"},
	  {"name": "depreciation", "display": "1,781", "unit": "USD", "scale": "million", "period": "FY2021",
	   "label": "Depreciation and amortization", "support": "", "provenance": "text",
	   "quote": "Depreciation and amortization 1,781", "source": "annual-report"}],
	 "output": {"unit": "USD", "scale": "million", "places": 0, "rounding": "", "grouping": ""},
	 "interpretation": {"kind": "interpreted", "note": "EBITDA as operating income plus D&A"}}`
	out, err := tools[0].Call(context.Background(), json.RawMessage(args))
	if err != nil {
		panic(err) // only a cancelled context
	}
	var answer struct {
		Result struct{ Value, Display string }
	}
	_ = json.Unmarshal(out, &answer)
	fmt.Println(answer.Result.Value, answer.Result.Display, tool.Refused(out))
	// Output:
	// calculate
	// verify_quotes
	// score_verdicts
	// check_claims
	// render_source
	// 8489 $8,489 million false
}

// A model that sends a number as a JSON number, rather than as the string
// the source prints, is told what to fix; nothing is rounded.
func ExampleTool_Call_refusal() {
	calc := tool.All(tool.Options{})[0]
	out, _ := calc.Call(context.Background(), json.RawMessage(`{"id": "x", "formula": "a",
	 "inputs": [{"name": "a", "display": 12345678901234567890.123, "unit": "USD", "scale": "", "period": "",
	   "label": "", "support": "", "provenance": "user", "quote": ""}],
	 "output": {"unit": "", "scale": "", "places": null, "rounding": "", "grouping": ""},
	 "interpretation": {"kind": "source_defined", "note": ""}}`))
	fmt.Println(tool.Refused(out))
	fmt.Println(string(out))
	// Output:
	// true
	// {"id":"x","ok":false,"error":{"code":"bad_request","message":"is a JSON number, but a string belongs here","hint":"numbers are strings: pass every value exactly as printed, in quotes, such as \"1,234.5\"","field":"inputs[0].display"}}
}

// Pick a tool by name. verify_quotes looks quotes up in the documents
// the application registered; the model names a document, never supplies
// it.
func ExampleLookup() {
	quotes, _ := tool.Lookup(tool.Options{
		Sources: map[string]string{"annual-report": "Net income attributable to Costco was $5,007 million."},
	}, "verify_quotes")
	out, _ := quotes.Call(context.Background(), json.RawMessage(
		`{"quotes": [{"id": "q1", "source": "annual-report", "text": "net income attributable to Costco was $5,008 million"}]}`))
	var rep struct {
		OK      bool
		Results []struct {
			Reason  string
			Nearest struct{ Differs string }
		}
	}
	_ = json.Unmarshal(out, &rep)
	fmt.Println(rep.OK, rep.Results[0].Reason, "-", rep.Results[0].Nearest.Differs)
	// Output:
	// false not_found - source says $5,007 where the quote says $5,008
}

// Hand the model a source as reckon reads it. An HTML filing, registered
// under a name whose extension says so, comes back as its visible text,
// a table row a line: the text its quotes are checked against.
func ExampleLookup_renderSource() {
	render, _ := tool.Lookup(tool.Options{
		Sources: map[string]string{"10-K.htm": "<p>(in millions)</p><table>" +
			"<tr><td>Net sales</td><td>$</td><td>5,007</td></tr>" +
			"<tr><td>Membership fees</td><td></td><td>3,877</td></tr></table>"},
	}, "render_source")
	out, _ := render.Call(context.Background(), json.RawMessage(`{"source": "10-K.htm"}`))
	var answer struct{ Format, Text string }
	_ = json.Unmarshal(out, &answer)
	fmt.Println(answer.Format)
	fmt.Println(answer.Text)
	// Output:
	// html
	// (in millions)
	// Net sales | $ | 5,007
	// Membership fees | 3,877
}
