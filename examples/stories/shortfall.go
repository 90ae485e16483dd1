package stories

import (
	_ "embed"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// The shortfall story's documents: the Economic Survey, which states the
// forecast, and the statistics office's release, which states the outcome.
var (
	//go:embed testdata/sources/economic-survey.txt
	economicSurvey string
	//go:embed testdata/sources/statistics-release.txt
	statisticsRelease string
)

// Shortfall is India's growth against its forecast: a relative shortfall of
// 35.821%, a formula the sources do not state, published as interpreted
// with its definition, beside the absolute gap of 2.4 percentage points.
// An auditor who accepts only source-defined formulas refuses the first.
func Shortfall(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{
		"economic-survey": economicSurvey, "statistics-release": statisticsRelease})
	if err != nil {
		return nil, err
	}
	rate := func(name, display, label, quote, source string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "percent", Period: "FY2020", Label: label,
			Support: "Economic Survey and statistics office release", Provenance: receipt.ProvenanceText,
			Source: source, Quote: quote}
	}
	inputs := []receipt.Input{
		rate("forecast", "6.7%", "GDP growth forecast", "growth was forecast at 6.7%", "economic-survey"),
		rate("actual", "4.3%", "GDP growth, actual", "actual growth of 4.3%", "statistics-release"),
	}
	one, three := 1, 3
	percent := units.Output{Unit: "percent", Places: &three, Rounding: "half_even"}

	fmt.Fprintln(w, "Q: By how much did India's growth fall short of the forecast?")

	fmt.Fprintln(w, "\nDrafts refused or relabelled")
	showRefused(w, 1, "multiplies by 100 and asks for percent as well", receipt.Respond(&receipt.Request{
		ID: "shortfall-double-percent", Formula: "(forecast - actual) / forecast * 100", Inputs: inputs, Output: percent,
		Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted, Note: "relative shortfall"}, Sources: sources,
	}, dsse.Unsigned()))
	showRefused(w, 2, "marks the formula interpreted but gives no definition", receipt.Respond(&receipt.Request{
		ID: "shortfall-unlabelled", Formula: "abs((forecast - actual) / forecast)", Inputs: inputs, Output: percent,
		Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted}, Sources: sources,
	}, dsse.Unsigned()))

	shortfall := &receipt.Request{ID: "india-growth-shortfall", Formula: "abs((forecast - actual) / forecast)",
		Inputs: inputs, Output: percent, Sources: sources,
		Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted,
			Note: "relative shortfall = |forecast − actual| / forecast; the source states only the two rates"}}
	gap := &receipt.Request{ID: "india-growth-gap", Formula: "forecast - actual", Inputs: inputs,
		Output: units.Output{Unit: "pp", Places: &one, Rounding: "half_even"}, Sources: sources}
	resp, err := reckoned(w, "Answer", shortfall, signer, trusted)
	if err != nil {
		return nil, err
	}
	_, err = receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted, Policy: receipt.Policy{DenyInterpreted: true}})
	showAudit(w, "an auditor who accepts only source-defined formulas", err)

	// The absolute gap needs no interpretation: the sources state both
	// rates in percent.
	gapResp, err := reckoned(w, "Also", gap, signer, trusted)
	if err != nil {
		return nil, err
	}
	return []*receipt.Response{resp, gapResp}, nil
}
