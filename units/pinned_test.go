package units

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func places(n int) *int { return &n }

// TestLakh pins the case this package exists for: an annual report in lakhs,
// income less shareholders' funds for the year ended 31 March 2003. An
// earlier system got the digits right and labelled them rupees.
func TestLakh(t *testing.T) {
	c := calc(t, "income - shareholders_funds", []input{
		{"income", "109,638.91", "INR", "lacs"},
		{"shareholders_funds", "25,966.14", "INR", "lacs"},
	}, Output{Unit: "INR"})
	require.Equal(t, "8367277000", c.result.Value)
	require.Equal(t, "8367277000", c.result.Exact)
	require.Equal(t, "₹8,367,277,000", c.result.Display)
	require.Equal(t, "(109638.91 × 100000) − (25966.14 × 100000)", c.expanded)
	require.Equal(t, []Conversion{
		{Name: "income", Display: "109,638.91", Printed: "109638.91", Scale: "lakh", Factor: "100000", Value: "10963891000", Unit: "INR"},
		{Name: "shareholders_funds", Display: "25,966.14", Printed: "25966.14", Scale: "lakh", Factor: "100000", Value: "2596614000", Unit: "INR"},
	}, c.conv)

	indian := calc(t, "income - shareholders_funds", []input{
		{"income", "1,09,638.91", "INR", "lakh"},
		{"shareholders_funds", "25,966.14", "INR", "lakh"},
	}, Output{Unit: "INR", Grouping: "indian"})
	require.Equal(t, "₹8,36,72,77,000", indian.result.Display)

	inLakh := calc(t, "income - shareholders_funds", []input{
		{"income", "109,638.91", "INR", "lacs"},
		{"shareholders_funds", "25,966.14", "INR", "lacs"},
	}, Output{Scale: "lakh"})
	require.Equal(t, "83672.77", inLakh.result.Value, "output scale applied once")
	require.Equal(t, "₹83,672.77 lakh", inLakh.result.Display)
	require.Equal(t, "109638.91 − 25966.14", inLakh.expanded, "the result keeps the inputs' unit and scale")
}

// TestCostco pins Costco's FY2021 debt-to-EBITDA, every input in USD
// millions.
func TestCostco(t *testing.T) {
	c := calc(t, "(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)", []input{
		{"current_debt", "799", "USD", "million"},
		{"long_term_debt", "6,692", "USD", "million"},
		{"lease_liabilities", "3,916", "USD", "million"},
		{"operating_income", "6,708", "USD", "million"},
		{"depreciation", "1,781", "USD", "million"},
	}, Output{Unit: "ratio", Places: places(3), Rounding: "half_even"})
	require.Equal(t, "1.344", c.result.Value)
	require.Equal(t, "1.343738956296383555189068205913535", c.result.Exact)
	require.Equal(t, "1.344×", c.result.Display)
	require.Equal(t, "(799 + 6692 + 3916) / (6708 + 1781)", c.expanded)
}

// TestTweets pins a count: 24 + 12 + 5 tweets.
func TestTweets(t *testing.T) {
	c := calc(t, "monday + tuesday + wednesday", []input{
		{"monday", "24", "count:tweets", ""},
		{"tuesday", "12", "count:tweets", ""},
		{"wednesday", "5", "count:tweets", ""},
	}, Output{})
	require.Equal(t, "41", c.result.Value)
	require.Equal(t, "count:tweets", c.result.Unit)
	require.Equal(t, "41 tweets", c.result.Display)
	require.Equal(t, "24 + 12 + 5", c.expanded)
}

// TestIndiaGrowth pins a forecast of 6.7% against an actual 4.3%: the
// relative shortfall as a percent and the absolute gap in percentage points.
func TestIndiaGrowth(t *testing.T) {
	inputs := []input{
		{"forecast", "6.7%", "percent", ""},
		{"actual", "4.3", "percent", ""},
	}
	shortfall := calc(t, "abs((forecast - actual) / forecast)", inputs,
		Output{Unit: "percent", Places: places(3)})
	require.Equal(t, "35.821", shortfall.result.Value)
	require.Equal(t, "35.821%", shortfall.result.Display)
	require.Equal(t, "half_even", shortfall.result.Rounding)
	require.Equal(t, "abs((6.7 − 4.3) / 6.7)", shortfall.expanded)

	gap := calc(t, "forecast - actual", inputs, Output{Unit: "pp"})
	require.Equal(t, "2.4", gap.result.Value)
	require.Equal(t, "2.4 pp", gap.result.Display)
	require.Equal(t, "6.7 − 4.3", gap.expanded, "the factors equal the output's, so they cancel")

	net := calc(t, "1 - forecast", inputs[:1], Output{Unit: "percent"})
	require.Equal(t, "93.3%", net.result.Display)
	require.Equal(t, "1 − (6.7 × 0.01)", net.expanded, "a literal makes the formula inhomogeneous")
}

// TestTaxRate pins 1 − tax_rate with a tax rate of 15%.
func TestTaxRate(t *testing.T) {
	c := calc(t, "1 - tax_rate", []input{{"tax_rate", "15%", "percent", ""}}, Output{Unit: "number"})
	require.Equal(t, "0.85", c.result.Value)
}
