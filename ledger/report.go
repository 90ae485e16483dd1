package ledger

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/reckonhq/reckon/fault"
)

// Row is one question of a run report: what was released for it, what
// backs it, and what was refused on the way.
type Row struct {
	Question   string    `json:"question"`              // the question id the application labelled its entries with; the session's id when none
	Session    string    `json:"session"`               // the conversation
	Answer     string    `json:"answer,omitempty"`      // the text released, as the gate checked it; "" when none was
	Released   bool      `json:"released"`              // an answer was released
	Formulas   []string  `json:"formulas"`              // the formulas of the calculations that made receipts
	ReceiptIDs []string  `json:"receipt_ids"`           // their receipts
	Basis      string    `json:"basis"`                 // verified: every formula the source's own; interpreted: one chosen for a metric the source never defines
	Refused    []Refusal `json:"refused"`               // every call refused on the way, in order
	First      time.Time `json:"first,omitzero"`        // the first entry's time
	Last       time.Time `json:"last,omitzero"`         // the last entry's time
	ModelCalls string    `json:"model_calls,omitempty"` // the application's label model_calls, as it gave it
	Cost       string    `json:"cost,omitempty"`        // the application's label cost, as it gave it
}

// Refusal is a refused call of a report row.
type Refusal struct {
	Seq   int64    `json:"seq"`
	Tool  string   `json:"tool"`
	Codes []string `json:"codes"`
}

// Rows makes a run report of entries: one row per question, in the order
// each question first appears. An entry's question is its label
// "question", or, when it has none, its session. A row's receipts are
// those the answer it released was checked against (check_claims'
// receipt_ids), with the formula each calculation of the ledger recorded
// for it; its basis is verified when every one of them is the source's
// own definition, interpreted when one is not, and "" when nothing was
// released (the row then lists the receipts its calculations made). A
// report of a query covers the entries the query selected.
func Rows(entries []Entry) []Row {
	type calc struct {
		formula     string
		interpreted bool
	}
	calcs := map[string]calc{}    // by session and receipt id
	made := map[string][]string{} // the receipts each question's calculations made, in order
	var order []string
	rows := map[string]*Row{}
	for _, e := range entries {
		var asked struct {
			Formula        string   `json:"formula"`
			Operation      string   `json:"operation"`
			Text           string   `json:"text"`
			ReceiptIDs     []string `json:"receipt_ids"`
			Interpretation *struct {
				Kind string `json:"kind"`
			} `json:"interpretation"`
		}
		_ = json.Unmarshal(e.Asked, &asked) // arguments that are not an object name nothing here
		if e.OK && e.ReceiptID != "" && (e.Tool == "calculate" || e.Tool == "calc") {
			calcs[e.Session+" "+e.ReceiptID] = calc{cmp.Or(asked.Formula, asked.Operation),
				asked.Interpretation != nil && asked.Interpretation.Kind == "interpreted"}
		}
		q := cmp.Or(e.Labels["question"], e.Session)
		r := rows[q]
		if r == nil {
			r = &Row{Question: q, Session: e.Session, Formulas: []string{}, ReceiptIDs: []string{}, Refused: []Refusal{}}
			made[q] = nil
			rows[q] = r
			order = append(order, q)
		}
		if !e.Time.IsZero() {
			if r.First.IsZero() || e.Time.Before(r.First) {
				r.First = e.Time
			}
			if e.Time.After(r.Last) {
				r.Last = e.Time
			}
		}
		r.ModelCalls = cmp.Or(e.Labels["model_calls"], r.ModelCalls)
		r.Cost = cmp.Or(e.Labels["cost"], r.Cost)
		if e.OK && e.ReceiptID != "" && (e.Tool == "calculate" || e.Tool == "calc") && !slices.Contains(made[q], e.ReceiptID) {
			made[q] = append(made[q], e.ReceiptID)
		}
		switch {
		case !e.OK:
			r.Refused = append(r.Refused, Refusal{Seq: e.Seq, Tool: e.Tool, Codes: e.Codes})
		case e.Tool == "check_claims":
			r.Answer, r.Released = asked.Text, true
			r.ReceiptIDs = append([]string{}, asked.ReceiptIDs...)
			r.Formulas = make([]string, len(r.ReceiptIDs))
			r.Basis = ""
			if len(r.ReceiptIDs) > 0 {
				r.Basis = "verified"
			}
			for k, id := range r.ReceiptIDs {
				c, ok := calcs[e.Session+" "+id]
				r.Formulas[k] = c.formula
				if !ok {
					r.Formulas[k] = "(not in this report)"
				}
				if c.interpreted {
					r.Basis = "interpreted"
				}
			}
		}
	}
	out := make([]Row, 0, len(order))
	for _, q := range order {
		r := rows[q]
		if !r.Released {
			// nothing released: the receipts its calculations made
			for _, id := range made[q] {
				r.ReceiptIDs = append(r.ReceiptIDs, id)
				r.Formulas = append(r.Formulas, calcs[r.Session+" "+id].formula)
			}
		}
		out = append(out, *r)
	}
	return out
}

