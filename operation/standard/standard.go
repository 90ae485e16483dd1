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
	"github.com/reckonhq/reckon/cost"
	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/operation"
)

// The standard set registers here, and only here: a package that reads
// dates (as the document model does) registers no operation by being
// imported.
func init() {
	operation.Register(
		finance.PMT{}, finance.IPMT{}, finance.PPMT{}, finance.FV{}, finance.PV{}, finance.NPER{}, finance.Rate{},
		finance.Loan{}, finance.CAGR{}, finance.Growth{}, finance.Payoff{}, finance.Project{},
		dates.DaysBetween{}, dates.DateRange{},
		cost.Op)
}
