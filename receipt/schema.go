package receipt

import (
	_ "embed"
	"slices"
)

// Schema returns the JSON Schema (draft 2020-12) of a receipt payload of
// type receiptType, one of [KnownTypes], as [Receipt.Encode] writes it:
// every field present, no others, and every number a plain decimal
// string; v2 adds each input's optional source and grounding. Auditors
// and other languages can check a receipt's shape with it without reckon;
// [Open] goes further and re-executes the calculation. It reports false
// for a type reckon does not know. The bytes are the caller's own.
func Schema(receiptType string) ([]byte, bool) {
	var s []byte
	switch receiptType {
	case TypeV1:
		s = schemaV1
	case TypeOperationV1:
		s = schemaOperationV1
	case TypeV2:
		s = schemaV2
	case TypeOperationV2:
		s = schemaOperationV2
	default:
		return nil, false
	}
	return slices.Clone(s), true
}

//go:embed schema/receipt.v1.json
var schemaV1 []byte

//go:embed schema/operation.v1.json
var schemaOperationV1 []byte

//go:embed schema/receipt.v2.json
var schemaV2 []byte

//go:embed schema/operation.v2.json
var schemaOperationV2 []byte
