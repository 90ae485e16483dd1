package receipt

// KnownTypes returns the receipt types this version of reckon decodes and
// verifies, oldest first. Receipts of every earlier type keep verifying.
func KnownTypes() []string {
	return []string{TypeV1, TypeOperationV1}
}
