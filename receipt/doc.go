// Package receipt calculates, signs and verifies: it runs a model's
// transcription through reckon's pipeline, records everything needed to redo
// the arithmetic in a receipt, signs the receipt in a DSSE envelope with
// ed25519, and verifies a receipt by re-executing it.
//
// An absent or altered receipt cannot borrow the authority of the arithmetic
// check: [Open] believes nothing in a receipt because it is signed. It
// checks the signature over the exact bytes, decodes strictly, calculates the
// recorded request again, and compares every recorded field.
//
// # Calculating
//
// A [Request] is what a model fills in: a formula over named inputs, each
// input's number exactly as printed ("1,09,638.91"), its unit ("INR"), scale
// ("lacs"), period, label, support and provenance, and how to present the
// result. [Calculate] parses the formula (see package expr), binds every
// name to exactly one input, reads each printed value exactly and checks it
// against the input's quote, infers the result's unit before evaluating
// anything (see package units), evaluates over exact decimals, applies the
// output scale once and rounds once. [Respond] wraps the outcome in the
// [Response] of reckon's JSON contract, and never fails: a refusal is an
// [ErrorInfo] with a stable code, the byte span in the formula, the request
// field at fault, and a hint a model can act on.
//
// # Grounding
//
// An input names the document its quote is from in "source", the name
// under which the application registered it. The application, never the
// request's JSON, registers documents: [quote.NewSources] indexes each once
// (see package quote) with the SHA-256 of its bytes, and [Request].Sources
// carries them into [Calculate]. With sources registered, an input of
// provenance text must name one (unknown_source otherwise, with the
// registered names in the hint) and its quote must be found there at one
// of quote's tiers (quote_not_found otherwise, with quote's reason and
// nearest candidate). Struck-through text (<del>, <s>, <strike>,
// ~~text~~) is never found, and the source's own text at the match, struck
// text removed, must print the display's number with the same sign, scale
// and unit (quote_mismatch): a quote that carries its number only inside
// a deletion grounds nothing. The receipt records, per input, a
// [Grounding]: the source, its digest, the quote's byte span in the
// document's original bytes and the tier that matched. An input of
// provenance page_image that names a source and quotes it is grounded when
// the quote is found, and otherwise left ungrounded, since a page read
// visually may print what the text layer does not; inputs of provenance
// user and system_of_record are never grounded by text. Whether an
// ungrounded input may back anything is the application's gate's to
// decide (see package claim). Without sources, a source name is recorded
// as given and nothing is grounded.
//
// # Declared Scales
//
// An input's scale must be one the source states: beside the number
// ("$5,007 million"), in a header inside the quote, or in a declaration
// that heads the quote's section. An input given a scale nothing states
// is refused (scale_mismatch): "Deposit received 5,007" with scale
// million would sign $5,007,000,000, a number the document never printed.
//
// A document often states its scale once, outside any quote: "(In
// millions, except per share data)" above a 10-K statement, "(Rs. in
// lacs)" above an Indian annual report's particulars, "Aggregate
// intrinsic value ($ in thousands)" over one column. Each source is parsed
// once into its structure (package document), and a number's meaning is
// looked up through its own scopes, innermost first: its cell ("$5
// million"), its row's label, its group's label ("Earnings per share:"
// over "Basic"), the header cells over its column, a header row that
// declares for the table, the table's caption, a line of its own earlier
// in the section, a running foot ([document.Document.Meaning]). Except
// clauses are resolved by what the number's labels name; per-share
// amounts, percents, ratios and a header row's years are never scaled;
// prose is governed by its own words and its section's lines, never by a
// table's caption. The input must give the scale, currency, percent and
// period that meaning has, or it is refused (scale_mismatch,
// quote_mismatch, period_mismatch) with a hint that names the scope that
// declares it, and, where the scopes give it exactly, the fix as data
// ([fault.Error].Fix). Refused rather than guessed: two scales at one
// scope, a column a rendering left unknown where the columns differ, a
// table of amounts that states no scale in a document whose other tables
// do, a number whose labels and input disagree on what it counts when
// the readings' scales differ, a scale stated in words reckon has none
// for, and a quote printed in two places where its number means two
// things (ambiguous_quote). The grounding records the number's scope:
// its table, row label, column header and the declaration that gave the
// scale.
//
// [Open] with sources applies the same rule when it finds each quote
// again, so a receipt whose input scale was changed after grounding is
// refused.
//
// # Named Operations
//
// A request may name an operation in place of a formula: "operation":
// "pmt" with "params" (an object of strings, such as {"rate_convention":
// "nominal", "periods_per_year": "12"}) and the same inputs, output and
// interpretation. [Operations] lists the names. Every input is read and
// checked against its quote exactly as a formula's are; an input of unit
// "date" is passed to the operation as printed. An operation that takes a
// list names each item's fields with its index, so that every number keeps
// its own display, quote and provenance: debts[0].balance, debts[0].apr,
// debts[0].min_payment, debts[1].balance, and so on. An empty param is the
// same as an absent one, so a formula request may carry an object of empty
// params. The application, never the request's JSON, sets [Request].Today
// for operations that resolve relative dates (date_range); the receipt
// records it, and [Open] re-executes with the recorded today, never a
// clock. Every operation needs at least one input except one that
// implements [operation.Inputless], such as date_range, which takes only
// params and today. A text result (date_range's interval START/END) is
// recorded with its unit ("interval") and no output settings.
//
// # Receipt Format
//
// A receipt is a JSON object, the payload of a DSSE envelope whose payload
// type is [PayloadType]. Its fields, in this order:
//
//	type            "reckon.receipt/v1"
//	id              the request's id
//	operation       "formula"
//	formula         the formula as requested
//	interpretation  {kind: source_defined | interpreted, note}
//	inputs[]        {name, display, value, unit, scale, factor, period,
//	                 label, support, provenance, quote}, and in a v2
//	                 receipt source and grounding {source, digest, span,
//	                 tier} when set; empty for a formula of literals
//	                 only (2021 − 2019)
//	constants[]     {value, span}: literals in the formula
//	conversions[]   {name, display, printed, scale, factor, value, unit}:
//	                 printed × factor = value, exactly
//	expanded        the formula with printed values and factors substituted,
//	                 as in (109638.91 × 100000) − (25966.14 × 100000)
//	periods[]       the distinct period labels of the inputs, sorted
//	same_period     whether one period was required
//	result          {exact, value, unit, scale, places, rounding, grouping,
//	                 display, inexact}
//	engine          {name, version, precision}
//
// A named operation's receipt has type "reckon.operation/v1"
// ([TypeOperationV1]), the same fields with formula "" and constants [],
// expanded the call with its inputs' values and its params, as in
// pmt(rate = 6 × 0.01, nper = 360, pv = 300000, periods_per_year = 12,
// rate_convention = nominal), and one more field after operation:
//
//	call            {params[] {name, value}: the non-empty params, sorted;
//	                 today: the injected date or "";
//	                 method: how an inexact result was computed, or "";
//	                 steps[] {name, value, unit}: every intermediate a person
//	                 needs to redo the operation by hand, in order}
//
// A step's value is in its unit: a rate step in percent is "0.5" for 0.5%.
// [Schema] gives its JSON Schema; testdata/operation.v1 holds
// receipts every release must accept.
//
// A receipt some input of which names a source or carries a grounding is
// of type "reckon.receipt/v2" ([TypeV2]), or "reckon.operation/v2"
// ([TypeOperationV2]) for a named operation, and only such a receipt is:
// the two fields are left out when empty, so a request that names no
// source makes the v1 receipt it always made. digest is "sha256:" and the
// lower-case hex SHA-256 of the document's bytes; span is [start, end) in
// those bytes; tier is one of exact, whitespace, case, typography,
// hyphenation, markup and elided. [Schema] gives the JSON Schema of
// each; testdata/v2 holds grounded receipts every release
// must accept. [Seal] gives a receipt the application grounded itself
// (filling Grounding after [Calculate]) the v2 type its fields call for.
//
// Every number is a string in plain decimal notation: no exponent, no
// grouping, never "-0". places is an integer or null (not rounded).
//
// The result is rounded once, from its exact value. Every formula has a
// rational value, so when the 34-digit arithmetic rounded a step, the
// formula is evaluated again over exact rationals before the one rounding:
// 1 / 8.000000000000000000000000000000001 rounded half-up to 2 places is
// 0.12, not the 0.13 that rounding 0.125 would give. exact is never
// rounded: it is the exact result when that is a decimal of at most 34
// significant digits, and otherwise the result's first 34 significant
// digits (all of its integer digits, if more), cut off, followed by an
// ellipsis (U+2026), as in "0.1249999999999999999999999999999999…"; inexact
// is then true. value is the exact result rounded to places; when places
// is null, it is exact, or, when exact ends in "…", the exact result
// rounded half-even to 34 significant digits. inexact is also true when an
// intermediate step was rounded, even if the result is exact ((5/3) × 3).
//
// Receipts written before the ellipsis recorded, for such a result, the
// 34-digit evaluation converted to the output unit in exact (and value,
// when places is null), flagged only by inexact. [Open] accepts that
// form when it is exactly what the earlier version computed and every
// other field, the rounded value included, matches today's calculation.
//
// The payload is canonical: the encoding of [Receipt] by encoding/json with
// HTML escaping off, no insignificant white space and no trailing newline.
// A verifier refuses any other bytes, so a receipt has exactly one
// encoding, and duplicate keys, keys differing only in case, reordered
// fields and unknown fields are all refused. [Schema] gives its JSON Schema.
// A change of meaning is a new type; receipts of every earlier type keep
// verifying (testdata/v1 holds receipts that every release must accept).
//
// # Signing
//
// [Seal] encodes a receipt canonically and signs it in a DSSE v1 envelope
// of type [PayloadType], through package dsse, which holds the envelope,
// its keys, signers and key rings, and the signature check alone. A
// [dsse.Signer] lets a KMS or HSM sign; [dsse.Unsigned], given alone, asks
// for an envelope with no signatures, and no signer at all is refused.
//
// # Verifying
//
// [Open] is the one door: it applies, in order, the signatures (a threshold
// of distinct trusted keys, each counted once, the key id never trusted);
// the strict decode; re-execution, field by field; and the caller's
// [Policy] (required periods, allowed provenance, interpreted formulas,
// constants, support references, unsigned receipts). The [Report] lists
// every [Reason] with a stable code, the field, and for a mismatch the
// recorded and the recomputed value.
//
// A grounding is a fact about a document, not about the arithmetic:
// without sources [Open] checks its shape and takes it as recorded, and the
// report's Grounding field says "not_checked". With
// [VerifyOptions].Sources it looks every grounded quote up again and refuses
// a receipt whose document is not given (unknown_source), has another
// digest (source_mismatch: one changed byte is enough), no longer holds
// the quote (quote_not_found), declares another scale for it
// (scale_mismatch), or holds it elsewhere (span_mismatch) or at another
// tier (mismatch); the report then says "checked". A receipt with
// no grounding reports "none". [Open] returns the verified receipt, as
// golang.org/x/mod/sumdb/note.Open returns a note, or no receipt and a
// [*ReportError] holding the report, every reason included;
// [VerifyOptions].Report receives the report either way.
//
// A reader often takes the result from the response rather than from its
// receipt. [OpenResponse] verifies a whole response as JSON (or an
// envelope alone) as Open does, and refuses a response whose id, ok,
// result or expanded differs from its receipt, or that carries an error or
// an unknown field beside it ([fault.ResponseMismatch]). It returns the
// verified receipt and an error, as x/mod/sumdb/note.Open does: on
// failure no receipt, and a [*ReportError] holding the report, which
// `reckon verify` prints.
package receipt
