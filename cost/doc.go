// Package cost computes what model calls cost from rates the operator
// configures, exactly, and says so when it cannot: an unpriced model or a
// record without usage makes the total unknown, never zero.
//
// # Rates
//
// Rates are per provider and model, in one currency, per a stated number of
// tokens, with a price for input, output, cache reads and cache writes:
//
//	{"rates": [{"provider": "anthropic", "model": "claude-sonnet-4-5", "currency": "USD",
//	  "per": "1000000", "input": "3", "output": "15", "cache_read": "0.30", "cache_write": "3.75"}]}
//
// Prices are decimal strings, read exactly. per is a power of ten (1, 1000,
// 1000000, …), so that every cost is an exact decimal. An empty price means
// the rate does not price that kind of token: usage of that kind makes the
// model's cost unknown. A price of "0" is free, and says so.
//
// # Usage
//
// Usage records are what provider APIs report, one JSON object a line, with
// token counts as JSON integers:
//
//	{"provider": "anthropic", "model": "claude-sonnet-4-5", "input_tokens": 1200, "output_tokens": 340}
//
// input_tokens and output_tokens are required: a record without them has no
// usage, and its model's cost is unknown. cache_read_tokens and
// cache_write_tokens may be left out when the provider reports no caching;
// they are then zero.
//
// The four counts are disjoint: input_tokens are the prompt tokens neither
// read from nor written to a cache, as Anthropic's API reports them. An API
// whose prompt count includes the cached tokens (OpenAI's prompt_tokens
// includes prompt_tokens_details.cached_tokens) must have them subtracted
// before the record is written, or they are priced twice: once as input
// and once as cache reads. The package cannot tell the two conventions
// apart from the numbers.
//
// # Totals
//
// [Compute] adds the usage up per model and prices each model once:
// cost = Σ tokens × price ÷ per, per kind of token, exactly. The total is
// known only when every model is priced and every record has usage, and all
// rates share one currency: currencies are never added or converted. An
// unknown total has no value at all; its reasons list why.
//
// A total can also be computed as a named operation, "cost", so that an
// invoice figure in prose is backed by a signed receipt: see [Op].
package cost
