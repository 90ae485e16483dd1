package finance

import "github.com/reckonhq/reckon/operation"

// The finance operations register when the package is imported (see
// package operation/standard).
func init() {
	operation.Register(PMT{}, IPMT{}, PPMT{}, FV{}, PV{}, NPER{}, Rate{}, Loan{}, CAGR{}, Growth{}, Payoff{}, Project{})
}
