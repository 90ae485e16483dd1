package claim

// ExtractWork is [ExtractAll] with the work its scans did: the bytes they
// stepped over and the bytes of every token they handed the reader.
func ExtractWork(text string, opts Options) (Extraction, int) {
	return extractWork(text, opts)
}
