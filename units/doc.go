// Package units turns numbers as sources print them into exact quantities,
// checks a formula's units before anything is evaluated, and presents the
// result. A scale belongs in code: it is applied exactly, once, and recorded.
//
// A calculation uses the package in four steps. [ParseAmount] reads each
// input's printed number with its unit and scale and gives the canonical
// value; [Infer] finds the formula's result unit, or the sub-expression where
// the units clash; the caller evaluates the formula over the canonical
// values; [Present] expresses the exact result in the output unit and scale,
// rounds it once and formats it ([Target.PresentExact] does so from the
// exact rational value when the evaluation had to round a step). [Expand]
// prints the formula with the printed numbers and their factors
// substituted, for a receipt.
//
// # Printed numbers
//
// One reader takes printed numbers apart, for displays, for the quote check
// and for prose: package numeral ([numeral.Next], [numeral.ReadAt]). Its
// tokens carry the byte span, sign, digits and grouping, currency, suffix,
// scale and the flags of the forms that make a number unreadable; the forms
// it recognises are listed, one spec vector a line, in
// numeral/testdata/printed.txt.
//
// [ParseAmount] accepts a number exactly as printed: Western grouping
// (109,638.91), Indian grouping (1,09,638.91), accounting negatives
// ((1,234.5), (Rs 799)), a sign before the number or its currency that is
// +, the hyphen-minus or any dash Unicode prints a minus with (−, ‒, –, —,
// ―, ﹣, －), a currency sign or code before or after the number ($1,234, ₹
// 1.2, 1,234 USD) that agrees with the unit field, a % sign when the unit
// is percent, and a scale word or letter after the number (1.2 million,
// $5bn) when the scale field is empty or names the same factor. A compound
// scale reads exactly when one scale word has its power of ten (₹1.2 lakh
// crore is 1.2 trillion rupees) and is refused with the exact equivalent
// when none has (5 thousand crore is 5000 crore). It refuses what it would
// have to guess: a decimal comma (1.234,5, or 1,5), a dot before three
// digits beside a currency whose sources group with dots (€1.234),
// inconsistent grouping (1,23,4), digits grouped with spaces (5 500),
// exponents, superscripts, fractions, a minus after the number (799-),
// non-ASCII digits, a scale on a percent, pp, bp, ratio or per-unit figure
// (a table's "(in millions, except percentages)" copied onto the row), Cr
// after an amount unless the scale field says crore (Cr is also the credit
// marker of Indian bank statements), Dr, and the dashes and n/a that
// sources print where there is no number. A comma followed by exactly
// three digits is always a thousands separator.
//
// # Scales
//
// Scales are exact powers of ten, matched without regard to case:
//
//	(empty), units, ones                 10^0
//	hundred, hundreds                    10^2
//	thousand, thousands, k, '000         10^3
//	lakh, lakhs, lac, lacs               10^5
//	million, millions, mn, m, mm         10^6
//	crore, crores, cr                    10^7
//	billion, billions, bn, b             10^9
//	arab                                 10^9
//	kharab                               10^11
//	trillion, tn                         10^12
//
// An unknown word is an error that lists these. The long-scale milliard is
// not accepted.
//
// # Units
//
// A unit is an ISO 4217 currency code, checked against the ISO list, or one
// of number, ratio, percent, pp (percentage points), bp (basis points),
// count, count:NOUN (count:tweets), days, months and years. The symbols ₹, €
// and £ stand for INR, EUR and GBP; $, ¥ and Rs are refused, since several
// currencies share them. A compound unit is one unit per another,
// USD/count:shares. One currency per another is an exchange rate: EUR/USD
// (or "EUR per USD") is euros per one US dollar, so amount_usd ×
// eur_per_usd is in EUR; inference checks the direction, and no rate is
// ever inferred ([Unit.IsExchangeRate], [MarketPair]).
//
// Each unit has a factor to its canonical form: percent and pp 0.01, bp
// 0.0001, years 12 (months are canonical), everything else 1. An [Amount]'s
// Value is its printed number times its scale factor times its unit factor,
// so 6.7 percent is 0.067 and 2 years is 24 months. Currencies convert only
// through an exchange-rate input, and days never convert to months.
//
// # Dimensions
//
// [Infer] is an [expr.Algebra] folded over the formula. Addition,
// subtraction, min, max and mean need one dimension; multiplication and
// division combine dimensions, and a unit divided by itself cancels,
// scale and all. A result may be dimensionless, one unit, or one unit per
// another. Literals are dimensionless constants that combine with any member
// of the dimensionless family (number, ratio, percent, pp, bp), so 1 −
// tax_rate is a percent; but two inputs of different dimensionless units do
// not add, since one was probably transcribed wrongly. [CheckOutput] lets a
// dimensionless result be presented in any member of the family.
//
// # Percent and percentage points
//
// Values are canonical fractions, so a literal is a fraction too: beside a
// percent, pp or bp value, 2 means 200%, and spread_bp + 25 would be
// 250,025 bp. Under +, −, min, max and mean, a literal beside a percent, pp
// or bp value must therefore be 0, as in max(gap, 0), or 1 (either sign)
// beside a percent, as in 1 − tax_rate (1 is 100%: the after-tax share, a
// percent); beside pp or bp, 1 would be 100 pp or 10,000 bp. Any other is
// refused with literal_beside_percent, whose hint says to give it as an
// input with its unit. The value of a sub-formula of literals counts, so
// rate + (2 − 1) is accepted. × and ÷ by any literal are always allowed.
//
// A sum or difference of percents is either a level (a rate, in percent) or
// a difference of levels (a change, in percentage points), as an accountant
// reads it. Each percent input is a level of weight 1 and each pp input a
// change of weight 0; weights add under + and −, scale under × and ÷ by a
// literal (other than 0), are kept under × and ÷ by a number, and min, max
// and mean take their mean. A result of weight 0 is pp, any other is
// percent. With a, b, c, d percent inputs and p, q pp inputs:
//
//	a − b                        pp       a margin that went from 33.4% to 35.8% rose 2.4 pp
//	(a + b) − (c + d)            pp       the change of a combined rate
//	(a − b) / 2, abs(a − b)      pp
//	max(a − b, 0), mean(a − b, c − d)  pp
//	p + q, p − q, a − b + p      pp       changes add up to a change
//	a + b                        percent  a federal 21% and a state 5% make a 26% rate
//	a − b − c, a − (b + c)       percent  gross margin − SG&A − R&D is a margin
//	a + p, p + a, a − p          percent  a rate moved by some points is a rate
//	1 − a, a − 1, a + 0          percent  literals carry no weight
//	mean(a, b), min(a, b), 2 × a percent
//	p − a                        refused  a change minus a level: operands swapped
//	min(a, p), max(a, a − b)     refused  a level compared with a change
//
// bp stays bp and mixes with neither percent nor pp inputs. The rule gives
// the unit when the output leaves it empty, and so the default display (2.4
// pp); an output unit may still ask for any member of the family.
//
// # Display conventions
//
// A presented value is a plain decimal: no exponent, never -0. Its display
// string groups the integer digits in threes, or Indian style (12,34,567)
// when the output asks for it, and adds the output scale word and the unit:
//
//	USD, EUR, GBP, INR   a sign before the number: $1,234.50  €5  £5  ₹8,367,277,000
//	other currencies     the code after it: 1,234.50 CHF, 1,234 JPY
//	ratio                1.344×
//	percent              35.821%
//	pp, bp               2.4 pp, 25 bp
//	number, count        1,234.5 and 41
//	count:NOUN           41 tweets (1 tweet)
//	days, months, years  3 days (1 day)
//	per units            $2.5 per share
//	scaled               $8,367.277 million, ₹12.35 crore
//
// A negative display starts with an ASCII hyphen: -€1,234.50. Nouns are made
// singular naively (shares, companies → share, company).
//
// # Expanded expressions
//
// [Expand] substitutes each input's printed value times its factor, so
// income − funds in lakhs expands to (109638.91 × 100000) − (25966.14 ×
// 100000). The factors are left out when all inputs share one unit and
// scale and leaving them out does not change the expression's value from
// either the canonical result or the presented exact value; see [Expand].
package units
