package cost_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/cost"
)

func Example() {
	rates, err := cost.ParseRates([]byte(`{"rates": [
	  {"provider": "anthropic", "model": "claude-sonnet-4-5", "currency": "USD", "per": "1000000",
	   "input": "3", "output": "15", "cache_read": "0.30", "cache_write": "3.75"}]}`))
	if err != nil {
		panic(err)
	}
	var t cost.Tally
	usage := `{"provider": "anthropic", "model": "claude-sonnet-4-5", "input_tokens": 1200, "output_tokens": 340}
{"provider": "anthropic", "model": "claude-sonnet-4-5", "input_tokens": 800, "output_tokens": 60}`
	if err := t.ReadUsage(context.Background(), strings.NewReader(usage)); err != nil {
		panic(err)
	}
	r := cost.Compute(rates, &t)
	fmt.Println(*r.Total.Value, r.Total.Currency, r.Total.Known)
	// Output: 0.012 USD true
}

// An unpriced model makes the total unknown: it has no value, never 0.
func Example_unpriced() {
	rates, _ := cost.ParseRates([]byte(`{"rates": [
	  {"provider": "openai", "model": "gpt-4.1", "currency": "USD", "per": "1000000",
	   "input": "2", "output": "8", "cache_read": "0.50", "cache_write": ""}]}`))
	var t cost.Tally
	_ = t.ReadUsage(context.Background(), strings.NewReader(
		`{"provider": "openai", "model": "gpt-4.1", "input_tokens": 5000, "output_tokens": 1000}
{"provider": "acme", "model": "mystery-1", "input_tokens": 10, "output_tokens": 10}`))
	r := cost.Compute(rates, &t)
	total, _ := json.Marshal(r.Total)
	fmt.Println(string(total))
	fmt.Println(r.Unpriced[0].Provider, r.Unpriced[0].Model, r.Unpriced[0].Code)
	// Output:
	// {"value":null,"currency":"","known":false}
	// acme mystery-1 no_rate
}
