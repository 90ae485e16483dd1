package corpus

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/receipt"
)

// Fact is one line of filings/facts.jsonl: one number printed in a filing,
// with the meaning its filer declared for it in inline XBRL.
type Fact struct {
	Filing  string `json:"filing"`  // the filing's name, "aapl-10k-2024"
	LineNo  int    `json:"line_no"` // the 1-based line of the filing's .txt that holds Row
	Row     string `json:"row"`     // the table row's text, cells joined by " | ": the quote
	Cell    string `json:"cell"`    // the cell's text, "(2,227)"
	Display string `json:"display"` // the fact's printed text, without parentheses: "2,227", "—"
	Parens  string `json:"parens"`  // outside_same_cell, outside_split_cells, outside_partial or none
	Name    string `json:"name"`    // the XBRL concept, "us-gaap:EarningsPerShareDiluted"
	Period  string `json:"period"`  // the fact's period, "2023-10-01..2024-09-28"
	Measure string `json:"measure"` // the XBRL unit, "iso4217:USD", "xbrli:shares", …
	Scale   int    `json:"scale"`   // the filer's scale: printed × 10^Scale is the value

	Sign          *string `json:"sign"`           // "-" when the concept's value is negative
	ShownNegative *string `json:"shown_negative"` // "parens" (or a minus) when the table prints it negative
	Value         string  `json:"value"`          // the XBRL value
	ShownValue    string  `json:"shown_value"`    // the value as a reader of the table sees it
	PrintedValue  string  `json:"printed_value"`  // the printed digits without grouping: "24.1"
}

// Where names the fact for people: its filing and line.
func (f *Fact) Where() string { return fmt.Sprintf("%s:%d", f.Filing, f.LineNo) }

// inParens reports whether the table prints the fact inside parentheses,
// in its own cell or split across cells; "outside_partial" is prose.
func (f *Fact) inParens() bool {
	return f.Parens == "outside_same_cell" || f.Parens == "outside_split_cells"
}

// shownMinus reports whether the table prints the fact negative with a
// minus rather than with parentheses.
func (f *Fact) shownMinus() bool {
	return f.ShownNegative != nil && *f.ShownNegative != "" && *f.ShownNegative != "parens"
}

// Transcription is the honest input for one fact and the value reckon
// must compute from it.
type Transcription struct {
	Input receipt.Input
	Truth *apd.Decimal // what the table shows, in the result's unit: dollars, shares, or percent
}

// Transcribe returns the transcription a careful reader makes of f, or a
// reason to leave f out of the figures: a fact not in a table row, a
// display that is no number (a dash), or a unit the contract has no
// spelling for.
func (f *Fact) Transcribe() (Transcription, string) {
	if !strings.Contains(f.Row, " | ") {
		return Transcription{}, "not in a table row"
	}
	if !isNumber(f.Display) {
		return Transcription{}, "display is not a number"
	}
	unit, excluded := unitOf(f.Measure, f.Scale)
	if excluded != "" {
		return Transcription{}, excluded
	}
	scale, ok := scaleWord(f.Scale)
	if !ok {
		return Transcription{}, fmt.Sprintf("filer scale %d has no scale word", f.Scale)
	}
	truth, err := f.truth(unit)
	if err != nil {
		return Transcription{}, "truth does not parse: " + err.Error()
	}
	in := receipt.Input{
		Name: "x", Display: f.shownDisplay(), Unit: unit, Scale: scale,
		Period: f.Period, Label: firstCell(f.Row), Provenance: receipt.ProvenanceText,
		Quote: f.Row, Source: f.Filing,
	}
	return Transcription{Input: in, Truth: truth}, ""
}

// shownDisplay is the number as the table shows it: "(3,709)" for a
// number printed in parentheses, "-5" for one printed with a minus.
func (f *Fact) shownDisplay() string {
	switch {
	case f.inParens():
		return "(" + f.Display + ")"
	case f.shownMinus():
		return "-" + f.Display
	}
	return f.Display
}

// truth is the value a reader of the table sees: shown_value, except for
// a percent, whose result reckon gives in percent: the printed number,
// negative when the table shows it so.
func (f *Fact) truth(unit string) (*apd.Decimal, error) {
	if unit != "percent" {
		return parseDecimal(f.ShownValue)
	}
	d, err := parseDecimal(f.PrintedValue)
	if err == nil && f.ShownNegative != nil {
		d.Neg(d)
	}
	return d, err
}

// isNumber reports whether s is one printed number and nothing else, as
// the one reader of printed numbers reads it: "1,234" and "0.25" are, "—",
// "no" and "three" are not.
func isNumber(s string) bool {
	tok, ok := numeral.Next(s, 0)
	return ok && tok.Start == 0 && tok.End == len(s) && tok.Readable()
}

// unitOf spells a filer's XBRL measure as the contract's unit, or says why
// it cannot: a filer's own unit (nflx:membership, aeon:D) has no spelling.
func unitOf(measure string, scale int) (unit, excluded string) {
	num, den, _ := strings.Cut(measure, "/")
	switch {
	case den == "xbrli:shares" && strings.HasPrefix(num, "iso4217:"):
		return strings.TrimPrefix(num, "iso4217:") + "/count:shares", ""
	case den != "":
	case strings.HasPrefix(num, "iso4217:"):
		return strings.TrimPrefix(num, "iso4217:"), ""
	case num == "xbrli:shares":
		return "count:shares", ""
	case num == "xbrli:pure" && scale == -2:
		return "percent", ""
	case num == "xbrli:pure" && scale == 0:
		return "number", ""
	}
	return "", "measure " + measure
}
