// Package gen makes the inputs of the comparisons: batches of calculation
// requests, formulas of a given size and filing-like text. Every generator is
// deterministic, so two runs, or two machines, measure the same bytes.
package gen
