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
// re-executes. [Result.Receipt] holds the whole record; [receipt.Seal]
// seals it in a signed DSSE envelope. For the full request (periods,
// quotes checked against registered sources, the JSON contract) use
// package receipt directly.
//
// # Errors
//
// A refusal is returned as the pipeline made it, unwrapped, and is always
// a [*fault.Error], reckon's one error type: one [errors.As] target gives its
// stable code, the request field at fault ("inputs[0].display",
// "output.places", "formula"), the span in the formula, the message and a
// hint a model can act on. The codes are constants of package
// [github.com/reckonhq/reckon/fault], listed there once; the old targets
// [*fault.Error], [*github.com/reckonhq/reckon/internal/expr.Error],
// [*github.com/reckonhq/reckon/fault.Error] and [*fault.Error]
// are the same type and keep working. [receipt.Describe] turns a refusal
// into the JSON contract's error object. No function in this package
// panics on nil, empty or zero input: each is refused with a [*fault.Error].
package reckon
