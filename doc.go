// Package reckon is the short path to reckon's exact arithmetic over
// printed numbers: evaluate a formula over numbers as a source prints them
// and get an exact, presented result with its receipt, or convert one
// amount between scales, without building apd decimals, units targets or
// pointers by hand.
//
// # The five-line path
//
// Costco's FY2021 debt to EBITDA, from its 10-K in USD millions, rounded
// once to 3 places (half-even):
//
//	in := reckon.Inputs("USD", "million", "current_debt", "799", "long_term_debt", "6,692",
//		"leases", "3,916", "operating_income", "6,708", "depreciation", "1,781")
//	r, err := reckon.Calc("(current_debt + long_term_debt + leases) / (operating_income + depreciation)",
//		in, reckon.Places(3))
//	// r.Value "1.344", r.Display "1.344×", r.Exact "1.343738956296383555189068205913535…"
//
// One amount in another scale, exactly:
//
//	r, err := reckon.Convert("836.73", "INR", "crore", "lakh") // r.Display "₹83,673 lakh"
//
// Every number in a [Result] is a plain decimal string: never an exponent,
// never "-0". Options ([Unit], [Scale], [Places], [Rounding], [Grouping],
// [ID], [SamePeriod], [Interpreted]) are values, not pointers.
//
// # One pipeline
//
// [Calc] and [Convert] build a [receipt.Request] and run
// [receipt.Calculate]: the same reader of printed numbers, unit inference,
// exact evaluation and single rounding that every receipt, tool and CLI
// command uses, so a result from this package is exactly what a verifier
// re-executes. [Result.Receipt] holds the whole record; [Result.Sign]
// seals it in a signed DSSE envelope. For the full request (periods,
// quotes checked against registered sources, the JSON contract) use
// package receipt directly.
//
// # Errors
//
// A refusal is returned as the pipeline made it, unwrapped.
// [receipt.Describe] turns any of them into the JSON contract's code,
// message, field, span and hint. The errors.As targets are
// [*receipt.Error] for the request (missing fields, unknown or unused
// names), [*github.com/reckonhq/reckon/expr.Error] for the formula
// (syntax, limits, division by zero) and
// [*github.com/reckonhq/reckon/units.Error] for printed numbers, units,
// scales, mixed dimensions and the output; [Result.Sign] adds
// [*receipt.SignatureError] for signers. No function in this package
// panics on nil, empty or zero input: each is refused with one of these.
package reckon
