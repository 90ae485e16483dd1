// Package finance holds reckon's named finance operations: the time value of
// money under an explicit rate convention, with numpy-financial's names,
// signs and semantics.
//
// A financial planner agent must never compute a loan payment itself. It
// transcribes the principal, the rate and the term, and names the operation
// and the rate convention; this package computes, and package receipt
// records, signs and re-executes what it computed.
//
// # Operations
//
//	pmt   payment per period                  inputs rate, nper, pv, fv
//	ipmt  interest part of payment number per inputs rate, per, nper, pv, fv
//	ppmt  principal part of payment per       inputs rate, per, nper, pv, fv
//	fv    future value                        inputs rate, nper, pmt, pv
//	pv    present value                       inputs rate, nper, pmt, fv
//	nper  number of periods                   inputs rate, pmt, pv, fv
//	rate  rate, by Newton's method            inputs nper, pmt, pv, fv
//
// Absent pv and fv are 0. Signs are numpy-financial's and Excel's: money
// received is positive and money paid out negative, so the payment on a
// loan received (pv 300000) is negative. The rate is a percent ("6%", unit
// percent) or a plain fraction ("0.06", unit number), and must lie within
// −100%..100%: a rate of 7 with unit number is 700% and refused, since the
// model almost surely meant 7%, and so is 1 with unit number (100% is
// "100%"). A nonzero rate below 0.0000001% is refused too: it changes no
// amount to the cent, and 1 + rate would lose its digits. nper and per are plain numbers (unit
// number); pv, fv and pmt are amounts in one currency.
//
// # Rate Conventions
//
// The param rate_convention is required, and never guessed. $300,000 at 6%
// over 360 months is $1,798.65 a month when 6% is a lender's APR (nominal,
// compounded monthly: 0.5% a month), and $1,768.11 when 6% is an effective
// annual rate ((1.06)^(1/12) − 1 a month): right-looking, to the cent, and
// about $11,000 wrong over the loan.
//
//	periodic   the rate is per period; periods_per_year is not given
//	nominal    an annual rate compounded periods_per_year times: r/m
//	effective  an annual effective rate: (1+r)^(1/m) − 1
//
// The param when is end (the default) or begin.
//
// # Exactness
//
// Each operation computes with [apd] decimals at 50 significant digits, 16
// guard digits beyond the 34 every result is rounded to. Integer powers are
// repeated multiplication, so (1.005)^10 is exact and a future value at
// 0.5% a month is exact to the last digit; a result is marked inexact only
// when some step was not: a quotient that does not terminate, a fractional
// power (the effective convention), a logarithm (nper) or an iterative solve
// (rate). The receipt then records the method. At a zero rate each
// operation uses its closed form.
//
// # Errors
//
// Every refusal is a [*fault.Error], reckon's one error type, with a stable
// code (the Code constants of this package and of units), the request field
// at fault, and a hint a model can act on.
package finance
