package story

import (
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

func unitsOutput(unit string, places *int) units.Output {
	return units.Output{Unit: unit, Places: places, Rounding: "half_even"}
}

func unitsScaled(unit, scale string, places *int) units.Output {
	return units.Output{Unit: unit, Scale: scale, Places: places, Rounding: "half_even"}
}

// Shortfall is India's growth against its forecast: a relative shortfall of
// 35.821%, an interpreted formula published with it, beside the absolute gap
// of 2.4 percentage points.
func Shortfall() *Story {
	rate := func(name, display, label, quote, source string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "percent", Period: "FY2020", Label: label,
			Support: "Economic Survey and statistics office release", Provenance: receipt.ProvenanceText, Quote: quote,
			Source: source}
	}
	inputs := []receipt.Input{
		rate("forecast", "6.7%", "GDP growth forecast", "growth was forecast at 6.7%", "economic-survey"),
		rate("actual", "4.3%", "GDP growth, actual", "actual growth of 4.3%", "statistics-release"),
	}
	one, three := 1, 3
	return &Story{
		Name:     "shortfall",
		Title:    "India's growth against its forecast",
		Sources:  []string{"economic-survey", "statistics-release"},
		Question: "By how much did India's growth fall short of the forecast?",
		Drafts: []Draft{
			{What: "multiplies by 100 and asks for percent as well",
				Request: &receipt.Request{ID: "shortfall-double-percent", Formula: "(forecast - actual) / forecast * 100",
					Inputs: inputs, Output: unitsOutput("percent", &three),
					Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted, Note: "relative shortfall"}}},
			{What: "marks the formula interpreted but gives no definition",
				Request: &receipt.Request{ID: "shortfall-unlabelled", Formula: "abs((forecast - actual) / forecast)",
					Inputs: inputs, Output: unitsOutput("percent", &three),
					Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted}}},
		},
		Answer: &receipt.Request{ID: "india-growth-shortfall", Formula: "abs((forecast - actual) / forecast)",
			Inputs: inputs, Output: unitsOutput("percent", &three),
			Interpretation: &receipt.Interpretation{Kind: receipt.Interpreted,
				Note: "relative shortfall = |forecast − actual| / forecast; the source states only the two rates"}},
		Also: []*receipt.Request{{ID: "india-growth-gap", Formula: "forecast - actual", Inputs: inputs,
			Output: unitsOutput("pp", &one)}},
		Audit: &Audit{Why: "an auditor who accepts only source-defined formulas",
			Policy: receipt.Policy{DenyInterpreted: true}},
	}
}
