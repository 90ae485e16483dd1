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
