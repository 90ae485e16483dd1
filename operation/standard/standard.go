// Package standard registers reckon's standard named operations, for a
// program to import for its effect:
//
//	import _ "github.com/reckonhq/reckon/operation/standard"
//
// They are finance's (pmt, ipmt, ppmt, fv, pv, nper, rate, loan, cagr,
// growth, payoff, project), dates' (days_between, date_range) and cost's
// (cost). The tool set, the MCP server and the CLI import it; a program
// that imports package receipt alone computes formulas and refuses a named
// operation it does not know.
package standard

import (
	// each registers its operations when imported
	_ "github.com/reckonhq/reckon/cost"
	_ "github.com/reckonhq/reckon/dates"
	_ "github.com/reckonhq/reckon/finance"
)
