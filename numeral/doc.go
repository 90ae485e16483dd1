// Package numeral is the one reader of printed numbers: every number reckon
// reads, in an input's display, a quote, a table cell or a model's prose,
// is read here, so that a dash, a currency sign or a scale word means the
// same thing wherever it is printed.
//
// [Next] and [ReadAt] read a [Token] from text: the digits and their
// [Grouping] (Western 1,234,567 or Indian 12,34,567; a decimal comma or dot
// grouping is refused, not guessed), the sign (every dash and minus that
// prints one, a trailing minus, accounting parentheses), the currency sign
// or ISO 4217 code, a [Suffix] (%, pp, bp, ×), the scale words or letters
// after it ([Scale]: thousand, lakh, crore, million, bn, …, and compounds
// such as lakh crore), and a bank statement's Cr or Dr. What the reader
// noticed but did not decide is in the token's [Flag]s; a number it cannot
// read carries the reason ([Token.Err]), never a guess.
//
// The package decides how a number is read, never what counts: package
// units turns a display into an amount in a unit, and the packages that
// check quotes, ground inputs and gate prose decide which numbers matter.
package numeral
