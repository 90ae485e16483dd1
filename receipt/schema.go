package receipt

import _ "embed"

// SchemaV1 is the JSON Schema (draft 2020-12) of a [TypeV1] receipt payload,
// as [Receipt.Encode] writes it: every field present, no others, and every
// number a plain decimal string. Auditors and other languages can check a
// receipt's shape with it without reckon; [Open] goes further and
// re-executes the calculation. Callers must not modify the slice.
//
//go:embed schema/receipt.v1.json
var SchemaV1 []byte

// SchemaOperationV1 is the JSON Schema (draft 2020-12) of a
// [TypeOperationV1] receipt payload: a named operation's receipt, as
// [Receipt.Encode] writes it. Callers must not modify the slice.
//
//go:embed schema/operation.v1.json
var SchemaOperationV1 []byte

// SchemaV2 is the JSON Schema (draft 2020-12) of a [TypeV2] receipt
// payload: [SchemaV1] with each input's optional source and grounding.
// Callers must not modify the slice.
//
//go:embed schema/receipt.v2.json
var SchemaV2 []byte

// SchemaOperationV2 is the JSON Schema (draft 2020-12) of a
// [TypeOperationV2] receipt payload: [SchemaOperationV1] with each input's
// optional source and grounding. Callers must not modify the slice.
//
//go:embed schema/operation.v2.json
var SchemaOperationV2 []byte