// The formats [WriteReport] writes.
const (
	FormatJSON     = "json"
	FormatMarkdown = "markdown"
	FormatHTML     = "html"
)

// WriteReport writes rows to w as JSON (one array), a Markdown table, or a
// self-contained HTML page an auditor opens in a browser: no script, no
// request for anything outside it, every value escaped.
func WriteReport(w io.Writer, rows []Row, format string) error {
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	case FormatMarkdown:
		var b strings.Builder
		b.WriteString("| question | answer | released | formulas | receipts | basis | refused on the way | time | model calls | cost |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", md(r.Question), md(r.Answer), yes(r.Released),
				md(strings.Join(r.Formulas, "; ")), md(strings.Join(r.ReceiptIDs, " ")), r.Basis, md(refusals(r.Refused)),
				md(span(r)), md(r.ModelCalls), md(r.Cost))
		}
		_, err := io.WriteString(w, b.String())
		return err
	case FormatHTML:
		return page.Execute(w, struct {
			Rows    []Row
			Refused func([]Refusal) string
			Span    func(Row) string
		}{rows, refusals, span})
	}
	return &fault.Error{Code: fault.BadRequest, Field: "format", Msg: fmt.Sprintf("report format %q is none of json, markdown or html", clip(format)),
		Hint: "write the report as json, markdown or html"}
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// md escapes a table cell: pipes and line breaks, which would end it, and
// the characters that open Markdown's links, images, emphasis, code and
// HTML, so that text a model wrote shows as text.
var md = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", `\`, `\\`, "[", `\[`, "]", `\]`,
	"*", `\*`, "`", "\\`", "<", "&lt;", ">", "&gt;", "&", "&amp;").Replace

func refusals(rs []Refusal) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("#%d %s: %s", r.Seq, r.Tool, strings.Join(r.Codes, ", ")))
	}
	return strings.Join(parts, "; ")
}

func span(r Row) string {
	switch {
	case r.First.IsZero():
		return ""
	case r.Last.Sub(r.First) < time.Second:
		return r.First.Format(time.RFC3339)
	}
	return r.First.Format(time.RFC3339) + " – " + r.Last.Format(time.RFC3339)
}

var page = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>reckon run report</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3}
.no{color:#a00}.yes{color:#060}
code{font-size:12px}
</style></head><body>
<h1>Run report</h1>
<p>{{len .Rows}} question(s).</p>
<table id="report">
<thead><tr><th>question</th><th>answer</th><th>released</th><th>formulas</th><th>receipts</th><th>basis</th><th>refused on the way</th><th>time</th><th>model calls</th><th>cost</th></tr></thead>
<tbody>
{{range .Rows}}<tr>
<td>{{.Question}}</td><td>{{.Answer}}</td><td class="{{if .Released}}yes{{else}}no{{end}}">{{if .Released}}yes{{else}}no{{end}}</td>
<td>{{range .Formulas}}<code>{{.}}</code><br>{{end}}</td><td>{{range .ReceiptIDs}}<code>{{.}}</code><br>{{end}}</td>
<td>{{.Basis}}</td><td>{{call $.Refused .Refused}}</td><td>{{call $.Span .}}</td><td>{{.ModelCalls}}</td><td>{{.Cost}}</td>
</tr>
{{end}}</tbody></table>
</body></html>
`))
