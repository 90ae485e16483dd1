package receipt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/units"
)

// TypeV1 names the first version of the receipt format. A change of meaning
// is a new type; receipts of every earlier type keep verifying.
const TypeV1 = "reckon.receipt/v1"

// TypeV2 names the receipt format of a formula whose inputs name their
// source documents: the fields of [TypeV1], and per input the source and,
// when the quote was found in the registered source, its [Grounding]. A
// receipt of a formula is of this type exactly when some input has a
// source or a grounding; receipts of [TypeV1] keep verifying.
const TypeV2 = "reckon.receipt/v2"

// OperationFormula is the operation kind of a receipt whose result is a
// formula over inputs. Other kinds (named operations such as a loan payment
// under a stated rate convention) are recorded and re-executed the same way.
const OperationFormula = "formula"

// The engine recorded in every receipt this version makes.
const (
	engineName    = "reckon"
	engineVersion = "0.1.0"
)

// CurrentEngine returns the engine this version of reckon records in the
// receipts it makes: its name, version and arithmetic precision. Receipts
// verify by re-execution under any version with the same name and
// precision.
func CurrentEngine() Engine {
	return Engine{Name: engineName, Version: engineVersion, Precision: expr.Precision}
}

// Receipt is the record of one calculation: everything needed to redo it by
// hand or by machine. It is the payload of a signed envelope; see the
// package documentation for the format.
type Receipt struct {
	Type           string             `json:"type"`           // TypeV1, or TypeOperationV1 for a named operation
	ID             string             `json:"id"`             // the request's id
	Operation      string             `json:"operation"`      // OperationFormula, or the named operation
	Call           *Call              `json:"call,omitempty"` // a named operation's params and steps; nil for a formula
	Formula        string             `json:"formula"`        // the formula as requested
	Interpretation Interpretation     `json:"interpretation"` // source_defined or interpreted, with a note
	Inputs         []InputRecord      `json:"inputs"`         // in request order
	Constants      []Constant         `json:"constants"`      // literals in the formula, in order
	Conversions    []units.Conversion `json:"conversions"`    // printed × factor = value, per input
	Expanded       string             `json:"expanded"`       // the formula with printed values substituted
	Periods        []string           `json:"periods"`        // distinct period labels of the inputs, sorted
	SamePeriod     bool               `json:"same_period"`    // whether one period was required
	Result         Result             `json:"result"`         // the presented result
	Engine         Engine             `json:"engine"`         // what computed it

	// legacy is the result as receipts written before exact results were
	// cut off with "…" recorded it, for [Open]; not part of the payload.
	legacy legacyResult
}

// legacyResult is what earlier versions recorded for a result with no
// decimal form of 34 significant digits: exact was the 34-digit evaluation
// converted to the output unit at 34 digits (so rounded, and not marked
// but by inexact), and value was exact when not rounded. Only those two
// fields differ; the value rounded to places must be the same today.
type legacyResult struct {
	value  *apd.Decimal // the 34-digit evaluation; nil when exact has no "…"
	target units.Target // the output it was presented in
}

// exact computes the exact field as earlier versions recorded it: the
// 34-digit evaluation converted to the output unit at 34 digits, reduced;
// "" when the result has a short decimal form.
func (l legacyResult) exact() string {
	if l.value == nil {
		return ""
	}
	ctx := expr.NewContext()
	num, per := l.target.Factors()
	var x apd.Decimal
	if _, err := ctx.Mul(&x, l.value, per); err != nil {
		return ""
	}
	if _, err := ctx.Quo(&x, &x, num); err != nil {
		return ""
	}
	x.Reduce(&x)
	return expr.Plain(&x)
}

// InputRecord is one input as requested, with its canonical value.
type InputRecord struct {
	Name       string `json:"name"`
	Display    string `json:"display"` // as printed
	Value      string `json:"value"`   // canonical: printed × factor
	Unit       string `json:"unit"`    // canonical unit
	Scale      string `json:"scale"`   // canonical scale word
	Factor     string `json:"factor"`  // scale factor × unit factor
	Period     string `json:"period"`
	Label      string `json:"label"`
	Support    string `json:"support"`
	Provenance string `json:"provenance"`
	Quote      string `json:"quote"`
	// Source is the registered source document the input names; "" when
	// it names none. Set, the receipt is of a v2 type.
	Source string `json:"source,omitempty"`
	// Grounding records where the quote was found in Source; nil when the
	// input is not grounded by text (no sources were registered, or its
	// provenance is not read from a document).
	Grounding *Grounding `json:"grounding,omitempty"`
}

// Grounding is where an input's quote was found in its registered source:
// the evidence that the number was read from the document and not
// invented. [Open] with the sources finds the quote again at the span in
// a document of the same digest; without them it reports the grounding as
// not re-checked.
type Grounding struct {
	Source string `json:"source"` // the registered source's name, as the input names it
	Digest string `json:"digest"` // "sha256:" and the lower-case hex SHA-256 of the source's bytes
	Span   [2]int `json:"span"`   // byte offsets [start, end) of the matched quote in the source's original bytes
	Tier   string `json:"tier"`   // the quote tier that matched, such as "exact" or "typography"
	// Scope is where the number stands in the document's structure, and
	// what declared its scale: recorded by grounding since the document
	// model, absent from receipts made before it.
	Scope *Scope `json:"scope,omitempty"`
}

