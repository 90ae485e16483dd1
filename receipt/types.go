package receipt

// KnownTypes returns the receipt types this version of reckon decodes and
// verifies, oldest first. Receipts of every earlier type keep verifying.
func KnownTypes() []string {
	return []string{TypeV1, TypeOperationV1, TypeV2, TypeOperationV2}
}

// knownType reports whether t is one of [KnownTypes].
func knownType(t string) bool {
	return t == TypeV1 || t == TypeOperationV1 || t == TypeV2 || t == TypeOperationV2
}

// PayloadType is the DSSE payload type of a reckon receipt. DSSE asks for a
// media type that names both the encoding and the schema, rather than a
// generic one such as application/json, so that a signature over one kind of
// document is never accepted as another.
const PayloadType = "application/vnd.reckon.receipt+json"
