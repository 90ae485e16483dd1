package quote

// Lookup looks one quote up in the source it names among sources, as
// [Check] does for each quote of a request: a source not among them is
// [UnknownSource]; a quote not in its source but in another is
// [WrongSource], with the other place in Nearest; a quote not found
// anywhere carries the nearest candidate in its own source. It refuses
// only invalid options. Callers that ground many quotes against the same
// sources register them once and call Lookup for each quote.
func Lookup(q Quote, sources *Sources, opts Options) (Result, error) {
	if err := opts.validate(); err != nil {
		return Result{}, err
	}
	return checkOne(q, sources, opts), nil
}