// Scope is where a grounded number stands: its table, row and column,
// and the declaration that gave it its scale, as the document prints
// them. A prose number has table 0.
type Scope struct {
	Table  int    `json:"table"`            // 1-based index of the table in the document, 0 for prose
	Row    string `json:"row,omitempty"`    // the row's label
	Column string `json:"column,omitempty"` // the header text over the number's column
	By     string `json:"by,omitempty"`     // the declaration that gave the number its scale, as printed, when one did
}

// Grounded reports whether input in is grounded by text: its quote was
// found in a registered source.
func (in *InputRecord) Grounded() bool { return in.Grounding != nil }

// Constant is a literal the formula itself contains, such as the 1 of
// 1 − tax_rate. Policies may refuse formulas with constants.
type Constant struct {
	Value string `json:"value"` // as written
	Span  [2]int `json:"span"`  // byte offsets in the formula
}

// Result is a presented result. Every number is a plain decimal string,
// except that an exact result with no decimal form of 34 significant
// digits is cut off with "…" (see the package doc).
type Result struct {
	Exact    string `json:"exact"`    // exact in the output unit and scale, never rounded; cut off with "…" when it has no short form
	Value    string `json:"value"`    // the exact result rounded once to places; exact when not rounded
	Unit     string `json:"unit"`     // canonical output unit
	Scale    string `json:"scale"`    // canonical output scale word, "" for ones
	Places   *int   `json:"places"`   // places rounded to; null when not rounded
	Rounding string `json:"rounding"` // rounding mode; "" when not rounded
	Grouping string `json:"grouping"` // digit grouping of Display: "" (Western) or "indian"
	Display  string `json:"display"`  // Value for people, with grouping and unit
	Inexact  bool   `json:"inexact"`  // some step was rounded to 34 significant digits before the final rounding
}

// Engine says what computed a receipt.
type Engine struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Precision int    `json:"precision"` // significant digits of every operation
}

// maxPayloadSize bounds a receipt payload that [decodeReceipt] will read.
const maxPayloadSize = dsse.MaxEnvelopeSize

// Encode returns r's canonical JSON: fields in declaration order, no
// insignificant white space, no HTML escaping, no trailing newline. This is
// the payload that is signed, and [decodeReceipt] refuses anything else.
func (r *Receipt) Encode() ([]byte, error) {
	if r == nil {
		return nil, missing("receipt", "encode the receipt a calculation returned")
	}
	return appendReceipt(make([]byte, 0, 2048), r), nil
}

// encodeJSON is the definition of the canonical encoding, through
// encoding/json; Encode writes the same bytes faster, and the tests hold
// the two equal.
func (r *Receipt) encodeJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// decodeReceipt parses a receipt payload strictly. It refuses unknown fields
// and trailing data, unknown types, and any payload that is not exactly the
// canonical encoding of what it decodes to; so duplicate keys, keys that
// differ only in case, reordered fields and extra white space are all
// refused. Errors are [*fault.Error] values with code bad_receipt or
// unknown_receipt_type.
func decodeReceipt(payload []byte) (*Receipt, error) {
	if len(payload) > maxPayloadSize {
		return nil, &fault.Error{Code: fault.BadReceipt, Msg: fmt.Sprintf("payload is %d bytes, over the limit of %d", len(payload), maxPayloadSize),
			Hint: hintOriginal}
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	var r Receipt
	if err := dec.Decode(&r); err != nil {
		return nil, &fault.Error{Code: fault.BadReceipt, Msg: "payload is not a receipt: " + err.Error(), Hint: hintOriginal}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, &fault.Error{Code: fault.BadReceipt, Msg: "unexpected data after the receipt", Hint: hintOriginal}
	}
	if !knownType(r.Type) {
		return nil, &fault.Error{Code: fault.UnknownReceiptType, Msg: fmt.Sprintf("receipt type %q is not known", r.Type),
			Hint: "verify it with a reckon version that knows this type"}
	}
	if named := r.Type == TypeOperationV1 || r.Type == TypeOperationV2; named != (r.Call != nil) || named == (r.Operation == OperationFormula) {
		return nil, &fault.Error{Code: fault.BadReceipt, Msg: fmt.Sprintf("a %s receipt of operation %q with call %v", r.Type, r.Operation, r.Call != nil),
			Hint: hintOriginal}
	}
	if err := r.checkShape(); err != nil {
		return nil, err
	}
	again, err := r.Encode()
	if err != nil || !bytes.Equal(again, payload) {
		return nil, &fault.Error{Code: fault.Noncanonical, Msg: "payload is not in canonical form",
			Hint: "a receipt is signed exactly as reckon encodes it; obtain the original"}
	}
	return &r, nil
}

const hintOriginal = "obtain the receipt exactly as reckon wrote it"
